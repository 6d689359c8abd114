// The generated stores the bench lists and searches at two sizes, made once by scripts/generate-store.ts and cached.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { step } from "./server";

export interface GeneratedStore {
  slug: string;
  host: string;
  products: number;
  /** Every product plain (generate-store.ts --plain): the catalogue replace's file, to fit the store API's limit. */
  plain?: boolean;
}

const CACHE_DIR = ".bench/stores";
const GENERATOR = "scripts/generate-store.ts";

/**
 * Path of each store's import file, generating the ones that are missing or that an older generator made: the cache key
 * is the generator's source and the arguments, kept next to the file.
 */
export function ensureGeneratedStores(stores: GeneratedStore[]): string[] {
  const source = readFileSync(GENERATOR);
  return stores.map(({ slug, host, products, plain }) => {
    const file = join(CACHE_DIR, `${slug}.json`);
    const args = ["--products", String(products), "--slug", slug, "--host", host, "--out", file, ...(plain ? ["--plain"] : [])];
    const key = createHash("sha256").update(source).update(JSON.stringify(args)).digest("hex");
    const keyFile = `${file}.key`;
    if (existsSync(file) && existsSync(keyFile) && readFileSync(keyFile, "utf8") === key) {
      process.stderr.write(`› generate ${slug} (${products} products) … cached in ${file}\n`);
    } else {
      step(`generate ${slug} (${products} products)`, join("node_modules", ".bin", "tsx"), [GENERATOR, ...args]);
      writeFileSync(keyFile, key);
    }
    return file;
  });
}
