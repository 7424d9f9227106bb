import type { z } from "zod";
import { fieldErrors } from "../../domain/form-fields";
import type { SubmitResult } from "../finance/finance-applications";
import type { Logger } from "../logger";
import type { EnquiryStore } from "./enquiry-store";

/**
 * One of the site's small forms as the pages and the API see it: checked against its shared
 * schema and stored durably before anyone is told it was received.
 */
export interface EnquiryService {
  /** Checks and stores a submission; resolves only once it is stored durably. */
  submit(input: unknown): Promise<SubmitResult>;
}

/** The three forms' services, as the site wires them. */
export interface Enquiries {
  newsletter: EnquiryService;
  feedback: EnquiryService;
  partExchange: EnquiryService;
}

/** What differs between the forms: their schema, what is stored, and what makes two submissions one. */
export interface EnquiryKind<S extends z.ZodType, T> {
  /** "Newsletter sign-up": the start of each log message. */
  name: string;
  schema: S;
  recordOf(submission: z.output<S>, receivedAt: Date): T;
  /** Submissions with the same key are one record, and a repeat answers the first one's id. */
  keyOf?(submission: z.output<S>): string;
}

export class EnquiryIntake<S extends z.ZodType, T> implements EnquiryService {
  constructor(
    private readonly kind: EnquiryKind<S, T>,
    private readonly store: EnquiryStore<T>,
    private readonly logger: Pick<Logger, "info">,
    /** Called after a new record is stored: the part-exchange forwarder sends it now rather than at the next poll. */
    private readonly onStored: () => void = () => {},
  ) {}

  async submit(input: unknown): Promise<SubmitResult> {
    const parsed = this.kind.schema.safeParse(input);
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      const fields = Object.keys(errors);
      this.logger.info({ invalidFields: fields }, `${this.kind.name} rejected`);
      return { ok: false, errors, firstField: fields[0] ?? "" };
    }
    const receivedAt = new Date();
    const { id, created } = await this.store.add({
      enquiry: this.kind.recordOf(parsed.data, receivedAt),
      receivedAt,
      key: this.kind.keyOf?.(parsed.data),
    });
    this.logger.info({ enquiryId: id, created }, created ? `${this.kind.name} stored` : `${this.kind.name} already stored`);
    if (created) this.onStored();
    return { ok: true, id, created };
  }
}
