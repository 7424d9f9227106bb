import { mkdtemp, rm, writeFile } from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { PageCatalogue } from "../catalogue";
import { EngineUnavailableError } from "../engine-health";
import { createLogger } from "../logger";
import { RenderPool } from "./render-pool";
import { receivedError, sentError } from "./render-protocol";

/**
 * The pool's side of the protocol, with stand-in render threads written here (the real one,
 * backend/http/render-thread.ts, is compared with the main thread's rendering in
 * tests/api/same-page-every-way.test.ts).
 */
const THREADS = {
  /** Asks the catalogue for the vehicle the address names, and shows what it was told. */
  asking: `
    import { parentPort } from "node:worker_threads";
    parentPort.postMessage({ type: "ready" });
    const waiting = new Map();
    parentPort.on("message", (message) => {
      if (message.type === "render") {
        const id = new URL(message.url).pathname.slice(1);
        const method = id === "forbidden" ? "reindex" : "get";
        waiting.set(message.job, message);
        parentPort.postMessage({ type: "call", call: message.job, method, args: [id] });
        return;
      }
      const job = waiting.get(message.call);
      const text = message.type === "answer" ? "got " + JSON.stringify(message.value) : "refused " + message.error.name + " " + (message.error.engine ?? message.error.message);
      parentPort.postMessage({ type: "rendered", job: job.job, status: 200, headers: [["content-type", "text/plain"], ["x-nonce", String(job.nonce)]], body: new TextEncoder().encode(text) });
    });`,
  /** Stops at the first page any thread of it is given; a thread started after that renders. */
  failingOnce: `
    import { existsSync, writeFileSync } from "node:fs";
    import { parentPort } from "node:worker_threads";
    const failed = new URL("./failed-once", import.meta.url);
    parentPort.postMessage({ type: "ready" });
    parentPort.on("message", (message) => {
      if (message.type !== "render") return;
      if (!existsSync(failed)) {
        writeFileSync(failed, "");
        process.exit(1);
      }
      parentPort.postMessage({ type: "rendered", job: message.job, status: 200, headers: [["content-type", "text/plain"]], body: new TextEncoder().encode("rendered by another thread") });
    });`,
};

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "render-pool-"));
  for (const [name, code] of Object.entries(THREADS)) await writeFile(path.join(folder, `${name}.mjs`), code);
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

const catalogue = {
  get: async (id: string) => {
    if (id === "down") throw new EngineUnavailableError("store");
    return { _id: id };
  },
} as unknown as PageCatalogue;

/** A site whose pool has its threads loaded already, unless `cold`. */
async function siteWith(thread: keyof typeof THREADS, { idleStopMs, cold = false }: { idleStopMs?: number; cold?: boolean } = {}) {
  const pool = new RenderPool({
    threadModule: pathToFileURL(path.join(folder, `${thread}.mjs`)),
    threads: 1,
    idleStopMs,
    data: { content: {} as never, siteUrl: undefined },
    catalogue,
    logger: createLogger("silent"),
  });
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = "abc";
    next();
  });
  app.use(
    pool.handler(
      (req) => req.path !== "/private",
      (_req, res) => void res.type("text/plain").send("rendered here"),
    ),
  );
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  stops.push(async () => {
    await new Promise((resolve) => server.close(resolve));
    await pool.stop();
  });
  if (!cold) await pool.warm();
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = async (address: string) => {
    const response = await fetch(`${url}${address}`);
    return { status: response.status, nonce: response.headers.get("x-nonce"), text: await response.text() };
  };
  return Object.assign(get, { pool });
}

describe("RenderPool", () => {
  it("renders a shared page on a render thread, which asks the main thread's catalogue, with the response's nonce", async () => {
    const get = await siteWith("asking");
    expect(await get("/abc")).toEqual({ status: 200, nonce: "abc", text: 'got {"_id":"abc"}' });
  });

  it("renders any other page on this thread", async () => {
    const get = await siteWith("asking");
    expect((await get("/private")).text).toBe("rendered here");
  });

  it("passes an engine outage to the page as such, so that it can answer 503", async () => {
    const get = await siteWith("asking");
    expect((await get("/down")).text).toBe("refused EngineUnavailableError store");
  });

  it("answers only the calls pages make", async () => {
    const get = await siteWith("asking");
    expect((await get("/forbidden")).text).toBe("refused Error reindex is not a page's call");
  });

  it("starts its threads with the first shared page, which is rendered here rather than wait for them to load", async () => {
    const get = await siteWith("asking", { cold: true });
    await sleep(100);
    expect(get.pool.load.threads).toBe(0);
    expect((await get("/private")).text).toBe("rendered here");
    expect(get.pool.load.threads).toBe(0);
    expect((await get("/abc")).text).toBe("rendered here");
    expect(get.pool.load.threads).toBe(1);
    await get.pool.warm();
    expect((await get("/abc")).text).toBe('got {"_id":"abc"}');
  });

  it("stops its threads after a while without a page, and starts them again with the next", async () => {
    const get = await siteWith("asking", { idleStopMs: 200 });
    expect((await get("/abc")).text).toBe('got {"_id":"abc"}');
    for (const deadline = Date.now() + 10_000; get.pool.load.threads > 0 && Date.now() < deadline;) await sleep(20);
    expect(get.pool.load.threads).toBe(0);
    expect((await get("/def")).text).toBe("rendered here");
    expect(get.pool.load.threads).toBe(1);
    await get.pool.warm();
    expect((await get("/def")).text).toBe('got {"_id":"def"}');
  });

  it("renders here the page of a thread that stopped, and starts another thread, which renders the next", async () => {
    const get = await siteWith("failingOnce");
    expect((await get("/abc")).text).toBe("rendered here");
    await get.pool.warm();
    expect((await get("/def")).text).toBe("rendered by another thread");
  });
});

describe("errors between threads", () => {
  it("keep an engine outage's class and engine, and any other error's name and message", () => {
    const outage = receivedError(sentError(new EngineUnavailableError("search")));
    expect(outage).toBeInstanceOf(EngineUnavailableError);
    expect((outage as EngineUnavailableError).engine).toBe("search");
    const other = receivedError(sentError(new RangeError("too far")));
    expect([other.name, other.message]).toEqual(["RangeError", "too far"]);
    expect(receivedError(sentError("plain words")).message).toBe("plain words");
  });
});
