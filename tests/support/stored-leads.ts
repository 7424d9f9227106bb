import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { LeadKindName } from "../../domain/lead-kinds";

/** A lead's file as the embedded store wrote it under DATA_DIR/leads, read straight from disk. */
export async function storedLead(dataDir: string, id: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(path.join(dataDir, "leads", `${id}.json`), "utf8")) as Record<string, unknown>;
}

/** The ids of the leads of one kind on disk, sorted. */
export async function storedLeadIds(dataDir: string, kind: LeadKindName): Promise<string[]> {
  const names = (await readdir(path.join(dataDir, "leads"))).filter((name) => name.endsWith(".json"));
  const leads = await Promise.all(names.map((name) => storedLead(dataDir, name.slice(0, -".json".length))));
  return leads
    .filter((lead) => lead.kind === kind)
    .map((lead) => String(lead.id))
    .sort();
}
