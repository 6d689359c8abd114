import { env } from "cloudflare:test";
import { expect } from "vitest";
import food from "../../stores/food.json";
import { importStore, StoreImportError } from "../../worker/store-import/import-store";

/** The demo food store's file, changed by `change`, imported: it must be refused, and the refusal's message is answered. */
export async function refusedFoodImport(change: (store: typeof food) => void): Promise<string> {
  const store = structuredClone(food);
  change(store);
  const error = await importStore(env, store).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(StoreImportError);
  return (error as Error).message;
}
