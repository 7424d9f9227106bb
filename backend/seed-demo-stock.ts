import type { Logger } from "./logger";
import { generateDemoStock } from "./demo-stock/generate-demo-stock";
import type { VehicleStore } from "./store/vehicle-store";

/** An empty data folder gets demo stock, so a fresh checkout shows a working site: a group's spread over its branches. */
export async function seedDemoStock(store: VehicleStore, size: number, logger: Logger, branches: readonly string[] = []): Promise<void> {
  if (size === 0 || !(await store.isPristine())) return;
  const records = Array.from(generateDemoStock({ count: size, branches }), (record) => ({ id: record._id, record }));
  const summary = await store.applyChange({ records, mode: "upsert" });
  logger.info({ vehicles: summary.added }, "Loaded demo stock into an empty data folder");
}
