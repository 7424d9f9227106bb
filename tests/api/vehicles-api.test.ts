import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { capturedLogger } from "../support/captured-logger";
import { KNOWN_VEHICLES, knownStockChange } from "../support/known-vehicles";
import { startTestSite, type TestSite } from "../support/start-test-site";

let site: TestSite;
const logs = capturedLogger();
beforeAll(async () => {
  site = await startTestSite(knownStockChange(), { logger: logs.logger });
});
afterAll(async () => {
  await site.close();
});

const get = (path: string) => fetch(`${site.url}${path}`);
const json = async (path: string) => {
  const response = await get(path);
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
};

function expectError(body: unknown, field?: string) {
  expect(body).toEqual({ error: { code: expect.any(String), message: expect.any(String), ...(field ? { field } : {}) } });
  expect(JSON.stringify(body)).not.toMatch(/at .*\.(ts|js):\d+/);
}

describe("GET /api/vehicles/distinct/{type}", () => {
  it("lists makes A–Z, without models until a make is chosen", async () => {
    const { status, body } = await json("/api/vehicles/distinct/car");
    expect(status).toBe(200);
    expect(body).toMatchObject({ make: ["BMW", "Dacia", "Ford", "Mercedes-Benz", "Tesla"] });
    expect(body).not.toHaveProperty("model");
  });

  it("lists the chosen make's models A–Z", async () => {
    const { body } = await json("/api/vehicles/distinct/car?make=ford");
    expect(body).toMatchObject({ make: ["BMW", "Dacia", "Ford", "Mercedes-Benz", "Tesla"], model: ["Fiesta", "Focus"] });
  });

  it("offers only filters that have options, ranges as ascending bands", async () => {
    const { body } = (await json("/api/vehicles/distinct/car")) as { body: Record<string, string[]> };
    for (const options of Object.values(body)) expect(options.every((option) => typeof option === "string")).toBe(true);
    expect(body.price).toEqual(["5000-10000", "10000-15000", "15000-20000", "20000-25000", "25000-30000"]);
    expect(body.batteryRange).toEqual(["300-350"]);
    expect(body).not.toHaveProperty("cabType");
    expect(body).not.toHaveProperty("vatStatus");
    const vans = (await json("/api/vehicles/distinct/van")).body as Record<string, string[]>;
    expect(vans.wheelbase).toEqual(["LWB", "MWB", "SWB"]);
  });

  it("narrows other filters' options but not a filter's own", async () => {
    const { body } = (await json("/api/vehicles/distinct/car?fuelType=Electric")) as { body: Record<string, string[]> };
    expect(body.make).toEqual(["Tesla"]);
    expect(body.fuelType).toEqual(["Diesel", "Electric", "Hybrid", "Petrol"]);
  });

  it("answers 404 for an unknown type and 400 for a malformed filter", async () => {
    const unknown = await json("/api/vehicles/distinct/bus");
    expect(unknown.status).toBe(404);
    expectError(unknown.body, "type");
    const malformed = await json("/api/vehicles/distinct/car?year=new");
    expect(malformed.status).toBe(400);
    expectError(malformed.body, "year");
  });
});

