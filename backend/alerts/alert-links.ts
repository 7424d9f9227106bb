import { createHmac, timingSafeEqual } from "node:crypto";
import { VEHICLE_ID_PATTERN } from "../../domain/vehicle-id";
import { SEARCH_ID_PATTERN } from "./alert-store";

/**
 * The links in alert e-mails, each signed for the buyer it was sent to, so that they work
 * without a password and cannot be made for anyone else: confirm a saved search, manage
 * every alert of one address, unsubscribe from the alerts one e-mail was about, and open a
 * vehicle or a search from an e-mail (counted as the buyer still wanting the alert).
 * A token is its payload and an HMAC-SHA-256 of it (128 bits) under the alert store's secret.
 */
export type AlertLink =
  | { action: "confirm"; searchId: string }
  | { action: "manage"; recipient: string }
  | { action: "unsubscribe"; searchIds: readonly string[] }
  | { action: "open"; searchIds: readonly string[]; vehicleId?: string };

export const ALERT_LINK_PATHS: Record<AlertLink["action"], string> = {
  confirm: "/alerts/confirm",
  manage: "/alerts/manage",
  unsubscribe: "/alerts/unsubscribe",
  open: "/alerts/open",
};

const ACTION_CODES = { confirm: "c", manage: "m", unsubscribe: "u", open: "o" } as const;
const RECIPIENT_PATTERN = /^[0-9a-f]{32}$/;
const MAC_LENGTH = 22;

function payloadOf(link: AlertLink): string {
  switch (link.action) {
    case "confirm":
      return `c.${link.searchId}`;
    case "manage":
      return `m.${link.recipient}`;
    case "unsubscribe":
      return `u.${link.searchIds.join("-")}`;
    case "open":
      return `o.${link.searchIds.join("-")}.${link.vehicleId ?? ""}`;
  }
}

function macOf(secret: string, payload: string): string {
  return createHmac("sha256", Buffer.from(secret, "hex")).update(`alert-link:${payload}`).digest("base64url").slice(0, MAC_LENGTH);
}

export function signLink(secret: string, link: AlertLink): string {
  const payload = payloadOf(link);
  return `${payload}.${macOf(secret, payload)}`;
}

/** The link a token stands for, when its signature holds and it is one `action` may be given; else undefined. */
export function readLink<A extends AlertLink["action"]>(
  secret: string,
  token: string | null | undefined,
  action: A,
): Extract<AlertLink, { action: A }> | undefined {
  if (!token || token.length > 2000) return undefined;
  const cut = token.lastIndexOf(".");
  const payload = token.slice(0, cut);
  const given = Buffer.from(token.slice(cut + 1));
  const expected = Buffer.from(macOf(secret, payload));
  if (cut < 0 || given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const [code, first = "", second] = payload.split(".");
  if (code !== ACTION_CODES[action]) return undefined;
  const searchIds = first.split("-");
  const link: AlertLink | undefined =
    action === "confirm" && SEARCH_ID_PATTERN.test(first)
      ? { action, searchId: first }
      : action === "manage" && RECIPIENT_PATTERN.test(first)
        ? { action, recipient: first }
        : action === "unsubscribe" && searchIds.every((id) => SEARCH_ID_PATTERN.test(id))
          ? { action, searchIds }
          : action === "open" && searchIds.every((id) => SEARCH_ID_PATTERN.test(id)) && (!second || VEHICLE_ID_PATTERN.test(second))
            ? { action, searchIds, ...(second ? { vehicleId: second } : {}) }
            : undefined;
  return link as Extract<AlertLink, { action: A }> | undefined;
}

/** The whole address of a link: the site's public origin, the action's page and the token. */
export function linkUrl(origin: string, secret: string, link: AlertLink): string {
  return `${origin}${ALERT_LINK_PATHS[link.action]}?t=${signLink(secret, link)}`;
}
