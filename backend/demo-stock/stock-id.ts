import { mix32 } from "./random";

/**
 * The `_id` of the demo record at `index`: 12 lowercase hex digits that look random but
 * are a keyed permutation of the index, so no two records of one seed ever share an id.
 */

const HALF_BITS = 24;
const HALF_MASK = (1 << HALF_BITS) - 1;
const HALF_RANGE = 2 ** HALF_BITS;
/** A Feistel network is a permutation whatever its round function; four rounds mix well enough. */
const ROUNDS = 4;

export function stockId(seed: number, index: number): string {
  let left = Math.floor(index / HALF_RANGE) & HALF_MASK;
  let right = index & HALF_MASK;
  for (let round = 0; round < ROUNDS; round++) {
    const mixed = left ^ (mix32(right ^ mix32(seed + round)) & HALF_MASK);
    left = right;
    right = mixed;
  }
  return hex24(left) + hex24(right);
}

function hex24(value: number): string {
  return value.toString(16).padStart(6, "0");
}
