import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltSite, type BuiltSite } from "../support/built-site";

/**
 * Requests that name their host other than in a Host header, sent over a bare socket as old
 * clients and proxies' clients send them: HTTP/1.0 without a Host, and a request-target in
 * absolute form (`GET http://host/path`). Each gets the page or a plain 4xx, never a 500,
 * and nothing is logged as an error.
 */
let site: BuiltSite;
let siteWithUrl: BuiltSite;
beforeAll(async () => {
  [site, siteWithUrl] = await Promise.all([
    startBuiltSite({ LOG_LEVEL: "info" }),
    startBuiltSite({ LOG_LEVEL: "info", SITE_URL: "https://www.example.co.uk" }),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all([site.stop(), siteWithUrl.stop()]);
});

interface RawAnswer {
  status: number;
  headers: Map<string, string>;
  body: string;
}

/** Sends `request` as it is written and reads the answer until the server closes the connection (HTTP/1.0, or Connection: close). */
function sendRaw(to: BuiltSite, request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(to.port, "127.0.0.1", () => socket.write(request));
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const headEnd = text.indexOf("\r\n\r\n");
      const [statusLine = "", ...headerLines] = text.slice(0, headEnd).split("\r\n");
      const headers = new Map(
        headerLines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
      );
      const body = text.slice(headEnd + 4);
      resolve({
        status: Number(statusLine.split(" ")[1]),
        headers,
        body: headers.get("transfer-encoding") === "chunked" ? unchunked(body) : body,
      });
    });
  });
}

function unchunked(body: string): string {
  let whole = "";
  for (let at = 0; ;) {
    const lineEnd = body.indexOf("\r\n", at);
    const size = Number.parseInt(body.slice(at, lineEnd), 16);
    if (!size) return whole;
    whole += body.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
}

const errorsLogged = (of: BuiltSite) =>
  of
    .log()
    .split("\n")
    .filter((line) => /"level":(50|60)/.test(line) || line.includes('"stack"'));

describe("an HTTP/1.0 request without a Host header", () => {
  const ADDRESSES = ["/", "/car-search?make=Ford", "/contact", "/api/vehicles/search/car"];

  it.each(ADDRESSES)("%s is a 400 naming the missing header when SITE_URL is not set", async (address) => {
    const answer = await sendRaw(site, `GET ${address} HTTP/1.0\r\nAccept: text/html\r\n\r\n`);
    expect(answer.status).toBe(400);
    expect(answer.body).toContain("no Host header");
    expect(errorsLogged(site)).toEqual([]);
  });

  it.each(ADDRESSES)("%s is answered as for SITE_URL's host when it is set", async (address) => {
    const answer = await sendRaw(siteWithUrl, `GET ${address} HTTP/1.0\r\n\r\n`);
    expect(answer.status).toBe(200);
    if (!address.startsWith("/api/")) expect(answer.body).toContain('href="https://www.example.co.uk/');
    expect(errorsLogged(siteWithUrl)).toEqual([]);
  });

  it("is refused by Node itself in HTTP/1.1, which requires the header", async () => {
    expect((await sendRaw(site, "GET / HTTP/1.1\r\nConnection: close\r\n\r\n")).status).toBe(400);
  });
});

describe("a request-target in absolute form", () => {
  const absolute = (target: string, host = `127.0.0.1:${site.port}`) =>
    sendRaw(site, `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nAccept: text/html\r\nConnection: close\r\n\r\n`);

  it("is answered as the page at its path, for the host it names rather than the Host header", async () => {
    const first = await absolute("http://other.example/car-search?make=Ford&body=Hatchback");
    expect(first.status).toBe(200);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(first.body).toContain('<link rel="canonical" href="http://other.example/car-search');
    // Kept for that host, as if asked with Host: other.example.
    const again = await sendRaw(
      site,
      "GET /car-search?make=Ford&body=Hatchback HTTP/1.1\r\nHost: other.example\r\nConnection: close\r\n\r\n",
    );
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(errorsLogged(site)).toEqual([]);
  });

  it("names the home page when it has no path, and reaches the API as well as pages", async () => {
    expect((await absolute("http://other.example")).status).toBe(200);
    expect((await absolute("HTTP://other.example:8080/contact?x=1")).status).toBe(200);
    const api = await absolute("http://other.example/api/vehicles/search/car?pageSize=1");
    expect(api.status).toBe(200);
    expect(JSON.parse(api.body)).toHaveLength(1);
    expect(errorsLogged(site)).toEqual([]);
  });

  it.each(["http://user@other.example/", "http://other.example:99999/", "http:///car-search", "http://[::1/"])(
    "%s names no host, and is a 400",
    async (target) => {
      const answer = await absolute(target);
      expect(answer.status).toBe(400);
      expect(answer.body).toContain("not a valid host name");
      expect(errorsLogged(site)).toEqual([]);
    },
  );

  it("of another scheme is a 400 saying what a target may be", async () => {
    const answer = await absolute("ftp://other.example/car-search");
    expect(answer.status).toBe(400);
    expect(answer.body).toContain("target must be a path on this site (/…) or a whole http:// or https:// address");
    expect(errorsLogged(site)).toEqual([]);
  });

  it.each(["other.example:80", "*"])("%s, a form for other methods than GET, is a 400", async (target) => {
    expect((await absolute(target)).status).toBe(400);
    expect(errorsLogged(site)).toEqual([]);
  });
});
