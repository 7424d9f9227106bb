import type { VehicleFeedRecord, VehicleRecord } from "../../domain/vehicle";

/**
 * How an incoming feed record meets the stored one: a new vehicle is stamped with its
 * creation time (the feed's, when it gives one); a changed one keeps it and gets a new
 * update time; an identical one is left alone, so "most recent" and "updated" mean
 * something after a nightly full feed.
 */
export interface Stamped {
  change: "added" | "updated" | "unchanged";
  record: VehicleRecord;
}

export function stampRecord(
  id: string,
  incoming: VehicleFeedRecord,
  existing: VehicleRecord | undefined,
  now: Date,
): Stamped {
  const content = { vehicle: incoming.vehicle, media: incoming.media, adverts: incoming.adverts };
  if (!existing) {
    const createdAt = incoming.createdAt ?? now.toISOString();
    return { change: "added", record: { _id: id, ...content, createdAt, updatedAt: incoming.updatedAt ?? createdAt } };
  }
  if (sameContent(content, existing)) return { change: "unchanged", record: existing };
  return {
    change: "updated",
    record: { _id: id, ...content, createdAt: existing.createdAt, updatedAt: now.toISOString() },
  };
}

function sameContent(content: Pick<VehicleRecord, "vehicle" | "media" | "adverts">, existing: VehicleRecord): boolean {
  return (
    canonicalJson(content) ===
    canonicalJson({ vehicle: existing.vehicle, media: existing.media, adverts: existing.adverts })
  );
}

/** JSON with object keys sorted, so two equal records compare equal whatever their key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}
