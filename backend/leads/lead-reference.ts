import { createHash, randomInt } from "node:crypto";

/**
 * The reference a visitor is given for a lead, short enough to read out on the phone:
 * "K7F3-9QXA". The alphabet leaves out 0/O and 1/I, which sound and look alike; 32 symbols
 * in 8 places give 2^40 references, so two leads never share one in practice (the stores
 * refuse a repeat all the same).
 */
const ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
const LENGTH = 8;

export const REFERENCE_PATTERN = /^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/;

export function newReference(): string {
  return format(Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]!));
}

/** The reference of a lead stored before references existed, derived from its id so it never changes. */
export function referenceOfId(id: string): string {
  const digest = createHash("sha256").update(id).digest();
  return format(Array.from({ length: LENGTH }, (_, i) => ALPHABET[digest[i]! % ALPHABET.length]!));
}

function format(symbols: string[]): string {
  return `${symbols.slice(0, 4).join("")}-${symbols.slice(4).join("")}`;
}
