import type { FinanceApplication } from "../../domain/finance-application";

/**
 * Where finance applications are kept: the outbox the lead forwarder works from and the
 * record staff read. Embedded: one file per application under DATA_DIR/applications/;
 * production: the MongoDB collection `finance_applications`. Both pass one contract suite
 * (application-store-contract.ts).
 */

export interface StoredApplication {
  id: string;
  receivedAt: Date;
  application: FinanceApplication;
  /** When the lead-tracking service took it (answered 2xx); absent until then. */
  forwardedAt?: Date;
  /** Sends tried so far, successful or not: the next retry waits longer for each. */
  forwardAttempts: number;
}

export interface NewApplication {
  application: FinanceApplication;
  receivedAt: Date;
  /** A digest naming this submission: a second add with the same one stores nothing. */
  submissionKey?: string;
}

export interface AddResult {
  id: string;
  /** False when an application with the same submission key was already stored. */
  created: boolean;
}

export interface ApplicationStore {
  /** Resolves only once the application would survive a crash or power cut. */
  add(application: NewApplication): Promise<AddResult>;
  get(id: string): Promise<StoredApplication | undefined>;
  /**
   * The not-yet-forwarded application whose next try is the most overdue, held back from
   * every other claimant (any process) for `leaseMs`, so only one sender tries it at a time.
   */
  claimNextDue(now: Date, leaseMs: number): Promise<StoredApplication | undefined>;
  markForwarded(id: string, at: Date): Promise<void>;
  /** Counts a failed send and sets when to try again. */
  markForwardFailed(id: string, retryAt: Date): Promise<void>;
  /** Deletes every application received before `cutoff`; resolves to how many went. */
  deleteReceivedBefore(cutoff: Date): Promise<number>;
  close(): Promise<void>;
}
