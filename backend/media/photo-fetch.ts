import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";

/**
 * Fetches a picture a stock feed names, as a browser would, but refusing to be turned on the
 * site's own network: every address a host name resolves to (and an address written as the
 * host) must be a public one, checked on the address actually connected to, so a name that
 * resolves differently the second time gains nothing; redirects are followed by hand, at most
 * three, each checked the same way. A host named in PHOTO_FETCH_ALLOW_HOSTS may be private.
 * The body is read to a byte limit and the whole fetch to a time limit.
 */

export interface FetchLimits {
  maxBytes: number;
  timeoutMs: number;
  /** Host names (lower case) allowed to resolve to private addresses. */
  allowHosts: readonly string[];
}

export class FetchRefusedError extends Error {}

const MAX_REDIRECTS = 3;

/** Addresses no feed picture lives at: private, loopback, link-local, shared, multicast, reserved. */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 3],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 127],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, "ipv6");

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it is.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPublicAddress(mapped);
  if (family === 6 && /^::ffff:/i.test(address)) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** A lookup that answers only public addresses, unless the host is allowed. */
function checkedLookup(allowed: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 0);
      const refused = allowed ? undefined : addresses.find(({ address }) => !isPublicAddress(address));
      if (refused) return callback(new FetchRefusedError(`${hostname} resolves to a private address`), "", 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const [first] = addresses;
      if (!first) return callback(new FetchRefusedError(`${hostname} has no address`), "", 0);
      callback(null, first.address, first.family);
    });
  };
}

export async function fetchPicture(href: string, limits: FetchLimits): Promise<Buffer> {
  const deadline = AbortSignal.timeout(limits.timeoutMs);
  let url = new URL(href);
  for (let redirects = 0; ; redirects++) {
    const response = await request(url, limits, deadline);
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      if (redirects >= MAX_REDIRECTS) throw new FetchRefusedError(`more than ${MAX_REDIRECTS} redirects`);
      url = new URL(response.headers.location, url);
      continue;
    }
    if (status !== 200) {
      response.resume();
      throw new FetchRefusedError(`answered ${status}`);
    }
    return readBody(response, limits.maxBytes);
  }
}

function request(url: URL, limits: FetchLimits, signal: AbortSignal): Promise<IncomingMessage> {
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new FetchRefusedError(`${url.protocol} addresses are not fetched`);
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  const allowed = limits.allowHosts.includes(host);
  // Node connects to an address written as the host without looking it up, so it is checked here.
  if (isIP(host) !== 0 && !allowed && !isPublicAddress(host)) throw new FetchRefusedError(`${host} is a private address`);
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(url, { lookup: checkedLookup(allowed), signal, headers: { accept: "image/avif,image/webp,image/*" } }, resolve);
    req.on("error", (error) => reject(signal.aborted ? new FetchRefusedError(`took longer than ${limits.timeoutMs / 1000} s`) : error));
  });
}

async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers["content-length"]);
  if (declared > maxBytes) {
    response.destroy();
    throw new FetchRefusedError(`is larger than ${Math.floor(maxBytes / (1 << 20))} MB`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      response.destroy();
      throw new FetchRefusedError(`is larger than ${Math.floor(maxBytes / (1 << 20))} MB`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
