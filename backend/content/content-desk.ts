import { kindOf } from "../../domain/content/content-documents";
import type { ContentRecord } from "../../domain/content/content-versions";
import { requireRole } from "../staff/permissions";
import type { StaffAccess, StaffMember } from "../staff/staff-access";
import type { AuditAction } from "../staff/staff-store";
import { ContentEditing, type ContentSave } from "./content-editing";
import type { PublishedContent } from "./published-content";

/**
 * The staff area's side of editing: the editor role checked on the server before anything
 * is read or saved (admins may too), every change in the audit log, and this instance's
 * pages told at once of a publish (the others notice within a second).
 */
export class ContentDesk {
  readonly editing: ContentEditing;

  constructor(
    editing: ContentEditing,
    private readonly access: StaffAccess,
    readonly published: PublishedContent,
  ) {
    this.editing = editing;
  }

  async open(member: StaffMember, key: string): Promise<ContentRecord | undefined> {
    requireRole(member, "editor");
    return this.editing.get(key);
  }

  async save(member: StaffMember, address: string, key: string, save: ContentSave, now = new Date()): Promise<ContentRecord> {
    requireRole(member, "editor");
    const record = await this.editing.save(key, save, authorOf(member), now);
    const version = record.versions.at(-1)!;
    await this.audit(member, address, save.publish ? "content-published" : "content-drafted", key, {
      version: version.number,
      ...(version.publishAt && { publishAt: version.publishAt.toISOString() }),
      ...(version.takeDownAt && { takeDownAt: version.takeDownAt.toISOString() }),
    });
    await this.published.poll();
    return record;
  }

  async restore(member: StaffMember, address: string, key: string, number: number, basedOn: number, now = new Date()) {
    requireRole(member, "editor");
    const record = await this.editing.restore(key, number, basedOn, authorOf(member), now);
    await this.audit(member, address, "content-restored", key, { version: record.versions.at(-1)!.number, restoredFrom: number });
    await this.published.poll();
    return record;
  }

  async takeDown(member: StaffMember, address: string, key: string, number: number, at: Date, basedOn: number) {
    requireRole(member, "editor");
    const record = await this.editing.takeDown(key, number, at, basedOn);
    await this.audit(member, address, "content-taken-down", key, { version: number, at: at.toISOString() });
    await this.published.poll();
    return record;
  }

  /** Every document there is, stored or not yet: the staff list of what can be edited. */
  async list(member: StaffMember): Promise<ContentRecord[]> {
    requireRole(member, "editor");
    return (await this.editing.all()).filter(({ key }) => kindOf(key) !== undefined);
  }

  private audit(member: StaffMember, address: string, action: AuditAction, key: string, details: Record<string, string | number>) {
    return this.access.audit({ action, actorId: member.account.id, actorEmail: member.account.email, address, targetId: key, details });
  }
}

function authorOf(member: StaffMember) {
  return { id: member.account.id, name: member.account.name };
}
