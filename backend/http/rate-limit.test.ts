import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { limitPostsPerClient } from "./rate-limit";

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** A real Express app with the limiter (2 POSTs a minute) in front of a form and a page. */
async function appWithLimit(trustedProxies = 0) {
  let now = 1_000_000;
  const app = express();
  app.set("trust proxy", trustedProxies);
  app.use(limitPostsPerClient({ limit: 2, windowMs: 60_000 }, { now: () => now }));
  app.post("/api/form", (_req, res) => void res.status(204).end());
  app.post("/contact", (_req, res) => void res.status(204).end());
  app.get("/", (_req, res) => void res.send("page"));
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    post: (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { method: "POST", headers }),
    get: () => fetch(base),
    advance: (ms: number) => (now += ms),
  };
}

describe("limitPostsPerClient", () => {
  it("answers 429 with Retry-After once a client has spent its posts, and never limits reading", async () => {
    const site = await appWithLimit();
    expect((await site.post("/api/form")).status).toBe(204);
    site.advance(20_000);
    expect((await site.post("/api/form")).status).toBe(204);
    const limited = await site.post("/api/form");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("40");
    expect(await limited.json()).toEqual({ error: { code: "too_many_requests", message: expect.stringContaining("1 minute") } });
    expect((await site.get()).status).toBe(200);
    site.advance(40_000);
    expect((await site.post("/api/form")).status).toBe(204);
  });

  it("gives a browser posting a form a page, not JSON", async () => {
    const site = await appWithLimit();
    await site.post("/contact");
    await site.post("/contact");
    const limited = await site.post("/contact", { Accept: "text/html,application/xhtml+xml,*/*;q=0.8" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await limited.text()).toContain("Please wait");
  });

  it("ignores X-Forwarded-For without a trusted proxy, so a made-up one buys no more posts", async () => {
    const site = await appWithLimit(0);
    expect((await site.post("/api/form", { "X-Forwarded-For": "203.0.113.1" })).status).toBe(204);
    expect((await site.post("/api/form", { "X-Forwarded-For": "203.0.113.2" })).status).toBe(204);
    expect((await site.post("/api/form", { "X-Forwarded-For": "203.0.113.3" })).status).toBe(429);
  });

  it("tells clients apart by X-Forwarded-For behind a trusted proxy", async () => {
    const site = await appWithLimit(1);
    for (const client of ["203.0.113.1", "203.0.113.2"]) {
      expect((await site.post("/api/form", { "X-Forwarded-For": client })).status).toBe(204);
      expect((await site.post("/api/form", { "X-Forwarded-For": client })).status).toBe(204);
    }
    expect((await site.post("/api/form", { "X-Forwarded-For": "203.0.113.1" })).status).toBe(429);
  });
});
