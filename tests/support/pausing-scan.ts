import type { VehicleRecord } from "../../domain/vehicle";
import type { StockScan } from "../../backend/search/search-engine";

/**
 * A stock scan that stops halfway through each pass until the test lets it go, so that a
 * test can search while a rebuild has taken in half the new stock (and, for Meilisearch's
 * second pass, sent it to the index being built).
 */
export function pausingHalfway(records: readonly VehicleRecord[]) {
  const paused: (() => void)[] = [];
  let onPause: (() => void) | undefined;
  const scan: StockScan = async function* () {
    const half = Math.floor(records.length / 2);
    yield* records.slice(0, half);
    await new Promise<void>((resume) => {
      paused.push(resume);
      onPause?.();
    });
    yield* records.slice(half);
  };
  return {
    scan,
    /** Resolves true once a pass is paused, or false once `rebuilding` has settled without another pause. */
    async nextPause(rebuilding: Promise<unknown>): Promise<boolean> {
      if (paused.length === 0) {
        const settled = rebuilding.then(
          () => undefined,
          () => undefined,
        );
        await Promise.race([new Promise<void>((resolve) => (onPause = resolve)), settled]);
      }
      return paused.length > 0;
    },
    resume: () => paused.shift()?.(),
  };
}
