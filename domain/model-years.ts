/**
 * The years of manufacture the vehicle schema can ever accept (it also refuses any after next
 * year's models). Kept free of the schema so search pages can use it without shipping zod.
 */
export const MODEL_YEARS = { earliest: 1900, latest: 2100 } as const;