describe("GET /api/vehicles/search/{type}", () => {
  it("returns the page as an array of records with the total and links", async () => {
    const { status, headers, body } = await json("/api/vehicles/search/car?sort=price_asc&pageSize=2&utm_source=news");
    expect(status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
    const records = body as { _id: string; vehicle: { make: string }; adverts: { retailAdverts: { totalPrice: { amountGBP: number } } } }[];
    expect(records.map((r) => r._id)).toEqual(["sandero-unknowns", "fiesta-2019"]);
    expect(records[1]!.adverts.retailAdverts.totalPrice.amountGBP).toBe(10000);
    expect(headers.get("x-total-count")).toBe("7");
    expect(headers.get("link")).toBe(
      '</api/vehicles/search/car?sort=price_asc&pageSize=2>; rel="first", ' +
        '</api/vehicles/search/car?sort=price_asc&page=2&pageSize=2>; rel="next", ' +
        '</api/vehicles/search/car?sort=price_asc&page=4&pageSize=2>; rel="last"',
    );
  });

  it("links back from a later page, and answers an empty page past the end", async () => {
    const middle = await get("/api/vehicles/search/car?page=2&pageSize=2");
    expect(middle.headers.get("link")).toContain('</api/vehicles/search/car?pageSize=2>; rel="prev"');
    const beyond = await json("/api/vehicles/search/car?page=50");
    expect(beyond.body).toEqual([]);
    expect(beyond.headers.get("x-total-count")).toBe("7");
  });

  it("filters with text and ranges", async () => {
    const { body, headers } = await json("/api/vehicles/search/van?make=ford&price=-20000");
    expect((body as { _id: string }[]).map((r) => r._id)).toEqual(["transit-custom-2020"]);
    expect(headers.get("x-total-count")).toBe("1");
    const none = await json("/api/vehicles/search/car?make=Lada");
    expect(none).toMatchObject({ status: 200, body: [] });
  });

  it.each([
    ["an unknown sort", "sort=cheapest", "sort", 400],
    ["a word for a price", "price=abc", "price", 400],
    ["a backwards range", "price=10-5", "price", 400],
    ["page 0", "page=0", "page", 400],
    ["a page size over 100", "pageSize=1000", "pageSize", 400],
    ["a 10 KB parameter", `make=${"x".repeat(10_240)}`, "make", 400],
    ["a repeated parameter", "make=Ford&make=BMW", "make", 400],
    ["a 200-character keyword search", `q=${"transit ".repeat(25)}`, "q", 400],
    ["control characters in the keywords", "q=ford%0Afocus", "q", 400],
    ["a NUL in the keywords", "q=ford%00", "q", 400],
    ["a postcode that is not one", "postcode=nowhere", "postcode", 400],
    ["a postcode with no place in Great Britain", "postcode=ZZ9%209ZZ", "postcode", 400],
    ["a radius of no miles", "postcode=WN1&withinMiles=0", "withinMiles", 400],
  ])("refuses %s, naming the parameter", async (_label, query, field, status) => {
    const response = await json(`/api/vehicles/search/car?${query}`);
    expect(response.status).toBe(status);
    expectError(response.body, field);
  });

  it("measures each vehicle's distance from a postcode, keeps those within the radius, and measures nothing without one", async () => {
    // The demo dealer's Liverpool showroom, from Wigan and from Southampton.
    const wigan = await json("/api/vehicles/search/car?postcode=wn1%201aa&sort=distance&withinMiles=25");
    expect(wigan.status).toBe(200);
    const near = wigan.body as { distanceMiles: number }[];
    expect(near).toHaveLength(7);
    for (const { distanceMiles } of near) {
      expect(distanceMiles).toBeGreaterThan(15);
      expect(distanceMiles).toBeLessThan(20);
    }
    const far = await json("/api/vehicles/search/car?postcode=SO14&withinMiles=25");
    expect(far).toMatchObject({ status: 200, body: [] });
    expect(far.headers.get("x-total-count")).toBe("0");
    const unmeasured = (await json("/api/vehicles/search/car?sort=distance")).body as object[];
    expect(unmeasured).toHaveLength(7);
    for (const record of unmeasured) expect(record).not.toHaveProperty("distanceMiles");
  });

  it("searches by keyword with typos and a prefix, with filters, sorts and paging headers", async () => {
    const { status, headers, body } = await json("/api/vehicles/search/car?q=fird%20fiesra&sort=price_asc");
    expect(status).toBe(200);
    expect(body).toEqual([]);
    expect(headers.get("x-total-count")).toBe("0");
    const typo = await json("/api/vehicles/search/car?q=ford%20fiesra");
    expect((typo.body as { _id: string }[]).map((r) => r._id)).toEqual(["fiesta-2019"]);
    const prefix = await json("/api/vehicles/search/car?q=autom&fuelType=diesel&sort=price_desc&pageSize=1");
    expect((prefix.body as { _id: string }[]).map((r) => r._id)).toEqual(["bmw-320d-2018"]);
    expect(prefix.headers.get("x-total-count")).toBe("2");
    expect(prefix.headers.get("link")).toContain("q=autom&fuelType=diesel&sort=price_desc&page=2&pageSize=1");
  });

  it("takes an empty value as no filter and ignores parameters it does not know, even repeated", async () => {
    const all = await json("/api/vehicles/search/car");
    const loose = await json(`/api/vehicles/search/car?make=&price=&fbclid=abc&fbclid=def&utm_campaign=${"x".repeat(10_240)}`);
    expect(loose.status).toBe(200);
    expect(loose.headers.get("x-total-count")).toBe(all.headers.get("x-total-count"));
    expect(loose.body).toEqual(all.body);
  });

  it("answers 404 JSON for an unknown type", async () => {
    const response = await json("/api/vehicles/search/spaceship");
    expect(response.status).toBe(404);
    expectError(response.body, "type");
  });
});

describe("GET /api/vehicles", () => {
  it("lists every type with make, model and price at the top level", async () => {
    const { body, headers } = await json("/api/vehicles?pageSize=100");
    const records = body as { _id: string; make: string; model: string; price: number; vehicle: { make: string } }[];
    expect(records).toHaveLength(KNOWN_VEHICLES.length);
    expect(headers.get("x-total-count")).toBe(String(KNOWN_VEHICLES.length));
    const fiesta = records.find((r) => r._id === "fiesta-2019")!;
    expect(fiesta).toMatchObject({ make: "Ford", model: "Fiesta", price: 10000, vehicle: { make: "Ford" } });
  });

  it("pages with the same headers and rules", async () => {
    const response = await get("/api/vehicles?page=2&pageSize=5");
    expect(response.headers.get("link")).toContain('</api/vehicles?page=3&pageSize=5>; rel="next"');
    expect((await json("/api/vehicles?pageSize=101")).status).toBe(400);
  });
});

describe("GET /api/vehicles/{id}", () => {
  it("returns one record", async () => {
    const { status, body } = await json("/api/vehicles/scania-r450-2017");
    expect(status).toBe(200);
    expect(body).toMatchObject({ _id: "scania-r450-2017", vehicle: { make: "Scania", vehicleType: "truck" } });
  });

  it("answers 404 JSON when there is none", async () => {
    for (const id of ["no-such-vehicle", encodeURIComponent("../../etc/passwd"), "x".repeat(500)]) {
      const { status, body } = await json(`/api/vehicles/${id}`);
      expect(status).toBe(404);
      expectError(body, "id");
    }
  });
});

describe("a malformed percent-encoding in the path", () => {
  it.each(["/api/vehicles/%E0%A4%A", "/api/vehicles/distinct/%E0%A4%A", "/api/vehicles/search/car%ZZ", "/api/search/%ZZ"])(
    "%s is a 400 in the error shape, logged without a stack",
    async (address) => {
      const response = await json(address);
      expect(response.status).toBe(400);
      expectError(response.body);
      expect(response.body).toMatchObject({ error: { code: "malformed_path" } });
      await logs.lineContaining(address);
      const logged = logs
        .text()
        .split("\n")
        .filter((line) => line.includes(address))
        .map((line) => JSON.parse(line) as { level: number });
      expect(logged.length).toBeGreaterThan(0);
      expect(logged.every(({ level }) => level <= 40)).toBe(true);
      expect(logged.map((entry) => JSON.stringify(entry)).join("")).not.toContain("stack");
    },
  );
});

describe("the request log", () => {
  it("keeps a search's filters but not a postcode or a tracking tag sent with it", async () => {
    const response = await get("/api/vehicles/search/car?make=Ford&postcode=L3%204BP&utm_content=sam%40example.com");
    expect(response.status).toBe(200);
    const line = await logs.lineContaining("/api/vehicles/search/car?make=Ford&postcode=");
    expect(line).toContain("postcode=%5Bredacted%5D");
    expect(line).not.toMatch(/L3|4BP|sam/);
  });
});

describe("the rest of the server", () => {
  it("answers unknown API calls with a JSON 404", async () => {
    const { status, body } = await json("/api/nothing-here");
    expect(status).toBe(404);
    expectError(body);
  });

  it("reports health with the stock count", async () => {
    const { status, body } = await json("/healthz");
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: "ok", vehicles: KNOWN_VEHICLES.length, rebuilding: false });
  });

  it("tags every response with a request id, echoing a sane incoming one", async () => {
    expect((await get("/healthz")).headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await fetch(`${site.url}/healthz`, { headers: { "X-Request-Id": "lb-1234" } });
    expect(echoed.headers.get("x-request-id")).toBe("lb-1234");
  });

  it("compresses JSON for clients that accept it", async () => {
    const response = await fetch(`${site.url}/api/vehicles?pageSize=100`, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
  });

  it("draws demo pictures and caches them for good", async () => {
    const response = await get("/media/demo/hatchback/red/1.svg");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get("cache-control")).toContain("immutable");
    expect(await response.text()).toMatch(/^<svg/);
    expect((await get("/media/demo/spaceship/red/1.svg")).status).toBe(404);
  });

  it("answers a malformed percent-encoding outside the API with a plain 400 page for a browser, JSON otherwise, logging no error", async () => {
    for (const address of ["/media/demo/%ZZ/red/1.svg", "/media/demo/hatchback/%E0%A4%A/1.svg"]) {
      const page = await fetch(`${site.url}${address}`, { headers: { Accept: "text/html" } });
      expect(page.status).toBe(400);
      expect(page.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await page.text()).toContain("The address has a malformed percent-encoding.");
      const { status, body } = await json(address);
      expect(status).toBe(400);
      expect(body).toMatchObject({ error: { code: "malformed_path" } });
    }
    expect(logs.text()).not.toContain('"level":50');
  });
});

