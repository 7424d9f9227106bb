/**
 * Finance applications as the site's pages and API see them: checked against the shared
 * schema, stored durably before anyone is told they were received, and sent on to the
 * lead-tracking service afterwards, retried until it takes them.
 */
export type SubmitResult =
  | { ok: true; id: string; /** False when the idempotency key had been used: nothing new was stored. */ created: boolean }
  | { ok: false; /** Problems by field (form order), the first first. */ errors: Record<string, string>; firstField: string };

export interface FinanceApplications {
  /**
   * Checks and stores an application. Resolves only once it is stored durably. The same
   * idempotency key again returns the first application's id instead of storing a copy.
   */
  submit(input: unknown, idempotencyKey?: string): Promise<SubmitResult>;
}
