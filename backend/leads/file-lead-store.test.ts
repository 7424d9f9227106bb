import { randomUUID } from "node:crypto";
import { appendFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { financeApplicationSchema } from "../../domain/finance-application";
import { capturedLogger } from "../../tests/support/captured-logger";
import { validApplication } from "../../tests/support/finance-applications";
import { FileLeadStore } from "./file-lead-store";
import { referenceOfId } from "./lead-reference";
import { contactsOf, searchTermsOf } from "./lead-search";
import { keptLeadOf, NEW_WORK } from "./lead-store";
import { describeLeadStoreContract } from "../../tests/contract/lead-store-contract";

describeLeadStoreContract("files under DATA_DIR/leads", async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "leads-"));
  const store = await FileLeadStore.open(dataDir);
  return {
    store,
    reopen: () => FileLeadStore.open(dataDir),
    async dispose() {
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
});

describe("FileLeadStore on disk", () => {
  const data = { message: "Lovely staff" };
  let dataDir: string;
  const leadsDir = () => path.join(dataDir, "leads");
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "leads-"));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("has the whole lead in its own file by the time add resolves, with no forwarding fields for a kind kept only for staff", async () => {
    const store = await FileLeadStore.open(dataDir);
    const receivedAt = new Date();
    const { id, reference } = await store.add({ kind: "feedback", receivedAt, data, forwarded: false });
    const onDisk = JSON.parse(await readFile(path.join(leadsDir(), `${id}.json`), "utf8"));
    expect(onDisk).toEqual({ id, kind: "feedback", reference, receivedAt: receivedAt.toISOString(), data });
    expect((await readdir(leadsDir())).sort()).toEqual([`${id}.json`, "index.ndjson"]);
    await store.close();
  });

  it("reads every lead file when it has no journal, clearing away what a crash cut short and skipping a file it cannot read, saying which", async () => {
    const store = await FileLeadStore.open(dataDir);
    const { id } = await store.add({ kind: "part-exchange", receivedAt: new Date(), data, forwarded: true });
    await store.close();
    await rm(path.join(leadsDir(), "index.ndjson"));
    const damaged = "00000000-0000-4000-8000-000000000000";
    await writeFile(path.join(leadsDir(), `${id}.json.partial-99999-abcd`), '{"id":');
    await writeFile(path.join(leadsDir(), `${damaged}.json`), '{"id":');
    const { logger, text } = capturedLogger();
    const reopened = await FileLeadStore.open(dataDir, logger);
    expect(await reopened.get(id)).toMatchObject({ id, data });
    expect(await reopened.get(damaged)).toBeUndefined();
    expect((await readdir(leadsDir())).sort()).toEqual([`${damaged}.json`, `${id}.json`, "index.ndjson"].sort());
    expect(JSON.parse(text().split("\n")[0]!)).toMatchObject({ level: 50, leadId: damaged, msg: "A lead file could not be read" });
    await reopened.close();
  });

  it("starts from its journal alone, reading again only the leads a crash caught part-way through a change", async () => {
    const store = await FileLeadStore.open(dataDir);
    const kept = await store.add({
      kind: "enquiry",
      receivedAt: new Date(Date.UTC(2030, 0, 1)),
      data: { email: "kept@example.com" },
      forwarded: true,
    });
    const changed = await store.add({
      kind: "enquiry",
      receivedAt: new Date(Date.UTC(2030, 0, 2)),
      data: { email: "changed@example.com" },
      forwarded: true,
    });
    const deleted = await store.add({
      kind: "enquiry",
      receivedAt: new Date(Date.UTC(2030, 0, 3)),
      data: { email: "gone@example.com" },
      forwarded: true,
    });
    await store.close();
    const journal = path.join(leadsDir(), "index.ndjson");
    // A file the journal does not announce is not read: start-up reads the journal, not every file.
    await writeFile(path.join(leadsDir(), "00000000-0000-4000-8000-000000000000.json"), '{"id":');
    // Crashes after announcing a change: one had written the lead file anew (as staff opened it), one had deleted it; the last line is torn.
    const file = path.join(leadsDir(), `${changed.id}.json`);
    await writeFile(
      file,
      JSON.stringify({ ...JSON.parse(await readFile(file, "utf8")), work: { ...NEW_WORK, status: "won", readAt: new Date() } }),
    );
    await rm(path.join(leadsDir(), `${deleted.id}.json`));
    await appendFile(journal, `${JSON.stringify({ changing: changed.id })}\n${JSON.stringify({ changing: deleted.id })}\n{"entry":{"id":`);
    const { logger, text } = capturedLogger();
    const reopened = await FileLeadStore.open(dataDir, logger);
    expect(text()).toBe("");
    const listed = await reopened.list({ page: 1, pageSize: 10 });
    expect(listed).toMatchObject({ total: 2, leads: [{ id: changed.id, work: { status: "won" } }, { id: kept.id }] });
    expect(await reopened.countUnread()).toBe(1);
    expect((await reopened.list({ page: 1, pageSize: 10, statuses: ["won"] })).total).toBe(1);
    // What was read again is in the journal once it is rewritten (in the background), and the torn line gone.
    await reopened.close();
    expect((await readFile(journal, "utf8")).trim().split("\n")).toHaveLength(2);
  });

  it("finds by search the leads added after its first search, and no longer those deleted", async () => {
    const store = await FileLeadStore.open(dataDir);
    const ids = async (search: string) => (await store.list({ search, page: 1, pageSize: 10 })).leads.map(({ id }) => id);
    const jo = await store.add({
      kind: "enquiry",
      receivedAt: new Date(1_000),
      data: { name: "Jo Bloggs", email: "jo@example.com" },
      forwarded: false,
    });
    expect(await ids("jo@example.com")).toEqual([jo.id]);
    const joanna = await store.add({
      kind: "enquiry",
      receivedAt: new Date(2_000),
      data: { name: "Joanna", phone: "07700900123" },
      forwarded: false,
    });
    expect(await ids("jo")).toEqual([joanna.id, jo.id]);
    expect(await ids("07700 900123")).toEqual([joanna.id]);
    expect((await store.withContacts(["07700900123"], 10)).map(({ id }) => id)).toEqual([joanna.id]);
    await store.eraseContact("jo@example.com");
    expect(await ids("jo")).toEqual([joanna.id]);
    expect(await store.withContacts(["jo@example.com"], 10)).toEqual([]);
    await store.close();
  });

  it("answers a search as wide as one letter among 20,000 leads, newest first, with how many it found", async () => {
    // Written as the journal keeps them, so the store opens on 20,000 leads at once; only the leads shown need their files.
    const leads = Array.from({ length: 20_000 }, (_, n) => {
      const first = n % 2 === 1 ? "Ann" : "Bob";
      return {
        id: randomUUID(),
        kind: "enquiry" as const,
        reference: referenceOfId(String(n)),
        receivedAt: new Date(n * 1_000),
        data: { name: `${first} ${n}`, email: `${first.toLowerCase()}${n}@example.com` },
      };
    });
    await mkdir(leadsDir(), { recursive: true });
    const entryOf = (lead: (typeof leads)[number]) => ({
      ...lead,
      receivedAt: lead.receivedAt.getTime(),
      status: "new",
      read: false,
      searchTerms: searchTermsOf(lead.kind, lead.data),
      contacts: contactsOf(lead.kind, lead.data),
    });
    await writeFile(path.join(leadsDir(), "index.ndjson"), leads.map((lead) => `${JSON.stringify({ entry: entryOf(lead) })}\n`).join(""));
    const shown = [...leads.slice(19_980), leads[1_999]!];
    await Promise.all(shown.map((lead) => writeFile(path.join(leadsDir(), `${lead.id}.json`), JSON.stringify(lead))));
    const store = await FileLeadStore.open(dataDir);
    const found = async (search: string, page = 1) => {
      const { total, leads } = await store.list({ search, page, pageSize: 3 });
      return { total, names: leads.map(({ data }) => (data as { name: string }).name) };
    };

    expect(await found("a")).toEqual({ total: 10_000, names: ["Ann 19999", "Ann 19997", "Ann 19995"] });
    expect(await found("B", 2)).toEqual({ total: 10_000, names: ["Bob 19992", "Bob 19990", "Bob 19988"] });
    expect(await found("ann1999")).toEqual({ total: 6, names: ["Ann 19999", "Ann 19997", "Ann 19995"] });
    expect(await found("ann 1999", 2)).toEqual({ total: 6, names: ["Ann 19993", "Ann 19991", "Ann 1999"] });
    // Two wide searches at once, each stamping what it finds, each answered whole.
    expect(await Promise.all([found("a"), found("bob 1999")])).toEqual([
      { total: 10_000, names: ["Ann 19999", "Ann 19997", "Ann 19995"] },
      { total: 5, names: ["Bob 19998", "Bob 19996", "Bob 19994"] },
    ]);
    expect(await found("ann a")).toEqual({ total: 10_000, names: ["Ann 19999", "Ann 19997", "Ann 19995"] });
    expect(await found("b x")).toEqual({ total: 0, names: [] });
    expect(await found("\u0301")).toEqual({ total: 20_000, names: ["Ann 19999", "Bob 19998", "Ann 19997"] });
    await store.close();
  });

  it("keeps an erased contact out of its journal, not only out of the lead files", async () => {
    const store = await FileLeadStore.open(dataDir);
    await store.add({ kind: "enquiry", receivedAt: new Date(), data: { email: "erase-me@example.com" }, forwarded: true });
    await store.add({ kind: "enquiry", receivedAt: new Date(), data: { email: "keep-me@example.com" }, forwarded: true });
    expect(await readFile(path.join(leadsDir(), "index.ndjson"), "utf8")).toContain("erase-me@example.com");
    expect(await store.eraseContact("erase-me@example.com")).toEqual({ enquiry: 1 });
    const journal = await readFile(path.join(leadsDir(), "index.ndjson"), "utf8");
    expect(journal).not.toContain("erase-me");
    expect(journal).toContain("keep-me@example.com");
    await store.close();
  });

  it("rewrites its journal after a deletion beside new leads, which go on arriving and are all kept", async () => {
    await mkdir(leadsDir(), { recursive: true });
    const day = 24 * 3_600_000;
    // Written as an older version left them, with no journal: the store reads each once.
    for (let n = 0; n < 2_000; n++) {
      const lead = keptLeadOf(
        {
          kind: "enquiry",
          receivedAt: new Date(Date.now() - (n < 1_000 ? 900 : 10) * day + n),
          data: { email: `lead${n}@example.com` },
          forwarded: true,
        },
        randomUUID(),
        `REF${n}`,
      );
      await writeFile(path.join(leadsDir(), `${lead.id}.json`), JSON.stringify(lead));
    }
    const store = await FileLeadStore.open(dataDir);
    expect((await store.list({ page: 1, pageSize: 1 })).total).toBe(2_000);
    let deleted = false;
    const added: string[] = [];
    const [removed] = await Promise.all([
      store.deleteReceivedBefore("enquiry", new Date(Date.now() - 365 * day)).finally(() => (deleted = true)),
      (async () => {
        for (let n = 0; !deleted || n < 3; n++)
          added.push(
            (await store.add({ kind: "enquiry", receivedAt: new Date(), data: { email: `new${n}@example.com` }, forwarded: true })).id,
          );
      })(),
    ]);
    expect(removed).toBe(1_000);
    await store.close();
    const journal = await readFile(path.join(leadsDir(), "index.ndjson"), "utf8");
    expect(journal).not.toContain("lead999@example.com");
    const reopened = await FileLeadStore.open(dataDir);
    const listed = await reopened.list({ page: 1, pageSize: 100 });
    expect(listed.total).toBe(1_000 + added.length);
    expect(listed.leads.slice(0, added.length).map(({ id }) => id)).toEqual(added.toReversed());
    await reopened.close();
  });
});

