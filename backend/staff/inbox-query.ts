import { z } from "zod";
import { addDays, showroomInstant, showroomMoment } from "../../domain/opening-hours";
import { LEAD_KIND_NAMES } from "../../domain/lead-kinds";
import { LEAD_STATUSES, type LeadQuery } from "../leads/lead-store";

/**
 * The inbox's filters as an address states them (/staff?kind=finance-application&status=new
 * &from=2026-11-01&q=bloggs&view=mine&branch=bolton&page=2), read once, for the page and the JSON call alike. A value
 * that cannot be read is dropped and named, so a mistyped filter shows everything rather
 * than nothing.
 */

export const INBOX_PAGE_SIZE = 25;

/** The views a salesperson works from: their own leads, no one's, and the follow-ups due today (showroom's day) or already past. */
export const INBOX_VIEWS = { mine: "Mine", unassigned: "Unassigned", "due-today": "Due today", overdue: "Overdue" } as const;
export type InboxView = keyof typeof INBOX_VIEWS;

/** Who is asking and when: "mine" and "overdue" depend on both. */
export interface InboxViewer {
  memberId: string;
  now: Date;
  /** The codes of the branches whose leads they may pick: none for a dealer with one branch, whose leads name none. */
  branches: readonly string[];
}

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .transform((text) => new Date(`${text}T00:00:00Z`))
  .refine((date) => !Number.isNaN(date.getTime()));

const FILTERS = {
  kind: z.enum(LEAD_KIND_NAMES),
  status: z.enum(LEAD_STATUSES),
  from: day,
  /** The last day wanted, whole. */
  to: day.transform((date) => new Date(date.getTime() + 24 * 3_600_000)),
  vehicle: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/),
  q: z.string().trim().min(1).max(100),
  unread: z.literal("1"),
  view: z.enum(Object.keys(INBOX_VIEWS) as [InboxView, ...InboxView[]]),
  page: z
    .string()
    .regex(/^\d{1,6}$/)
    .transform(Number)
    .pipe(z.number().min(1)),
} as const;

/** A branch is one of the viewer's, so it is read apart from the filters every viewer shares. */
export type InboxFilter = keyof typeof FILTERS | "branch";

export function inboxQueryOf(params: URLSearchParams, viewer: InboxViewer): { query: LeadQuery; ignored: InboxFilter[] } {
  const ignored: InboxFilter[] = [];
  const readWith = (name: InboxFilter, schema: z.ZodType): unknown => {
    const given = params.get(name);
    if (given === null || given.trim() === "") return undefined;
    const parsed = schema.safeParse(given);
    if (parsed.success) return parsed.data;
    ignored.push(name);
    return undefined;
  };
  const read = <K extends keyof typeof FILTERS>(name: K) => readWith(name, FILTERS[name]) as z.output<(typeof FILTERS)[K]> | undefined;
  const branch = readWith(
    "branch",
    z.string().refine((code) => viewer.branches.includes(code)),
  ) as string | undefined;
  const kind = read("kind");
  const status = read("status");
  const query: LeadQuery = {
    ...(kind ? { kinds: [kind] } : {}),
    ...(status ? { statuses: [status] } : {}),
    ...optional("from", read("from")),
    ...optional("to", read("to")),
    ...optional("vehicleId", read("vehicle")),
    ...optional("branches", branch === undefined ? undefined : [branch]),
    ...optional("search", read("q")),
    ...(read("unread") ? { unreadOnly: true } : {}),
    ...viewQuery(read("view"), viewer, status === undefined),
    page: read("page") ?? 1,
    pageSize: INBOX_PAGE_SIZE,
  };
  return { query, ignored };
}

function viewQuery(view: InboxView | undefined, { memberId, now }: InboxViewer, anyStatus: boolean): Partial<LeadQuery> {
  // A follow-up on a lead already won or lost is no longer due, unless a status is asked for.
  const open = anyStatus ? { statuses: ["new", "contacted"] as const } : {};
  switch (view) {
    case undefined:
      return {};
    case "mine":
      return { assigneeId: memberId };
    case "unassigned":
      return { unassigned: true };
    case "due-today": {
      const today = showroomMoment(now).date;
      return { ...open, followUpFrom: showroomInstant(today, 0), followUpBefore: showroomInstant(addDays(today, 1), 0) };
    }
    case "overdue":
      return { ...open, followUpBefore: now };
  }
}

function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}
