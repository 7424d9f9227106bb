import { createHash } from "node:crypto";
import type { Schedule } from "../../domain/opening-hours";
import { ENGINE_DEADLINES_MS, type EngineHealth } from "../engine-health";
import type { Logger } from "../logger";
import type { LeadKindName } from "../../domain/lead-kinds";
import { LEAD_HANDLING, type LeadHandling } from "./lead-handling";
import { contactsOf } from "./lead-search";
import type { ArrivedLead, DuplicateOf, LeadStore, LeadVehicle } from "./lead-store";

/** How far back a lead is looked for that a new one repeats. */
export const REPEAT_WINDOW_MS = 24 * 60 * 60_000;
/** Enough earlier leads from one person about one vehicle in a day to find the first among them. */
const MOST_REPEATS_READ = 50;

export type SubmitResult =
  | {
      ok: true;
      id: string;
      /** What the visitor is told to quote. */
      reference: string;
      /** False when the same submission was stored before (a retry, a second sign-up): nothing new was stored. */
      created: boolean;
      /** The vehicle the lead is about, as stored with it: `inStock` false for one sold since its page was opened. */
      vehicle?: LeadVehicle;
    }
  | { ok: false; /** Problems by field (form order), the first first. */ errors: Record<string, string>; firstField: string };

/** Leads as the site's pages and API see them. */
export interface Leads {
  /**
   * Checks a submission against its kind's schema and stores it; resolves only once it is
   * stored durably. The same idempotency key with the same submission again returns the
   * first lead's id instead of storing a copy.
   */
  submit(kind: LeadKindName, input: unknown, idempotencyKey?: string): Promise<SubmitResult>;
}

/**
 * The one way in for every kind of lead, from the API and the forms without JavaScript
 * alike: checked, given the vehicle's details from stock, stored, and the forwarder told
 * there is one to send. The log gets ids, kinds and field names, never what was typed.
 */
export class LeadIntake implements Leads {
  constructor(
    private readonly store: LeadStore,
    /** The vehicle as listed now, or when it was sold lately; undefined for one never listed. */
    private readonly findVehicle: (id: string) => Promise<LeadVehicle | undefined>,
    private readonly logger: Pick<Logger, "info" | "warn">,
    /** Called after a lead to forward is stored, so it is sent now rather than at the next poll. */
    private readonly onStored: () => void,
    /** The showroom's hours, which a test drive must fall within. */
    private readonly schedule: Schedule,
    /** Holds the store to the lead deadline, and says when it is down. */
    private readonly health: EngineHealth,
    /** The clock, which a test may set. */
    private readonly now: () => Date = () => new Date(),
    /**
     * Queues the e-mails about a lead (backend/mail/); called for a retried submission too,
     * whose notices, each named by the lead's id, are then queued only if they were not yet.
     * Awaited, so the visitor is told of a lead only once its notices are stored as well.
     */
    private readonly notify: (lead: ArrivedLead) => Promise<void> = async () => {},
  ) {}