describe("GET /api/search/{type}", () => {
  it("answers the search screen in one call: results, total and every filter's options with counts", async () => {
    const { status, headers, body } = await json("/api/search/car?make=Ford&sort=price_asc");
    expect(status).toBe(200);
    expect(headers.get("server-timing")).toMatch(/^app;dur=\d+(\.\d+)?$/);
    const page = body as {
      total: number;
      page: number;
      pageSize: number;
      vehicles: { _id: string }[];
      options: Record<string, { value: string; count: number }[]>;
    };
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 24 });
    expect(page.vehicles.map((v) => v._id)).toEqual(["fiesta-2019", "focus-2021"]);
    expect(page.options.make).toContainEqual({ value: "Ford", count: 2 });
    expect(page.options.model).toEqual([
      { value: "Fiesta", count: 1 },
      { value: "Focus", count: 1 },
    ]);
    expect(page.options.fuelType).toEqual([
      { value: "Diesel", count: 1 },
      { value: "Petrol", count: 1 },
    ]);
  });

  it("offers derivatives once a model is chosen, where the distinct call always lists them", async () => {
    const options = async (query: string) => ((await json(`/api/search/car?${query}`)).body as { options: object }).options;
    expect(await options("make=Ford")).not.toHaveProperty("derivative");
    expect(await options("make=Ford&model=Focus")).toMatchObject({ derivative: [{ value: "1.5 EcoBlue Titanium Estate", count: 1 }] });
    expect((await json("/api/vehicles/distinct/car")).body).toHaveProperty("derivative");
  });

  it("counts options under the keywords, in the search screen's call and the distinct call", async () => {
    const page = (await json("/api/search/car?q=automatic&make=Ford")).body as {
      total: number;
      options: Record<string, { value: string; count: number }[]>;
    };
    expect(page.total).toBe(1);
    expect(page.options.make).toEqual([
      { value: "BMW", count: 1 },
      { value: "Ford", count: 1 },
      { value: "Mercedes-Benz", count: 2 },
      { value: "Tesla", count: 1 },
    ]);
    expect((await json("/api/vehicles/distinct/car?q=diesel")).body).toMatchObject({ make: ["BMW", "Ford"] });
  });

  it("refuses what the other calls refuse", async () => {
    expect((await json("/api/search/car?q=%07")).status).toBe(400);
    expect((await json("/api/search/bus")).status).toBe(404);
    expect((await json("/api/search/car?mileage=lots")).status).toBe(400);
  });
});

