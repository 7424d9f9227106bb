import { readdir } from "node:fs/promises";
import { connect } from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateDemoStock } from "../../backend/demo-stock/generate-demo-stock";
import { startBuiltSite, type BuiltAnswer, type BuiltSite } from "../support/built-site";
import { addStaffAccounts, signedInAs } from "../support/staff-accounts";

/**
 * The stock console's import page on the built site, spoken to as a browser posting its
 * forms without JavaScript would: who may open it, the upload's CSRF token and size limit,
 * a broken feed, the mass-removal guard of a full feed, one import at a time, and a whole
 * import from upload to history, with the search showing the new stock.
 */
const DEMO_STOCK = 30;
let site: BuiltSite;
let stock: { cookie: string; csrf: string };
let admin: { cookie: string; csrf: string };

beforeAll(async () => {
  site = await startBuiltSite({ DEMO_STOCK_SIZE: String(DEMO_STOCK), STOCK_UPLOAD_MAX_MB: "1" });
  await addStaffAccounts(site.dataDir);
  const session = async (role: "stock" | "admin") => {
    const { sessionId, csrfToken } = await signedInAs(site.dataDir, role);
    return { cookie: `__Host-staff_session=${sessionId}`, csrf: csrfToken };
  };
  stock = await session("stock");
  admin = await session("admin");
}, 60_000);
afterAll(async () => {
  await site.stop();
});

const PAGE = "/staff/stock/import";
const origin = () => `http://127.0.0.1:${site.port}`;
const demoLines = (count: number, seed?: number) => Array.from(generateDemoStock({ count, seed }), (record) => JSON.stringify(record));

/** The upload form as a browser sends it: the CSRF token and the mode first, then the file. */
function upload(
  who: { cookie: string },
  fields: Record<string, string>,
  file?: { name: string; content: string },
  headers: Record<string, string> = {},
) {
  const boundary = `----stock-test-${Math.random().toString(36).slice(2)}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  if (file)
    parts.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="feed"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n${file.content}\r\n`,
    );
  const body = `${parts.join("")}--${boundary}--\r\n`;
  return site.send(PAGE, {
    method: "POST",
    headers: {
      "Content-Type": `multipart/form-data; boundary=${boundary}`,
      "Content-Length": String(Buffer.byteLength(body)),
      Origin: origin(),
      Accept: "text/html",
      Cookie: who.cookie,
      ...headers,
    },
    body,
  });
}

