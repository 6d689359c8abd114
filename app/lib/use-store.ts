import { useRouteLoaderData } from "@remix-run/react";
import { DEFAULT_CURRENCY } from "../../commerce/money";
import type { RootData, StoreInfo } from "../route-data";

/** The store's name, currency and navigation from the root loader; defaults while an error page renders. */
export function useStore(): StoreInfo | undefined {
  return useRouteLoaderData<RootData>("root")?.store;
}

export function useCurrency() {
  return useStore()?.currency ?? DEFAULT_CURRENCY;
}

/** The store's time zone and locale, for dates and times. */
export function useStoreClock() {
  const store = useStore();
  return { timeZone: store?.timeZone ?? "UTC", locale: store?.locale ?? "en-US" };
}

/** Whether store images are resized by Cloudflare (the IMAGE_RESIZING setting); off on error pages. */
export function useImageResizing(): boolean {
  return useRouteLoaderData<RootData>("root")?.imageResizing ?? false;
}
