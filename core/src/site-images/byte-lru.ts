/**
 * A least-recently-used cache bounded by the bytes it holds (not the number of entries): one
 * 3840-wide PNG weighs as much as hundreds of thumbnails. Entries larger than a share of the
 * budget are not kept, so one huge image cannot flush everything else.
 */
export class ByteLru<V extends { bytes: Buffer }> {
  private readonly entries = new Map<string, V>();
  private used = 0;

  constructor(
    readonly maxBytes: number,
    private readonly maxEntryBytes = Math.floor(maxBytes / 8),
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.used;
  }

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // Map keeps insertion order: re-inserting marks the entry as the most recently used.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: V): void {
    this.delete(key);
    const size = value.bytes.length;
    if (size > this.maxEntryBytes || size > this.maxBytes) return;
    this.entries.set(key, value);
    this.used += size;
    for (const [oldest, entry] of this.entries) {
      if (this.used <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.used -= entry.bytes.length;
    }
  }

  delete(key: string): void {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.entries.delete(key);
    this.used -= value.bytes.length;
  }
}