function post(who: { cookie: string }, fields: Record<string, string>) {
  return site.send(PAGE, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin(), Accept: "text/html", Cookie: who.cookie },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The import page once it shows `wanted` (the import runs in the background). */
async function pageShowing(wanted: RegExp, who = stock): Promise<string> {
  let body = "";
  for (let tries = 0; tries < 200; tries++) {
    body = (await site.get(PAGE, { Cookie: who.cookie })).body;
    if (wanted.test(body)) return body;
    await sleep(100);
  }
  throw new Error(`The import page never showed ${wanted}`);
}

const importId = (page: string) => /name="id" value="([0-9a-f]+)"/.exec(page)?.[1] ?? "";
const vehicleCount = async () => Number((await site.get("/api/vehicles?pageSize=1")).headers["x-total-count"]);
/** A page's words, tags taken out. */
const text = (page: BuiltAnswer | string) =>
  (typeof page === "string" ? page : page.body)
    .replace(/<(style|script)[^>]*>[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&")
    .replace(/\s+/g, " ");

describe("who may import", () => {
  it("opens the console to the stock role and admins only, and makes it a stock manager's front page", async () => {
    const { sessionId } = await signedInAs(site.dataDir, "sales");
    const sales = await site.get(PAGE, { Cookie: `__Host-staff_session=${sessionId}` });
    expect(sales.status).toBe(403);
    expect(sales.body).toContain("needs the stock role");
    expect((await site.get(PAGE)).status).toBe(302);
    const page = await site.get(PAGE, { Cookie: stock.cookie });
    expect(page.status).toBe(200);
    expect(page.body).toContain("<h1>Import stock</h1>");
    expect(page.headers["cache-control"]).toBe("no-store");
    expect((await site.get(PAGE, { Cookie: admin.cookie })).status).toBe(200);
    expect((await site.get("/staff", { Cookie: stock.cookie })).headers.location).toBe(PAGE);
  });

  it("refuses an upload without the session's CSRF token, or from another site, and keeps nothing of it", async () => {
    const file = { name: "feed.ndjson", content: demoLines(3, 7).join("\n") };
    expect((await upload(stock, { mode: "upsert" }, file)).status).toBe(403);
    expect((await upload(stock, { csrf: "not-the-token", mode: "upsert" }, file)).status).toBe(403);
    expect((await upload(stock, { csrf: stock.csrf, mode: "upsert" }, file, { Origin: "https://evil.example" })).status).toBe(403);
    expect(await readdir(path.join(site.dataDir, "stock-uploads")).catch(() => [])).toEqual([]);
    expect((await site.get(PAGE, { Cookie: stock.cookie })).body).not.toContain("Preview");
  });
});

/**
 * A feed's upload as anyone may send it: headers declaring `declaredBytes`, then the first
 * 64 KiB of the body, and no more unless the server asks. Resolves with the answer and
 * whether the server then closed the connection rather than wait to read the rest.
 */
function uploadDeclaring(
  declaredBytes: number,
  headers: Record<string, string>,
): Promise<{ status: number; body: string; closedByServer: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = connect(site.port, "127.0.0.1");
    let answer = "";
    const settle = (closedByServer: boolean) => {
      clearTimeout(waiting);
      socket.destroy();
      const [head = "", body = ""] = answer.split("\r\n\r\n");
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), body, closedByServer });
    };
    // Long enough for any answer; a server still reading the body would wait for the rest forever.
    const waiting = setTimeout(() => settle(false), 3000);
    socket.setEncoding("utf8").on("data", (chunk: string) => (answer += chunk));
    socket.on("end", () => settle(true));
    socket.on("error", (error: NodeJS.ErrnoException) =>
      error.code === "ECONNRESET" || error.code === "EPIPE" ? settle(true) : reject(error),
    );
    const head = Object.entries({
      Host: `127.0.0.1:${site.port}`,
      "Content-Type": "multipart/form-data; boundary=----big",
      "Content-Length": String(declaredBytes),
      Accept: "text/html",
      ...headers,
    })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join("");
    socket.write(`POST ${PAGE} HTTP/1.1\r\n${head}\r\n`);
    socket.write(`------big\r\nContent-Disposition: form-data; name="feed"; filename="big.csv"\r\n\r\n${"x".repeat(64 * 1024)}`);
  });
}

describe("a large upload from anyone but a stock manager", () => {
  const FIVE_MB = 5 * 1024 * 1024;

  it.each([
    ["a visitor", (): Record<string, string> => ({})],
    ["a visitor naming the site as its origin", () => ({ Origin: origin() })],
    ["a visitor with a made-up session", () => ({ Origin: origin(), Cookie: "__Host-staff_session=made-up" })],
  ])("from %s is refused before the server reads it", async (_who, headers) => {
    const answer = await uploadDeclaring(FIVE_MB, headers());
    expect(answer.status).toBe(403);
    expect(answer.closedByServer).toBe(true);
  });

  it("from a member of the sales team is refused before the server reads it, saying who may upload", async () => {
    const { sessionId } = await signedInAs(site.dataDir, "sales");
    const answer = await uploadDeclaring(FIVE_MB, { Origin: origin(), Cookie: `__Host-staff_session=${sessionId}` });
    expect(answer.status).toBe(403);
    expect(answer.body).toContain("stock or admin role");
    expect(answer.closedByServer).toBe(true);
  });
});

