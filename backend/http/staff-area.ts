import type { Request, RequestHandler, Response } from "express";
import type { StaffAccess, StaffMember } from "../staff/staff-access";
import { cookieValue, type StaffCookies } from "../staff/staff-cookies";
import { SAFE_METHODS } from "./page-methods";
import { refuse } from "./refusal";

/** /staff, everything under it (with the .data of React Router's data requests), and the staff JSON API. */
export function isStaffPath(path: string): boolean {
  return /^\/(?:api\/)?staff(?:\/|\.data$|$)/.test(path);
}

/** The member of staff this request comes from, once wholly signed in (past the second factor, and set up for one when required). */
export function signedInStaff(res: Response): StaffMember | undefined {
  const member = res.locals.staffMember;
  return member && !member.needsCode && !member.mustSetUpSecondFactor ? member : undefined;
}

declare module "express-serve-static-core" {
  interface Locals {
    /** The signed-in member of staff, for a staff page or call, or a public page asked for with the session cookie; undefined when there is none. */
    staffMember?: StaffMember;
  }
}

/**
 * In front of every staff page and call: answers are never cached or indexed, a request that
 * changes something must come from the site's own pages (its Origin, or failing that its
 * Referer, is this site), and the member whose session cookie it carries is looked up.
 * Whether they may do what they ask is for each page and call to say. A public page asked
 * for with the session cookie has its member looked up too: it is rendered afresh for
 * signed-in staff, and kept for everyone otherwise (cached-pages.ts), so a cookie that names
 * no live session must not be enough to skip the page cache.
 */
export function staffArea(access: StaffAccess, cookies: StaffCookies, siteOrigin: string | undefined): RequestHandler {
  return async (req, res, next) => {
    if (!isStaffPath(req.path)) {
      const sessionId = req.method === "GET" || req.method === "HEAD" ? cookieValue(req.headers.cookie, cookies.session) : undefined;
      // A public page needs nobody signed in: while the staff store cannot answer, it is the page everyone gets.
      if (sessionId) res.locals.staffMember = await access.current(sessionId).catch(() => undefined);
      return next();
    }
    res.set({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow", "Referrer-Policy": "same-origin" });
    if (!SAFE_METHODS.has(req.method) && !fromThisSite(req, siteOrigin)) {
      // Its body is never read: the connection closes after the answer rather than take in the rest of it.
      res.set("Connection", "close");
      return refuse(req, res, {
        status: 403,
        code: "cross_site_request",
        title: "That request came from another site",
        message: "Changes in the staff area can only be made from the staff area's own pages.",
      });
    }
    res.locals.staffMember = await access.current(cookieValue(req.headers.cookie, cookies.session));
    next();
  };
}

/** The origin the browser says the request came from is the site's own: SITE_URL's, or else the one it was sent to. */
function fromThisSite(req: Request, siteOrigin: string | undefined): boolean {
  const claimed = req.get("origin") ?? refererOrigin(req.get("referer"));
  if (!claimed || claimed === "null") return false;
  return claimed === (siteOrigin ?? `${req.protocol}://${req.get("host")}`);
}

function refererOrigin(referer: string | undefined): string | undefined {
  return referer && URL.canParse(referer) ? new URL(referer).origin : undefined;
}
