import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { VehicleRecord } from "../../domain/vehicle";
import { startBuiltSite, type BuiltAnswer, type BuiltSite } from "../support/built-site";

/**
 * A public page is the same page however it was made: rendered on a render thread
 * (backend/http/render-pool.ts) or on the main thread, kept by the page cache or rendered
 * afresh, compressed or not. Two copies of the built site over one data folder, one with
 * render threads and the page cache, one with neither, compared page by page, nonces aside.
 */
let threaded: BuiltSite;
let plain: BuiltSite;
let vehicles: VehicleRecord[];
beforeAll(async () => {
  // One public address for both, so that the pages name the same origin.
  threaded = await startBuiltSite({ RENDER_THREADS: "2", PAGE_CACHE_MB: "32", SITE_URL: "https://www.example.co.uk" });
  plain = await startBuiltSite(
    { RENDER_THREADS: "0", PAGE_CACHE_MB: "0", SITE_URL: "https://www.example.co.uk" },
    { dataDir: threaded.dataDir },
  );
  vehicles = JSON.parse((await plain.get("/api/vehicles/search/car?pageSize=4&sort=price_asc")).body) as VehicleRecord[];
}, 60_000);
afterAll(async () => {
  await plain?.stop();
  await threaded?.stop();
});

const withoutNonce = (answer: BuiltAnswer) => {
  const nonce = /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"]))?.[1];
  expect(nonce).toBeDefined();
  return answer.body.replaceAll(nonce!, "NONCE");
};

describe("a public page", () => {
  it("is the same rendered on a render thread, kept by the cache, or rendered on the main thread", async () => {
    const [first, second] = vehicles;
    const pages = [
      "/",
      "/car-search",
      "/car-search?make=Ford&sort=price_asc",
      "/van-search?price=-20000&utm_source=mail",
      "/truck-search?page=2",
      `/vehicles/${first!._id}`,
      `/vehicles/${second!._id}?deposit=2000&term=36`,
      `/saved?ids=${first!._id},${second!._id}`,
      `/compare?ids=${second!._id},${first!._id}`,
      "/vehicles",
      "/offers",
      "/cars/used",
      "/contact",
    ];
    for (const page of pages) {
      const rendered = await threaded.get(page);
      const kept = await threaded.get(page);
      const elsewhere = await plain.get(page);
      expect([rendered.status, kept.status, elsewhere.status], page).toEqual([200, 200, 200]);
      expect([rendered.headers["x-page-cache"], kept.headers["x-page-cache"]], page).toEqual(["miss", "hit"]);
      expect(withoutNonce(rendered), page).toBe(withoutNonce(elsewhere));
      expect(withoutNonce(kept), page).toBe(withoutNonce(elsewhere));
      expect(rendered.headers["content-type"], page).toBe(elsewhere.headers["content-type"]);
    }
  });

  it("is the same compressed as a browser asks for it, first and later", async () => {
    const page = `/vehicles/${vehicles[2]!._id}`;
    // A browser's name, as a browser asks: the page cache keeps crawlers' and browsers' pages apart.
    const browser = { "user-agent": "Mozilla/5.0 (Linux; Android 14) Chrome/130.0 Mobile Safari/537.36" };
    const asked = () => fetch(`http://127.0.0.1:${threaded.port}${page}`, { headers: browser });
    const compressed = [await asked(), await asked()];
    const elsewhere = await plain.get(page, browser);
    for (const response of compressed) {
      expect(response.headers.get("content-encoding")).toBe("gzip");
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
      expect((await response.text()).replaceAll(nonce!, "NONCE")).toBe(withoutNonce(elsewhere));
    }
  });

  it("that is not there is the same 404, and a vehicle page from a search links back to it alike", async () => {
    const missing = [await threaded.get("/vehicles/no-such-vehicle"), await plain.get("/vehicles/no-such-vehicle")];
    expect(missing.map((answer) => answer.status)).toEqual([404, 404]);
    expect(withoutNonce(missing[0]!)).toBe(withoutNonce(missing[1]!));
    expect(missing[0]!.body).toContain("Vehicle not found.");

    const fromSearch = { referer: `https://www.example.co.uk/car-search?make=${encodeURIComponent(vehicles[3]!.vehicle.make)}` };
    const page = `/vehicles/${vehicles[3]!._id}`;
    const [rendered, elsewhere] = [await threaded.get(page, fromSearch), await plain.get(page, fromSearch)];
    expect(rendered.body).toContain(`href="/car-search?make=${encodeURIComponent(vehicles[3]!.vehicle.make)}"`);
    expect(withoutNonce(rendered)).toBe(withoutNonce(elsewhere));
  });

  it("carries its loaders' data for the browser whole, and its stylesheet under the response's nonce", async () => {
    // The page is rendered to a string after the data is read (frontend/hydration-data.server.ts):
    // a React Router that stopped taking the data that way would leave the page without it.
    const vehicle = vehicles[0]!;
    const answer = await plain.get(`/vehicles/${vehicle._id}`);
    const page = withoutNonce(answer);
    const data = [...page.matchAll(/<script nonce="NONCE">window\.__reactRouterContext\.streamController\.enqueue\((.*?)\);<\/script>/g)];
    expect(data.length).toBeGreaterThan(0);
    expect(data.map(([, chunk]) => chunk).join("")).toContain(vehicle._id);
    expect(page).toContain('<script nonce="NONCE">window.__reactRouterContext.streamController.close();</script>');
    expect(page).toMatch(/^<!DOCTYPE html><html lang="en-GB"><head>/);
    expect(page).toMatch(/<style nonce="NONCE" data-href="\/assets\/app-[\w-]+\.css">\.site-header\{/);
  });
});
