import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ukPhoneSchema } from "../../domain/form-fields";
import { signedInMember } from "../../tests/support/staff-accounts";
import { FileLeadStore } from "../leads/file-lead-store";
import type { LeadKindName } from "../leads/lead-kinds";
import { LeadInbox } from "./lead-inbox";

/** The inbox over the embedded lead store, as a member of the sales team uses it: finding and erasing leads by a phone number. */
let dataDir: string;
let leads: FileLeadStore;
let staff: Awaited<ReturnType<typeof signedInMember>>;
let inbox: LeadInbox;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "lead-inbox-"));
  leads = await FileLeadStore.open(dataDir);
  staff = await signedInMember(dataDir, "sales");
  inbox = new LeadInbox(
    leads,
    staff.access,
    async () => undefined,
    () => undefined,
  );
});
afterEach(async () => {
  await leads.close();
  await staff.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A lead with the phone number as its form kept it. */
const addLead = (kind: LeadKindName, name: string, phone: string) =>
  leads.add({
    kind,
    receivedAt: new Date(),
    data: { name, email: `${name.toLowerCase()}@example.com`, phone: ukPhoneSchema.parse(phone) },
    forwarded: false,
  });

const SPELLINGS = [
  "07700 900124",
  "07700900124",
  "+447700900124",
  "+44 7700 900124",
  "+44 (0)7700 900-124",
  "0044 7700 900124",
  "(07700) 900124",
];

describe("a phone number, however it is written", () => {
  beforeEach(async () => {
    await addLead("enquiry", "Jo", "07700 900124");
    await addLead("call-back", "Jo", "+44 7700 900124");
    await addLead("enquiry", "Sam", "07700 900125");
  });

  const namesFoundBy = async (search: string) =>
    (await inbox.list(staff.member, { search, page: 1, pageSize: 25 })).leads.map(({ data }) => (data as { name: string }).name);

  it.each(SPELLINGS)("%j finds the leads holding it", async (spelling) => {
    expect(await namesFoundBy(spelling)).toEqual(["Jo", "Jo"]);
  });

  it.each(SPELLINGS)("%j erases every lead holding it, and no other", async (spelling) => {
    expect(await inbox.erase(staff.member, spelling, "127.0.0.1")).toBe(2);
    expect(await namesFoundBy("07700")).toEqual(["Sam"]);
  });

  it("finds the leads stored before the store was last opened", async () => {
    await leads.close();
    leads = await FileLeadStore.open(dataDir);
    inbox = new LeadInbox(
      leads,
      staff.access,
      async () => undefined,
      () => undefined,
    );
    expect(await namesFoundBy("+44 (0)7700 900-124")).toEqual(["Jo", "Jo"]);
    expect(await inbox.erase(staff.member, "0044 7700 900124", "127.0.0.1")).toBe(2);
  });
});
