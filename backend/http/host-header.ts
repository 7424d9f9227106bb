import type { IncomingMessage, Server } from "node:http";
import type { Request, RequestHandler } from "express";
import { refuse } from "./refusal";

/**
 * A request-target in absolute form (`GET http://www.example.co.uk/car-search HTTP/1.1`, as
 * clients send to a proxy) is made the origin form every route expects (`/car-search`), its
 * authority becoming the Host header: RFC 9112 §3.2.2 has a server take the host from the
 * target and ignore the Host header. It runs as the server's first listener, before Express,
 * whose router reads the target's scheme and authority once as it starts and would put them
 * back in front of each mounted path; `requireHost` then checks the host like any other, and
 * refuses a target of another form.
 */
export function takeTargetsInOriginForm(server: Server): void {
  server.prependListener("request", (req: IncomingMessage) => {
    const absolute = /^https?:\/\/([^/?#]*)([^#]*)/i.exec(req.url ?? "");
    if (!absolute) return;
    const [, authority = "", rest = ""] = absolute;
    req.headers.host = authority;
    req.url = rest.startsWith("/") ? rest : `/${rest}`;
  });
}

/**
 * The page renderer builds each request's address from its Host header (or, behind a
 * trusted proxy, X-Forwarded-Host), which is the client's to write. One that is not a host
 * name ("a b", "x:99999", "[::1") is a malformed request, answered 400 as HTTP says, instead
 * of failing deep inside the renderer. An HTTP/1.0 request may come without a Host (Node
 * refuses an HTTP/1.1 one itself): it is taken to be for SITE_URL's host when that is set,
 * and refused, naming the header, when there is no host to assume.
 */
export function requireHost(siteOrigin: string | undefined): RequestHandler {
  const siteHost = siteOrigin === undefined ? undefined : new URL(siteOrigin).host;
  return (req, res, next) => {
    if (!req.url.startsWith("/")) {
      return refuse(req, res, {
        status: 400,
        code: "malformed_target",
        title: "Address not understood",
        message: "The request's target must be a path on this site (/…) or a whole http:// or https:// address.",
      });
    }
    if (req.headers.host === undefined && siteHost !== undefined) req.headers.host = siteHost;
    if (req.headers.host === undefined) {
      return refuse(req, res, {
        status: 400,
        code: "missing_host",
        title: "Address not understood",
        message: "The request has no Host header. Send the site's host name in one, as HTTP/1.1 requires.",
      });
    }
    if (hostsNamed(req).every(isHostName)) return next();
    refuse(req, res, {
      status: 400,
      code: "malformed_host",
      title: "Address not understood",
      message: "The request's Host header is not a valid host name.",
    });
  };
}

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
