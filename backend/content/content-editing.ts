import { ZodError } from "zod";
import { kindOf, parseContentBody } from "../../domain/content/content-documents";
import { latestVersion, type ContentAuthor, type ContentRecord, type ContentVersion } from "../../domain/content/content-versions";
import { contentRuleProblems } from "../../domain/content/content-rules";
import { REDIRECTS } from "../../domain/redirects";
import { contentDiff, type DiffLine } from "./content-diff";
import { markdownProblems } from "./markdown";
import { StaleContentError, type ContentStore } from "./content-store";
import { unplacedPostcodes } from "../branches/branch-places";
import type { DealerDetails } from "../../domain/content/content-schemas";

/** What a save asks for: keep it as a draft, or publish it (now, or from `publishAt`), optionally until `takeDownAt`. */
export interface ContentSave {
  body: unknown;
  /** The record's revision the editor opened: a save based on an older one is refused. */
  basedOn: number;
  publish: boolean;
  publishAt?: Date;
  takeDownAt?: Date;
}

/** A body that does not follow its schema: `field` is the first one to fix, `fields` all of them with their messages. */
export class ContentInvalidError extends Error {
  constructor(
    readonly field: string,
    readonly fields: Record<string, string>,
  ) {
    super(`${field}: ${fields[field]}`);
    this.name = "ContentInvalidError";
  }
}

/**
 * Someone saved since the editor opened the document: nothing was overwritten. `difference`
 * runs from what they saved to what this editor tried to save; `current` is the record now.
 */
export class ContentConflictError extends Error {
  constructor(
    readonly current: ContentRecord | undefined,
    readonly difference: DiffLine[],
  ) {
    super("Someone else saved this since you opened it");
    this.name = "ContentConflictError";
  }
}

/**
 * Saving versions of content: each save checked against its document's schema, kept as a
 * new version (never replacing one), and refused when the document changed since the editor
 * opened it. Who may save, and the audit log, are the staff service's (staff-content.ts).
 */
export class ContentEditing {
  constructor(private readonly store: ContentStore) {}

  get(key: string): Promise<ContentRecord | undefined> {
    return this.store.get(key);
  }

  all(): Promise<ContentRecord[]> {
    return this.store.all();
  }

  async save(key: string, save: ContentSave, author: ContentAuthor, now: Date): Promise<ContentRecord> {
    const body = checkedBody(key, save.body);
    if (save.takeDownAt && save.takeDownAt <= (save.publishAt ?? now)) {
      throw new ContentInvalidError("takeDownAt", { takeDownAt: "must be after it is published" });
    }
    const record = await this.store.get(key);
    const version: ContentVersion = {
      number: (latestVersion(record ?? { versions: [] })?.number ?? 0) + 1,
      body,
      author,
      savedAt: now,
      published: save.publish,
      ...(save.publish && { publishAt: save.publishAt ?? now }),
      ...(save.publish && save.takeDownAt && { takeDownAt: save.takeDownAt }),
    };
    return this.put(key, [...(record?.versions ?? []), version], save.basedOn, body);
  }

  /** An earlier version brought back: published now as a new version, its words as they were. */
  async restore(key: string, number: number, basedOn: number, author: ContentAuthor, now: Date): Promise<ContentRecord> {
    const record = await this.store.get(key);
    const earlier = record?.versions.find((version) => version.number === number);
    if (!record || !earlier) throw new ContentInvalidError("version", { version: `there is no version ${number}` });
    const version: ContentVersion = {
      number: latestVersion(record)!.number + 1,
      body: earlier.body,
      author,
      savedAt: now,
      published: true,
      publishAt: now,
      restoredFrom: number,
    };
    return this.put(key, [...record.versions, version], basedOn, earlier.body);
  }

  /** A published version taken down at `at` (now, or later): the version it replaced shows again. */
  async takeDown(key: string, number: number, at: Date, basedOn: number): Promise<ContentRecord> {
    const record = await this.store.get(key);
    const version = record?.versions.find((candidate) => candidate.number === number && candidate.published);
    if (!record || !version) throw new ContentInvalidError("version", { version: `there is no published version ${number}` });
    const versions = record.versions.map((candidate) => (candidate === version ? { ...candidate, takeDownAt: at } : candidate));
    return this.put(key, versions, basedOn, version.body);
  }

  private async put(key: string, versions: ContentVersion[], basedOn: number, attempted: unknown): Promise<ContentRecord> {
    try {
      return await this.store.put(key, versions, basedOn);
    } catch (error) {
      if (!(error instanceof StaleContentError)) throw error;
      const theirs = error.current && latestVersion(error.current)?.body;
      throw new ContentConflictError(error.current, contentDiff(theirs, attempted));
    }
  }
}

/** The body as its schema reads it, or ContentInvalidError naming each field to fix. */
export function checkedBody(key: string, body: unknown): unknown {
  if (!kindOf(key)) throw new ContentInvalidError("key", { key: `there is no content called ${key}` });
  let parsed: unknown;
  try {
    parsed = parseContentBody(key, body);
  } catch (error) {
    if (!(error instanceof ZodError)) throw error;
    const fields = Object.fromEntries(error.issues.map((issue) => [issue.path.join(".") || "body", issue.message]).reverse());
    const first = error.issues[0]!.path.join(".") || "body";
    throw new ContentInvalidError(first, fields);
  }
  const problems = {
    ...contentRuleProblems(key, parsed, REDIRECTS),
    ...markdownFieldProblems(parsed),
    ...(kindOf(key) === "dealer" && unplacedPostcodes(parsed as DealerDetails)),
  };
  const first = Object.keys(problems)[0];
  if (first) throw new ContentInvalidError(first, problems);
  return parsed;
}

/** Each Markdown field's photos: described, and from the photo library. */
function markdownFieldProblems(body: unknown, path = ""): Record<string, string> {
  if (Array.isArray(body)) return Object.assign({}, ...body.map((item, i) => markdownFieldProblems(item, `${path}${i}.`)));
  if (!body || typeof body !== "object" || body instanceof Date) return {};
  const problems: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) {
    if (typeof value === "string" && MARKDOWN_FIELDS.has(name)) {
      const [problem] = markdownProblems(value);
      if (problem) problems[`${path}${name}`] = problem;
    } else Object.assign(problems, markdownFieldProblems(value, `${path}${name}.`));
  }
  return problems;
}

/** The fields written in Markdown, whatever document they are in. */
const MARKDOWN_FIELDS = new Set(["body", "answer"]);
