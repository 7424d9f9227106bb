import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sitePageFormOf } from "../../domain/lead-kinds";
import { startBuiltSite, type BuiltSite } from "../support/built-site";
import { validApplication } from "../support/finance-applications";
import type { ChildServer } from "../support/servers/child-server";
import { directUrl, startFerretDb } from "../support/servers/mongodb-server";
import { describeUnavailable, reportRan } from "../support/test-servers";

/**
 * The built site's forms, posted without JavaScript, while the store is frozen (SIGSTOP:
 * connections accepted, never answered) after the visitor opened them: each page (the
 * vehicle's forms, finance, feedback and the newsletter alike) comes back
 * with a 503, Retry-After, everything typed still in its fields, and a plain message that
 * sending failed. It needs a MongoDB-protocol server this run starts itself, so that it can
 * be frozen: FerretDB, from FERRETDB_BINARY.
 */
const SUITE = "lead forms while the store is frozen";
const ferretdb = process.env.FERRETDB_BINARY;

if (!ferretdb) {
  describeUnavailable(SUITE, "FERRETDB_BINARY is not set, and only a server this run starts can be frozen");
} else {
  reportRan(SUITE, [{ label: `FerretDB, started from FERRETDB_BINARY (${ferretdb})` }]);
  let server: ChildServer;
  let site: BuiltSite;
  let vehicleId: string;
  beforeAll(async () => {
    server = await startFerretDb(ferretdb);
    site = await startBuiltSite({ MONGODB_URL: directUrl(server.port) });
    vehicleId = (JSON.parse((await site.get("/api/search/car?pageSize=1")).body) as { vehicles: { _id: string }[] }).vehicles[0]!._id;
  });
  afterAll(async () => {
    server?.signal("SIGCONT");
    await site?.stop();
    await server?.stop();
  });

  const post = (address: string, fields: Record<string, string>) =>
    site.send(address, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: `http://127.0.0.1:${site.port}`, Accept: "text/html" },
      body: new URLSearchParams(fields).toString(),
    });

  const enquiry = {
    name: "Siobhán O'Neill-Smith",
    phone: "07700 900123",
    contactMethod: "phone",
    message: "Is the cambelt done? Ask for Siobhán.",
  };
  const application = Object.fromEntries(
    Object.entries(validApplication())
      .filter((entry): entry is [string, string | number] => typeof entry[1] !== "object")
      .map(([name, value]) => [name, String(value)]),
  );

  describe(SUITE, () => {
    it("shows the forms while the store answers", async () => {
      // The visitor opens the forms before the store freezes.
      expect((await site.get(`/vehicles/${vehicleId}/enquire`)).status).toBe(200);
      expect((await site.get(`/vehicles/${vehicleId}/finance`)).status).toBe(200);
    });

    it("gives an enquiry back with everything typed, and 503", async () => {
      server.signal("SIGSTOP");
      const answer = await post(`/vehicles/${vehicleId}/enquire`, enquiry);
      expect(answer.status).toBe(503);
      expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0);
      expect(answer.body).toContain("couldn&#x27;t be sent just now");
      expect(answer.body).toContain('value="07700 900123"');
      expect(answer.body).toContain("Siobhán O&#x27;Neill-Smith");
      expect(answer.body).toContain("Is the cambelt done? Ask for Siobhán.");
    });

    it("gives a finance application back with everything typed, and 503", async () => {
      const answer = await post(`/vehicles/${vehicleId}/finance`, application);
      expect(answer.status).toBe(503);
      expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0);
      expect(answer.body).toContain("couldn&#x27;t be sent just now");
      for (const value of ["14 Wapping Quay", "Mersey Ferries", "siobhan@example.com", "1990-04-23", "2450"])
        expect(answer.body).toContain(`value="${value}"`);
    });

    it.each([
      [
        "feedback",
        "/feedback",
        { message: "The van filters are slow on my phone.", email: "jo@example.com", page: "/van-search" },
        ["The van filters are slow on my phone.", 'value="jo@example.com"', 'value="/van-search"'],
      ],
      [
        "newsletter",
        "/newsletter",
        { email: "jo@example.com", consent: "yes", source: "/vans" },
        ['value="jo@example.com"', 'value="/vans"', "checked"],
      ],
    ] as const)("gives %s back with everything typed, and 503, as every other form", async (kind, address, fields, shown) => {
      const answer = await post(address, fields);
      expect(answer.status).toBe(503);
      expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0);
      expect(answer.body).toContain(sitePageFormOf(kind).failed.replaceAll("'", "&#x27;"));
      for (const text of shown) expect(answer.body).toContain(text);
    });

    it("sends the enquiry once the store answers again", async () => {
      server.signal("SIGCONT");
      await expect
        .poll(async () => (await post(`/vehicles/${vehicleId}/enquire`, enquiry)).status, { timeout: 15_000, interval: 1000 })
        .toBe(302);
    });
  });
}
