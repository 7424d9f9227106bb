import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { atOnce } from "../support/at-once";
import type { LeadKindName } from "../../domain/lead-kinds";
import { REFERENCE_PATTERN } from "../../backend/leads/lead-reference";
import { NEW_WORK, type LeadStore, type NewLead } from "../../backend/leads/lead-store";

export interface LeadStoreUnderTest {
  store: LeadStore;
  /** The same leads opened afresh, as after a restart or from another instance. */
  reopen(): Promise<LeadStore>;
  dispose(): Promise<void>;
}

/** Any data will do: the store keeps what it is given. */
const data = { message: "Is the Fiesta still available?", page: "/vehicles/fiesta-2019" };
const vehicle = { id: "fiesta-2019", inStock: true, make: "Ford", model: "Fiesta", priceGBP: 10000 };
const MINUTE = 60_000;
const at = (minutes: number) => new Date(Date.UTC(2030, 0, 1) + minutes * MINUTE);
const lead = (minutes: number, change: Partial<NewLead> = {}): NewLead => ({
  kind: "part-exchange",
  receivedAt: at(minutes),
  data,
  forwarded: true,
  ...change,
});

/**
 * What every lead store does, whatever keeps it: run by the file store's and MongoDB's tests.
 * `atomicUpdates: false` sends the writes that would be simultaneous one at a time.
 */