  async submit(kindName: LeadKindName, input: unknown, idempotencyKey?: string): Promise<SubmitResult> {
    const kind: LeadHandling = LEAD_HANDLING[kindName];
    const receivedAt = this.now();
    const { schema, problemsOf } = await kind.check({ now: receivedAt, schedule: this.schedule });
    const parsed = schema.safeParse(input);
    if (!parsed.success) return this.rejected(kind, problemsOf(parsed.error));
    const vehicleId = kind.vehicle?.idOf(parsed.data);
    const found = vehicleId === undefined ? undefined : await this.findVehicle(vehicleId);
    if (vehicleId !== undefined && !found && kind.vehicle?.unknown)
      return this.rejected(kind, { [kind.vehicle.field]: kind.vehicle.unknown });
    const vehicle = vehicleId === undefined ? undefined : (found ?? { id: vehicleId, inStock: false });
    const data = kind.recordOf(parsed.data, { receivedAt, vehicle });
    const key = kind.keyOf?.(parsed.data) ?? (idempotencyKey === undefined ? undefined : submissionKeyOf(kindName, idempotencyKey, data));
    const likelyDuplicateOf =
      kind.marksLikelyDuplicates && vehicle ? await this.earlierLead(kindName, vehicle.id, data, receivedAt) : undefined;
    // One document, stored whole or not at all; a retry with the same key finds it if the
    // store took it after the deadline, so nothing is stored twice.
    const { id, reference, created } = await this.health.guard("store", ENGINE_DEADLINES_MS.leadWrite, () =>
      this.store.add({
        kind: kindName,
        receivedAt,
        ...(vehicle === undefined ? {} : { vehicle }),
        data,
        key,
        forwarded: kind.forwarded,
        ...(likelyDuplicateOf === undefined ? {} : { likelyDuplicateOf }),
      }),
    );
    this.logger.info(
      { leadId: id, kind: kindName, created, ...(likelyDuplicateOf && created ? { likelyDuplicateOf: likelyDuplicateOf.id } : {}) },
      created ? `${kind.label} stored` : `${kind.label} already stored`,
    );
    if (created && kind.forwarded) this.onStored();
    await this.health.guard("store", ENGINE_DEADLINES_MS.leadWrite, () =>
      this.notify({ id, kind: kindName, reference, receivedAt, ...(vehicle === undefined ? {} : { vehicle }), data }),
    );
    return { ok: true, id, reference, created, ...(vehicle === undefined ? {} : { vehicle }) };
  }

  /**
   * The first lead of this kind about this vehicle from the same e-mail address or phone
   * number (normalised as erasure and search have them) in the day before `receivedAt`,
   * found by the store's own search. A store too slow or down to answer costs the mark,
   * never the lead: the lead is stored without it.
   */
  private async earlierLead(kind: LeadKindName, vehicleId: string, data: unknown, receivedAt: Date): Promise<DuplicateOf | undefined> {
    const contacts = contactsOf(kind, data);
    if (contacts.length === 0) return undefined;
    try {
      const found = await this.health.guard("store", ENGINE_DEADLINES_MS.storeRead, () =>
        Promise.all(
          contacts.map((contact) =>
            this.store.list({
              kinds: [kind],
              vehicleId,
              from: new Date(receivedAt.getTime() - REPEAT_WINDOW_MS),
              to: receivedAt,
              search: contact,
              page: 1,
              pageSize: MOST_REPEATS_READ,
            }),
          ),
        ),
      );
      // The search matches the beginnings of words ("jo@example.co" finds "jo@example.com"): only the same contact counts.
      const first = found
        .flatMap(({ leads }) => leads)
        .filter((lead) => contactsOf(lead.kind, lead.data).some((contact) => contacts.includes(contact)))
        .reduce<DuplicateOf | undefined>(
          (earliest, lead) => (!earliest || lead.receivedAt < earliest.receivedAt ? lead : earliest),
          undefined,
        );
      return first && { id: first.id, reference: first.reference, receivedAt: first.receivedAt };
    } catch (error) {
      this.logger.warn({ kind, err: error }, "Could not look for an earlier copy of a lead; storing it unmarked");
      return undefined;
    }
  }

  private rejected(kind: LeadHandling, errors: Record<string, string>): SubmitResult {
    const fields = Object.keys(errors);
    this.logger.info({ kind: kind.name, invalidFields: fields }, `${kind.label} rejected`);
    return { ok: false, errors, firstField: fields[0] ?? "" };
  }
}

/**
 * The key names the submission as well as the attempt: the same key with different details
 * (a client reusing keys by mistake) is a different lead, stored rather than swallowed.
 * Only the digest is kept.
 */
function submissionKeyOf(kind: LeadKindName, idempotencyKey: string, data: unknown): string {
  return createHash("sha256").update(kind).update("\0").update(idempotencyKey).update("\0").update(JSON.stringify(data)).digest("hex");
}
