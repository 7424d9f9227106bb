import type { Config } from "../config";
import { OutboxForwarder, type ForwardingTiming } from "../finance/lead-forwarder";
import type { Logger } from "../logger";
import { EnquiryIntake, type Enquiries } from "./enquiry-intake";
import { FEEDBACK, NEWSLETTER, PART_EXCHANGE, PART_EXCHANGE_LEADS } from "./enquiry-kinds";
import { EnquiryRetention } from "./enquiry-retention";
import type { EnquiryStores } from "./enquiry-stores";

export type EnquirySettings = Pick<
  Config,
  "LEAD_WEBHOOK_URL" | "NEWSLETTER_RETENTION_DAYS" | "FEEDBACK_RETENTION_DAYS" | "PART_EXCHANGE_RETENTION_DAYS"
>;

export interface EnquiryServices {
  enquiries: Enquiries;
  /** Starts forwarding part-exchange requests (when there is a lead-tracking service) and the retention sweeps. */
  start(): void;
  stop(): Promise<void>;
}

/**
 * The newsletter, feedback and part-exchange services over their stores: part-exchange
 * requests go on to the lead-tracking service like finance applications, from their own
 * outbox; every kind is deleted after its retention period.
 */
export function enquiryServices(stores: EnquiryStores, settings: EnquirySettings, logger: Logger, timing?: ForwardingTiming): EnquiryServices {
  const forwarder = settings.LEAD_WEBHOOK_URL
    ? new OutboxForwarder(PART_EXCHANGE_LEADS, stores.partExchange, settings.LEAD_WEBHOOK_URL, logger, timing)
    : undefined;
  const retention = new EnquiryRetention(
    [
      { name: "newsletter sign-ups", store: stores.newsletter, retentionDays: settings.NEWSLETTER_RETENTION_DAYS },
      { name: "feedback", store: stores.feedback, retentionDays: settings.FEEDBACK_RETENTION_DAYS },
      { name: "part-exchange requests", store: stores.partExchange, retentionDays: settings.PART_EXCHANGE_RETENTION_DAYS },
    ],
    logger,
  );
  return {
    enquiries: {
      newsletter: new EnquiryIntake(NEWSLETTER, stores.newsletter, logger),
      feedback: new EnquiryIntake(FEEDBACK, stores.feedback, logger),
      partExchange: new EnquiryIntake(PART_EXCHANGE, stores.partExchange, logger, () => forwarder?.nudge()),
    },
    start() {
      forwarder?.start();
      retention.start();
    },
    async stop() {
      await forwarder?.stop();
      await retention.stop();
    },
  };
}
