import { readdir, readFile, rm, rmdir } from "node:fs/promises";
import path from "node:path";
import type { LeadKindName } from "../../domain/lead-kinds";
import type { Logger } from "../logger";
import { settleTempFile } from "../store/atomic-file";
import { FILE_SUFFIX } from "./lead-files";
import { referenceOfId } from "./lead-reference";
import type { KeptLead } from "./lead-store";

/**
 * Leads stored before the kinds were one family: finance applications in their own folder
 * (DATA_DIR/applications) or collection (finance_applications), the small forms under
 * DATA_DIR/enquiries/<kind> or a collection each. The stores move them into the one place
 * leads are kept when they open, keeping each lead's id, times and forwarding state, so
 * nothing stored before an upgrade is lost or sent twice.
 */

export const LEGACY_PLACES: readonly { kind: LeadKindName; folder: string; collection: string }[] = [
  { kind: "finance-application", folder: "applications", collection: "finance_applications" },
  { kind: "newsletter", folder: "enquiries/newsletter", collection: "newsletter_signups" },
  { kind: "feedback", folder: "enquiries/feedback", collection: "feedback" },
  { kind: "part-exchange", folder: "enquiries/part-exchange", collection: "part_exchange_requests" },
];

interface OldShape {
  id?: unknown;
  _id?: unknown;
  receivedAt: string | Date;
  /** Finance applications' idempotency digest. */
  submissionKey?: string;
  /** The small forms' key (a newsletter address's digest). */
  key?: string;
  application?: { vehicleId: string; vehicleDetails?: { make?: string; model?: string; registration?: string; mileage?: number } };
  enquiry?: unknown;
  forwardAttempts?: number;
  forwardedAt?: string | Date;
  nextAttemptAt?: string | Date;
}

/** A lead as either old shape held it, its times read whether written as text (files) or dates (MongoDB). */
export function legacyLeadOf(kind: LeadKindName, old: OldShape): KeptLead {
  const id = String(old.id ?? old._id);
  const key = old.submissionKey ?? old.key;
  const details = old.application?.vehicleDetails;
  return {
    id,
    kind,
    reference: referenceOfId(id),
    receivedAt: new Date(old.receivedAt),
    ...(key === undefined ? {} : { key }),
    ...(old.application ? { vehicle: withoutBlanks({ id: old.application.vehicleId, inStock: true, ...details }) } : {}),
    data: old.application ?? old.enquiry,
    ...(old.forwardAttempts === undefined ? {} : { forwardAttempts: old.forwardAttempts }),
    ...(old.forwardedAt === undefined ? {} : { forwardedAt: new Date(old.forwardedAt) }),
    ...(old.nextAttemptAt === undefined ? {} : { nextAttemptAt: new Date(old.nextAttemptAt) }),
  };
}

/** MongoDB would store an absent field as null. */
function withoutBlanks<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}

/**
 * Each lead an older version kept in a file of its own folder is written to the embedded
 * store (unless an earlier, interrupted move already did) before its old file goes, so a
 * crash part-way loses nothing and moves nothing twice.
 */
export async function moveInLegacyLeadFiles(
  dataDir: string,
  store: { has(id: string): boolean; write(lead: KeptLead): Promise<void> },
  logger?: Pick<Logger, "info" | "error">,
): Promise<void> {
  for (const { kind, folder } of LEGACY_PLACES) {
    const legacyDirectory = path.join(dataDir, folder);
    let names: string[];
    try {
      names = await readdir(legacyDirectory);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw error;
    }
    let moved = 0;
    for (const name of names) {
      if (await settleTempFile(legacyDirectory, name)) continue;
      if (!name.endsWith(FILE_SUFFIX)) continue;
      const oldFile = path.join(legacyDirectory, name);
      try {
        const lead = legacyLeadOf(kind, JSON.parse(await readFile(oldFile, "utf8")));
        if (!store.has(lead.id)) await store.write(lead);
        await rm(oldFile);
        moved++;
      } catch (error) {
        logger?.error(
          { file: name, kind, code: (error as NodeJS.ErrnoException).code },
          "A lead stored by an older version could not be moved",
        );
      }
    }
    if (moved > 0) logger?.info({ kind, moved }, "Moved leads stored by an older version");
    // Gone once empty; left in place, with what could not be read, otherwise.
    await rmdir(legacyDirectory).catch(() => undefined);
  }
  await rmdir(path.join(dataDir, "enquiries")).catch(() => undefined);
}
