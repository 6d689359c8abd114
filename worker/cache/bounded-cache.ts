/**
 * A map that forgets its least recently used entries beyond `maxEntries` or `maxSize` in all (each entry's size as
 * `sizeOf` says, in characters of its text), so a crawl over thousands of product slugs or addresses cannot grow an
 * isolate's memory without limit. The isolate caches (store data, anonymous pages) are each one of these.
 */
export class BoundedCache<V> {
  private readonly entries = new Map<string, V>();
  private size = 0;

  constructor(
    readonly maxEntries: number,
    readonly maxSize: number,
    private readonly sizeOf: (entry: V) => number,
  ) {}

  get count(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    // Map keeps insertion order: moving a hit to the end leaves the least recently used first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: V): void {
    this.delete(key);
    const size = this.sizeOf(entry);
    // One value bigger than a quarter of the budget would push out everything else for little gain.
    if (size > this.maxSize / 4) return;
    this.entries.set(key, entry);
    this.size += size;
    for (const [oldest, old] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.size <= this.maxSize) break;
      this.entries.delete(oldest);
      this.size -= this.sizeOf(old);
    }
  }

  delete(key: string): void {
    const old = this.entries.get(key);
    if (old === undefined) return;
    this.entries.delete(key);
    this.size -= this.sizeOf(old);
  }
}
