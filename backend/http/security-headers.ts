import { randomBytes } from "node:crypto";
import type { RequestHandler, Response } from "express";

export interface SecurityOptions {
  /** Vite's dev server injects inline scripts of its own, so development runs without a policy. */
  contentSecurityPolicy: boolean;
  /** Tell browsers to use HTTPS only: production sits behind TLS; a developer's machine does not. */
  strictTransportSecurity: boolean;
}

/** A year, and subdomains too, as the HSTS preload list asks. */
const HSTS = "max-age=31536000; includeSubDomains";

/**
 * Headers that every response carries. Scripts run only from this site's files or with the
 * request's nonce (React Router's inline hydration data), so injected markup cannot run
 * script; the same nonce admits the stylesheet written into each page and nothing else
 * inline; pages may not be framed; images may come from a feed's HTTPS image host.
 */
export function securityHeaders(options: SecurityOptions): RequestHandler {
  return (_req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()");
    if (options.strictTransportSecurity) res.setHeader("Strict-Transport-Security", HSTS);
    if (options.contentSecurityPolicy) {
      const nonce = randomBytes(16).toString("base64");
      res.locals.cspNonce = nonce;
      res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce));
    }
    next();
  };
}

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join("; ");
}

/** The nonce this response's inline scripts must carry, when a policy is in force. */
export function cspNonceOf(res: Response): string | undefined {
  const nonce: unknown = res.locals.cspNonce;
  return typeof nonce === "string" ? nonce : undefined;
}
