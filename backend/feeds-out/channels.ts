import type { ChannelId, OutgoingChannel } from "./channel";
import { GOOGLE_VEHICLE_ADS } from "./google-vehicle-ads";
import { META_AUTOMOTIVE_CATALOGUE } from "./meta-automotive-catalogue";
import { PORTAL_CSV } from "./portal-csv";

/** Every channel the stock goes out to, in the order the console lists them. */
export const CHANNELS: Readonly<Record<ChannelId, OutgoingChannel>> = {
  google: GOOGLE_VEHICLE_ADS,
  meta: META_AUTOMOTIVE_CATALOGUE,
  portal: PORTAL_CSV,
};
