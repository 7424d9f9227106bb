import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { COMMON_PASSWORDS } from "./common-passwords";

/**
 * Staff passwords, hashed with scrypt, Node's own memory-hard function (no native add-on to
 * build): N = 2^15, r = 8, p = 1 take 32 MiB and about 50–100 ms per hash on one core, the
 * setting OWASP's password storage cheat sheet gives for scrypt. The parameters are stored
 * with each hash, so they can be raised later without locking anyone out.
 */

const SCRYPT = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 200;

function scryptKey(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  // maxmem above the 32 MiB the parameters need, which is also Node's default limit.
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** "scrypt$32768$8$1$<salt>$<hash>", salt and hash in base64. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scryptKey(password, salt, SCRYPT);
  return ["scrypt", SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const key = await scryptKey(password, Buffer.from(salt, "base64"), { N: Number(N), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash no password matches, checked when an e-mail address is unknown so the answer takes as long as for a real one. */
export const UNMATCHABLE_HASH = `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${Buffer.alloc(SALT_BYTES).toString("base64")}$${Buffer.alloc(KEY_LENGTH).toString("base64")}`;

/** Why a new password will not do, in words for the person choosing it; undefined when it will. */
export function passwordProblem(password: string, context: { email: string; name: string }): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return `Use at least ${MIN_PASSWORD_LENGTH} characters: a few words together are easy to remember`;
  if (password.length > MAX_PASSWORD_LENGTH) return `Use at most ${MAX_PASSWORD_LENGTH} characters`;
  const folded = password.toLowerCase().replace(/[^a-z0-9]/g, "");
  const stem = folded.replace(/\d+$/, "");
  if (COMMON_PASSWORDS.has(folded) || COMMON_PASSWORDS.has(stem) || new Set(password).size <= 2) {
    return "That password is one of the most common: choose one nobody would guess";
  }
  const personal = [context.email.split("@")[0]!, ...context.name.toLowerCase().split(/\s+/)].filter((part) => part.length >= 4);
  if (personal.some((part) => folded.includes(part.toLowerCase().replace(/[^a-z0-9]/g, "")))) {
    return "Leave your name and e-mail address out of your password";
  }
  return undefined;
}
