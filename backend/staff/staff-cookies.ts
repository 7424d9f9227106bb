import { timingSafeEqual } from "node:crypto";

/**
 * The staff area's three cookies: the session; the one a sign-in form is checked against
 * before there is a session; and the device cookie a browser is given when an account signs
 * in on it in full, which lets it past waits strangers cause (sign-in-guard.ts). HttpOnly, so
 * no script can read them; SameSite=Lax, so another site cannot post with them; Secure with
 * the __Host- prefix over HTTPS (production), so they are only ever sent over it and no
 * subdomain can set them.
 */
export interface StaffCookies {
  session: string;
  signIn: string;
  device: string;
  secure: boolean;
}

export function staffCookies(secure: boolean): StaffCookies {
  return secure
    ? { session: "__Host-staff_session", signIn: "__Host-staff_sign_in", device: "__Host-staff_device", secure }
    : { session: "staff_session", signIn: "staff_sign_in", device: "staff_device", secure };
}

/** A session cookie, or one kept `maxAgeDays` (the device cookie). */
export function setCookie(cookies: StaffCookies, name: string, value: string, maxAgeDays?: number): string {
  return [
    `${name}=${value}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    ...(maxAgeDays ? [`Max-Age=${maxAgeDays * 86_400}`] : []),
    ...(cookies.secure ? ["Secure"] : []),
  ].join("; ");
}

export function clearCookie(cookies: StaffCookies, name: string): string {
  return [`${name}=`, "Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=0", ...(cookies.secure ? ["Secure"] : [])].join("; ");
}

/** A cookie's value from a Cookie header; the staff area's values are URL-safe, so nothing needs decoding. */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim() || undefined;
  }
  return undefined;
}

/** Compares two secrets in constant time, so the comparison cannot be timed to guess one. */
export function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
