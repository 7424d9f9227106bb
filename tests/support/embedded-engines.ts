/**
 * Settings for a site or stock tool that a test starts as a child process, which otherwise
 * inherits the shell's environment: empty values count as unset, so a shell with production
 * settings never points a test at the live MongoDB or Meilisearch.
 */
export const EMBEDDED_ENGINES = {
  MONGODB_URL: "",
  MEILI_URL: "",
  MEILI_SEARCH_KEY: "",
  MEILI_SEARCH_KEY_FILE: "",
  MEILI_ADMIN_KEY: "",
} as const;
