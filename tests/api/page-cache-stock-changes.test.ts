import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MongoStaffStore } from "../../backend/staff/mongo-staff-store";
import { startBuiltSite, type BuiltSite } from "../support/built-site";
import { sandboxName } from "../support/sandboxes";
import { addStaffAccounts, addStaffAccountsTo, signedInAs, signedInTo } from "../support/staff-accounts";
import { suiteServers } from "../support/suite-servers";

/**
 * A kept page never shows a vehicle as it was once a stock manager has changed it: on the
 * instance that made the change from its answer on, before its search index has been
 * rebuilt (which with a few thousand vehicles takes a while), and on another instance
 * sharing the store once it hears of the change (it reads the stock's version every second).
 */
const STOCK = "2000";
/** FerretDB over SQLite, on a machine shared with other work, takes minutes to load thousands. */
const MONGO_STOCK = "300";

interface Manager {
  site: BuiltSite;
  cookie: string;
  csrf: string;
}

/** Marks a vehicle sold through the stock console, as its Mark sold button does. */
async function markSold({ site, cookie, csrf }: Manager, id: string): Promise<void> {
  const answer = await site.send(`/staff/stock/vehicles/${id}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: `http://127.0.0.1:${site.port}`,
      Accept: "text/html",
      Cookie: cookie,
    },
    body: new URLSearchParams({ csrf, intent: "sold", confirm: "yes" }).toString(),
  });
  expect(answer.status).toBe(303);
}

/** The listing's first vehicle, with the listing and that vehicle's page both kept by the site. */
async function keptVehiclePage(site: BuiltSite): Promise<string> {
  const listing = await site.get("/vehicles");
  const id = /href="\/vehicles\/([A-Za-z0-9_-]+)"/.exec(listing.body)![1]!;
  for (const address of ["/vehicles", `/vehicles/${id}`]) {
    await site.get(address);
    const again = await site.get(address);
    expect(again.headers["x-page-cache"], address).toBe("hit");
  }
  expect((await site.get(`/vehicles/${id}`)).body).toContain("Apply for finance");
  return id;
}

describe("the instance a vehicle is marked sold on", () => {
  let manager: Manager;
  beforeAll(async () => {
    const site = await startBuiltSite({ DEMO_STOCK_SIZE: STOCK });
    await addStaffAccounts(site.dataDir, ["stock"]);
    const { sessionId, csrfToken } = await signedInAs(site.dataDir, "stock");
    manager = { site, cookie: `__Host-staff_session=${sessionId}`, csrf: csrfToken };
  }, 60_000);
  afterAll(async () => {
    await manager?.site.stop();
  });

  it("shows it sold on the next request for its page, and forgets the kept listing that showed it", async () => {
    const { site } = manager;
    const id = await keptVehiclePage(site);
    await markSold(manager, id);
    const page = await site.get(`/vehicles/${id}`);
    expect(page.status).toBe(410);
    expect(page.body).toContain("This vehicle has been sold");
    expect((await site.get("/vehicles")).headers["x-page-cache"]).toBe("miss");
  });
});

const mongo = await suiteServers("a kept page on another instance sharing MongoDB", ["mongo"]);
if (mongo) {
  describe("another instance sharing the store", () => {
    const name = sandboxName("page_cache");
    let manager: Manager;
    let other: BuiltSite;
    beforeAll(async () => {
      const engines = { MONGODB_URL: mongo.mongo.url, MONGODB_DB: name, DEMO_STOCK_SIZE: MONGO_STOCK };
      // The first loads the demo stock into the empty database; the second finds it there.
      const site = await startBuiltSite(engines);
      while ((await site.get("/api/vehicles?pageSize=1")).headers["x-total-count"] !== MONGO_STOCK) await sleep(500);
      other = await startBuiltSite(engines);
      const staffStore = await MongoStaffStore.open(mongo.mongo.client.db(name));
      await addStaffAccountsTo(staffStore, ["stock"]);
      const { sessionId, csrfToken } = await signedInTo(staffStore, "stock");
      manager = { site, cookie: `__Host-staff_session=${sessionId}`, csrf: csrfToken };
    }, 180_000);
    afterAll(async () => {
      await manager?.site.stop();
      await other?.stop();
      await mongo.mongo.client.db(name).dropDatabase();
    });

    it("shows it sold once it hears of the change through the store", { timeout: 60_000 }, async () => {
      const id = await keptVehiclePage(other);
      await markSold(manager, id);
      // FerretDB over SQLite answers slowly while the other instance re-reads the stock for its index: a second's poll, then some.
      await expect.poll(async () => (await other.get(`/vehicles/${id}`)).status, { timeout: 20_000, interval: 50 }).toBe(410);
    });
  });
}
