import { readFile } from "node:fs/promises";
import path from "node:path";
import { removeAbandonedTempFiles, writeFileAtomically } from "./atomic-file";
import { soldCutoff } from "./sold-vehicles";
import type { SoldVehicle } from "./vehicle-store";

const SOLD_FILE = "sold-vehicles.ndjson";

/**
 * The embedded store's register of vehicles removed from stock: DATA_DIR/sold-vehicles.ndjson,
 * one JSON line per vehicle, rewritten whole (through a temporary file and a rename) by
 * the import that removes vehicles, while it holds the stock's lock. Removals older than
 * SOLD_VEHICLES_KEPT_DAYS are dropped at each rewrite and ignored until then. Leads naming
 * an unlisted vehicle are rare, so a lookup reads the file rather than keep it in memory.
 */
export class FileSoldRegister {
  constructor(private readonly directory: string) {}

  private get file(): string {
    return path.join(this.directory, SOLD_FILE);
  }

  async find(id: string, now = new Date()): Promise<SoldVehicle | undefined> {
    const cutoff = soldCutoff(now).toISOString();
    return (await this.read()).find((sold) => sold.id === id && sold.soldAt >= cutoff);
  }

  /**
   * Removes what a writer killed part-way left behind; call it holding the stock's lock, at
   * every change to the stock, not only at those that add to the register, or a killed
   * writer's file could wait for the next vehicle sold.
   */
  removeAbandonedFiles(): Promise<void> {
    return removeAbandonedTempFiles(this.directory, SOLD_FILE);
  }

  /** Adds vehicles just removed; call it holding the stock's lock, before the stock without them is written. */
  async add(removed: readonly SoldVehicle[], now: Date): Promise<void> {
    if (removed.length === 0) return;
    const cutoff = soldCutoff(now).toISOString();
    const replaced = new Set(removed.map(({ id }) => id));
    const kept = (await this.read()).filter((sold) => sold.soldAt >= cutoff && !replaced.has(sold.id));
    await writeFileAtomically(
      this.file,
      [...kept, ...removed].map((sold) => `${JSON.stringify(sold)}\n`),
    );
  }

  private async read(): Promise<SoldVehicle[]> {
    let text: string;
    try {
      text = await readFile(this.file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    return text
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => JSON.parse(line) as SoldVehicle);
  }
}
