import { createHash, randomBytes } from "node:crypto";

/**
 * Session ids, set-password tokens and CSRF tokens: 32 random bytes, URL-safe. Stores keep
 * only a digest of session ids and set-password tokens, so a copy of the database or of the
 * data folder opens nobody's session and sets nobody's password.
 */
export function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

export function digestOf(secret: string): string {
  return createHash("sha256").update(secret).digest("base64url");
}
