import type { FormField } from "../../frontend/staff/content-form";
import { toLondonTime } from "../../frontend/staff/content-form";

/**
 * A document's body as the staff area's form posts it (frontend/staff/content-form.ts),
 * field by field: what a browser sends after an editor changed some of the words.
 */
export function formFieldsOf(fields: readonly FormField[], body: unknown, prefix = ""): [string, string][] {
  const value = (name: string) => (body && typeof body === "object" ? (body as Record<string, unknown>)[name] : undefined);
  return fields.flatMap((field): [string, string][] => {
    const path = `${prefix}${field.name}`;
    const given = value(field.name);
    switch (field.type) {
      case "checkbox":
        return given === true ? [[path, "on"]] : [];
      case "datetime":
        return [[path, toLondonTime(given as string | Date | undefined)]];
      case "lines":
        return [[path, Array.isArray(given) ? given.join("\n") : ""]];
      case "photo": {
        const photo = given as { id: string; width: number; height: number; alt: string } | undefined;
        return photo
          ? [
              [`${path}.id`, `${photo.id}:${photo.width}:${photo.height}`],
              [`${path}.alt`, photo.alt],
            ]
          : [];
      }
      case "group":
        return formFieldsOf(field.fields, given, `${path}.`);
      case "list": {
        const items = Array.isArray(given) ? given : [];
        return [[`${path}.count`, String(items.length)], ...items.flatMap((item, i) => formFieldsOf(field.fields, item, `${path}.${i}.`))];
      }
      default:
        return [[path, given === undefined ? "" : String(given)]];
    }
  });
}

/** What people try to slip into a page through a form: markup that runs script, addresses that do, and words that break out of attributes. */
export const ATTACK_STRINGS = [
  "<script>alert('xss')</script>",
  '<img src=x onerror="alert(1)">',
  '"><svg onload=alert(1)>',
  "javascript:alert(1)",
  "[click me](javascript:alert(1))",
  '<a href="https://evil.example" onclick="alert(1)">win</a>',
  "![x](https://evil.example/track.gif)",
  "<iframe src=//evil.example></iframe>",
  "{{constructor.constructor('alert(1)')()}}",
];
