import { data, redirect, type RouterContextProvider } from "react-router";
import { NotAllowedError } from "../../backend/staff/permissions";
import type { StaffMember } from "../../backend/staff/staff-access";
import { hasRole } from "../../backend/staff/permissions";
import type { StaffRole } from "../../backend/staff/staff-accounts";
import { newSecret } from "../../backend/staff/secrets";
import { clearCookie, cookieValue, sameSecret, setCookie } from "../../backend/staff/staff-cookies";
import { postedForm } from "../components/forms/form-parts";
import { staffContext } from "../../backend/http/request-context";

/**
 * What every staff page's loader and action does first: checks there is a signed-in member
 * with the role the page needs, and for an action, that the form carries the session's CSRF
 * token. A visitor without a session goes to sign in and comes back; a member halfway
 * through signing in, or an admin who must first set up a second factor, goes to finish that.
 */

export function staffOf(context: Readonly<RouterContextProvider>) {
  return context.get(staffContext);
}

/** `url` is the page's address as React Router gives it to loaders and actions (without the .data of a data request). */
export function requireMember(context: Readonly<RouterContextProvider>, url: URL, role?: StaffRole): StaffMember {
  const { member } = staffOf(context);
  if (!member) throw redirect(`/staff/sign-in?next=${encodeURIComponent(url.pathname + url.search)}`);
  if (member.needsCode) throw redirect("/staff/sign-in/code");
  if (member.mustSetUpSecondFactor && url.pathname !== "/staff/account") throw redirect("/staff/account");
  if (role && !hasRole(member.account.role, role)) throw notAllowed(role);
  return member;
}

/** The posted form, once its CSRF token is the session's: a form from elsewhere changes nothing. */
export async function checkedForm(member: StaffMember, request: Request): Promise<FormData> {
  const form = await postedForm(request);
  const token = form.get("csrf");
  if (!sameSecret(typeof token === "string" ? token : undefined, member.session.csrfToken)) {
    throw data("That form had expired. Go back, reload the page and try again.", { status: 403 });
  }
  return form;
}

/** The sign-in form, once its token is the one its page set in a cookie: a sign-in posted from elsewhere does nothing. */
export async function checkedSignInForm(context: Readonly<RouterContextProvider>, request: Request): Promise<FormData> {
  const { cookies } = staffOf(context).services;
  const form = await postedForm(request);
  const token = form.get("csrf");
  if (!sameSecret(typeof token === "string" ? token : undefined, cookieValue(request.headers.get("cookie"), cookies.signIn) ?? "")) {
    throw data("That sign-in form had expired. Go back, reload the page and sign in again.", { status: 403 });
  }
  return form;
}

export function notAllowed(role: StaffRole) {
  return data(`Your account cannot open this page: it needs the ${role} role. Ask an admin if you need it.`, { status: 403 });
}

/** Runs inbox work, turning a role the inbox refuses into the page's 403. */
export async function asMember<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof NotAllowedError) throw notAllowed(error.needed);
    throw error;
  }
}

/** Where to go after signing in: a staff page of this site, never an address elsewhere. */
export function safeNext(next: string | null): string {
  if (!next || !next.startsWith("/staff") || next.startsWith("//") || next.includes("\\") || /[\u0000-\u001f]/.test(next)) return "/staff";
  return URL.canParse(next, "https://this-site.invalid") &&
    new URL(next, "https://this-site.invalid").origin === "https://this-site.invalid"
    ? next
    : "/staff";
}

export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** A fresh token for a sign-in form, and the cookie it is checked against. */
export function signInToken(context: Readonly<RouterContextProvider>): { token: string; cookie: string } {
  const { cookies } = staffOf(context).services;
  const token = newSecret();
  return { token, cookie: setCookie(cookies, cookies.signIn, token) };
}

/** How long a browser is remembered as one an account has signed in from. */
const DEVICE_COOKIE_DAYS = 180;

/**
 * The cookies of a new session: its id, the sign-in form's token cleared, and a device
 * cookie when the sign-in was completed on a browser new to the account.
 */
export function sessionCookies(context: Readonly<RouterContextProvider>, sessionId: string, deviceId?: string): Headers {
  const { cookies } = staffOf(context).services;
  const headers = new Headers();
  headers.append("Set-Cookie", setCookie(cookies, cookies.session, sessionId));
  headers.append("Set-Cookie", clearCookie(cookies, cookies.signIn));
  if (deviceId) headers.append("Set-Cookie", setCookie(cookies, cookies.device, deviceId, DEVICE_COOKIE_DAYS));
  return headers;
}

/** The device cookie the browser sent, if any. */
export function deviceIdOf(context: Readonly<RouterContextProvider>, request: Request): string | undefined {
  return cookieValue(request.headers.get("cookie"), staffOf(context).services.cookies.device);
}

/** What a refusal by the sign-in guard tells a person: how long to wait, in minutes. */
export function waitMessage(waitSeconds: number): string {
  const minutes = Math.ceil(waitSeconds / 60);
  return `Too many attempts have failed. Please wait ${minutes} minute${minutes > 1 ? "s" : ""} and try again.`;
}

/** The session cookie cleared, on signing out. */
export function endedSessionCookie(context: Readonly<RouterContextProvider>): string {
  const { cookies } = staffOf(context).services;
  return clearCookie(cookies, cookies.session);
}
