import type { FormErrors, FormValues } from "../forms/form-parts";

/** The page every save-search form posts to, in place with JavaScript or as a plain form without. */
export const SAVE_ALERT_ACTION = "/alerts";

/**
 * What saving a search answers: saved, with the confirmation e-mailed or held back (the
 * address has had the day's e-mails); or sent back with what to fix; or `failed`, with what
 * was typed, when it could not be saved just now.
 */
export type AlertSaveOutcome =
  | { ok: true; description: string; watch: boolean; confirmationSent: boolean }
  | { ok: false; values: FormValues; errors: FormErrors }
  | { ok: false; failed: true; values?: FormValues };
