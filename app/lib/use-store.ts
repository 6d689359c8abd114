import { useRouteLoaderData } from "@remix-run/react";
import { DEFAULT_CURRENCY } from "../../commerce/money";
import type { loader as rootLoader } from "../root";

export type StoreInfo = Awaited<ReturnType<typeof rootLoader>>["store"];

/** The store's name, currency and navigation from the root loader; defaults while an error page renders. */
export function useStore(): StoreInfo | undefined {
  return useRouteLoaderData<typeof rootLoader>("root")?.store;
}

export function useCurrency() {
  return useStore()?.currency ?? DEFAULT_CURRENCY;
}