describe("GET /api/suggest/{type}", () => {
  it("suggests the makes the words match, most vehicles first, then the likeliest make's models", async () => {
    const { status, body } = await json("/api/suggest/car?q=merc");
    expect(status).toBe(200);
    expect(body).toEqual({
      suggestions: [
        { label: "Mercedes-Benz", count: 2, href: "/car-search?make=Mercedes-Benz" },
        { label: "Mercedes-Benz A-Class", count: 1, href: "/car-search?make=Mercedes-Benz&model=A-Class" },
        { label: "Mercedes-Benz C-Class", count: 1, href: "/car-search?make=Mercedes-Benz&model=C-Class" },
      ],
    });
    const typo = (await json("/api/suggest/van?q=vokswagen")).body as { suggestions: { label: string }[] };
    expect(typo.suggestions.map((s) => s.label)).toEqual(["Volkswagen", "Volkswagen Transporter"]);
  });

  it("suggests nothing for no words or words nothing matches", async () => {
    expect((await json("/api/suggest/car")).body).toEqual({ suggestions: [] });
    expect((await json("/api/suggest/car?q=zzzz")).body).toEqual({ suggestions: [] });
  });

  it.each([
    ["a 200-character query", `q=${"a".repeat(200)}`],
    ["control characters", "q=ford%0D%0Afocus"],
  ])("refuses %s, naming q", async (_label, query) => {
    const response = await json(`/api/suggest/car?${query}`);
    expect(response.status).toBe(400);
    expectError(response.body, "q");
  });

  it("answers 404 for an unknown type", async () => {
    expect((await json("/api/suggest/bus?q=ford")).status).toBe(404);
  });
});
