import type { ContentKind } from "../../domain/content/content-documents";
import { addDays, showroomInstant, showroomMoment } from "../../domain/opening-hours";

/**
 * The staff area's form for each kind of content, as a list of fields: the same list lays
 * the form out (ContentFields.tsx) and reads what it posts back into the document's shape
 * (bodyFromForm), which the server then checks against the document's schema. Every input
 * is named by its field's path ("faq.2.answer"), the path zod names a problem by, so each
 * problem shows beside its own input. Lists show one spare, empty entry to add with; an
 * entry left wholly empty is dropped. Works without JavaScript.
 */
export type FormField =
  | { type: "text" | "longText" | "markdown" | "date" | "datetime" | "checkbox" | "number"; name: string; label: string; hint?: string }
  | { type: "lines"; name: string; label: string; hint?: string }
  | { type: "photo"; name: string; label: string; hint?: string }
  | { type: "group"; name: string; label: string; fields: FormField[]; optional?: true }
  | { type: "list"; name: string; label: string; item: string; fields: FormField[] };

const MARKDOWN_HINT =
  "Markdown: ## a heading, **bold**, *italic*, - a list, [words](/page or https://…), ![what it shows](photo:id) for a photo. " +
  "{phone}, {email}, {openingHours}, {address} and other details in braces are filled in from the dealer's details.";

const seo: FormField = {
  type: "group",
  name: "seo",
  label: "Search engines",
  fields: [
    { type: "text", name: "title", label: "Title in search results (optional)", hint: "Up to 70 characters; the heading when empty." },
    { type: "text", name: "description", label: "Description in search results (optional)", hint: "Up to 160 characters." },
    { type: "checkbox", name: "noindex", label: "Keep this page out of search engines" },
  ],
};
const faq: FormField = {
  type: "list",
  name: "faq",
  label: "Questions and answers",
  item: "Question",
  fields: [
    { type: "text", name: "question", label: "Question" },
    { type: "markdown", name: "answer", label: "Answer", hint: MARKDOWN_HINT },
  ],
};
const linkHint = "A page of this site, like /vans/used, or a full https:// address.";
const address: FormField = {
  type: "group",
  name: "address",
  label: "Address",
  fields: [
    { type: "lines", name: "lines", label: "Street address", hint: "One line each." },
    { type: "text", name: "town", label: "Town" },
    { type: "text", name: "postcode", label: "Postcode" },
  ],
};
const openingHours: FormField = {
  type: "list",
  name: "openingHours",
  label: "Opening hours",
  item: "Days",
  fields: [
    { type: "text", name: "days", label: "Days", hint: "Like “Monday to Friday” or “Saturday”." },
    { type: "text", name: "hours", label: "Hours", hint: "Like “9am to 5pm”." },
  ],
};
const closedOn: FormField = {
  type: "lines",
  name: "closedOn",
  label: "Closed on",
  hint: "Bank holidays and other days closed, one a line, as 2026-12-25.",
};

