import type { VehicleRecord } from "../../domain/vehicle";
import { LEAD_KINDS } from "../leads/lead-kinds";
import { normalPhone } from "../../domain/uk-formats";
import { normalEmail } from "../leads/lead-search";
import type { LeadFilters, LeadQuery, LeadStore, StoredLead, WorkEdit } from "../leads/lead-store";
import { csvLine } from "./csv-export";
import { requireRole } from "./permissions";
import type { StaffAccess, StaffMember } from "./staff-access";

export interface OpenedLead {
  lead: StoredLead;
  /** The vehicle in stock now, when the lead names one that still is. */
  vehicleNow?: VehicleRecord;
}

/**
 * The sales team's side of leads: listing, opening, working, forwarding again, exporting and
 * erasing them. Every one checks the role here, whatever the page or call in front did, and
 * every one that shows or changes personal data is written to the audit log, with ids and
 * counts only.
 */
export class LeadInbox {
  constructor(
    private readonly leads: LeadStore,
    private readonly access: StaffAccess,
    private readonly findVehicle: (id: string) => Promise<VehicleRecord | undefined>,
    /** Tells the outbox a lead is due now. */
    private readonly nudgeForwarder: () => void,
    /** Tells a member of staff a lead was given to them (backend/mail/). */
    private readonly notifyAssignee: (lead: StoredLead) => Promise<void> = async () => {},
  ) {}

  list(member: StaffMember, query: LeadQuery): Promise<{ total: number; leads: StoredLead[] }> {
    requireRole(member, "sales");
    return this.leads.list(query);
  }

  unreadCount(member: StaffMember): Promise<number> {
    requireRole(member, "sales");
    return this.leads.countUnread();
  }

  /** Opens a lead, marking it read by this member the first time. */
  async open(member: StaffMember, id: string, address: string): Promise<OpenedLead | undefined> {
    requireRole(member, "sales");
    const lead = await this.leads.applyWork(id, { type: "read" }, member.account.id, new Date());
    if (!lead) return undefined;
    await this.audit(member, "lead-viewed", address, id);
    const vehicleNow = lead.vehicle ? await this.findVehicle(lead.vehicle.id) : undefined;
    return { lead, ...(vehicleNow ? { vehicleNow } : {}) };
  }

  async change(
    member: StaffMember,
    id: string,
    edit: Exclude<WorkEdit, { type: "read" | "forwarding-retried" }>,
    address: string,
  ): Promise<StoredLead | undefined> {
    requireRole(member, "sales");
    const lead = await this.leads.applyWork(id, edit, member.account.id, new Date());
    if (lead)
      await this.audit(member, "lead-changed", address, id, {
        change: edit.type,
        ...(edit.type === "status" ? { status: edit.status } : {}),
      });
    // Someone taking a lead themselves needs no e-mail about it.
    if (lead && edit.type === "assignee" && edit.assigneeId && edit.assigneeId !== member.account.id) await this.notifyAssignee(lead);
    return lead;
  }

  /** Sends a lead waiting to be forwarded now, rather than at its next retry; false when it is not waiting. */
  async forwardNow(member: StaffMember, id: string, address: string): Promise<boolean> {
    requireRole(member, "sales");
    if (!(await this.leads.forwardNow(id, member.account.id, new Date()))) return false;
    this.nudgeForwarder();
    await this.audit(member, "lead-forwarding-retried", address, id);
    return true;
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
      for await (const lead of this.leads.each(filters)) {
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
   * erasure happened and how many leads went, never whose.
   */
  async erase(member: StaffMember, contact: string, address: string): Promise<number> {
    requireRole(member, "sales");
    const normalised = contact.includes("@") ? normalEmail(contact) : normalPhone(contact);
    const counts = await this.leads.eraseContact(normalised);
    const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
    await this.audit(member, "erasure", address, undefined, { leads: total, ...counts });
    return total;
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
] as const;

function csvRowOf(lead: StoredLead): string[] {
  const data = lead.data as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value) : "");
  const name = text(data.name) || [text(data.firstName), text(data.surname)].filter(Boolean).join(" ");
  const vehicle = lead.vehicle && [lead.vehicle.make, lead.vehicle.model].filter(Boolean).join(" ");
  return [
    lead.reference,
    LEAD_KINDS[lead.kind]?.label ?? lead.kind,
    lead.receivedAt.toISOString(),
    lead.work.status,
    name,
    text(data.email),
    text(data.phone),
    text(data.postcode),
    vehicle ?? "",
    lead.vehicle?.registration ?? text(data.registration),
    text(lead.vehicle?.priceGBP),
    text(data.message) || text(data.condition),
    lead.forwardedAt?.toISOString() ?? "",
  ];
}
