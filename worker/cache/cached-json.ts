/** Named lifetimes for cached values, so no handler invents its own numbers. */
export const CacheTtl = {
  /** Versioned snapshots: a new version is a new key, so old ones only need to expire eventually. */
  versioned: 60 * 60 * 24,
} as const;

/**
 * Reads a JSON value from KV, or builds it, answers it and stores it in the background. The value is
 * returned as JSON text so a handler can send it on without parsing and re-serialising it.
 */
export async function cachedJson(
  kv: KVNamespace,
  key: string,
  ttlSeconds: number,
  waitUntil: (promise: Promise<unknown>) => void,
  build: () => Promise<unknown>,
): Promise<string> {
  const cached = await kv.get(key, "text");
  if (cached !== null) return cached;
  const text = JSON.stringify(await build());
  waitUntil(kv.put(key, text, { expirationTtl: ttlSeconds }));
  return text;
}
