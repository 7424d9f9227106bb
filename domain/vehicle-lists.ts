/**
 * How many vehicles each of a visitor's lists holds. The browser keeps them (no account is
 * needed); the saved list's share link and the compare page accept as many as the lists hold.
 * Free of zod, so every page can read the lists without loading the validator.
 */
export const VEHICLE_LISTS = {
  /** Saved (hearted) vehicles; past this the oldest is let go, as a share link names at most this many. */
  saved: 50,
  /** Vehicles chosen to compare side by side: three fit a phone's table and a desk's screen. */
  compared: 3,
  /** Vehicle pages seen most recently, newest first. */
  recentlyViewed: 6,
} as const;

export type VehicleListName = keyof typeof VEHICLE_LISTS;
