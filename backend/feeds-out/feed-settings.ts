import { z } from "zod";
import { VEHICLE_TYPES, type VehicleType } from "../../domain/vehicle-types";
import { CHANNEL_IDS, type ChannelId } from "./channel";
import type { FeedVehicle } from "./feed-vehicle";

/**
 * What the dealer chose for each channel: which vehicles it gets (by type, none at all, and
 * whether a reserved one still goes), and the digest of the secret its feed's address
 * carries. A channel without a secret is switched off: its address answers 404. One store
 * code names the showroom to every channel.
 */

const channelSettingsSchema = z.object({
  types: z.array(z.enum(VEHICLE_TYPES)),
  leaveOutReserved: z.boolean(),
  /** SHA-256 of the feed address's secret (base64url); absent while the feed is off. */
  tokenDigest: z.string().optional(),
  /** When the secret was made, as ISO 8601. */
  tokenSetAt: z.iso.datetime().optional(),
});

/** The dealer's code for the showroom, as Google's Business Profile and the channels' accounts know it. */
export const storeCodeSchema = z
  .string({ error: "Enter the store code" })
  .trim()
  .min(1, "Enter the store code")
  .max(64, "Keep the store code to 64 characters")
  .regex(/^[A-Za-z0-9_-]+$/, "Use letters, digits, '-' and '_' only in the store code");

export const feedSettingsSchema = z.object({
  storeCode: storeCodeSchema,
  channels: z.object(
    Object.fromEntries(CHANNEL_IDS.map((id) => [id, channelSettingsSchema])) as Record<ChannelId, typeof channelSettingsSchema>,
  ),
});

export type ChannelSettings = z.infer<typeof channelSettingsSchema>;
export type FeedSettings = z.infer<typeof feedSettingsSchema>;

/** What a new site starts with: every feed off; Google offered cars only, as it takes no others. */
export function defaultFeedSettings(postcode: string): FeedSettings {
  const all: ChannelSettings = { types: [...VEHICLE_TYPES], leaveOutReserved: true };
  return {
    storeCode: postcode.replace(/[^A-Za-z0-9]/g, "").toUpperCase() || "MAIN",
    channels: { google: { types: ["car"], leaveOutReserved: true }, meta: all, portal: all },
  };
}

/** Whether the dealer sends this vehicle to the channel (its rules are checked apart from this). */
export function chosenFor(settings: ChannelSettings, vehicle: Pick<FeedVehicle, "type" | "reserved" | "hidden">): boolean {
  if (vehicle.hidden) return false;
  if (vehicle.reserved && settings.leaveOutReserved) return false;
  return settings.types.includes(vehicle.type);
}

/** The dealer's choice of vehicles for a channel, from the console's form. */
export const channelChoiceSchema = z.object({
  types: z.array(z.enum(VEHICLE_TYPES, { error: `Choose vehicle types from ${VEHICLE_TYPES.join(", ")}` })),
  leaveOutReserved: z.boolean(),
});
export type ChannelChoice = { types: VehicleType[]; leaveOutReserved: boolean };

/** Where the settings are kept: a file on the embedded default, a document in MongoDB. */
export interface FeedSettingsStore {
  /** The settings, or undefined before any were saved. */
  read(): Promise<FeedSettings | undefined>;
  /** Saves the settings `change` makes of the latest ones; resolves to what was saved. */
  update(change: (settings: FeedSettings) => FeedSettings, defaults: FeedSettings): Promise<FeedSettings>;
}
