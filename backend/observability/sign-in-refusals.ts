import type { AuditEntry, StaffStore } from "../staff/staff-store";

/** The reasons the staff area writes on a refused sign-in (staff-access.ts); any other is counted as "other", so the label's values stay few. */
const REASONS = new Set(["throttled", "busy", "unknown-account", "disabled", "wrong-password", "wrong-code"]);

/**
 * The staff store, counting each refused sign-in as its audit entry is written: the audit log
 * is where every refusal, a throttled one included, is already recorded, so the count agrees
 * with it and the sign-in code needs no second hook.
 */
export function countingSignInRefusals(store: StaffStore, refused: (reason: string) => void): StaffStore {
  return new Proxy(store, {
    get(target, name) {
      const member: unknown = Reflect.get(target, name, target);
      if (typeof member !== "function") return member;
      if (name !== "appendAudit") return member.bind(target);
      return (entry: AuditEntry) => {
        if (entry.action === "sign-in-refused") {
          const reason = entry.details?.reason;
          refused(typeof reason === "string" && REASONS.has(reason) ? reason : "other");
        }
        return (member as StaffStore["appendAudit"]).call(target, entry);
      };
    },
  });
}
