import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltSite, type BuiltAnswer, type BuiltSite } from "../support/built-site";
import { addStaffAccounts, signedInAs } from "../support/staff-accounts";

/**
 * The stock table and the vehicle console's new forms on the built site, spoken to as a
 * browser without JavaScript would: who may open the table, page views counted (crawlers
 * not), a bulk price change, a reservation, and description and spec edits marked as made by hand.
 */

let site: BuiltSite;
let stock: { cookie: string; csrf: string };
let admin: { cookie: string };

beforeAll(async () => {
  site = await startBuiltSite({ DEMO_STOCK_SIZE: "40" });
  await addStaffAccounts(site.dataDir);
  const { sessionId, csrfToken } = await signedInAs(site.dataDir, "stock");
  stock = { cookie: `__Host-staff_session=${sessionId}`, csrf: csrfToken };
  admin = { cookie: `__Host-staff_session=${(await signedInAs(site.dataDir, "admin")).sessionId}` };
}, 60_000);
afterAll(async () => {
  await site.stop();
});

const origin = () => `http://127.0.0.1:${site.port}`;
const text = (page: BuiltAnswer) =>
  page.body
    .replace(/<(style|script)[^>]*>[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&#x27;", "'")
    .replaceAll("&amp;", "&")
    .replace(/\s+/g, " ");
const post = (address: string, fields: [string, string][]) =>
  site.send(address, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin(), Accept: "text/html", Cookie: stock.cookie },
    body: new URLSearchParams(fields).toString(),
  });
type ApiVehicle = {
  _id: string;
  reserved?: true;
  vehicle: { colour?: string };
  adverts: { retailAdverts: { totalPrice: { amountGBP: number }; description?: string } };
};
const vehicles = async (query = "") => JSON.parse((await site.get(`/api/vehicles?pageSize=100${query}`)).body) as ApiVehicle[];
const vehicle = async (id: string) => JSON.parse((await site.get(`/api/vehicles/${id}`)).body) as ApiVehicle;
/** The ids of the table's rows, in order. */
const rowIds = (page: BuiltAnswer) =>
  [...page.body.matchAll(/<input type="checkbox"[^>]* name="id" value="([^"]+)"/g)].map((match) => match[1]);

