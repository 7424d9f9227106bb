import type { Schedule } from "../../domain/opening-hours";
import type { Config } from "../config";
import { EngineHealth } from "../engine-health";
import type { Logger } from "../logger";
import { LeadForwarder, type ForwardingTiming } from "./lead-forwarder";
import { LeadIntake } from "./lead-intake";
import type { RetentionSettings } from "./lead-handling";
import { LeadRetention } from "./lead-retention";
import type { ArrivedLead, LeadStore, LeadVehicle } from "./lead-store";

export type LeadSettings = RetentionSettings & Pick<Config, "LEAD_WEBHOOK_URL">;

export interface LeadServices {
  leads: LeadIntake;
  /** Sends what is due now rather than at the next poll (a lead staff asked to forward again); absent when leads are not forwarded. */
  forwardNow?: () => void;
  /** Starts forwarding (when there is a lead-tracking service) and the retention sweeps. */
  start(): void;
  stop(): Promise<void>;
}

/** The intake, the outbox that forwards to LEAD_WEBHOOK_URL, and the retention sweeps, over one store. */
export function leadServices(
  store: LeadStore,
  findVehicle: (id: string) => Promise<LeadVehicle | undefined>,
  schedule: Schedule,
  settings: LeadSettings,
  logger: Logger,
  timing?: ForwardingTiming,
  /** Shared with the catalogue, so that one store outage is logged once. */
  health = new EngineHealth(logger),
  /** Queues the e-mails about a lead that has arrived (backend/mail/). */
  notify?: (lead: ArrivedLead) => Promise<void>,
): LeadServices {
  const forwarder = settings.LEAD_WEBHOOK_URL ? new LeadForwarder(store, settings.LEAD_WEBHOOK_URL, logger, timing) : undefined;
  const retention = new LeadRetention(store, settings, logger);
  return {
    leads: new LeadIntake(store, findVehicle, logger, () => forwarder?.nudge(), schedule, health, undefined, notify),
    ...(forwarder ? { forwardNow: () => forwarder.nudge() } : {}),
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
