import { performance } from "node:perf_hooks";
import type { Logger } from "./logger";

/**
 * Long work done beside the site's own once it has started: an embedded store's index built
 * from its log, a file rewritten, the render threads loading the pages' code. Appends and
 * requests go on meanwhile; /healthz and the log say what is still catching up.
 */
export type CatchUpTask = "audit-index" | "audit-retention" | "leads-journal" | "render-threads";

const DESCRIPTIONS: Record<CatchUpTask, string> = {
  "audit-index": "indexing the staff audit log (staff/audit.idx)",
  "audit-retention": "rewriting the staff audit log without its expired entries",
  "leads-journal": "writing the leads journal (leads/index.ndjson)",
  "render-threads": "starting the render threads (public pages are rendered on the main thread meanwhile)",
};

/** What /healthz shows of a task under way: since when, and the share done (0 to 1). */
export interface CatchingUp {
  task: CatchUpTask;
  since: string;
  done: number;
}

export class CatchUpBoard {
  private readonly running = new Set<{ task: CatchUpTask; since: Date; done: number }>();

  constructor(private readonly logger?: Pick<Logger, "info">) {}

  /** Runs `work`, shown on the board until it settles; it reports the share done as it goes. */
  async run<R>(task: CatchUpTask, work: (done: (share: number) => void) => Promise<R>): Promise<R> {
    const shown = { task, since: new Date(), done: 0 };
    const started = performance.now();
    this.running.add(shown);
    this.logger?.info({ task }, `Catching up: ${DESCRIPTIONS[task]}, while the site answers`);
    try {
      const result = await work((share) => (shown.done = Math.min(1, Math.max(0, share))));
      this.logger?.info({ task, ms: Math.round(performance.now() - started) }, `Caught up: ${DESCRIPTIONS[task]}`);
      return result;
    } finally {
      this.running.delete(shown);
    }
  }

  list(): CatchingUp[] {
    return [...this.running].map(({ task, since, done }) => ({ task, since: since.toISOString(), done: Math.round(done * 100) / 100 }));
  }
}
