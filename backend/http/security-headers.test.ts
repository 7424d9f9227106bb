import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { cspNonceOf, securityHeaders, type SecurityOptions } from "./security-headers";

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** A real Express app with the headers in front of a route that echoes the nonce it was given. */
async function headersOf(options: SecurityOptions): Promise<{ headers: Headers; nonce: string }> {
  const app = express();
  app.use(securityHeaders(options));
  app.get("/", (_req, res) => void res.send(cspNonceOf(res) ?? ""));
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  return { headers: response.headers, nonce: await response.text() };
}

describe("securityHeaders", () => {
  it("in production: a policy with the route's own nonce, and HTTPS only", async () => {
    const { headers, nonce } = await headersOf({ contentSecurityPolicy: true, strictTransportSecurity: true });
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    const policy = headers.get("content-security-policy")!;
    expect(policy).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(policy).toContain(`style-src 'self' 'nonce-${nonce}'`);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toMatch(/unsafe-(inline|eval)/);
    expect(headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("under Vite's dev server: no policy to trip over its inline scripts, and no HTTPS demand", async () => {
    const { headers, nonce } = await headersOf({ contentSecurityPolicy: false, strictTransportSecurity: false });
    expect(nonce).toBe("");
    expect(headers.get("content-security-policy")).toBeNull();
    expect(headers.get("strict-transport-security")).toBeNull();
    expect(headers.get("x-frame-options")).toBe("DENY");
  });
});
