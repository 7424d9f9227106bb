import type { LeadVehicle } from "./lead-store";

/**
 * How staff find a lead: by the name, e-mail address, phone number or registration in it,
 * typed however they like ("jo bloggs", "0151 496", "MA19ABC"). Every kind names these the
 * same way (name or firstName and surname, email, phone, registration), so new kinds are
 * found without a change here.
 */

const NAME_FIELDS = ["name", "firstName", "surname"] as const;

/** A phone number as the forms keep it ("07700900123"), whatever spacing or +44 it was typed with. */
export function normalPhone(text: string): string {
  return text.replace(/[^\d+]/g, "").replace(/^\+44/, "0").replace(/\D/g, "");
}

export function normalEmail(text: string): string {
  return text.trim().toLowerCase();
}

const normalText = (text: string) => text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();

/** The words a lead is found by, each lower-cased; a search word matches a word it begins. */
export function searchTermsOf(data: unknown, vehicle?: LeadVehicle): string[] {
  const fields = (typeof data === "object" && data !== null ? data : {}) as Record<string, unknown>;
  const terms = new Set<string>();
  const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value : undefined);
  for (const field of NAME_FIELDS) {
    for (const word of normalText(text(fields[field]) ?? "").split(/[\s'-]+/)) if (word) terms.add(word);
  }
  const email = text(fields.email);
  if (email) terms.add(normalEmail(email));
  const phone = text(fields.phone);
  if (phone) terms.add(normalPhone(phone));
  for (const registration of [text(fields.registration), vehicle?.registration]) {
    if (registration) terms.add(registration.replace(/\s+/g, "").toLowerCase());
  }
  return [...terms];
}

/** The e-mail address and phone number a lead holds, as an erasure request names them. */
export function contactsOf(data: unknown): string[] {
  const fields = (typeof data === "object" && data !== null ? data : {}) as Record<string, unknown>;
  return [
    ...(typeof fields.email === "string" && fields.email ? [normalEmail(fields.email)] : []),
    ...(typeof fields.phone === "string" && fields.phone ? [normalPhone(fields.phone)] : []),
  ];
}

/** A staff search, normalised as the terms are: its words, and the whole of it run together ("ma19 abc" → "ma19abc"). */
export interface LeadSearch {
  words: string[];
  whole: string;
}

export function leadSearchOf(query: string): LeadSearch {
  const trimmed = query.trim();
  // A phone number is one term however it is spaced.
  if (/^[\d\s()+-]+$/.test(trimmed)) return { words: [normalPhone(trimmed)], whole: normalPhone(trimmed) };
  const words = normalText(trimmed).split(/[\s'-]+/).filter(Boolean);
  return { words, whole: words.join("") };
}

/** True when every word of the search begins one of the lead's terms, or the whole search begins one. */
export function matchesSearch(terms: readonly string[], { words, whole }: LeadSearch): boolean {
  return words.every((word) => terms.some((term) => term.startsWith(word))) || terms.some((term) => term.startsWith(whole));
}
