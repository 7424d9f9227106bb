/**
 * Answers kept by query, each with the version of the index it was computed from, and given
 * back only for that version. Each answer has a weight (by default 1, so the capacity is a
 * number of answers); the least recently used go first once the weights pass the capacity.
 */
export class AnswerCache<T> {
  private readonly entries = new Map<string, { version: string; answer: T; weight: number }>();
  private weight = 0;

  constructor(
    private readonly capacity: number,
    private readonly weigh: (answer: T) => number = () => 1,
  ) {}

  /** The answer kept for this query, whatever its version; the caller checks the version. */
  peek(key: string): { version: string; answer: T } | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Map order is insertion order: moving it to the end marks it recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return { version: entry.version, answer: entry.answer };
  }

  set(key: string, version: string, answer: T): void {
    this.remove(key);
    const weight = this.weigh(answer);
    this.entries.set(key, { version, answer, weight });
    this.weight += weight;
    while (this.weight > this.capacity) this.remove(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.weight -= entry.weight;
  }
}