export const CONTENT_FORMS: Record<ContentKind, FormField[]> = {
  home: [
    {
      type: "group",
      name: "hero",
      label: "Top of the page",
      fields: [
        { type: "text", name: "heading", label: "Heading" },
        { type: "longText", name: "text", label: "Text under the heading", hint: "{stock} reads as the number of vehicles in stock." },
      ],
    },
    {
      type: "list",
      name: "offerCards",
      label: "Special offers",
      item: "Offer",
      fields: [
        { type: "text", name: "title", label: "Title" },
        { type: "longText", name: "text", label: "Text" },
        { type: "text", name: "link", label: "Link", hint: linkHint },
        { type: "photo", name: "photo", label: "Photo (optional)" },
        {
          type: "checkbox",
          name: "financeExample",
          label: "Show the representative example beside this offer (needed for a monthly payment or an APR)",
        },
        { type: "datetime", name: "startsAt", label: "Show from (optional)", hint: "UK time. Empty: from when published." },
        { type: "datetime", name: "endsAt", label: "Show until (optional)", hint: "UK time. Empty: until taken off." },
      ],
    },
    {
      type: "group",
      name: "brands",
      label: "Brand tiles",
      fields: [
        {
          type: "list",
          name: "always",
          label: "Shown at first",
          item: "Brand",
          fields: [
            { type: "text", name: "name", label: "Brand" },
            { type: "text", name: "href", label: "Link", hint: linkHint },
          ],
        },
        {
          type: "list",
          name: "more",
          label: "Shown by “Show all brands”",
          item: "Brand",
          fields: [
            { type: "text", name: "name", label: "Brand" },
            { type: "text", name: "href", label: "Link", hint: linkHint },
          ],
        },
      ],
    },
    {
      type: "list",
      name: "essentials",
      label: "Buying essentials",
      item: "Card",
      fields: [
        { type: "text", name: "title", label: "Title" },
        { type: "text", name: "text", label: "Text" },
        { type: "text", name: "href", label: "Link", hint: linkHint },
      ],
    },
    faq,
    seo,
  ],
  category: [
    { type: "text", name: "heading", label: "Heading" },
    { type: "longText", name: "intro", label: "Text under the heading" },
    {
      type: "list",
      name: "copy",
      label: "Sections",
      item: "Section",
      fields: [
        { type: "text", name: "heading", label: "Heading" },
        { type: "markdown", name: "body", label: "Text", hint: MARKDOWN_HINT },
      ],
    },
    {
      type: "group",
      name: "brands",
      label: "Brand tiles",
      fields: [
        { type: "lines", name: "always", label: "Shown at first", hint: "One brand a line." },
        { type: "lines", name: "more", label: "Shown by “Show all brands”", hint: "One brand a line." },
      ],
    },
    faq,
    seo,
  ],
  page: [
    { type: "text", name: "heading", label: "Heading" },
    { type: "longText", name: "lede", label: "Opening words (optional)" },
    { type: "markdown", name: "body", label: "Text", hint: MARKDOWN_HINT },
    faq,
    seo,
  ],
  article: [
    { type: "text", name: "title", label: "Title" },
    { type: "text", name: "slug", label: "Address", hint: "The end of its address, /articles/…: lower-case words joined by hyphens." },
    { type: "date", name: "date", label: "Date" },
    { type: "text", name: "author", label: "Author" },
    { type: "longText", name: "summary", label: "Summary", hint: "Shown in the list of articles." },
    { type: "photo", name: "photo", label: "Photo" },
    { type: "markdown", name: "body", label: "Text", hint: MARKDOWN_HINT },
    seo,
  ],
  notice: [
    { type: "text", name: "text", label: "Notice", hint: "Shown across the top of every page, like “Closed on Boxing Day”." },
    {
      type: "group",
      name: "link",
      label: "Link (optional)",
      optional: true,
      fields: [
        { type: "text", name: "href", label: "Link", hint: linkHint },
        { type: "text", name: "label", label: "Link words" },
      ],
    },
    { type: "datetime", name: "from", label: "Show from", hint: "UK time." },
    { type: "datetime", name: "until", label: "Show until", hint: "UK time." },
  ],
  dealer: [
    { type: "text", name: "phone", label: "Phone" },
    { type: "text", name: "email", label: "E-mail address" },
    { type: "text", name: "messagingUrl", label: "Messaging link", hint: "An https:// address, like https://wa.me/44…" },
    address,
    openingHours,
    closedOn,
    { type: "text", name: "replyTime", label: "How soon we reply", hint: "Words after “We usually reply”: “within 3 business days”." },
    {
      type: "text",
      name: "leadReplyTime",
      label: "How soon we answer a question about a vehicle (optional)",
      hint: "Words after “We will be in touch”.",
    },
    {
      type: "list",
      name: "branches",
      label: "Branches (a dealer group's sites)",
      item: "Branch",
      fields: [
        {
          type: "text",
          name: "code",
          label: "Code",
          hint: "Lower-case letters, digits and hyphens, like st-helens: the branch's page is /branches/{code}, and stock feeds name the branch by it.",
        },
        { type: "text", name: "name", label: "Name" },
        address,
        {
          type: "group",
          name: "location",
          label: "Where it is on the map (optional)",
          optional: true,
          fields: [
            { type: "number", name: "lat", label: "Latitude", hint: "Like 53.5448; empty, distances are measured to its postcode's area." },
            { type: "number", name: "lon", label: "Longitude", hint: "Like -2.6319." },
          ],
        },
        { type: "text", name: "phone", label: "Phone" },
        { type: "text", name: "leadEmail", label: "E-mail address for its leads" },
        openingHours,
        closedOn,
      ],
    },
  ],
  // Added to by uploading on the photos page, not by a form.
  photos: [],
  redirects: [
    {
      type: "list",
      name: "redirects",
      label: "Redirects",
      item: "Redirect",
      fields: [
        { type: "text", name: "from", label: "From", hint: "An address of this site that no page has, like /winter-offers." },
        { type: "text", name: "to", label: "To", hint: linkHint },
      ],
    },
  ],
};

