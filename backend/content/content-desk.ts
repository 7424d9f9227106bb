import { kindOf } from "../../domain/content/content-documents";
import type { ContentRecord } from "../../domain/content/content-versions";
import { requireRole } from "../staff/permissions";
import type { StaffAccess, StaffMember } from "../staff/staff-access";
import type { AuditAction } from "../staff/staff-store";
import { PhotoRefusedError, type PhotoLibrary } from "../media/photo-library";
import { checkedBody, ContentConflictError, ContentEditing, ContentInvalidError, type ContentSave } from "./content-editing";
import { branchRemovalProblems } from "../branches/branch-removal";
import type { StockView } from "../store/vehicle-store";
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
    private readonly library: PhotoLibrary,
    private readonly stock: StockView,
  ) {
    this.editing = editing;
  }

  async open(member: StaffMember, key: string): Promise<ContentRecord | undefined> {
    requireRole(member, "editor");
    return this.editing.get(key);
  }

  async save(member: StaffMember, address: string, key: string, save: ContentSave, now = new Date()): Promise<ContentRecord> {
    requireRole(member, "editor");
    if (save.publish) await this.refuseRemovingStockedBranches(key, save.body);
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
    const earlier = (await this.editing.get(key))?.versions.find((version) => version.number === number);
    if (earlier) await this.refuseRemovingStockedBranches(key, earlier.body);
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

  /**
   * Photos for the site's content, each checked and stored by the photo library (sized in
   * AVIF, WebP and JPEG at every width on first request) and added to the list every photo
   * field chooses from. Returns those refused, with the reason.
   */
  async addPhotos(
    member: StaffMember,
    address: string,
    files: readonly ContentPhotoFile[],
  ): Promise<{ added: number; refused: { name: string; reason: string }[] }> {
    requireRole(member, "editor");
    const added: { id: string; width: number; height: number; name: string }[] = [];
    const refused: { name: string; reason: string }[] = [];
    for (const file of files) {
      try {
        added.push({ ...(await this.library.ingest(await file.read())), name: file.name.slice(0, 120) || "Photo" });
      } catch (error) {
        if (!(error instanceof PhotoRefusedError)) throw error;
        refused.push({ name: file.name, reason: error.message });
      }
    }
    if (added.length === 0) return { added: 0, refused };
    // Another editor's upload at the same moment: add to what they saved, once more.
    for (let attempt = 0; ; attempt++) {
      const record = await this.editing.get("photos");
      const photos = (record?.versions.at(-1)?.body as { photos?: typeof added } | undefined)?.photos ?? [];
      const known = new Set(photos.map(({ id }) => id));
      const body = { photos: [...photos, ...added.filter(({ id }) => !known.has(id))] };
      try {
        await this.save(member, address, "photos", { body, basedOn: record?.revision ?? 0, publish: true });
        return { added: added.length, refused };
      } catch (error) {
        if (!(error instanceof ContentConflictError) || attempt > 0) throw error;
      }
    }
  }

  /** Every document there is, stored or not yet: the staff list of what can be edited. */
  async list(member: StaffMember): Promise<ContentRecord[]> {
    requireRole(member, "editor");
    return (await this.editing.all()).filter(({ key }) => kindOf(key) !== undefined);
  }

  /**
   * The dealer's details published with fewer branches: refused while vehicles in stock
   * still stand at one left out (backend/branches/branch-removal.ts). Taking a version down
   * is not refused: the one it replaced shows again, as it was.
   */
  private async refuseRemovingStockedBranches(key: string, body: unknown): Promise<void> {
    if (kindOf(key) !== "dealer") return;
    const next = this.published.previewWith(key, checkedBody(key, body)).dealer;
    const problems = await branchRemovalProblems(this.published.current().dealer, next, this.stock);
    const first = Object.keys(problems)[0];
    if (first) throw new ContentInvalidError(first, problems);
  }

  private audit(member: StaffMember, address: string, action: AuditAction, key: string, details: Record<string, string | number>) {
    return this.access.audit({ action, actorId: member.account.id, actorEmail: member.account.email, address, targetId: key, details });
  }
}

/** The page content photos are uploaded on: it takes bodies larger than a form's (backend/http/create-app.ts). */
export const CONTENT_PHOTO_PAGE = "/staff/content/photos";

/** An uploaded file, read into memory only when its turn comes. */
export interface ContentPhotoFile {
  name: string;
  read(): Promise<Buffer>;
}

function authorOf(member: StaffMember) {
  return { id: member.account.id, name: member.account.name };
}
