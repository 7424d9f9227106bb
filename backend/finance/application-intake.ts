import { createHash } from "node:crypto";
import { applicationFieldErrors, financeApplicationSchema, type FinanceApplication } from "../../domain/finance-application";
import type { VehicleRecord } from "../../domain/vehicle";
import type { Logger } from "../logger";
import type { ApplicationStore } from "./application-store";
import type { FinanceApplications, SubmitResult } from "./finance-applications";

export const UNKNOWN_VEHICLE = "This vehicle is no longer in our stock: it may have just been sold. Please choose another, or call us.";

/**
 * Takes in finance applications for the API and the no-JavaScript form alike: checks them
 * with the shared schema, stores them, and tells the forwarder there is a new one. The
 * vehicle is the one in stock under the id given: its make, model, registration and mileage
 * are taken from the stock, never from what the client sent.
 */
export class ApplicationIntake implements FinanceApplications {
  constructor(
    private readonly store: ApplicationStore,
    private readonly findVehicle: (id: string) => Promise<VehicleRecord | undefined>,
    private readonly logger: Pick<Logger, "info">,
    /** Called after a new application is stored, so it is forwarded now rather than at the next poll. */
    private readonly onStored: () => void,
  ) {}

  async submit(input: unknown, idempotencyKey?: string): Promise<SubmitResult> {
    const parsed = financeApplicationSchema.safeParse(input);
    if (!parsed.success) {
      const errors = applicationFieldErrors(parsed.error);
      const fields = Object.keys(errors);
      this.logger.info({ invalidFields: fields }, "Finance application rejected");
      return { ok: false, errors, firstField: fields[0] ?? "" };
    }
    const vehicle = await this.findVehicle(parsed.data.vehicleId);
    if (!vehicle) {
      this.logger.info({ invalidFields: ["vehicleId"] }, "Finance application rejected");
      return { ok: false, errors: { vehicleId: UNKNOWN_VEHICLE }, firstField: "vehicleId" };
    }
    const application = { ...parsed.data, vehicleDetails: detailsInStock(vehicle) };
    const submissionKey = idempotencyKey === undefined ? undefined : submissionKeyOf(idempotencyKey, application);
    const { id, created } = await this.store.add({ application, receivedAt: new Date(), submissionKey });
    this.logger.info({ applicationId: id, created }, created ? "Finance application stored" : "Finance application resubmitted");
    if (created) this.onStored();
    return { ok: true, id, created };
  }
}

function detailsInStock({ vehicle }: VehicleRecord): FinanceApplication["vehicleDetails"] {
  return { make: vehicle.make, model: vehicle.model, registration: vehicle.registration, mileage: vehicle.odometerReadingMiles };
}

/**
 * The key names the application as well as the attempt: the same key with different details
 * (a client reusing keys by mistake) is a different application, stored rather than
 * swallowed. Only the digest is kept.
 */
function submissionKeyOf(idempotencyKey: string, application: FinanceApplication): string {
  return createHash("sha256").update(idempotencyKey).update("\0").update(JSON.stringify(application)).digest("hex");
}
