import { z } from "zod";
import { FILTER_NAMES, FILTER_ON, FILTERS, parseRange, type FilterName, type Filters, type FilterValue } from "./filters";
import { foldRangeEnds } from "./range-ends";
import { buyerPostcode, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, MAX_QUERY_LENGTH, MAX_WITHIN_MILES, type SearchRequest } from "./search-request";
import { DEFAULT_SORT, SORT_VALUES } from "./sort";

/** Reads a search from a query string, once, at the edge (the API and the pages' loaders). */

const MAX_TEXT_LENGTH = 100;

export interface ParamError {
  field: string;
  message: string;
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: ParamError };

const textFilterSchema = z.string().max(MAX_TEXT_LENGTH, `is too long (at most ${MAX_TEXT_LENGTH} characters)`);

const rangeFilterSchema = z.string().transform((value, ctx) => {
  const parsed = parseRange(value);
  if (!("problem" in parsed)) return parsed;
  ctx.addIssue({ code: "custom", message: parsed.problem });
  return z.NEVER;
});

const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));

const onFilterSchema = z.literal(FILTER_ON, { error: `must be ${FILTER_ON} (on) or left out (off)` }).transform(() => true as const);

const FILTER_SCHEMAS = { text: textFilterSchema, range: rangeFilterSchema, recent: onFilterSchema };

const filterShape = {} as Record<FilterName, z.ZodOptional<z.ZodType<FilterValue, string>>>;
for (const name of FILTER_NAMES) filterShape[name] = FILTER_SCHEMAS[FILTERS[name].kind].optional();

const querySchema = z
  .string()
  .max(MAX_QUERY_LENGTH, `is too long (at most ${MAX_QUERY_LENGTH} characters)`)
  .refine((value) => !/\p{Cc}/u.test(value), "must not contain control characters (tabs, line breaks and the like)");

const postcodeSchema = z
  .string()
  .max(MAX_TEXT_LENGTH, `is too long (at most ${MAX_TEXT_LENGTH} characters)`)
  .transform((value, ctx) => {
    const postcode = buyerPostcode(value);
    if (postcode) return postcode;
    ctx.addIssue({ code: "custom", message: `${JSON.stringify(value.slice(0, 20))} is not a UK postcode (like WN1 1AA, or WN1)` });
    return z.NEVER;
  });

const searchRequestSchema = z.object({
  q: querySchema.optional(),
  ...filterShape,
  postcode: postcodeSchema.optional(),
  withinMiles: wholeNumber(1, MAX_WITHIN_MILES, `must be a whole number of miles from 1 to ${MAX_WITHIN_MILES}`).optional(),
  sort: z.enum(SORT_VALUES, { error: `must be one of ${SORT_VALUES.join(", ")}` }).default(DEFAULT_SORT),
  page: wholeNumber(1, 1_000_000, "must be a whole number from 1").default(1),
  pageSize: wholeNumber(1, MAX_PAGE_SIZE, `must be a whole number from 1 to ${MAX_PAGE_SIZE}`).default(DEFAULT_PAGE_SIZE),
});

/** The query parameters a search reads; any other is ignored. */
export const KNOWN_PARAMS: ReadonlySet<string> = new Set<string>([
  "q",
  ...FILTER_NAMES,
  "postcode",
  "withinMiles",
  "sort",
  "page",
  "pageSize",
]);

/**
 * Reads a query string. Unknown parameters (utm_source, fbclid) are ignored and empty values
 * mean "not given"; a known parameter given twice or with a malformed value is an error
 * naming it.
 */
export function parseSearchRequest(params: URLSearchParams): ParseResult<SearchRequest> {
  const given: Record<string, string> = {};
  for (const name of new Set(params.keys())) {
    if (!KNOWN_PARAMS.has(name)) continue;
    const values = params.getAll(name);
    if (values.length > 1) {
      return { ok: false, error: { field: name, message: `${name} was given ${values.length} times; give it once` } };
    }
    const value = values[0]!.trim();
    if (value !== "") given[name] = value;
  }
  const parsed = searchRequestSchema.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = String(issue.path[0] ?? "query");
    return { ok: false, error: { field, message: `${field} ${issue.message}` } };
  }
  const { q, postcode, withinMiles, sort, page, pageSize, ...filterValues } = parsed.data;
  const filters = Object.fromEntries(Object.entries(filterValues).filter(([, value]) => value !== undefined)) as Filters;
  return {
    ok: true,
    value: {
      ...(q === undefined ? {} : { q }),
      filters,
      ...(postcode === undefined ? {} : { postcode }),
      ...(withinMiles === undefined ? {} : { withinMiles }),
      sort,
      page,
      pageSize,
    },
  };
}

/**
 * For pages: a search read as far as it can be. Each malformed value is left out (and
 * reported) rather than refusing the whole address, so a visitor who follows a mangled
 * link still sees a search.
 */
export function parseSearchRequestLeniently(params: URLSearchParams): { value: SearchRequest; dropped: ParamError[] } {
  let kept = new URLSearchParams(params);
  const dropped: ParamError[] = [];
  for (;;) {
    const parsed = parseSearchRequest(kept);
    if (parsed.ok) return { value: parsed.value, dropped };
    dropped.push(parsed.error);
    // Every problem names a parameter that was given; were one not to, start afresh rather than loop.
    if (kept.has(parsed.error.field)) kept.delete(parsed.error.field);
    else kept = new URLSearchParams();
  }
}

/**
 * The same address with what asks for nothing left out: known parameters left empty (a
 * form without JavaScript submits every field) and the default sort and page size, and the minimum and
 * maximum selects it sends (`priceMin`, `priceMax`) folded into their filter (`price`).
 * Everything else stays as given. Undefined when nothing would change, so a tidy address is
 * kept as it is.
 */
/** What a form sends for a field left as it was: the default sort and page size. */
const DEFAULTS = new Map([
  ["sort", DEFAULT_SORT],
  ["pageSize", String(DEFAULT_PAGE_SIZE)],
]);

export function tidySearchQuery(params: URLSearchParams): URLSearchParams | undefined {
  const folded = foldRangeEnds(params);
  const tidy = new URLSearchParams();
  let leftOut = folded ? 1 : 0;
  for (const [name, value] of folded ?? params) {
    const idle = KNOWN_PARAMS.has(name) && (value.trim() === "" || value.trim() === DEFAULTS.get(name));
    if (idle) leftOut += 1;
    else tidy.append(name, value);
  }
  return leftOut > 0 ? tidy : undefined;
}
