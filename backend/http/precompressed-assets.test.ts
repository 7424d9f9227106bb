import { mkdtemp, rm, writeFile } from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressedAssets } from "./precompressed-assets";

const script = `export const greeting = ${JSON.stringify("hello ".repeat(500))};\n`;
let directory: string;
let server: Server;
let origin: string;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "precompressed-"));
  await writeFile(path.join(directory, "app-1234.js"), script);
  await writeFile(path.join(directory, "app-1234.js.br"), brotliCompressSync(script));
  await writeFile(path.join(directory, "plain-5678.js"), script);
  const app = express();
  app.use(compression());
  app.use("/assets", precompressedAssets(directory), express.static(directory));
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(directory, { recursive: true, force: true });
});

describe("precompressedAssets", () => {
  it("sends the brotli copy, typed as the original, to a browser that accepts brotli", async () => {
    const response = await fetch(`${origin}/assets/app-1234.js`, { headers: { "Accept-Encoding": "gzip, br" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(response.headers.get("vary")).toContain("Accept-Encoding");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await response.text()).toBe(script);
  });

  it("leaves a browser without brotli to the plain file, gzipped on the way", async () => {
    const response = await fetch(`${origin}/assets/app-1234.js`, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("vary")).toContain("Accept-Encoding");
    expect(await response.text()).toBe(script);
  });

  it("passes over files without a brotli copy and names the build never wrote", async () => {
    const plain = await fetch(`${origin}/assets/plain-5678.js`, { headers: { "Accept-Encoding": "br" } });
    expect(plain.status).toBe(200);
    expect(await plain.text()).toBe(script);
    expect((await fetch(`${origin}/assets/..%2Fapp-1234.js`, { headers: { "Accept-Encoding": "br" } })).status).toBe(404);
    expect((await fetch(`${origin}/assets/missing.js`, { headers: { "Accept-Encoding": "br" } })).status).toBe(404);
  });
});