describe("uploads", () => {
  it("answers 413 for a file over STOCK_UPLOAD_MAX_MB, whether its length says so or it is found while reading", async () => {
    // Sent over a raw connection: the server answers without reading the rest and closes, and a
    // client still writing 2 MB may have the connection reset under it before it reads the answer.
    const declared = await uploadDeclaring(2 << 20, { Origin: origin(), Cookie: stock.cookie });
    expect(declared.status).toBe(413);
    expect(declared.body).toContain("1 MB");
    expect(declared.closedByServer).toBe(true);
    const justOver = await upload(stock, { csrf: stock.csrf, mode: "upsert" }, { name: "over.csv", content: "x".repeat((1 << 20) + 10) });
    expect(justOver.status).toBe(413);
    expect(text(justOver)).toContain("larger than the limit of 1 MB");
    expect(await readdir(path.join(site.dataDir, "stock-uploads")).catch(() => [])).toEqual([]);
  });

  it("changes nothing for a broken feed, and says why", async () => {
    const cutShort = `${demoLines(2, 11).join("\n")}\n{"_id":"half-a-rec`;
    const answer = await upload(stock, { csrf: stock.csrf, mode: "replace" }, { name: "broken.ndjson", content: cutShort });
    expect(answer.status).toBe(303);
    const page = await pageShowing(/Import failed/);
    expect(page).toContain("may have been cut short, so nothing was imported");
    expect(await vehicleCount()).toBe(DEMO_STOCK);
  });
});

describe("a full feed", () => {
  it("previews the vehicles it would remove, and refuses until the mass removal is confirmed", async () => {
    const feed = demoLines(5).join("\n");
    expect((await upload(stock, { csrf: stock.csrf, mode: "replace" }, { name: "five.ndjson", content: feed })).status).toBe(303);
    const preview = await pageShowing(/Preview: nothing is changed/);
    expect(text(preview)).toContain(`This would remove 25 of ${DEMO_STOCK} vehicles. Tick to confirm.`);
    expect(await vehicleCount()).toBe(DEMO_STOCK);

    // A second import while this one waits is refused, naming who started it.
    const second = await upload(admin, { csrf: admin.csrf, mode: "upsert" }, { name: "other.ndjson", content: demoLines(1, 5).join("\n") });
    expect(second.status).toBe(409);
    expect(text(second)).toContain("Stock Person is about to import five.ndjson");

    const unconfirmed = await post(stock, { csrf: stock.csrf, id: importId(preview), intent: "apply" });
    expect(unconfirmed.status).toBe(400);
    expect(text(unconfirmed)).toContain("tick the box to confirm");
    expect(await vehicleCount()).toBe(DEMO_STOCK);

    expect((await post(stock, { csrf: stock.csrf, id: importId(preview), intent: "apply", confirmRemoval: "yes" })).status).toBe(303);
    const done = text(await pageShowing(/Import finished/));
    expect(done).toMatch(/Removed as sold 25/);
    expect(await vehicleCount()).toBe(5);
  });
});

