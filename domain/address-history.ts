/**
 * The addresses before an applicant's current one, as the finance forms ask for them: until
 * three years are covered. Kept free of the validator, so the page without JavaScript can
 * lay out its fields without loading it.
 */

/** Lenders ask where an applicant has lived for the last three years. */
export const ADDRESS_HISTORY_MONTHS = 36;
/** Addresses before the current one that the form offers, at most: three years rarely needs more. */
export const MOST_PREVIOUS_ADDRESSES = 3;

/** The fields of one previous address. */
export const PREVIOUS_ADDRESS_FIELDS = ["address1", "address2", "city", "postcode", "residenceYears", "residenceMonths"] as const;
export type PreviousAddressField = (typeof PREVIOUS_ADDRESS_FIELDS)[number];

/** A previous address's field as the forms name it: "previousAddresses.0.postcode", which is also where its problem is reported. */
export type PreviousAddressFieldName = `previousAddresses.${number}.${PreviousAddressField}`;
export const previousAddressFieldName = (index: number, field: PreviousAddressField): PreviousAddressFieldName =>
  `previousAddresses.${index}.${field}`;

type FormValues = Readonly<Partial<Record<string, string>>>;

/** Months lived at an address, from its years and months as typed; undefined until its years are given as a whole number. */
export function monthsAt(years: string | undefined, months: string | undefined): number | undefined {
  if (years === undefined || !/^\s*\d+\s*$/.test(years)) return undefined;
  return Number(years) * 12 + (months !== undefined && /^\s*\d+\s*$/.test(months) ? Number(months) : 0);
}

/**
 * How many previous addresses the form asks for: another while those so far cover less than
 * three years and each one's time is known; `untilTimeIsGiven` while the time at the current
 * address is not (none in the dialog, which asks as the answers come; one on the page without
 * JavaScript, which cannot).
 */
export function previousAddressesAsked(values: FormValues, untilTimeIsGiven: number): number {
  let covered = monthsAt(values.residenceYears, values.residenceMonths);
  if (covered === undefined) return untilTimeIsGiven;
  let asked = 0;
  while (covered < ADDRESS_HISTORY_MONTHS && asked < MOST_PREVIOUS_ADDRESSES) {
    const more = monthsAt(
      values[previousAddressFieldName(asked, "residenceYears")],
      values[previousAddressFieldName(asked, "residenceMonths")],
    );
    asked++;
    if (more === undefined) break;
    covered += more;
  }
  return asked;
}

/**
 * The first `asked` previous addresses a form's flat fields hold ("previousAddresses.0.city"),
 * as the JSON API takes them; the first left blank ends them, so each keeps the place its
 * problems are reported by.
 */
export function previousAddressesIn(values: FormValues, asked: number): Record<string, string>[] {
  const addresses: Record<string, string>[] = [];
  for (let index = 0; index < asked; index++) {
    const given = PREVIOUS_ADDRESS_FIELDS.flatMap((field) => {
      const value = values[previousAddressFieldName(index, field)];
      return value === undefined || value.trim() === "" ? [] : [[field, value] as const];
    });
    if (given.length === 0) break;
    addresses.push(Object.fromEntries(given));
  }
  return addresses;
}
