/**
 * Answers kept by query, each with the version of the index it was computed from, and given
 * back only for that version. The least recently used go first once it is full.
 */
export class AnswerCache<T> {
  private readonly entries = new Map<string, { version: string; answer: T }>();

  constructor(private readonly capacity: number) {}

  /** The answer kept for this query, whatever its version; the caller checks the version. */
  peek(key: string): { version: string; answer: T } | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Map order is insertion order: moving it to the end marks it recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, version: string, answer: T): void {
    this.entries.delete(key);
    this.entries.set(key, { version, answer });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}
