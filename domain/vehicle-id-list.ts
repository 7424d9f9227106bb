import { z } from "zod";
import { vehicleIdSchema } from "./vehicle";

export type VehicleIdList = { ok: true; ids: string[] } | { ok: false; message: string };

/**
 * `ids` as a shared link writes it (`ids=a,b,c`) or as a form of tick boxes sends it
 * (`ids=a&ids=b`), read in order with repeats dropped: at most `most` vehicles, each a
 * well-formed id. No `ids` at all is an empty list; what to do with one is the page's call.
 */
export function vehicleIdListSchema(most: number) {
  return z
    .array(z.string())
    .transform((values) => [
      ...new Set(
        values
          .flatMap((value) => value.split(","))
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(vehicleIdSchema).max(most, `names more than ${most} vehicles; at most ${most} can be shown together`));
}

export function readVehicleIdList(params: URLSearchParams, most: number): VehicleIdList {
  const parsed = vehicleIdListSchema(most).safeParse(params.getAll("ids"));
  if (parsed.success) return { ok: true, ids: parsed.data };
  const [issue] = parsed.error.issues;
  const position = typeof issue?.path[0] === "number" ? ` (vehicle ${issue.path[0] + 1})` : "";
  return { ok: false, message: `The list of vehicles in this address${position} ${issue?.message ?? "is not valid"}.` };
}