describe("leads stored by the version before the family was one", () => {
  const application = financeApplicationSchema.parse(validApplication());
  const financeId = "11111111-1111-4111-8111-111111111111";
  const signUpId = "22222222-2222-4222-8222-222222222222";
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "leads-legacy-"));
    await mkdir(path.join(dataDir, "applications"));
    await mkdir(path.join(dataDir, "enquiries", "newsletter"), { recursive: true });
    // Exactly as FileApplicationStore and FileEnquiryStore wrote them.
    await writeFile(
      path.join(dataDir, "applications", `${financeId}.json`),
      JSON.stringify({
        id: financeId,
        receivedAt: "2026-11-01T10:00:00.000Z",
        submissionKey: "digest-1",
        application,
        forwardAttempts: 2,
        nextAttemptAt: "2026-11-01T10:05:00.000Z",
      }),
    );
    const signUp = { email: "jo@example.com", consent: { wording: "Yes, send me offers", givenAt: "2026-10-01T09:00:00.000Z" } };
    await writeFile(
      path.join(dataDir, "enquiries", "newsletter", `${signUpId}.json`),
      JSON.stringify({ id: signUpId, receivedAt: "2026-10-01T09:00:00.000Z", key: "digest-jo", enquiry: signUp }),
    );
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("are moved in with their ids, times, keys and forwarding state, and their old folders go", async () => {
    const { logger, text } = capturedLogger();
    const store = await FileLeadStore.open(dataDir, logger);
    expect(await store.get(financeId)).toEqual({
      id: financeId,
      kind: "finance-application",
      reference: referenceOfId(financeId),
      receivedAt: new Date("2026-11-01T10:00:00.000Z"),
      vehicle: { id: "fiesta-2019", inStock: true, make: "Ford", model: "Fiesta", registration: "MA19 ABC", mileage: 32000 },
      data: application,
      forwardAttempts: 2,
      nextAttemptAt: new Date("2026-11-01T10:05:00.000Z"),
      work: NEW_WORK,
    });
    expect(await store.get(signUpId)).toMatchObject({ kind: "newsletter", data: { email: "jo@example.com" }, forwardAttempts: 0 });
    // Still due to be forwarded, and still one lead per key.
    expect(await store.claimNextDue(new Date("2026-11-01T10:06:00.000Z"), 60_000)).toMatchObject({ id: financeId });
    expect(await store.add({ kind: "newsletter", receivedAt: new Date(), data: {}, key: "digest-jo", forwarded: false })).toMatchObject({
      id: signUpId,
      created: false,
    });
    expect((await readdir(dataDir)).sort()).toEqual(["leads"]);
    expect(text()).toContain('"msg":"Moved leads stored by an older version"');
    await store.close();
  });

  it("are not moved twice, nor over a newer copy, when a move was cut short", async () => {
    const store = await FileLeadStore.open(dataDir);
    await store.claimNextDue(new Date("2026-11-01T10:06:00.000Z"), 60_000);
    await store.markForwarded(financeId, new Date("2026-11-01T10:06:01.000Z"));
    await store.close();
    // As if a crash had come after the copy was written and before the old file went.
    await mkdir(path.join(dataDir, "applications"));
    await writeFile(
      path.join(dataDir, "applications", `${financeId}.json`),
      JSON.stringify({
        id: financeId,
        receivedAt: "2026-11-01T10:00:00.000Z",
        application,
        forwardAttempts: 2,
        nextAttemptAt: "2026-11-01T10:05:00.000Z",
      }),
    );
    const reopened = await FileLeadStore.open(dataDir);
    expect(await reopened.get(financeId)).toMatchObject({ forwardedAt: new Date("2026-11-01T10:06:01.000Z"), forwardAttempts: 3 });
    expect((await readdir(path.join(dataDir, "leads"))).filter((name) => name.endsWith(".json"))).toHaveLength(2);
    expect(await readdir(dataDir)).toEqual(["leads"]);
    await reopened.close();
  });
});
