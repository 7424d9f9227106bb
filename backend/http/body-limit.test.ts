import type { Server } from "node:http";
import { connect } from "node:net";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { limitRequestBodies } from "./body-limit";

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** A real Express app with a 1 KB limit in front of a page that reads the whole form, and an API route. */
async function appWithLimit() {
  const app = express();
  app.use(limitRequestBodies(1024));
  app.post(
    "/newsletter",
    express.urlencoded({ extended: false, limit: "10mb" }),
    (req, res) => void res.send(`got ${JSON.stringify(req.body).length}`),
  );
  app.post("/api/echo", express.json({ limit: "10mb" }), (_req, res) => void res.status(204).end());
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const form = (body: BodyInit, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html", ...headers },
  body,
});

describe("limitRequestBodies", () => {
  it("lets a form of ordinary size through", async () => {
    const base = await appWithLimit();
    const response = await fetch(`${base}/newsletter`, form("email=sam%40example.com"));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(`got ${JSON.stringify({ email: "sam@example.com" }).length}`);
  });

  it("turns a form over the limit away with 413 and a page that says what to do", async () => {
    const base = await appWithLimit();
    const response = await fetch(`${base}/newsletter`, form(`email=${"a".repeat(2000)}`));
    expect(response.status).toBe(413);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await response.text()).toContain("A form may be at most 1 KB");
  });

  it("turns away a form sent without its length (chunked) with 411, in JSON to a script", async () => {
    const base = await appWithLimit();
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(`email=${"a".repeat(10)}`));
        controller.close();
      },
    });
    const response = await fetch(`${base}/newsletter`, { ...form(body, { Accept: "application/json" }), duplex: "half" } as RequestInit);
    expect(response.status).toBe(411);
    expect(await response.json()).toEqual({ error: { code: "length_required", message: expect.stringContaining("without its length") } });
  });

  it("leaves a chunked API post to the API's own JSON limit", async () => {
    const base = await appWithLimit();
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(JSON.stringify({ x: "a".repeat(2000) })));
        controller.close();
      },
    });
    const response = await fetch(`${base}/api/echo`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(204);
  });

  it("answers an API post that declares more than the limit at once, without waiting for its body", async () => {
    const base = new URL(await appWithLimit());
    const started = Date.now();
    // 100 MB declared, one byte sent, and the connection held open: the answer must not wait for the rest.
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(base.port), base.hostname, () => {
        socket.write("POST /api/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\n\r\n{");
      });
      let received = "";
      socket.setEncoding("utf8").on("data", (chunk: string) => (received += chunk));
      socket.on("close", () => resolve(received)).on("error", reject);
      setTimeout(() => socket.destroy(new Error(`no answer in 5 s; got ${JSON.stringify(received)}`)), 5000);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('"code":"payload_too_large"');
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