describe("an update", () => {
  it("previews, imports in the background, lists rejected rows as CSV, and records the import in the history", async () => {
    const added = Array.from(generateDemoStock({ count: 4, seed: 4242 }));
    const bad = JSON.stringify({ ...added[0], _id: "bad-price", adverts: { retailAdverts: { totalPrice: { amountGBP: -5 } } } });
    const feed = [...added.map((record) => JSON.stringify(record)), bad].join("\n");
    expect((await upload(stock, { csrf: stock.csrf, mode: "upsert" }, { name: "new-stock.ndjson", content: feed })).status).toBe(303);
    const preview = await pageShowing(/Preview: nothing is changed/);
    const shown = text(preview);
    expect(shown).toMatch(/Added 4/);
    expect(shown).toMatch(/Rejected 1/);
    expect(shown).toContain("Price must be more than 0, not -5 (field adverts.retailAdverts.totalPrice.amountGBP, line 5)");
    expect(shown).not.toContain("Tick to confirm");

    // Only the one who started it, or an admin, confirms it.
    expect(preview).toContain("Import now");
    expect((await site.get(PAGE, { Cookie: admin.cookie })).body).toContain("Import now");

    expect((await post(stock, { csrf: stock.csrf, id: importId(preview), intent: "apply" })).status).toBe(303);
    const done = await pageShowing(/Import finished/);
    expect(text(done)).toMatch(/Added 4/);
    const csvLink = /href="(\/staff\/stock\/import\/[0-9a-f]+\/rejected\.csv)"/.exec(done)![1]!;
    const csv = await site.get(csvLink, { Cookie: stock.cookie });
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body.split("\r\n")[0]).toBe("line,reason,record");
    expect(csv.body.split("\r\n")[1]).toMatch(/^5,"Price must be more than 0, not -5 .*","\{""_id"":""bad-price""/);

    for (let tries = 0; tries < 50 && (await vehicleCount()) !== 9; tries++) await sleep(100);
    expect(await vehicleCount()).toBe(9);
    expect((await site.get(`/api/vehicles/${added[0]!._id}`)).status).toBe(200);

    const history = text(done);
    expect(history).toContain("Recent imports");
    expect(history).toMatch(/new-stock\.ndjson update 4 added, 0 updated, 0 unchanged, 0 removed, 1 rejected/);
    expect(history).toContain("five.ndjson whole stock");
    expect(history).toMatch(/broken\.ndjson whole stock .*failed/);
  });
});

