import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadDealer } from "../../backend/dealer-config";
import { FileStaffStore } from "../../backend/staff/file-staff-store";
import { dealerDetailsSchema, type DealerDetails } from "../../domain/content/content-schemas";
import { CONTENT_FORMS } from "../../frontend/staff/content-form";
import { startBuiltSite, type BuiltSite } from "../support/built-site";
import { formFieldsOf } from "../support/content-form-posts";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../support/smtp-sink";
import { addStaffAccounts, signedInAs } from "../support/staff-accounts";

/**
 * A dealer group's branches edited in the staff area, on the built group demo
 * (DEALER_CONFIG=dealer-group.json) with a real SMTP server on 127.0.0.1: a branch moved and
 * given a new lead e-mail is followed at once, without a restart, by its public page, the
 * distances the search measures, and the notice of a lead about a vehicle there; a postcode
 * the site cannot place, and removing a branch vehicles stand at, are refused naming the
 * field, and nothing is published.
 */

const group = dealerDetailsSchema.parse(await loadDealer("dealer-group.json"));
const [, bolton, warrington] = group.branches!;
let sink: SmtpSink;
let site: BuiltSite;
let editor: { cookie: string; csrf: string };

beforeAll(async () => {
  sink = await startSmtpSink();
  site = await startBuiltSite({
    DEALER_CONFIG: "dealer-group.json",
    SMTP_URL: sink.url,
    SMTP_TLS: "none",
    RENDER_THREADS: "1",
    PAGE_CACHE_MB: "16",
  });
  await addStaffAccounts(site.dataDir, ["editor"]);
  const session = await signedInAs(site.dataDir, "editor");
  editor = { cookie: `__Host-staff_session=${session.sessionId}`, csrf: session.csrfToken };
}, 60_000);
afterAll(async () => {
  await site?.stop();
  await sink?.stop();
});

const origin = () => `http://127.0.0.1:${site.port}`;

/** Publishes the dealer's details as the editor's form posts them, from the revision the page was opened at. */
async function publish(details: DealerDetails) {
  const page = await site.get("/staff/content/dealer", { Cookie: editor.cookie });
  expect(page.status).toBe(200);
  const basedOn = /name="basedOn" value="(\d+)"/.exec(page.body)![1]!;
  return site.send("/staff/content/dealer", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin(), Accept: "text/html", Cookie: editor.cookie },
    body: new URLSearchParams([
      ["csrf", editor.csrf],
      ["basedOn", basedOn],
      ["intent", "publish"],
      ...formFieldsOf(CONTENT_FORMS.dealer, details),
    ]).toString(),
  });
}

const withBranches = (...branches: NonNullable<DealerDetails["branches"]>) => ({ ...group, branches });

async function carsNear(postcode: string): Promise<{ branch: string; distanceMiles: number }[]> {
  const answer = await site.get(
    `/api/vehicles/search/car?postcode=${encodeURIComponent(postcode)}&sort=distance&withinMiles=25&pageSize=50`,
  );
  expect(answer.status).toBe(200);
  return JSON.parse(answer.body) as { branch: string; distanceMiles: number }[];
}

async function vehicleAt(branch: string): Promise<string> {
  const answer = await site.get("/api/vehicles?pageSize=30");
  const vehicle = (JSON.parse(answer.body) as { _id: string; branch?: string }[]).find((each) => each.branch === branch);
  expect(vehicle, branch).toBeDefined();
  return vehicle!._id;
}

const noticeOf = (reference: string) => (mail: ReceivedMail) => mail.subject.startsWith("New ") && mail.subject.includes(reference);

describe("a branch edited in the staff area", () => {
  it("is refused with a postcode the site cannot place or a lead e-mail that is none, naming the field, and nothing is published", async () => {
    const badPostcode = await publish(
      withBranches(group.branches![0]!, { ...bolton!, address: { ...bolton!.address, postcode: "ZZ99 9ZZ" } }, warrington!),
    );
    expect(badPostcode.status).toBe(400);
    expect(badPostcode.body).toContain("is not a postcode the site can place on the map");
    // The editor's words come back in the form, not lost.
    expect(badPostcode.body).toContain('value="ZZ99 9ZZ"');
    const badEmail = await publish(withBranches(group.branches![0]!, { ...bolton!, leadEmail: "bolton at example" }, warrington!));
    expect(badEmail.status).toBe(400);
    expect(badEmail.body).toContain('id="content-branches-1-leadEmail-error"');
    expect((await site.get("/branches/bolton")).body).toContain(bolton!.address.postcode);
  });

  it("refuses removing a branch vehicles still stand at, saying how many", async () => {
    const stocked = (JSON.parse((await site.get("/api/vehicles?pageSize=100")).body) as { branch?: string }[]).filter(
      ({ branch }) => branch === "warrington",
    ).length;
    expect(stocked).toBeGreaterThan(0);
    const refused = await publish(withBranches(group.branches![0]!, bolton!));
    expect(refused.status).toBe(400);
    expect(refused.body).toContain(`Warrington (warrington) still has ${stocked} vehicle`);
    expect((await site.get("/branches/warrington")).status).toBe(200);
  });

  it("moved and given a new lead e-mail, is followed by its page, the distances searched and a lead's notice, without a restart", async () => {
    expect(await carsNear("SO14 3TJ")).toEqual([]);
    const moved = {
      ...bolton!,
      address: { lines: ["1 Ocean Way"], town: "Southampton", postcode: "SO14 3TJ" },
      leadEmail: "southampton@northway-motors.example",
    };
    const published = await publish(withBranches(group.branches![0]!, moved, warrington!));
    expect(published.status).toBe(302);

    const page = await site.get("/branches/bolton");
    expect(page.body).toContain("SO14 3TJ");
    expect(page.body).toContain("southampton@northway-motors.example");
    expect((await site.get("/branches")).body).toContain("1 Ocean Way");

    const near = await carsNear("SO14 3TJ");
    expect(near.length).toBeGreaterThan(0);
    for (const { branch, distanceMiles } of near) {
      expect(branch).toBe("bolton");
      expect(distanceMiles).toBeLessThan(2);
    }

    const enquiry = await site.send("/api/enquiry", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        name: "Siobhán O'Neill",
        phone: "07700 900123",
        contactMethod: "phone",
        message: "Still there?",
        vehicleId: await vehicleAt("bolton"),
      }),
    });
    expect(enquiry.status).toBe(201);
    const { reference } = JSON.parse(enquiry.body) as { reference: string };
    expect((await sink.waitFor(noticeOf(reference))).to).toEqual(["southampton@northway-motors.example"]);

    const store = await FileStaffStore.open(site.dataDir);
    try {
      const { entries } = await store.listAudit({ action: "content-published", targetId: "dealer", page: 1, pageSize: 10 });
      expect(entries).toHaveLength(1);
    } finally {
      await store.close();
    }
  });
});
