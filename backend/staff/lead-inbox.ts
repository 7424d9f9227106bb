import type { LookedUpVehicle } from "../catalogue";
import { LEAD_KINDS } from "../../domain/lead-kinds";
import { personOf } from "../../domain/lead-person";
import { normalPhone } from "../../domain/uk-formats";
import { contactsOf, normalEmail } from "../leads/lead-search";
import type { LeadFilters, LeadQuery, LeadStore, StoredLead, WorkEdit } from "../leads/lead-store";
import { csvLine } from "./csv-export";
import { mayReachBranch, mayReachLead, requireRole, withinReach, worksEveryBranch } from "./permissions";
import type { StaffAccess, StaffMember } from "./staff-access";

export interface OpenedLead {
  lead: StoredLead;
  /** The vehicle the lead names as it stands now: for sale, sold, or not known here any more. */
  vehicleNow?: LookedUpVehicle;
  /** The same person's other leads: the same e-mail address or phone number, newest first. */
  sameContact: StoredLead[];
  /** Whether leads are sent on at all (LEAD_WEBHOOK_URL is set). */
  forwarding: boolean;
}

/** What an erasure deleted: leads of every kind, saved searches, and e-mails not sent yet. */
export interface Erasure {
  leads: number;
  savedSearches: number;
  queuedMails: number;
}

/** A lead was to be given to a member of staff whose branches leave it out: they could not open it. */
export class AssigneeOutOfReachError extends Error {
  constructor() {
    super("That member of staff works other branches: give the lead to someone who works its branch");
  }
}

/** How many of a person's other leads their lead's page lists. */
const SAME_CONTACT_LIMIT = 20;

/** The most test drives one diary page lists. */
const DIARY_LIMIT = 1000;

/**
 * The sales team's side of leads: listing, opening, working, forwarding again, exporting and
 * erasing them. Every one checks the role here, whatever the page or call in front did, and
 * keeps a member limited to branches to the leads they may reach (permissions.ts): a lead
 * beyond them is as one that does not exist. Every one that shows or changes personal data is
 * written to the audit log, with ids and counts only.
 */
export class LeadInbox {
  constructor(
    private readonly leads: LeadStore,
    private readonly access: StaffAccess,
    private readonly lookUpVehicle: (id: string) => Promise<LookedUpVehicle>,
    /** Tells the outbox a lead is due now; undefined when leads are not forwarded (no LEAD_WEBHOOK_URL). */
    private readonly nudgeForwarder: (() => void) | undefined,
    /** Tells a member of staff a lead was given to them (backend/mail/). */
    private readonly notifyAssignee: (lead: StoredLead) => Promise<void> = async () => {},
    /** Erases what else is held about an e-mail address: saved searches, and the e-mails queued to it (backend/alerts/). */
    private readonly eraseAddress: (email: string) => Promise<{ searches: number; mails: number }> = async () => ({
      searches: 0,
      mails: 0,
    }),
    /** The codes of a dealer group's branches, as last published; none for a dealer with one, whose leads name none. */
    private readonly branchCodes: () => readonly string[] = () => [],
  ) {}

  /** The branches whose leads a member may pick out in the inbox: the dealer's, or those of theirs still among them. */
  branchesFor(member: StaffMember): readonly string[] {
    requireRole(member, "sales");
    return this.branchCodes().filter((code) => mayReachBranch(member, code));
  }

  list(member: StaffMember, query: LeadQuery): Promise<{ total: number; leads: StoredLead[] }> {
    requireRole(member, "sales");
    return this.leads.list(withinReach(member, query));
  }

  async unreadCount(member: StaffMember): Promise<number> {
    requireRole(member, "sales");
    if (worksEveryBranch(member)) return this.leads.countUnread();
    return (await this.leads.list(withinReach(member, { unreadOnly: true, page: 1, pageSize: 1 }))).total;
  }

  /** Opens a lead, marking it read by this member the first time. */
  async open(member: StaffMember, id: string, address: string): Promise<OpenedLead | undefined> {
    requireRole(member, "sales");
    if (!(await this.reachable(member, id))) return undefined;
    const lead = await this.leads.applyWork(id, { type: "read" }, member.account.id, new Date());
    if (!lead) return undefined;
    await this.audit(member, "lead-viewed", address, id);
    const vehicleNow = lead.vehicle ? await this.lookUpVehicle(lead.vehicle.id) : undefined;
    const contacts = contactsOf(lead.kind, lead.data);
    const sameContact =
      contacts.length === 0
        ? []
        : (await this.leads.withContacts(contacts, SAME_CONTACT_LIMIT + 1)).filter(
            (other) => other.id !== id && mayReachLead(member, other),
          );
    return {
      lead,
      ...(vehicleNow ? { vehicleNow } : {}),
      sameContact: sameContact.slice(0, SAME_CONTACT_LIMIT),
      forwarding: this.nudgeForwarder !== undefined,
    };
  }

  /** The test drives booked for days from `from` up to, not including, `to` (YYYY-MM-DD), in the order of their slots. */
  async diary(member: StaffMember, from: string, to: string): Promise<StoredLead[]> {
    requireRole(member, "sales");
    const { leads } = await this.leads.list(withinReach(member, { booked: { from, to }, page: 1, pageSize: DIARY_LIMIT }));
    const slotOf = (lead: StoredLead) => {
      const { day, time } = lead.data as { day?: unknown; time?: unknown };
      return `${String(day)} ${String(time)}`;
    };
    return leads.sort((a, b) => slotOf(a).localeCompare(slotOf(b)));
  }