describe("a feed with mistakes a person made", () => {
  it("shows each rejected row's problem in words, gives the rows back whole, and takes them back corrected", async () => {
    const feed = [
      "_id,vehicleType,make,model,derivative,price,odometerReadingMiles",
      'typo-1,car,Ford,Focus,1.0 EcoBoost,"£12,995","12,000"',
      'typo-2,car,"=HYPERLINK(""http://x"")",Puma,- Titanium,9995,',
      "typo-3,car,Kia,Ceed,,,8000",
      "typo-4,car,Kia,Picanto,,12.5.0,lots",
      "",
    ].join("\r\n");
    expect((await upload(stock, { csrf: stock.csrf, mode: "upsert" }, { name: "typed.csv", content: feed })).status).toBe(303);
    const preview = await pageShowing(/Preview: nothing is changed/);
    const shown = text(preview);
    expect(shown).toMatch(/Added 1/);
    expect(shown).toMatch(/Rejected 3/);
    expect(shown).toContain(
      'Make starts like a spreadsheet formula (with =, +, -, or @), which a spreadsheet opening it would run: "=HYPERLINK("http://x")" (column make, line 3)',
    );
    expect(shown).toContain("Price is missing (column price, line 4)");
    expect(shown).toContain(
      'Mileage must be a number, not "lots" (column odometerReadingMiles, line 5); Price must be an amount in pounds, like 12995 or £12,995.50, not "12.5.0" (column price, line 5)',
    );
    expect((await post(stock, { csrf: stock.csrf, id: importId(preview), intent: "apply" })).status).toBe(303);
    const done = await pageShowing(/Import finished/);
    const csvLink = /href="(\/staff\/stock\/import\/[0-9a-f]+\/rejected\.csv)"/.exec(done)![1]!;
    const rejected = (await site.get(csvLink, { Cookie: stock.cookie })).body;
    expect(rejected.split("\r\n")).toEqual([
      "line,reason,_id,vehicleType,make,model,derivative,price,odometerReadingMiles",
      expect.stringMatching(/^3,"Make starts like .*",typo-2,car,"'=HYPERLINK\(""http:\/\/x""\)",Puma,'- Titanium,9995,$/),
      '4,"Price is missing (column price, line 4)",typo-3,car,Kia,Ceed,,,8000',
      expect.stringMatching(/^5,".*",typo-4,car,Kia,Picanto,,12.5.0,lots$/),
      "",
    ]);

    // Corrected in a spreadsheet and uploaded as it is.
    const corrected = rejected
      .replace(`"'=HYPERLINK(""http://x"")"`, "Ford")
      .replace("Ceed,,,8000", "Ceed,,7495,8000")
      .replace("12.5.0,lots", '"£6,250.00",22000');
    expect((await upload(stock, { csrf: stock.csrf, mode: "upsert" }, { name: "corrected.csv", content: corrected })).status).toBe(303);
    const again = await pageShowing(/Preview: nothing is changed/);
    expect(text(again)).toMatch(/Added 3/);
    expect(text(again)).toMatch(/Rejected 0/);
    expect(text(again)).not.toContain("Columns no field matches");
    expect((await post(stock, { csrf: stock.csrf, id: importId(again), intent: "apply" })).status).toBe(303);
    await pageShowing(/Import finished/);
    const puma = JSON.parse((await site.get("/api/vehicles/typo-2")).body) as { vehicle: { make: string; derivative: string } };
    expect(puma.vehicle).toMatchObject({ make: "Ford", derivative: "- Titanium" });
    const picanto = JSON.parse((await site.get("/api/vehicles/typo-4")).body) as {
      vehicle: { odometerReadingMiles: number };
      adverts: { retailAdverts: { totalPrice: { amountGBP: number } } };
    };
    expect(picanto.adverts.retailAdverts.totalPrice.amountGBP).toBe(6250);
    expect(picanto.vehicle.odometerReadingMiles).toBe(22000);
  });
});

describe("the search index", () => {
  const INDEX_PAGE = "/staff/stock/search-index";

  it("shows the engine and the vehicles in the stock and the index, to the stock role and admins only", async () => {
    const { sessionId } = await signedInAs(site.dataDir, "sales");
    expect((await site.get(INDEX_PAGE, { Cookie: `__Host-staff_session=${sessionId}` })).status).toBe(403);
    const page = text(await site.get(INDEX_PAGE, { Cookie: stock.cookie }));
    const stored = await vehicleCount();
    expect(page).toContain("Engine The site's own index (embedded)");
    expect(page).toContain(`Vehicles in stock ${stored}`);
    expect(page).toContain(`Vehicles in the index ${stored}`);
    expect(page).toMatch(/Last built \d+ \w+ \d{4}, \d\d:\d\d/);
    expect((await site.get(INDEX_PAGE, { Cookie: admin.cookie })).status).toBe(200);
  });

  it("rebuilds the index when asked with the session's CSRF token, and records who did", async () => {
    const ask = (fields: Record<string, string>) =>
      site.send(INDEX_PAGE, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin(), Accept: "text/html", Cookie: stock.cookie },
        body: new URLSearchParams(fields).toString(),
      });
    expect((await ask({})).status).toBe(403);
    expect((await ask({ csrf: stock.csrf })).status).toBe(303);
    let page = "";
    for (let tries = 0; tries < 100 && !/Rebuilt by/.test(page); tries++) {
      page = text(await site.get(INDEX_PAGE, { Cookie: stock.cookie }));
      await sleep(100);
    }
    expect(page).toContain(`Rebuilt by Stock Person`);
    expect(page).toContain(`${await vehicleCount()} vehicles in`);
    const audit = text(await site.get("/staff/audit?action=search-index-rebuilt", { Cookie: admin.cookie }));
    expect(audit).toMatch(/stock@dealer\.example search-index-rebuilt .*engine: embedded, result: rebuilt/);
  });
});

