/**
 * Ids appear in URLs, so they are kept to URL-safe characters. In a module of its own, free of
 * zod, so the browser's saved-vehicle lists can check what they read without loading the validator.
 */
export const VEHICLE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