  async change(
    member: StaffMember,
    id: string,
    edit: Exclude<WorkEdit, { type: "read" | "forwarding-retried" }>,
    address: string,
  ): Promise<StoredLead | undefined> {
    requireRole(member, "sales");
    const before = await this.reachable(member, id);
    if (!before) return undefined;
    if (edit.type === "assignee" && edit.assigneeId) {
      const assignee = await this.access.account(edit.assigneeId);
      if (assignee && !mayReachLead({ account: assignee }, before)) throw new AssigneeOutOfReachError();
    }
    const lead = await this.leads.applyWork(id, edit, member.account.id, new Date());
    if (lead)
      await this.audit(member, "lead-changed", address, id, {
        change: edit.type,
        ...(edit.type === "status" ? { status: edit.status } : {}),
        ...(edit.type === "follow-up" ? { followUp: edit.at ? "set" : "cleared" } : {}),
      });
    // Someone taking a lead themselves needs no e-mail about it.
    if (lead && edit.type === "assignee" && edit.assigneeId && edit.assigneeId !== member.account.id) await this.notifyAssignee(lead);
    return lead;
  }

  /**
   * Sends a lead waiting to be forwarded now, rather than at its next retry: "not waiting" when
   * it has been sent or its kind never is, "not forwarding" when no lead address is set.
   */
  async forwardNow(member: StaffMember, id: string, address: string): Promise<"retried" | "not waiting" | "not forwarding"> {
    requireRole(member, "sales");
    // One beyond the member's branches answers as one that does not exist.
    if (!(await this.reachable(member, id))) return "not waiting";
    const nudge = this.nudgeForwarder;
    if (!nudge) return (await this.leads.get(id))?.nextAttemptAt ? "not forwarding" : "not waiting";
    if (!(await this.leads.forwardNow(id, member.account.id, new Date()))) return "not waiting";
    nudge();
    await this.audit(member, "lead-forwarding-retried", address, id);
    return "retried";
  }

  /**
   * Every lead the filters find, as CSV for the dealer's own tools, a row at a time (the role
   * is checked before the first). The audit log records the export once it ends, with how many
   * leads went and whether the download was cut short.
   */
  exportCsv(member: StaffMember, filters: LeadFilters, address: string): AsyncIterable<string> {
    requireRole(member, "sales");
    return this.csvRows(member, filters, address);
  }

  private async *csvRows(member: StaffMember, filters: LeadFilters, address: string): AsyncGenerator<string> {
    let leads = 0;
    let complete = false;
    try {
      yield csvLine(CSV_COLUMNS);
      // Rows go a hundred at a time: one write each would cost more than the row.
      let rows = "";
      for await (const lead of this.leads.each(withinReach(member, filters))) {
        rows += csvLine(csvRowOf(lead));
        if (++leads % ROWS_PER_CHUNK === 0) {
          yield rows;
          rows = "";
        }
      }
      if (rows) yield rows;
      complete = true;
    } finally {
      await this.audit(member, "leads-exported", address, undefined, { leads, ...(complete ? {} : { complete }) });
    }
  }

  /**
   * UK GDPR's right to erasure: every lead of every kind holding this e-mail address or
   * phone number goes, the newsletter sign-up included. The audit log records that an
   * erasure happened and how many leads went, never whose. It reaches every branch's leads, so
   * a member limited to branches leaves it to an admin.
   */
  async erase(member: StaffMember, contact: string, address: string): Promise<Erasure> {
    requireRole(member, worksEveryBranch(member) ? "sales" : "admin");
    const email = contact.includes("@");
    const normalised = email ? normalEmail(contact) : normalPhone(contact);
    const counts = await this.leads.eraseContact(normalised);
    const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
    const { searches, mails } = email ? await this.eraseAddress(normalised) : { searches: 0, mails: 0 };
    await this.audit(member, "erasure", address, undefined, { leads: total, ...counts, savedSearches: searches, queuedMails: mails });
    return { leads: total, savedSearches: searches, queuedMails: mails };
  }

  /** The lead, when there is one with the id and the member may reach it. */
  private async reachable(member: StaffMember, id: string): Promise<StoredLead | undefined> {
    const lead = await this.leads.get(id);
    return lead && mayReachLead(member, lead) ? lead : undefined;
  }

  private audit(
    member: StaffMember,
    action: "lead-viewed" | "lead-changed" | "lead-forwarding-retried" | "leads-exported" | "erasure",
    address: string,
    targetId?: string,
    details?: Record<string, string | number | boolean>,
  ) {
    return this.access.audit({
      action,
      actorId: member.account.id,
      actorEmail: member.account.email,
      address,
      ...(targetId ? { targetId } : {}),
      ...(details ? { details } : {}),
    });
  }
}

const ROWS_PER_CHUNK = 100;

const CSV_COLUMNS = [
  "reference",
  "kind",
  "received",
  "status",
  "name",
  "email",
  "phone",
  "postcode",
  "vehicle",
  "registration",
  "price then",
  "message",
  "forwarded",
  "likely duplicate of",
] as const;

function csvRowOf(lead: StoredLead): string[] {
  const data = lead.data as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value) : "");
  const person = personOf(lead.kind, lead.data);
  const vehicle = lead.vehicle && [lead.vehicle.make, lead.vehicle.model].filter(Boolean).join(" ");
  return [
    lead.reference,
    LEAD_KINDS[lead.kind]?.label ?? lead.kind,
    lead.receivedAt.toISOString(),
    lead.work.status,
    person.name ?? "",
    person.email ?? "",
    person.phone ?? "",
    text(data.postcode),
    vehicle ?? "",
    lead.vehicle?.registration ?? text(data.registration),
    text(lead.vehicle?.priceGBP),
    text(data.message) || text(data.condition),
    lead.forwardedAt?.toISOString() ?? "",
    lead.likelyDuplicateOf?.reference ?? "",
  ];
}