describe("one vehicle", () => {
  const postTo = (address: string, fields: Record<string, string>, who = stock) =>
    site.send(address, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin(), Accept: "text/html", Cookie: who.cookie },
      body: new URLSearchParams(fields).toString(),
    });

  it("is found by its registration, however it is typed, and its price changed, with every change recorded", async () => {
    const [vehicle] = JSON.parse((await site.get("/api/vehicles?pageSize=1")).body) as {
      _id: string;
      vehicle: { registration: string };
      adverts: { retailAdverts: { totalPrice: { amountGBP: number } } };
    }[];
    const {
      _id: id,
      vehicle: { registration },
    } = vehicle!;
    const was = vehicle!.adverts.retailAdverts.totalPrice.amountGBP;
    const typed = registration.replace(/\s+/g, "").toLowerCase();
    const found = text(await site.get(`/staff/stock/vehicles?q=${typed}`, { Cookie: stock.cookie }));
    expect(found).toContain("1 vehicle");
    expect(found).toContain(registration);

    const page = `/staff/stock/vehicles/${id}`;
    const { sessionId } = await signedInAs(site.dataDir, "sales");
    expect((await site.get(page, { Cookie: `__Host-staff_session=${sessionId}` })).status).toBe(403);
    expect((await postTo(page, { intent: "price", price: "1000" })).status).toBe(403);
    const refused = await postTo(page, { csrf: stock.csrf, intent: "price", price: "-5" });
    expect(refused.status).toBe(400);
    expect(text(refused)).toContain("Enter the price in pounds");

    const changed = await postTo(page, { csrf: stock.csrf, intent: "price", price: "£1,000" });
    expect(changed.status).toBe(200);
    expect(text(changed)).toContain("The price is now £1,000.");
    const api = JSON.parse((await site.get(`/api/vehicles/${id}`)).body) as {
      adverts: { retailAdverts: { totalPrice: { amountGBP: number } } };
    };
    expect(api.adverts.retailAdverts.totalPrice.amountGBP).toBe(1000);
    await postTo(page, { csrf: stock.csrf, intent: "price", price: "1250" });
    const history = text(await site.get(page, { Cookie: stock.cookie }));
    expect(history).toMatch(
      new RegExp(`£1,000 £1,250 stock@dealer\\.example .*£${was.toLocaleString("en-GB")} £1,000 stock@dealer\\.example`),
    );
  });

  it("takes a new price only as people write one: hexadecimal and exponents are refused, not read as £16 or £1,000", async () => {
    const [vehicle] = JSON.parse((await site.get("/api/vehicles?pageSize=1")).body) as { _id: string }[];
    const page = `/staff/stock/vehicles/${vehicle!._id}`;
    const priceNow = async () =>
      (
        JSON.parse((await site.get(`/api/vehicles/${vehicle!._id}`)).body) as {
          adverts: { retailAdverts: { totalPrice: { amountGBP: number } } };
        }
      ).adverts.retailAdverts.totalPrice.amountGBP;
    const was = await priceNow();
    for (const typed of ["0x10", "1e3", "12,99,5", "Infinity", "£"]) {
      const refused = await postTo(page, { csrf: stock.csrf, intent: "price", price: typed });
      expect(refused.status, typed).toBe(400);
      expect(text(refused)).toContain("Enter the price in pounds, like 12995 or £12,995.50");
    }
    expect(await priceNow()).toBe(was);

    // A rise, so it leaves no reduction for the next test to find.
    const changed = await postTo(page, { csrf: stock.csrf, intent: "price", price: " £12,995.00 " });
    expect(changed.status).toBe(200);
    expect(text(changed)).toContain("The price is now £12,995.");
    expect(await priceNow()).toBe(12995);
  });

  it("shows buyers a reduction on the vehicle's page and card, and finds it as recently reduced", async () => {
    const [vehicle] = JSON.parse((await site.get("/api/vehicles/search/car?pageSize=1&sort=price_desc")).body) as {
      _id: string;
      vehicle: { vehicleType: string };
      adverts: { retailAdverts: { totalPrice: { amountGBP: number } } };
    }[];
    const { _id: id } = vehicle!;
    const was = vehicle!.adverts.retailAdverts.totalPrice.amountGBP;
    // The earlier test's £1,000 reduction was undone by its rise to £1,250.
    expect(JSON.parse((await site.get("/api/vehicles/search/car?reduced=1")).body)).toEqual([]);
    expect((await site.get("/api/vehicles/search/car?reduced=yes")).status).toBe(400);

    const reduced = await postTo(`/staff/stock/vehicles/${id}`, { csrf: stock.csrf, intent: "price", price: String(was - 500) });
    expect(reduced.status).toBe(200);
    const recent = JSON.parse((await site.get("/api/vehicles/search/car?reduced=1")).body) as {
      _id: string;
      priceReduction?: { fromGBP: number };
    }[];
    expect(recent.map(({ _id }) => _id)).toEqual([id]);
    expect(recent[0]!.priceReduction?.fromGBP).toBe(was);
    expect(text(await site.get(`/vehicles/${id}`))).toContain("Price reduced by £500");
    const results = text(await site.get("/car-search?reduced=1"));
    expect(results).toContain("Price reduced by £500");
    expect(results).toContain("Recently reduced");
  });

  it("hides a vehicle from buyers until shown again, saying so in the console, and records who did", async () => {
    const [vehicle] = JSON.parse((await site.get("/api/vehicles?pageSize=1&sort=price_asc")).body) as { _id: string }[];
    const { _id: id } = vehicle!;
    const page = `/staff/stock/vehicles/${id}`;
    const before = await vehicleCount();
    expect((await postTo(page, { intent: "hide" })).status).toBe(403);
    expect((await site.get(`/api/vehicles/${id}`)).status).toBe(200);

    const hidden = await postTo(page, { csrf: stock.csrf, intent: "hide" });
    expect(hidden.status).toBe(200);
    expect(text(hidden)).toContain("Hidden from buyers");
    expect((await site.get(`/api/vehicles/${id}`)).status).toBe(404);
    expect((await site.get(`/vehicles/${id}`, { Accept: "text/html" })).status).toBe(404);
    // A saved list or comparison holding it no longer offers it either.
    expect(JSON.parse((await site.get(`/api/vehicle-lookup?ids=${id}`)).body)).toEqual({ vehicles: [{ id, status: "unknown" }] });
    expect(await vehicleCount()).toBe(before - 1);
    expect(text(await site.get(page, { Cookie: stock.cookie }))).toContain("Show to buyers");

    const shown = await postTo(page, { csrf: stock.csrf, intent: "show" });
    expect(text(shown)).toContain("Shown: buyers can find it again.");
    expect((await site.get(`/api/vehicles/${id}`)).status).toBe(200);
    expect(await vehicleCount()).toBe(before);
    const audit = text(await site.get("/staff/audit", { Cookie: admin.cookie }));
    expect(audit).toContain(`vehicle-hidden ${id}`);
    expect(audit).toContain(`vehicle-shown ${id}`);
  });

  it("is marked sold only when confirmed, and leaves the stock and the search at once", async () => {
    const [vehicle] = JSON.parse((await site.get("/api/vehicles?pageSize=1")).body) as { _id: string; vehicle: { vehicleType: string } }[];
    const page = `/staff/stock/vehicles/${vehicle!._id}`;
    const before = await vehicleCount();
    expect((await postTo(page, { csrf: stock.csrf, intent: "sold" })).status).toBe(400);
    expect(await vehicleCount()).toBe(before);
    const sold = await postTo(page, { csrf: stock.csrf, intent: "sold", confirm: "yes" });
    expect(sold.status).toBe(303);
    expect(sold.headers.location).toMatch(/^\/staff\/stock\/vehicles\?sold=/);
    expect((await site.get(`/api/vehicles/${vehicle!._id}`)).status).toBe(404);
    expect(await vehicleCount()).toBe(before - 1);
    expect((await site.get(page, { Cookie: stock.cookie })).status).toBe(404);
    const audit = text(await site.get("/staff/audit?action=vehicle-sold", { Cookie: admin.cookie }));
    expect(audit).toContain(`vehicle-sold ${vehicle!._id}`);
  });
});
