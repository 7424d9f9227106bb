/**
 * Words of the small forms that the pages show and the server also needs, kept apart from
 * the schemas so that a page showing a form does not load the validator (zod) until the
 * form is used.
 */

/** The words beside the newsletter's tick box; each sign-up stores the wording it agreed to. */
export const NEWSLETTER_CONSENT = "Email me the newsletter with offers and new stock. I can unsubscribe at any time.";
export const NEWSLETTER_CONSENT_MISSING = "Tick the box to agree to receive our newsletter";

export const FEEDBACK_MAX_LENGTH = 2000;
