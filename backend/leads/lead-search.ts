import { normalPhone } from "../../domain/uk-formats";
import { LEAD_KINDS, type LeadKindName } from "../../domain/lead-kinds";
import { personOf } from "../../domain/lead-person";
import { REFERENCE_PATTERN } from "./lead-reference";
import type { LeadVehicle } from "./lead-store";

/**
 * How staff find a lead: by its reference, or the name, e-mail address, phone number or
 * registration in it, typed however they like ("avh5 spxk", "jo bloggs", "0151 496", "MA19ABC"). The
 * person is found where the kind's table entry says (domain/lead-person.ts), so new kinds are
 * found without a change here.
 */

export function normalEmail(text: string): string {
  return text.trim().toLowerCase();
}

const normalText = (text: string) => text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();

/** The words a lead is found by, each lower-cased; a search word matches a word it begins. */
export function searchTermsOf(kind: LeadKindName, data: unknown, vehicle?: LeadVehicle): string[] {
  const fields = (typeof data === "object" && data !== null ? data : {}) as Record<string, unknown>;
  const terms = new Set<string>();
  const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value : undefined);
  const { name, email, phone } = personOf(kind, data);
  for (const word of normalText(name ?? "").split(/[\s'-]+/)) if (word) terms.add(word);
  if (email) terms.add(normalEmail(email));
  if (phone) terms.add(normalPhone(phone));
  for (const registration of [text(fields.registration), vehicle?.registration]) {
    if (registration) terms.add(registration.replace(/\s+/g, "").toLowerCase());
  }
  return [...terms];
}

/** The e-mail address and phone number a lead holds, as an erasure request names them. */
export function contactsOf(kind: LeadKindName, data: unknown): string[] {
  const { email, phone } = personOf(kind, data);
  return [...(email ? [normalEmail(email)] : []), ...(phone ? [normalPhone(phone)] : [])];
}

/**
 * A staff search, normalised as the terms are: its words (each also in the parts a name
 * splits into, so "o'neill" finds O'Neill), the whole of it run together ("ma19 abc" →
 * "ma19abc"), and the reference it spells, if it spells one whole ("avh5spxk", "AVH5 SPXK" →
 * "AVH5-SPXK"), which a lead matches exactly.
 */
export interface LeadSearch {
  words: { whole: string; parts: string[] }[];
  joined: string;
  reference?: string;
}

export function leadSearchOf(query: string): LeadSearch {
  const trimmed = query.trim();
  const compact = trimmed.replace(/[\s-]+/g, "").toUpperCase();
  const spelled = `${compact.slice(0, 4)}-${compact.slice(4)}`;
  const reference = REFERENCE_PATTERN.test(spelled) ? { reference: spelled } : {};
  // A phone number is one term however it is spaced.
  if (/^[\d\s()+-]+$/.test(trimmed)) {
    const phone = normalPhone(trimmed);
    return { words: [{ whole: phone, parts: [phone] }], joined: phone, ...reference };
  }
  const words = normalText(trimmed)
    .split(/\s+/)
    .filter(Boolean)
    .map((whole) => ({ whole, parts: whole.split(/['-]+/).filter(Boolean) }));
  return { words, joined: words.map(({ whole }) => whole).join(""), ...reference };
}

/** The day a lead books (a test drive's), YYYY-MM-DD; undefined for kinds that book nothing. */
export function bookedDayOf(kind: LeadKindName, data: unknown): string | undefined {
  const day = LEAD_KINDS[kind]?.booksTime ? (data as { day?: unknown } | null)?.day : undefined;
  return typeof day === "string" ? day : undefined;
}

/**
 * True when every word of the search (or each of its parts) begins one of the lead's terms, or
 * the whole search begins one. Plain loops: a search as wide as one letter tests every lead.
 */
export function matchesSearch(terms: readonly string[], { words, joined }: LeadSearch): boolean {
  return everyWordBegins(terms, words) || (words.length > 1 && beginsOne(terms, joined));
}

function everyWordBegins(terms: readonly string[], words: LeadSearch["words"]): boolean {
  for (const { whole, parts } of words) {
    if (beginsOne(terms, whole)) continue;
    if (parts.length < 2) return false;
    for (const part of parts) if (!beginsOne(terms, part)) return false;
  }
  return true;
}

function beginsOne(terms: readonly string[], text: string): boolean {
  for (const term of terms) if (term.startsWith(text)) return true;
  return false;
}
