/**
 * Seeded randomness for the demo stock. Each record draws from its own stream, keyed by
 * (seed, record index), so a record never depends on how many others are generated.
 */

/** murmur3's 32-bit finaliser: a bijection that spreads every input bit over the output. */
export function mix32(value: number): number {
  let x = value >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

const GOLDEN_RATIO_32 = 0x9e3779b9;
/** sfc32 needs a few rounds before nearby seeds stop giving similar first numbers. */
const WARM_UP_ROUNDS = 12;

/** sfc32: small, fast, and with 128 bits of state the streams of different records do not overlap in practice. */
export class SeededRandom {
  private a: number;
  private b: number;
  private c: number;
  private d = 1;

  constructor(seed: number, stream: number) {
    // mix32 is a bijection, so distinct streams start from distinct states.
    this.a = mix32(mix32(seed) ^ stream);
    this.b = mix32(this.a + GOLDEN_RATIO_32);
    this.c = mix32(this.b + GOLDEN_RATIO_32);
    for (let round = 0; round < WARM_UP_ROUNDS; round++) this.next();
  }

  /** A number in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (((this.c << 21) | (this.c >>> 11)) + t) | 0;
    return (t >>> 0) / 4_294_967_296;
  }

  /** A whole number from min to max, both included. */
  between(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new RangeError("cannot pick from an empty list");
    return item;
  }

  /** A standard normal deviate (Box-Muller). */
  normal(): number {
    return Math.sqrt(-2 * Math.log(1 - this.next())) * Math.cos(2 * Math.PI * this.next());
  }

  /** A factor around 1 whose logarithm has the given spread: for prices, mileages and other skewed amounts. */
  spread(sigma: number): number {
    return Math.exp(sigma * this.normal());
  }
}

/** Relative weights by key, as the data tables write them: `{ Black: 20, White: 15 }`. */
export type Weights<K extends string> = Partial<Record<K, number>>;

/** Picks items in proportion to their weights; built once, picked from many times. */
export class WeightedChoice<T> {
  private readonly items: T[] = [];
  private readonly cumulative: number[] = [];
  private total = 0;

  constructor(entries: Iterable<readonly [T, number]>) {
    for (const [item, weight] of entries) {
      if (!(weight > 0)) continue;
      this.total += weight;
      this.items.push(item);
      this.cumulative.push(this.total);
    }
    if (this.items.length === 0) throw new RangeError("a weighted choice needs at least one positive weight");
  }

  static of<K extends string>(weights: Weights<K>): WeightedChoice<K> {
    return new WeightedChoice(Object.entries(weights) as [K, number][]);
  }

  pick(random: SeededRandom): T {
    const target = random.next() * this.total;
    let low = 0;
    let high = this.cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.cumulative[middle]! > target) high = middle;
      else low = middle + 1;
    }
    return this.items[low]!;
  }
}
