import type { Alerts } from "../alerts/alert-services";
import type { DemandRow } from "../alerts/alert-store";
import { requireRole } from "../staff/permissions";
import type { StaffMember } from "../staff/staff-access";

/**
 * What buyers are waiting for, for the stock manager to buy to: buyers' confirmed saved
 * searches and watched vehicles, counted by type, make, model and price band, people counted
 * by their addresses' keyed hashes (backend/alerts/alert-demand.ts), no address read.
 */
export class BuyerDemand {
  constructor(private readonly alerts: Pick<Alerts, "demand">) {}

  list(member: StaffMember): Promise<DemandRow[]> {
    requireRole(member, "stock");
    return this.alerts.demand();
  }
}
