import { mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * The time a built site's process reads, set by the test that started it (test-clock.mjs,
 * loaded into the site's process through NODE_OPTIONS): an offer that starts tomorrow, or a
 * notice from the 24th to the 27th of December, is checked on those days without waiting
 * for them. Only a test can load it; the site has no switch of its own for its time.
 */
export interface TestClock {
  /** What a site started with these settings reads its time from. */
  env: Record<string, string>;
  /** From now on the site's clock reads `moment` and runs on from it; with nothing, the real time again. */
  set(moment?: Date): Promise<void>;
  remove(): Promise<void>;
}

const CLOCK_MODULE = pathToFileURL(path.join(import.meta.dirname, "test-clock.mjs")).href;

export async function testClock(): Promise<TestClock> {
  const folder = await mkdtemp(path.join(tmpdir(), "test-clock-"));
  const file = path.join(folder, "now");
  // Written whole and renamed into place, so the site never reads it half written.
  const write = async (text: string) => {
    await writeFile(`${file}.new`, text);
    await rename(`${file}.new`, file);
  };
  await write("");
  return {
    env: { TEST_CLOCK_FILE: file, NODE_OPTIONS: `--import=${CLOCK_MODULE}` },
    set: (moment) => write(moment?.toISOString() ?? ""),
    remove: () => rm(folder, { recursive: true, force: true }),
  };
}