describe("the stock table", () => {
  // First: the table counts views and leads once a minute, from its first request.
  it("counts each vehicle page served to a visitor, not to a crawler nor a HEAD, and sorts by it", async () => {
    const [first, second] = await vehicles();
    const browser = { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36", Accept: "text/html" };
    for (let i = 0; i < 3; i++) expect((await site.get(`/vehicles/${second!._id}`, browser)).status).toBe(200);
    await site.get(`/vehicles/${first!._id}`, browser);
    await site.get(`/vehicles/${first!._id}`, {
      ...browser,
      "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    });
    await site.get(`/vehicles/${first!._id}`, browser, "HEAD");
    const byViews = await site.get("/staff/stock?sort=views", { Cookie: stock.cookie });
    expect(rowIds(byViews).slice(0, 2)).toEqual([second!._id, first!._id]);
    expect(byViews.body).toMatch(/aria-sort="descending"[^>]*><a[^>]*>Views \(30 days\)/);
  });

  it("is the stock manager's: anyone else is sent to sign in or refused", async () => {
    expect((await site.get("/staff/stock")).status).toBe(302);
    const { sessionId } = await signedInAs(site.dataDir, "sales");
    expect((await site.get("/staff/stock", { Cookie: `__Host-staff_session=${sessionId}` })).status).toBe(403);
    const page = await site.get("/staff/stock", { Cookie: stock.cookie });
    expect(page.status).toBe(200);
    expect(text(page)).toContain("40 vehicles");
    expect(rowIds(page)).toHaveLength(40);
  });

  it("reprices the ticked vehicles at once, each change audited, and refuses an amount it cannot read", async () => {
    const picked = (await vehicles("&sort=price_desc")).slice(0, 2);
    const ids = picked.map(({ _id }) => ["id", _id] as [string, string]);
    const refused = await post("/staff/stock", [["csrf", stock.csrf], ...ids, ["change", "reduce-percent"], ["amount", "150"]]);
    expect(refused.status).toBe(400);
    expect(text(refused)).toContain("Enter the reduction as a percentage between 0 and 100");
    expect((await post("/staff/stock", [...ids, ["change", "reduce-by"], ["amount", "100"]])).status).toBe(403);

    const changed = await post("/staff/stock", [["csrf", stock.csrf], ...ids, ["change", "reduce-by"], ["amount", "£1,000"]]);
    expect(changed.status).toBe(200);
    expect(text(changed)).toContain("2 prices changed.");
    for (const { _id, adverts } of picked) {
      expect((await vehicle(_id)).adverts.retailAdverts.totalPrice.amountGBP).toBe(adverts.retailAdverts.totalPrice.amountGBP - 1000);
    }
    const audit = text(await site.get("/staff/audit?action=vehicle-price-changed", { Cookie: admin.cookie }));
    for (const { _id } of picked) expect(audit).toContain(`vehicle-price-changed ${_id}`);
  });

  it("reads the bulk form as the price box reads money, refusing with a 400 that names the field and changing nothing", async () => {
    const picked = (await vehicles("&sort=price_asc")).slice(0, 2);
    const ids = picked.map(({ _id }) => ["id", _id] as [string, string]);
    const prices = async () => Promise.all(picked.map(async ({ _id }) => (await vehicle(_id)).adverts.retailAdverts.totalPrice.amountGBP));
    const before = await prices();
    const refusals: [string, string, "change" | "amount", string][] = [
      ["__proto__", "5", "change", "Choose how to change the prices"],
      ["constructor", "5", "change", "Choose how to change the prices"],
      ["reduce-percent", "0x10", "amount", "Enter the reduction as a percentage between 0 and 100"],
      ["reduce-percent", "1e1", "amount", "Enter the reduction as a percentage between 0 and 100"],
      ["reduce-by", "1e1", "amount", "Enter the reduction in pounds"],
    ];
    for (const [change, amount, field, problem] of refusals) {
      const refused = await post("/staff/stock", [["csrf", stock.csrf], ...ids, ["change", change], ["amount", amount]]);
      expect(refused.status, `${change} ${amount}`).toBe(400);
      expect(text(refused)).toContain(problem);
      expect(refused.body).toMatch(
        new RegExp(`<(select|input)[^>]*id="bulk-${field}"[^>]*aria-invalid="true"[^>]*aria-describedby="bulk-problem"`),
      );
    }
    expect(await prices()).toEqual(before);

    const cut = await post("/staff/stock", [["csrf", stock.csrf], ...ids, ["change", "reduce-percent"], ["amount", "10%"]]);
    expect(text(cut)).toContain("2 prices changed.");
    expect(await prices()).toEqual(before.map((price) => Math.floor(price * 0.9)));
  });
});

describe("the vehicle's console page", () => {
  it("reserves a vehicle, which buyers still find, marked Reserved", async () => {
    const [{ _id: id }] = (await vehicles()) as [ApiVehicle];
    const reserved = await post(`/staff/stock/vehicles/${id}`, [
      ["csrf", stock.csrf],
      ["intent", "reserve"],
    ]);
    expect(reserved.status).toBe(200);
    expect(text(reserved)).toContain("Reserved: buyers still find it");
    expect((await vehicle(id)).reserved).toBe(true);
    expect(text(await site.get(`/vehicles/${id}`))).toContain("Reserved");
    expect(text(await site.get(`/staff/stock?status=reserved`, { Cookie: stock.cookie }))).toContain("1 vehicle");
    await post(`/staff/stock/vehicles/${id}`, [
      ["csrf", stock.csrf],
      ["intent", "release"],
    ]);
    expect((await vehicle(id)).reserved).toBeUndefined();
  });

  it("takes the description and spec as typed, marks what changed as changed by hand, and names a wrong value", async () => {
    const [{ _id: id }] = (await vehicles("&sort=mileage")) as [ApiVehicle];
    const page = `/staff/stock/vehicles/${id}`;
    const wrong = await post(page, [
      ["csrf", stock.csrf],
      ["intent", "details"],
      ["doors", "lots"],
    ]);
    expect(wrong.status).toBe(400);
    expect(text(wrong)).toMatch(/Doors .+/);

    const saved = await post(page, [
      ["csrf", stock.csrf],
      ["intent", "details"],
      ["colour", "Sunset Orange"],
      ["description", "One careful owner, full service history."],
    ]);
    expect(saved.status).toBe(200);
    expect(text(saved)).toContain("Saved: description, colour changed by hand");
    const edited = JSON.parse((await site.get(`/api/vehicles/${id}`)).body) as ApiVehicle & { handEdited?: string[] };
    expect(edited.vehicle.colour).toBe("Sunset Orange");
    expect(edited.adverts.retailAdverts.description).toBe("One careful owner, full service history.");
    expect(edited.handEdited).toEqual(["description", "colour"]);
    expect(text(await site.get(page, { Cookie: stock.cookie }))).toContain("Changed by hand: feeds leave it as it is.");

    await post(page, [
      ["csrf", stock.csrf],
      ["intent", "details"],
      ["unmark", "colour"],
    ]);
    expect((JSON.parse((await site.get(`/api/vehicles/${id}`)).body) as { handEdited?: string[] }).handEdited).toEqual(["description"]);
    const audit = text(await site.get("/staff/audit", { Cookie: admin.cookie }));
    expect(audit).toContain(`vehicle-details-edited ${id}`);
    expect(audit).toContain(`vehicle-hand-marks-cleared ${id}`);
  });
});
