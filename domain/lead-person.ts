import { LEAD_KINDS, type LeadKindEntry, type LeadKindName } from "./lead-kinds";

/** The person who sent a lead, as its kind names them; each part absent when not given. */
export interface LeadPerson {
  /** Their name whole: "Jo Bloggs". */
  name?: string;
  /** What a letter to them opens with: the first name asked, or the name's first word. */
  firstName?: string;
  email?: string;
  phone?: string;
}

/**
 * Who sent a lead, read from its stored fields where its kind's table entry says
 * (domain/lead-kinds.ts `person`): the one place the inbox, the lead's page, the export,
 * the search and the e-mails learn a lead's name, address and phone.
 */
export function personOf(kind: LeadKindName, data: unknown): LeadPerson {
  const fields = (LEAD_KINDS[kind] as LeadKindEntry | undefined)?.person;
  if (!fields) return {};
  const stored = (typeof data === "object" && data !== null ? data : {}) as Record<string, unknown>;
  const text = (field: string | null) => {
    const value = field === null ? undefined : stored[field];
    return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
  };
  const { name: nameFields } = fields;
  const first = nameFields && "first" in nameFields ? text(nameFields.first) : undefined;
  const name =
    nameFields === null
      ? undefined
      : "whole" in nameFields
        ? text(nameFields.whole)
        : [first, text(nameFields.surname)].filter(Boolean).join(" ") || undefined;
  const firstName = first ?? name?.split(/\s+/)[0];
  const email = text(fields.email);
  const phone = text(fields.phone);
  return { ...(name ? { name } : {}), ...(firstName ? { firstName } : {}), ...(email ? { email } : {}), ...(phone ? { phone } : {}) };
}
