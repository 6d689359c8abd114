import type { AppLoadContext } from "@remix-run/cloudflare";
import type { StoreData } from "../../worker/store-data/store-data";

/**
 * The store's data (layout, settings, branches) for a page, never its failure (spec section 8: "Cache info or site data
 * fetch failure: silently ignored"). When the read fails the page renders with what it has: this isolate's last good
 * copy for the store and branch, else defaults; the failure is logged once per page, and the answer is kept by no
 * cache (decision 043). Store data is nobody's own, so the last good copy may serve every visitor of the store.
 */

export type PageStoreData = StoreData & {
  /** True when this is not the store's current data: a last good copy, or the defaults. */
  degraded: boolean;
};

const DEFAULTS: StoreData = Object.freeze({ layout: [], settings: {}, branches: [] });

/** The last good copy per store host and branch; a handful of stores per isolate, so a small cap. */
const lastGood = new Map<string, StoreData>();
const LAST_GOOD_CAP = 200;

/** One read per page: the root and the route ask for the same data, so a failure is logged once. */
const perPage = new WeakMap<AppLoadContext, Promise<PageStoreData>>();

async function readStoreData(context: AppLoadContext): Promise<PageStoreData> {
  const key = `${context.storeHost}|${context.shopper.branchId}`;
  try {
    const data = await context.origin.storeData();
    lastGood.delete(key);
    if (lastGood.size >= LAST_GOOD_CAP) lastGood.delete(lastGood.keys().next().value as string);
    lastGood.set(key, data);
    return { ...data, degraded: false };
  } catch (error) {
    const kept = lastGood.get(key);
    const reason = error instanceof Response ? `${error.status} ${await error.text()}` : String(error);
    console.error(`store data could not be read for ${key}; the page renders with ${kept ? "its last good copy" : "defaults"}:`, reason);
    context.storeDataDegraded();
    return { ...(kept ?? DEFAULTS), degraded: true };
  }
}

export function getStoreData(context: AppLoadContext): Promise<PageStoreData> {
  let read = perPage.get(context);
  if (!read) {
    read = readStoreData(context);
    perPage.set(context, read);
  }
  return read;
}
