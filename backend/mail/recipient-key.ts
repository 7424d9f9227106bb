import { createHmac, randomBytes } from "node:crypto";

/** The secret a recipient's key is made with: 32 random bytes, as hex, made once per outbox and kept with it. */
export const RECIPIENT_SECRET_PATTERN = /^[0-9a-f]{64}$/;

export function newRecipientSecret(): string {
  return randomBytes(32).toString("hex");
}

/**
 * The address as a mailbox receives it, so that spellings of one inbox count as one: any
 * case, a "+tag" (most providers deliver victim+1@… to victim@…), and for Gmail the dots
 * it ignores and its other domain.
 */
export function mailboxOf(address: string): string {
  const trimmed = address.trim().toLowerCase();
  const at = trimmed.lastIndexOf("@");
  if (at < 1) return trimmed;
  let local = trimmed.slice(0, at).replace(/\+.*$/, "");
  let domain = trimmed.slice(at + 1);
  if (domain === "gmail.com" || domain === "googlemail.com") {
    local = local.replaceAll(".", "");
    domain = "gmail.com";
  }
  return `${local || trimmed.slice(0, at)}@${domain}`;
}

/**
 * What an address is counted under: a keyed hash (HMAC-SHA-256, 128 bits as hex) of its
 * mailbox, so that the counts, the ids made from them and the logs hold nothing a reader
 * could turn back into the address without the outbox's secret.
 */
export function recipientKeyOf(secret: string, address: string): string {
  return createHmac("sha256", Buffer.from(secret, "hex")).update(mailboxOf(address)).digest("hex").slice(0, 32);
}
