import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadDealer } from "../../backend/dealer-config";
import type { OutboxTiming } from "../../backend/outbox-worker";
import { feedRecord, KNOWN_VEHICLES } from "../support/known-vehicles";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../support/smtp-sink";
import { addStaffAccounts, signedInAs } from "../support/staff-accounts";
import { startTestSite, type TestSite } from "../support/start-test-site";

/**
 * A dealer group's leads, end to end, over the group demo's dealer file with vehicles standing
 * at its branches: where a real SMTP server on 127.0.0.1 receives each lead's notice, and how
 * the staff inbox picks out a branch's leads.
 */

const FAST: OutboxTiming = { pollIntervalMs: 50, retryBaseMs: 100, retryMaxMs: 400, requestTimeoutMs: 2000 };
const group = await loadDealer("dealer-group.json");
const [wigan, bolton] = group.branches!;
const fiesta = KNOWN_VEHICLES.find(({ id }) => id === "fiesta-2019")!;

/** The Fiesta, standing at a branch (or at none named, when `branch` is undefined). */
function fiestaAt(id: string, branch: string | undefined) {
  return { id, record: { ...feedRecord({ ...fiesta, id }), ...(branch ? { branch } : {}) } };
}

let sink: SmtpSink;
let site: TestSite;
beforeAll(async () => {
  sink = await startSmtpSink();
  site = await startTestSite(
    [fiestaAt("fiesta-wigan", wigan!.code), fiestaAt("fiesta-bolton", bolton!.code), fiestaAt("fiesta-unnamed", undefined)],
    {
      env: { DEALER_CONFIG: "dealer-group.json", SMTP_URL: sink.url, SMTP_TLS: "none" },
      leadForwarding: FAST,
      prepare: (dataDir) => addStaffAccounts(dataDir, ["sales"]),
    },
  );
});
afterAll(async () => {
  await site.close();
  await sink.stop();
});

async function submit(kind: string, body: Record<string, unknown>): Promise<{ id: string; reference: string }> {
  const response = await fetch(`${site.url}/api/${kind}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; reference: string };
}

const enquire = (vehicleId: string) =>
  submit("enquiry", { name: "Siobhán O'Neill", phone: "07700 900123", contactMethod: "phone", message: "Still there?", vehicleId });

/** A part-exchange offer, wanting a vehicle the stock never listed. */
const offerPartExchange = () =>
  submit("part-exchange", {
    name: "Jo Bloggs",
    phone: "07700 900456",
    email: "jo@example.com",
    registration: "MA19 ABC",
    mileage: "42,000",
    make: "Ford",
    model: "Fiesta",
    condition: "Good",
    postcode: "WN3 5AB",
    interestedIn: "never-listed",
  });

const noticeOf = (reference: string) => (mail: ReceivedMail) => mail.subject.startsWith("New ") && mail.subject.includes(reference);

describe("a dealer group's lead notices, through a real SMTP server", () => {
  it("sends a lead about a vehicle at one branch to that branch's lead e-mail, and one at another to the other's", async () => {
    const fromBolton = await enquire("fiesta-bolton");
    const fromWigan = await enquire("fiesta-wigan");
    expect((await sink.waitFor(noticeOf(fromBolton.reference))).to).toEqual([bolton!.leadEmail]);
    expect((await sink.waitFor(noticeOf(fromWigan.reference))).to).toEqual([wigan!.leadEmail]);
  });

  it("sends a lead about a vehicle whose feed names no branch to the first branch, where it stands", async () => {
    const { reference } = await enquire("fiesta-unnamed");
    expect((await sink.waitFor(noticeOf(reference))).to).toEqual([wigan!.leadEmail]);
  });

  it("sends a lead about a vehicle never listed to the dealer's own address", async () => {
    const { reference } = await offerPartExchange();
    expect((await sink.waitFor(noticeOf(reference))).to).toEqual([group.email]);
  });
});

describe("the staff inbox's Branch filter", () => {
  let session: Awaited<ReturnType<typeof signedInAs>>;
  const ids: Record<"wigan" | "bolton" | "none", string[]> = { wigan: [], bolton: [], none: [] };
  beforeAll(async () => {
    session = await signedInAs(site.dataDir, "sales");
    ids.bolton.push((await enquire("fiesta-bolton")).id);
    ids.wigan.push((await enquire("fiesta-wigan")).id, (await enquire("fiesta-unnamed")).id);
    ids.none.push((await offerPartExchange()).id);
  });

  const get = (address: string) => fetch(`${site.url}${address}`, { headers: { Cookie: `staff_session=${session.sessionId}` } });
  const listed = async (query: string) => {
    const response = await get(`/api/staff/leads?${query}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { id: string }[]).map(({ id }) => id);
  };

  it("lists only the leads about vehicles at the branch asked for", async () => {
    const atBolton = await listed("branch=bolton");
    expect(atBolton).toEqual(expect.arrayContaining(ids.bolton));
    const atWigan = await listed("branch=wigan");
    expect(atWigan).toEqual(expect.arrayContaining(ids.wigan));
    for (const id of [...ids.bolton, ...ids.none]) expect(atWigan).not.toContain(id);
    for (const id of [...ids.wigan, ...ids.none]) expect(atBolton).not.toContain(id);
    expect(await listed("")).toEqual(expect.arrayContaining([...ids.wigan, ...ids.bolton, ...ids.none]));
  });

  it("refuses a branch the dealer has not, naming it, in the list and the export", async () => {
    for (const address of ["/api/staff/leads?branch=york", "/api/staff/leads.csv?branch=york", "/api/staff/leads?branch=Bolton"]) {
      const response = await get(address);
      expect(response.status, address).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: "invalid_parameter", field: "branch" } });
    }
  });

  it("exports only the branch's leads", async () => {
    const response = await get("/api/staff/leads.csv?branch=bolton");
    expect(response.status).toBe(200);
    const rows = (await response.text()).trim().split("\r\n");
    expect(rows).toHaveLength(1 + (await listed("branch=bolton")).length);
  });
});
