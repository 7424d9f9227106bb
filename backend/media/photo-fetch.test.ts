import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FetchRefusedError, fetchPicture, isPublicAddress, type FetchLimits } from "./photo-fetch";

let server: Server;
let port: number;
const PICTURE = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname === "/picture.jpg") return res.writeHead(200, { "content-type": "image/jpeg" }).end(PICTURE);
    if (url.pathname === "/to-loopback") return res.writeHead(302, { location: `http://127.0.0.1:${port}/picture.jpg` }).end();
    if (url.pathname === "/hop") {
      const left = Number(url.searchParams.get("left"));
      return res.writeHead(302, { location: left > 0 ? `/hop?left=${left - 1}` : "/picture.jpg" }).end();
    }
    if (url.pathname === "/large") return res.writeHead(200).end(Buffer.alloc(64 * 1024));
    // /slow never answers.
  });
  // Both families, as "localhost" may resolve to either.
  server.listen(0, "::");
  await once(server, "listening");
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const limits = (allowHosts: string[] = []): FetchLimits => ({ maxBytes: 16 * 1024, timeoutMs: 1000, allowHosts });

async function refused(href: string, allowHosts?: string[]): Promise<string> {
  const error = await fetchPicture(href, limits(allowHosts)).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FetchRefusedError);
  return (error as Error).message;
}

describe("fetching a feed picture", () => {
  it("refuses a loopback address, written as one or as a name resolving to one", async () => {
    expect(await refused(`http://127.0.0.1:${port}/picture.jpg`)).toBe("127.0.0.1 is a private address");
    expect(await refused(`http://[::1]:${port}/picture.jpg`)).toBe("::1 is a private address");
    expect(await refused(`http://localhost:${port}/picture.jpg`)).toBe("localhost resolves to a private address");
  });

  it("fetches from a host the settings name, and refuses its redirect to a loopback address", async () => {
    expect(await fetchPicture(`http://localhost:${port}/picture.jpg`, limits(["localhost"]))).toEqual(PICTURE);
    expect(await refused(`http://localhost:${port}/to-loopback`, ["localhost"])).toBe("127.0.0.1 is a private address");
  });

  it("follows at most three redirects", async () => {
    expect(await fetchPicture(`http://localhost:${port}/hop?left=2`, limits(["localhost"]))).toEqual(PICTURE);
    expect(await refused(`http://localhost:${port}/hop?left=3`, ["localhost"])).toBe("more than 3 redirects");
  });

  it("stops at the size and time limits", async () => {
    expect(await refused(`http://localhost:${port}/large`, ["localhost"])).toMatch(/larger than/);
    expect(await refused(`http://localhost:${port}/slow`, ["localhost"])).toBe("took longer than 1 s");
  });

  it("refuses addresses that are not on the public internet", () => {
    for (const address of [
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "224.0.0.1",
    ])
      expect(isPublicAddress(address), address).toBe(false);
    for (const address of ["93.184.216.34", "8.8.8.8", "2a00:1450:4009:80b::200e"]) expect(isPublicAddress(address), address).toBe(true);
  });
});