type Body = Record<string, unknown>;

/** A number as people write one ("53.5448", "-2.6"): Number() alone would also take "0x10" as 16 and "1e1" as 10. */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** What the form posted, in the document's shape (not yet checked). */
export function bodyFromForm(fields: readonly FormField[], form: FormData, prefix = ""): Body {
  const body: Body = {};
  for (const field of fields) {
    const path = `${prefix}${field.name}`;
    const text = (name = path) => {
      const value = form.get(name);
      return typeof value === "string" ? value.replace(/\r\n/g, "\n").trim() : "";
    };
    switch (field.type) {
      case "checkbox":
        body[field.name] = form.get(path) === "on";
        break;
      case "datetime": {
        const instant = fromLondonTime(text());
        if (instant !== undefined) body[field.name] = instant;
        break;
      }
      case "number": {
        // Words that are no number go on as they are, for the schema to name the field.
        const value = text();
        if (value !== "") body[field.name] = DECIMAL.test(value) ? Number(value) : value;
        break;
      }
      case "lines":
        body[field.name] = text()
          .split("\n")
          .map((line) => line.trim())
          .filter(Boolean);
        break;
      case "photo": {
        const [id, width, height] = text(`${path}.id`).split(":");
        const alt = text(`${path}.alt`);
        if (id || alt) body[field.name] = { id, width: Number(width), height: Number(height), alt };
        break;
      }
      case "group": {
        const group = bodyFromForm(field.fields, form, `${path}.`);
        // An optional group left empty is left out, rather than refused for its empty fields.
        if (!field.optional || Object.values(group).some((value) => value !== undefined && value !== false)) body[field.name] = group;
        break;
      }
      case "list": {
        const count = Math.min(Number(text(`${path}.count`)) || 0, 100);
        const items: Body[] = [];
        for (let i = 0; i < count; i++) {
          const item = bodyFromForm(field.fields, form, `${path}.${i}.`);
          if (!isEmpty(item)) items.push(item);
        }
        body[field.name] = items;
        break;
      }
      default: {
        const value = text();
        if (value !== "") body[field.name] = value;
      }
    }
  }
  return body;
}

/** Whether a list's entry was left wholly empty: no words, no box ticked, in it or in any group or list inside it. */
function isEmpty(value: unknown): boolean {
  if (Array.isArray(value)) return value.every(isEmpty);
  if (value && typeof value === "object") return Object.values(value).every(isEmpty);
  return value === "" || value === false || value === undefined;
}

/** "2026-12-24T09:00" on the showroom's clock as an instant; undefined when empty or not a time. */
export function fromLondonTime(value: string): string | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return value === "" ? undefined : value;
  return showroomInstant(match[1]!, Number(match[2]) * 60 + Number(match[3])).toISOString();
}

/** An instant as a datetime-local input shows it, on the showroom's clock. */
export function toLondonTime(instant: string | Date | undefined): string {
  if (instant === undefined || instant === "") return "";
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return String(instant);
  const { date: day, minutes } = showroomMoment(date);
  return `${day}T${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** Tomorrow at 9am on the showroom's clock, as a datetime-local input shows it: a sensible first suggestion. */
export function tomorrowMorning(now = new Date()): string {
  return `${addDays(showroomMoment(now).date, 1)}T09:00`;
}

/** The value at a path of the body ("faq.2.answer"). */
export function valueAt(body: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((value, part) => (value && typeof value === "object" ? (value as Body)[part] : undefined), body);
}
