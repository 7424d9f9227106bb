import type { Request, RequestHandler } from "express";
import { refuse } from "./refusal";

/**
 * The page renderer builds each request's address from its Host header (or, behind a
 * trusted proxy, X-Forwarded-Host), which is the client's to write. One that is not a host
 * name ("a b", "x:99999", "[::1") is a malformed request, answered 400 as HTTP says, instead
 * of failing deep inside the renderer.
 */
export const refuseMalformedHost: RequestHandler = (req, res, next) => {
  if (hostsNamed(req).every(isHostName)) return next();
  refuse(req, res, {
    status: 400,
    code: "malformed_host",
    title: "Address not understood",
    message: "The request's Host header is not a valid host name.",
  });
};

function hostsNamed(req: Request): string[] {
  const hosts = [req.get("host")];
  if (req.app.enabled("trust proxy")) hosts.push(req.get("x-forwarded-host")?.split(",")[0]?.trim());
  return hosts.filter((host): host is string => host !== undefined);
}

function isHostName(host: string): boolean {
  if (!URL.canParse(`http://${host}`)) return false;
  const url = new URL(`http://${host}`);
  // "a/b", "a?b" or "user@a" parse too, as a host followed by more of an address; the URL
  // parser only lower-cases a real host name and drops its default port.
  return url.host === host.toLowerCase().replace(/:80$/, "");
}
