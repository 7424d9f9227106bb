/**
 * A fixed-size set of document numbers, 32 to a word. The columnar index combines filters
 * by AND-ing these, which costs n/32 word operations whatever the filters are.
 */
export class Bitset {
  readonly words: Uint32Array;

  constructor(
    readonly size: number,
    words?: Uint32Array,
  ) {
    this.words = words ?? new Uint32Array(Math.ceil(size / 32));
  }

  static full(size: number): Bitset {
    const set = new Bitset(size);
    set.words.fill(0xffffffff);
    const spare = set.words.length * 32 - size;
    if (spare > 0) set.words[set.words.length - 1] = 0xffffffff >>> spare;
    return set;
  }

  static of(size: number, docs: ArrayLike<number>): Bitset {
    const set = new Bitset(size);
    for (let i = 0; i < docs.length; i++) set.add(docs[i]!);
    return set;
  }

  add(doc: number): void {
    this.words[doc >>> 5]! |= 1 << (doc & 31);
  }

  addAll(docs: ArrayLike<number>): void {
    const words = this.words;
    for (let i = 0; i < docs.length; i++) {
      const doc = docs[i]!;
      words[doc >>> 5]! |= 1 << (doc & 31);
    }
  }

  has(doc: number): boolean {
    return (this.words[doc >>> 5]! & (1 << (doc & 31))) !== 0;
  }

  /** A new set holding what this one and every other hold. */
  and(...others: Bitset[]): Bitset {
    const out = new Uint32Array(this.words);
    for (const other of others) {
      const words = other.words;
      for (let i = 0; i < out.length; i++) out[i]! &= words[i]!;
    }
    return new Bitset(this.size, out);
  }

  /** Adds, in place, what both of two other sets hold. */
  orAnd(a: Bitset, b: Bitset): void {
    const out = this.words;
    const [x, y] = [a.words, b.words];
    for (let i = 0; i < out.length; i++) out[i]! |= x[i]! & y[i]!;
  }

  /** A new set holding what this one holds and the other does not. */
  andNot(other: Bitset): Bitset {
    const out = new Uint32Array(this.words);
    const words = other.words;
    for (let i = 0; i < out.length; i++) out[i]! &= ~words[i]!;
    return new Bitset(this.size, out);
  }

  count(): number {
    let total = 0;
    const words = this.words;
    for (let i = 0; i < words.length; i++) {
      let w = words[i]!;
      w -= (w >>> 1) & 0x55555555;
      w = (w & 0x33333333) + ((w >>> 2) & 0x33333333);
      total += (((w + (w >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
    }
    return total;
  }

  /** The members in ascending order. */
  toArray(): Uint32Array {
    const out = new Uint32Array(this.count());
    const words = this.words;
    let k = 0;
    for (let i = 0; i < words.length; i++) {
      let w = words[i]!;
      const base = i << 5;
      while (w !== 0) {
        const lowest = w & -w;
        out[k++] = base + 31 - Math.clz32(lowest);
        w ^= lowest;
      }
    }
    return out;
  }
}
