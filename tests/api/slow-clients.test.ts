import { request } from "node:http";
import { connect, type Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateDemoStock } from "../../backend/demo-stock/generate-demo-stock";
import { startBuiltSite, type BuiltSite } from "../support/built-site";
import { addStaffAccounts, signedInAs } from "../support/staff-accounts";

/**
 * Clients that connect and then send slowly or not at all, against the built site run as a
 * small container would run it (1,024 open files), with the timeouts shortened to a second
 * or two so the test need not wait the defaults out.
 */
let site: BuiltSite;
beforeAll(async () => {
  site = await startBuiltSite(
    { HEADERS_TIMEOUT_SECONDS: "1", REQUEST_TIMEOUT_SECONDS: "2", STOCK_UPLOAD_TIMEOUT_SECONDS: "30" },
    { maxOpenFiles: 1024 },
  );
  await addStaffAccounts(site.dataDir, ["stock"]);
});
afterAll(async () => {
  await site.stop();
});

/** A raw connection that sends `text` and resolves with whatever comes back once the site closes it. */
function rawRequest(text: string, giveUpMs: number): Promise<{ answer: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = connect(site.port, "127.0.0.1", () => socket.write(text));
    let answer = "";
    socket.setEncoding("utf8").on("data", (chunk: string) => (answer += chunk));
    socket.on("close", () => resolve({ answer, ms: Date.now() - started })).on("error", reject);
    setTimeout(() => socket.destroy(new Error(`still open after ${giveUpMs} ms; got ${JSON.stringify(answer)}`)), giveUpMs);
  });
}

/**
 * A stock feed posted to the upload page as a browser on a slow line sends it: the headers
 * at once, then the body in `pieces` spread over `overMs`. Resolves with the answer once the
 * site closes the connection, or `giveUpMs` after the start.
 */
function slowUpload(
  cookie: string | undefined,
  csrf: string,
  { pieces, overMs, giveUpMs }: { pieces: number; overMs: number; giveUpMs: number },
) {
  const boundary = "----slow-upload";
  const feed = Array.from(generateDemoStock({ count: 20, seed: 5 }), (record) => JSON.stringify(record)).join("\n");
  const body = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${csrf}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="mode"\r\n\r\nupsert\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="feed"; filename="slow.ndjson"\r\nContent-Type: application/octet-stream\r\n\r\n${feed}\r\n--${boundary}--\r\n`,
  );
  const head =
    `POST /staff/stock/import HTTP/1.1\r\nHost: 127.0.0.1:${site.port}\r\nOrigin: http://127.0.0.1:${site.port}\r\nAccept: text/html\r\n` +
    (cookie ? `Cookie: ${cookie}\r\n` : "") +
    `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
  const started = Date.now();
  return new Promise<{ answer: string; ms: number }>((resolve, reject) => {
    const socket = connect(site.port, "127.0.0.1", async () => {
      socket.write(head);
      const size = Math.ceil(body.length / pieces);
      for (let start = 0; start < body.length && !socket.destroyed; start += size) {
        await sleep(overMs / pieces);
        if (!socket.destroyed) socket.write(body.subarray(start, start + size));
      }
    });
    let answer = "";
    socket.setEncoding("utf8").on("data", (chunk: string) => (answer += chunk));
    socket
      .on("close", () => resolve({ answer, ms: Date.now() - started }))
      .on("error", (error: NodeJS.ErrnoException) => {
        if (error.code === "ECONNRESET" || error.code === "EPIPE") resolve({ answer, ms: Date.now() - started });
        else reject(error);
      });
    setTimeout(() => socket.destroy(new Error(`still open after ${giveUpMs} ms; got ${JSON.stringify(answer)}`)), giveUpMs);
  });
}

/** A GET on a connection of its own, never one kept alive from before. */
const healthz = () =>
  new Promise<number>((resolve) => {
    request({ host: "127.0.0.1", port: site.port, path: "/healthz", agent: false, timeout: 1000 }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    })
      .on("error", () => resolve(0))
      .on("timeout", function (this: ReturnType<typeof request>) {
        this.destroy();
      })
      .end();
  });

describe("slow and idle clients", () => {
  it("closes a connection that never sends its headers, with a 408", async () => {
    const { answer } = await rawRequest("", 6000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('"code":"request_timeout"');
  });

  it("closes a request whose body stops arriving, with a 408", async () => {
    const { answer } = await rawRequest(
      "POST /api/newsletter HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n{",
      8000,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("gives a signed-in stock manager's upload its own, longer bound than any other request", async () => {
    const { sessionId, csrfToken } = await signedInAs(site.dataDir, "stock");
    // Twice REQUEST_TIMEOUT_SECONDS, well within STOCK_UPLOAD_TIMEOUT_SECONDS.
    const { answer, ms } = await slowUpload(`__Host-staff_session=${sessionId}`, csrfToken, { pieces: 8, overMs: 4000, giveUpMs: 15_000 });
    expect(ms).toBeGreaterThan(4000);
    expect(answer).toMatch(/^HTTP\/1\.1 303 /);
  });

  it("holds anyone else posting slowly to the upload page to the short bound", async () => {
    const { answer, ms } = await slowUpload(undefined, "no-session", { pieces: 8, overMs: 8000, giveUpMs: 15_000 });
    expect(ms).toBeLessThan(5000);
    expect(answer).not.toMatch(/^HTTP\/1\.1 303 /);
  });

  it("refuses a finance application that declares a body over the limit before reading it", async () => {
    const { answer } = await rawRequest(
      "POST /api/finance-application HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\n\r\n{",
      1500,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
  });

  it("keeps answering while more idle connections are open than it has files for", async () => {
    const idle: Socket[] = [];
    try {
      for (let i = 0; i < 1100; i++) idle.push(connect(site.port, "127.0.0.1").on("error", () => undefined));
      await sleep(500);
      let status = 0;
      const deadline = Date.now() + 8000;
      while (status !== 200 && Date.now() < deadline) {
        status = await healthz();
        if (status !== 200) await sleep(250);
      }
      // Before the headers timeout was enforced every second, /healthz stayed out of reach for a minute.
      expect(status).toBe(200);
    } finally {
      for (const socket of idle) socket.destroy();
    }
  });
});
