import { z } from "zod";

/*
 * The stored shape of a vehicle's photos (domain/vehicle-photos.ts), apart from it so that
 * the pages' code, which only shows photos, does not bring zod into the browser bundle.
 */

/** How many photos a stock manager may give one vehicle. */
export const MAX_VEHICLE_PHOTOS = 40;

/** A content digest (hex), or a demo picture's name. */
export const photoIdSchema = z.string().regex(/^[a-z0-9-]{8,80}$/, "must be a photo id");

export const photoSchema = z.object({
  id: photoIdSchema,
  /** The stored master's size, after its orientation was applied. */
  width: z.number().int().min(1).max(20_000),
  height: z.number().int().min(1).max(20_000),
});

export const vehiclePhotosSchema = z.object({
  /** The stock manager's own, in order, the main photo first; when there are any, buyers see these instead of the feed's. */
  uploaded: z.array(photoSchema).max(MAX_VEHICLE_PHOTOS).optional(),
  /** The feed's pictures fetched and checked, by the feed's address. */
  fetched: z
    .array(photoSchema.extend({ href: z.string().max(2048) }))
    .max(100)
    .optional(),
});

export type Photo = z.infer<typeof photoSchema>;
export type VehiclePhotos = z.infer<typeof vehiclePhotosSchema>;