export function describeLeadStoreContract(name: string, open: () => Promise<LeadStoreUnderTest>, { atomicUpdates = true } = {}): void {
  const together = atOnce(atomicUpdates);
  describe(`lead store contract: ${name}${atomicUpdates ? "" : " (simultaneous writes sent one at a time)"}`, () => {
    let subject: LeadStoreUnderTest;
    let store: LeadStore;
    beforeEach(async () => {
      subject = await open();
      store = subject.store;
    });
    afterEach(async () => {
      await subject.dispose();
    });

    it("keeps a lead as it was given, with a reference of its own, not yet forwarded, across a reopen", async () => {
      const { id, reference, created } = await store.add(lead(0, { vehicle }));
      expect(created).toBe(true);
      expect(reference).toMatch(REFERENCE_PATTERN);
      const expected = {
        id,
        kind: "part-exchange",
        reference,
        receivedAt: at(0),
        vehicle,
        data,
        forwardAttempts: 0,
        nextAttemptAt: at(0),
        work: NEW_WORK,
      };
      expect(await store.get(id)).toEqual(expected);
      const reopened = await subject.reopen();
      expect(await reopened.get(id)).toEqual(expected);
      await reopened.close();
      expect(await store.get("no-such-lead")).toBeUndefined();
    });

    it("keeps the mark of the earlier lead a new one likely repeats, as listed and across a reopen", async () => {
      const first = await store.add(lead(0, { vehicle }));
      const likelyDuplicateOf = { id: first.id, reference: first.reference, receivedAt: at(0) };
      const { id } = await store.add(lead(5, { vehicle, likelyDuplicateOf }));
      expect((await store.get(id))?.likelyDuplicateOf).toEqual(likelyDuplicateOf);
      expect((await store.get(first.id))?.likelyDuplicateOf).toBeUndefined();
      const { leads } = await store.list({ page: 1, pageSize: 10 });
      expect(leads.map((listed) => listed.likelyDuplicateOf)).toEqual([likelyDuplicateOf, undefined]);
      const reopened = await subject.reopen();
      expect((await reopened.get(id))?.likelyDuplicateOf).toEqual(likelyDuplicateOf);
      await reopened.close();
    });

    it("gives every lead a different reference", async () => {
      const added = await Promise.all(Array.from({ length: 50 }, (_, i) => store.add(lead(i, { forwarded: false }))));
      expect(new Set(added.map(({ reference }) => reference)).size).toBe(50);
    });

    it("stores one lead per key, even when the same one arrives at once, and answers repeats with the first's id and reference", async () => {
      const answers = await together([1, 2, 3].map(() => () => store.add(lead(0, { key: "key-a" }))));
      // Whichever arrived first stored it; the others were told of that one.
      const first = answers.find(({ created }) => created);
      expect(answers.filter(({ created }) => created)).toHaveLength(1);
      expect(answers).toEqual(answers.map(() => expect.objectContaining({ id: first!.id, reference: first!.reference })));
      const other = await store.add(lead(0, { key: "key-b" }));
      expect(other.created).toBe(true);
      expect(other.id).not.toBe(first!.id);
      const unkeyed = await Promise.all([store.add(lead(0)), store.add(lead(0))]);
      expect(new Set(unkeyed.map(({ id }) => id)).size).toBe(2);
      const reopened = await subject.reopen();
      expect(await reopened.add(lead(5, { key: "key-a" }))).toEqual({ id: first!.id, reference: first!.reference, created: false });
      await reopened.close();
    });

    it("never hands out a lead of a kind that is not forwarded", async () => {
      await store.add(lead(0, { kind: "feedback", forwarded: false }));
      expect(await store.claimNextDue(at(1000), MINUTE)).toBeUndefined();
    });

    it("hands out the most overdue lead to one claimant at a time, whatever its kind", async () => {
      const later = await store.add(lead(5, { kind: "finance-application" }));
      const earlier = await store.add(lead(1));
      expect(await store.claimNextDue(at(0), MINUTE)).toBeUndefined();
      expect((await store.claimNextDue(at(10), MINUTE))?.id).toBe(earlier.id);
      expect(await store.claimNextDue(at(10.5), MINUTE)).toMatchObject({ id: later.id, kind: "finance-application" });
      expect(await store.claimNextDue(at(10.5), MINUTE)).toBeUndefined();
      // A claimant that died without a word: its lease runs out and the lead is due again.
      expect((await store.claimNextDue(at(11.2), MINUTE))?.id).toBe(earlier.id);
      expect(await store.claimNextDue(at(11.2), MINUTE)).toBeUndefined();
    });

    it("counts a failed send, says why, and waits until the retry time, unless staff ask for it now", async () => {
      const { id } = await store.add(lead(0));
      await store.claimNextDue(at(0), MINUTE);
      await store.markForwardFailed(id, at(30), { at: at(0.5), status: 503 });
      expect(await store.get(id)).toMatchObject({
        forwardAttempts: 1,
        nextAttemptAt: at(30),
        lastForwardFailure: { at: at(0.5), status: 503 },
      });
      expect(await store.claimNextDue(at(29), MINUTE)).toBeUndefined();
      expect(await store.claimNextDue(at(30), MINUTE)).toMatchObject({ id, forwardAttempts: 1 });

      await store.markForwardFailed(id, at(90), { at: at(31), reason: "ECONNREFUSED" });
      expect(await store.forwardNow(id, "staff-1", at(40))).toBe(true);
      expect(await store.claimNextDue(at(40), MINUTE)).toMatchObject({
        id,
        work: { history: [{ at: at(40), byId: "staff-1", change: "forwarding-retried" }] },
      });
      const feedback = await store.add(lead(0, { kind: "feedback", forwarded: false }));
      expect(await store.forwardNow(feedback.id, "staff-1", at(40))).toBe(false);
    });

    it("tells how many leads wait to be forwarded and when the longest-waiting arrived, across a reopen", async () => {
      expect(await store.backlog()).toEqual({ waiting: 0 });
      await store.add(lead(0, { kind: "feedback", forwarded: false }));
      const first = await store.add(lead(2));
      await store.add(lead(3, { kind: "finance-application" }));
      await store.add(lead(4));
      expect(await store.backlog()).toEqual({ waiting: 3, oldest: at(2) });
      await store.claimNextDue(at(10), MINUTE);
      await store.markForwardFailed(first.id, at(30), { at: at(10), status: 503 });
      expect(await store.backlog()).toEqual({ waiting: 3, oldest: at(2) });
      await store.markForwarded(first.id, at(31));
      const reopened = await subject.reopen();
      expect(await reopened.backlog()).toEqual({ waiting: 2, oldest: at(3) });
      await reopened.close();
    });

    it("never hands out a forwarded lead again", async () => {
      const { id } = await store.add(lead(0));
      await store.claimNextDue(at(0), MINUTE);
      await store.markForwarded(id, at(1));
      expect(await store.get(id)).toMatchObject({ forwardedAt: at(1), forwardAttempts: 1 });
      expect(await store.claimNextDue(at(1000), MINUTE)).toBeUndefined();
      const reopened = await subject.reopen();
      expect(await reopened.claimNextDue(at(1000), MINUTE)).toBeUndefined();
      await reopened.close();
    });

    it("deletes one kind's leads received before a time, and forgets their keys", async () => {
      const kind: LeadKindName = "part-exchange";
      const old = await store.add(lead(0, { key: "old-key" }));
      const recent = await store.add(lead(10));
      const otherKind = await store.add(lead(0, { kind: "feedback", forwarded: false }));
      expect(await store.deleteReceivedBefore(kind, at(5))).toBe(1);
      expect(await store.get(old.id)).toBeUndefined();
      expect(await store.get(recent.id)).toBeDefined();
      expect(await store.get(otherKind.id)).toBeDefined();
      expect(await store.claimNextDue(at(20), MINUTE)).toMatchObject({ id: recent.id });
      expect(await store.add(lead(20, { key: "old-key" }))).toMatchObject({ created: true });
      expect(await store.deleteReceivedBefore(kind, at(5))).toBe(0);
    });

    it("lists leads newest first, by kind, status, date, vehicle, branch, unread, and by the name, contact or plate in them", async () => {
      const jo = await store.add(
        lead(1, {
          kind: "finance-application",
          data: { firstName: "Jo", surname: "Bloggs", email: "Jo@Example.com", phone: "07700900123" },
          vehicle: { ...vehicle, branch: "bolton" },
        }),
      );
      const sam = await store.add(
        lead(2, {
          kind: "part-exchange",
          data: { name: "Sam O'Neill", email: "sam-oneill@example.com", phone: "01514960123", registration: "MA19 ABC" },
        }),
      );
      const signUp = await store.add(lead(3, { kind: "newsletter", data: { email: "jo@example.com" }, forwarded: false }));
      const ids = async (query: Partial<Parameters<LeadStore["list"]>[0]>) =>
        (await store.list({ page: 1, pageSize: 10, ...query })).leads.map(({ id }) => id);

      expect(await ids({})).toEqual([signUp.id, sam.id, jo.id]);
      expect(await store.list({ page: 2, pageSize: 2 })).toMatchObject({ total: 3, leads: [{ id: jo.id }] });
      expect(await ids({ kinds: ["finance-application", "newsletter"] })).toEqual([signUp.id, jo.id]);
      expect(await ids({ from: at(2), to: at(3) })).toEqual([sam.id]);
      expect(await ids({ vehicleId: "fiesta-2019" })).toEqual([jo.id]);
      expect(await ids({ branches: ["bolton", "leigh"] })).toEqual([jo.id]);
      expect(await ids({ branches: ["wigan"] })).toEqual([]);
      expect(await ids({ reachableFrom: ["wigan"] })).toEqual([signUp.id, sam.id]);
      expect(await ids({ reachableFrom: ["bolton"] })).toEqual([signUp.id, sam.id, jo.id]);
      expect(await ids({ reachableFrom: ["wigan"], search: "jo", kinds: ["newsletter", "finance-application"] })).toEqual([signUp.id]);
      expect(await ids({ reachableFrom: ["bolton"], branches: ["bolton"] })).toEqual([jo.id]);
      expect(await ids({ search: "jo" })).toEqual([signUp.id, jo.id]);
      expect(await ids({ search: "Bloggs jo" })).toEqual([jo.id]);
      expect(await ids({ search: "o'neill" })).toEqual([sam.id]);
      expect(await ids({ search: "0151 496" })).toEqual([sam.id]);
      expect(await ids({ search: "+44 7700 900123" })).toEqual([jo.id]);
      expect(await ids({ search: "ma19 ab" })).toEqual([sam.id]);
      expect(await ids({ search: "sam o'neill" })).toEqual([sam.id]);
      expect(await ids({ search: "Sam-ONeill@Example.com" })).toEqual([sam.id]);
      expect(await ids({ search: "nobody" })).toEqual([]);

      expect(await store.countUnread()).toBe(3);
      await store.applyWork(sam.id, { type: "read" }, "staff-1", at(10));
      await store.applyWork(jo.id, { type: "status", status: "contacted" }, "staff-1", at(11));
      expect(await store.countUnread()).toBe(2);
      expect(await ids({ unreadOnly: true })).toEqual([signUp.id, jo.id]);
      expect(await ids({ statuses: ["new"] })).toEqual([signUp.id, sam.id]);
      expect(await ids({ statuses: ["contacted", "won"] })).toEqual([jo.id]);
    });

    it("finds a lead by its reference however it is typed, and lists by assignee, follow-up and booked day", async () => {
      const drive = (day: string) => ({
        name: "Jo Bloggs",
        phone: "07700900123",
        email: "jo@example.com",
        day,
        time: "10:00",
        licence: true,
      });
      const monday = await store.add(lead(1, { kind: "test-drive", data: drive("2030-01-07"), vehicle }));
      const sunday = await store.add(lead(2, { kind: "test-drive", data: drive("2030-01-13"), vehicle }));
      const other = await store.add(lead(3, { kind: "enquiry", data: { name: "Sam", day: "2030-01-08", email: "sam@example.com" } }));
      const ids = async (query: Partial<Parameters<LeadStore["list"]>[0]>) =>
        (await store.list({ page: 1, pageSize: 10, ...query })).leads.map(({ id }) => id);

      const compact = monday.reference.replace("-", "");
      for (const spelling of [monday.reference, monday.reference.toLowerCase(), compact, `${compact.slice(0, 4)} ${compact.slice(4)}`])
        expect(await ids({ search: spelling }), spelling).toEqual([monday.id]);

      await store.applyWork(monday.id, { type: "assignee", assigneeId: "staff-1" }, "staff-1", at(10));
      await store.applyWork(sunday.id, { type: "assignee", assigneeId: "staff-2" }, "staff-1", at(10));
      expect(await ids({ assigneeId: "staff-1" })).toEqual([monday.id]);
      expect(await ids({ unassigned: true })).toEqual([other.id]);

      await store.applyWork(monday.id, { type: "follow-up", at: at(60) }, "staff-1", at(11));
      await store.applyWork(other.id, { type: "follow-up", at: at(120) }, "staff-1", at(11));
      await store.applyWork(sunday.id, { type: "follow-up", at: at(30) }, "staff-1", at(11));
      await store.applyWork(sunday.id, { type: "follow-up" }, "staff-1", at(12));
      expect(await ids({ followUpBefore: at(61) })).toEqual([monday.id]);
      expect(await ids({ followUpFrom: at(61), followUpBefore: at(200) })).toEqual([other.id]);
      expect(await ids({ followUpFrom: at(0) })).toEqual([other.id, monday.id]);

      // Only a kind that books a time has a booked day, whatever else holds a "day".
      expect(await ids({ booked: { from: "2030-01-07", to: "2030-01-14" } })).toEqual([sunday.id, monday.id]);
      expect(await ids({ booked: { from: "2030-01-08", to: "2030-01-13" } })).toEqual([]);

      const reopened = await subject.reopen();
      expect((await reopened.get(monday.id))?.work).toMatchObject({ assigneeId: "staff-1", followUpAt: at(60) });
      expect((await reopened.get(sunday.id))?.work).not.toHaveProperty("followUpAt");
      expect((await reopened.list({ page: 1, pageSize: 10, followUpBefore: at(61) })).leads.map(({ id }) => id)).toEqual([monday.id]);
      await reopened.close();
    });

    it("gives the leads holding an e-mail address or phone number, newest first", async () => {
      const finance = await store.add(lead(0, { kind: "finance-application", data: { firstName: "Jo", email: "jo@example.com" } }));
      const byPhone = await store.add(lead(1, { data: { name: "J Bloggs", email: "other@example.com", phone: "07700900123" } }));
      await store.add(lead(2, { data: { name: "Sam", email: "sam@example.com", phone: "01514960123" } }));
      const both = await store.add(lead(3, { data: { name: "Jo", email: "jo@example.com", phone: "07700900123" } }));
      const ids = async (contacts: string[], limit = 10) => (await store.withContacts(contacts, limit)).map(({ id }) => id);
      expect(await ids(["jo@example.com", "07700900123"])).toEqual([both.id, byPhone.id, finance.id]);
      expect(await ids(["jo@example.com"], 1)).toEqual([both.id]);
      expect(await ids(["nobody@example.com"])).toEqual([]);
    });

    it("hands over every lead a filter finds, newest first, one at a time, as the list orders them, and across a reopen", async () => {
      // More than a batch of either store, received out of order.
      const minutes = Array.from({ length: 510 }, (_, i) => (i * 7919) % 510);
      for (const chunk of [minutes.slice(0, 255), minutes.slice(255)])
        await Promise.all(chunk.map((minute) => store.add(lead(minute, minute % 3 === 0 ? { vehicle } : {}))));
      const listed = async (target: LeadStore, filters: Omit<Parameters<LeadStore["list"]>[0], "page" | "pageSize">) =>
        (await target.list({ page: 1, pageSize: 1_000, ...filters })).leads.map(({ id }) => id);
      const streamed = async (target: LeadStore, filters: Parameters<LeadStore["each"]>[0]) => {
        const ids: string[] = [];
        for await (const { id } of target.each(filters)) ids.push(id);
        return ids;
      };
      const all = await streamed(store, {});
      expect(all).toHaveLength(510);
      expect(all).toEqual(await listed(store, {}));
      expect((await store.get(all[0]!))?.receivedAt).toEqual(at(509));
      expect(await streamed(store, { vehicleId: "fiesta-2019", from: at(100) })).toEqual(
        await listed(store, { vehicleId: "fiesta-2019", from: at(100) }),
      );
      expect(await streamed(store, { vehicleId: "fiesta-2019", from: at(100) })).toHaveLength(
        minutes.filter((minute) => minute >= 100 && minute % 3 === 0).length,
      );
      expect(await streamed(await subject.reopen(), {})).toEqual(all);
    });

    it("keeps staff work on a lead, each change stamped with who and when, and never loses one of two made at once", async () => {
      const { id } = await store.add(lead(0));
      await store.applyWork(id, { type: "read" }, "staff-1", at(1));
      await store.applyWork(id, { type: "read" }, "staff-2", at(2));
      await store.applyWork(id, { type: "assignee", assigneeId: "staff-2" }, "staff-1", at(3));
      await together([
        () => store.applyWork(id, { type: "note", text: "Called, no answer" }, "staff-2", at(4)),
        () => store.applyWork(id, { type: "status", status: "lost", lostReason: "Bought elsewhere" }, "staff-1", at(4)),
      ]);
      const { work } = (await store.get(id))!;
      expect(work).toMatchObject({
        status: "lost",
        lostReason: "Bought elsewhere",
        assigneeId: "staff-2",
        readAt: at(1),
        notes: [{ at: at(4), byId: "staff-2", text: "Called, no answer" }],
      });
      expect(work.history.map(({ change, byId }) => `${change} by ${byId}`).sort()).toEqual(
        ["read by staff-1", "assignee by staff-1", "note by staff-2", "status by staff-1"].sort(),
      );
      await store.applyWork(id, { type: "status", status: "contacted" }, "staff-1", at(5));
      expect((await (await subject.reopen()).get(id))?.work).not.toHaveProperty("lostReason");
      expect(await store.applyWork("no-such-lead", { type: "read" }, "staff-1", at(6))).toBeUndefined();
    });

    it("erases every lead holding an e-mail address or phone number, of any kind, and nothing else", async () => {
      const finance = await store.add(
        lead(0, { kind: "finance-application", data: { firstName: "Jo", email: "jo@example.com", phone: "07700 900123" } }),
      );
      const signUp = await store.add(lead(1, { kind: "newsletter", data: { email: "jo@example.com" }, key: "jo", forwarded: false }));
      const byPhone = await store.add(lead(2, { data: { name: "J Bloggs", email: "other@example.com", phone: "+447700900123" } }));
      const sam = await store.add(lead(3, { data: { name: "Sam", email: "sam@example.com", phone: "01514960123" } }));
      expect(await store.eraseContact("jo@example.com")).toEqual({ "finance-application": 1, newsletter: 1 });
      expect(await store.eraseContact("07700900123")).toEqual({ "part-exchange": 1 });
      for (const gone of [finance, signUp, byPhone]) expect(await store.get(gone.id)).toBeUndefined();
      expect(await store.get(sam.id)).toBeDefined();
      expect(await store.eraseContact("jo@example.com")).toEqual({});
      // The address's key went with its sign-up, so it may sign up again.
      expect(await store.add(lead(4, { kind: "newsletter", key: "jo", forwarded: false }))).toMatchObject({ created: true });
    });
  });
}
