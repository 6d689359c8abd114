import type { CacheMarkers, Tenant } from "../tenancy/tenant";
import { BoundedCache } from "./bounded-cache";

/** Named lifetimes for cached values, so no handler invents its own numbers. */
export const CacheTtl = {
  /** Versioned snapshots: a new version is a new key, so old ones only need to expire eventually. */
  versioned: 60 * 60 * 24,
} as const;

/**
 * "A value of store data, as of these markers": this isolate's memory, else KV, else its builder (D1). The key names
 * the store and the versions of the markers the value depends on, so an import (which bumps them) makes the next
 * request miss both copies, and two stores never share an entry.
 *
 * The isolate copy is shared by every request this isolate serves (DESIGN section 5): only store data goes in, never
 * anything of a shopper, and values are frozen so no reader can change what the next request sees.
 */

/** A cached value as its JSON text (answered as it is) and parsed (read without parsing again). */
export interface Marked<T> {
  readonly text: string;
  readonly value: T;
}

/** Which copies a value keeps besides its builder's. */
export type CacheTiers = "isolate" | "isolate+kv";

type MarkerName = keyof CacheMarkers;

/**
 * The key of a value that depends on the `uses` markers of the store, with `parts` naming which one (a branch, a slug,
 * a page). The same text keys both copies.
 */
export function markedKey(tenant: Tenant, name: string, uses: readonly MarkerName[], parts: readonly (string | number)[] = []): string {
  const versions = uses.map((marker) => `${marker[0]}${tenant.markers[marker]}`).join(".");
  return [`t:${tenant.id}`, name, versions, ...parts.map((part) => encodeURIComponent(String(part)))].join(":");
}

/** Budget of the isolate copies: a few MB of text (and its parsed form) of the 128 MB an isolate has. */
const isolate = new BoundedCache<Marked<unknown>>(1_000, 2_000_000, (entry) => entry.text.length);

/** Freezes a value and everything in it: a shared copy that a reader changed would change it for every request. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

function marked<T>(text: string, value: T): Marked<T> {
  return Object.freeze({ text, value: deepFreeze(value) });
}

/**
 * The value under `key`: from this isolate, else (with the KV tier) from KV, else from `build`, then kept in the tiers
 * asked for. A `null` from `build` (nothing there, e.g. an unknown slug) is answered but not kept.
 *
 * KV is for values a store has few of (one per branch, per category, per page): every miss after an import writes
 * once, and KV writes are counted. Values with a key per product or listing page keep only the isolate copy.
 */
export async function markedValue<T>(
  env: { KV: KVNamespace },
  ctx: Pick<ExecutionContext, "waitUntil">,
  key: string,
  tiers: CacheTiers,
  build: () => Promise<T>,
): Promise<Marked<NonNullable<T>> | Extract<T, null>> {
  type Answer = Marked<NonNullable<T>> | Extract<T, null>;
  const hit = isolate.get(key);
  // Concurrent misses each build: a promise shared between requests would tie one request to another's I/O.
  if (hit !== undefined) return hit as Answer;
  const shared = tiers === "isolate+kv" ? await env.KV.get(key, "text") : null;
  let entry: Marked<unknown>;
  if (shared !== null) {
    entry = marked(shared, JSON.parse(shared));
  } else {
    const value = await build();
    if (value === null) return null as Answer;
    const text = JSON.stringify(value);
    if (tiers === "isolate+kv") ctx.waitUntil(env.KV.put(key, text, { expirationTtl: CacheTtl.versioned }));
    // Kept as its text reads back (no undefined members, no class instances), the same whichever copy it came from.
    entry = marked(text, JSON.parse(text));
  }
  isolate.set(key, entry);
  return entry as Answer;
}
