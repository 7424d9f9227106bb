import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { MemoryRebuildBoard, type RebuildBoard, type RebuildState } from "./rebuild-board";
import { rebuildSearchIndex } from "./search-sync";
import type { Catalogue } from "../catalogue";
import type { Logger } from "../logger";
import type { SearchIndexWriter } from "../search/search-engine";
import { requireRole } from "../staff/permissions";
import type { StaffAccess, StaffMember } from "../staff/staff-access";
import type { VehicleStore } from "../store/vehicle-store";

/**
 * The search index as the stock console shows it: which engine answers searches, how many
 * vehicles the store and the index hold, when the index was last built, a rebuild under way,
 * and with Meilisearch its recent failed tasks; and a rebuild, started by a stock manager,
 * run in the site's background one at a time. The latest rebuild is kept on the rebuild
 * board (rebuild-board.ts), which every instance shares when the stores are MongoDB: any
 * instance shows it running and how it ended, and refuses another while it runs.
 */

export interface SearchIndexHealth {
  engine: "embedded" | "meilisearch";
  inStore: number;
  /** Undefined when the site cannot ask (Meilisearch without the admin key). */
  inIndex?: number;
  builtAt?: Date;
  rebuild?: RebuildState;
  failedTasks: { uid: number; type: string; error: string; finishedAt?: Date }[];
  /** Why some of this cannot be shown, or the index cannot be rebuilt from here. */
  limitation?: string;
}

/** A rebuild is already under way: who started it. */
export class RebuildBusyError extends Error {}
/** This site cannot rebuild the index (Meilisearch without the admin key). */
export class RebuildUnavailableError extends Error {}

const NO_ADMIN_KEY =
  "The site holds no Meilisearch admin key (MEILI_ADMIN_KEY), so it cannot count the index's documents, read its tasks or rebuild it: " +
  "npm run stock:reindex on the server rebuilds it, and stock:sync keeps it in step.";
const FAILED_TASKS_SHOWN = 5;
/** A rebuild under way holds the console this far ahead, moved on every HEARTBEAT_MS by its instance. */
const HOLD_MS = 30_000;
const HEARTBEAT_MS = 5000;
const ENDED = new Date(0);
const STOPPED_WITH_ITS_INSTANCE =
  "The site instance running this rebuild stopped before it ended. Searches go on from the index as it was: rebuild it again.";

export class SearchIndexConsole {
  private running: Promise<void> = Promise.resolve();
  /** This instance's writes to the board, one after another, so that a late heartbeat never overwrites the ending. */
  private boardWrites: Promise<void> = Promise.resolve();

  constructor(
    private readonly catalogue: Catalogue,
    private readonly store: VehicleStore,
    /** The engine outside the site's process (Meilisearch), and its writer when the site holds its admin key; undefined for the embedded index. */
    private readonly meili: { writer?: SearchIndexWriter; indexUid: string } | undefined,
    private readonly access: StaffAccess,
    private readonly logger: Pick<Logger, "info" | "warn" | "error">,
    private readonly board: RebuildBoard = new MemoryRebuildBoard(),
  ) {}

  async health(member: StaffMember): Promise<SearchIndexHealth> {
    requireRole(member, "stock");
    const status = await this.catalogue.status();
    const inStore = status.vehicles;
    const rebuild = await this.latestRebuild();
    if (!this.meili) {
      const { total } = await this.catalogue.ids(1, 1);
      return {
        engine: "embedded",
        inStore,
        inIndex: total,
        ...(status.indexedAt ? { builtAt: new Date(status.indexedAt) } : {}),
        ...(rebuild ? { rebuild } : {}),
        failedTasks: [],
      };
    }
    const { writer, indexUid } = this.meili;
    if (!writer) return { engine: "meilisearch", inStore, ...(rebuild ? { rebuild } : {}), failedTasks: [], limitation: NO_ADMIN_KEY };
    const { documents, builtAt, problem, failedTasks } = await writer.state(FAILED_TASKS_SHOWN);
    return {
      engine: "meilisearch",
      inStore,
      ...(documents === undefined ? {} : { inIndex: documents }),
      ...(builtAt ? { builtAt } : {}),
      ...(rebuild ? { rebuild } : {}),
      failedTasks,
      ...(documents === undefined
        ? { limitation: `There is no index ${indexUid} in Meilisearch yet: rebuild it.` }
        : problem
          ? {
              limitation: `The index ${indexUid} ${problem}, as one set up by an earlier version of the site: searches are refused until it is rebuilt. Rebuild it.`,
            }
          : {}),
    };
  }

  /** Starts a rebuild in the background: the embedded index in this process, or a fresh Meilisearch index swapped in. */
  async startRebuild(member: StaffMember, address: string): Promise<void> {
    requireRole(member, "stock");
    if (this.meili && !this.meili.writer) throw new RebuildUnavailableError(NO_ADMIN_KEY);
    const now = new Date();
    const state: RebuildState = { id: randomUUID(), by: member.account.name, startedAt: now, heldUntil: new Date(now.getTime() + HOLD_MS) };
    // Taken on the board, so that of two rebuilds asked for at once, through any instances, only one starts.
    const busy = await this.board.take(state, now);
    if (busy) throw new RebuildBusyError(`${busy.by} is rebuilding the index already; it is shown below.`);
    const heartbeat = setInterval(() => {
      state.heldUntil = new Date(Date.now() + HOLD_MS);
      this.saveToBoard(state);
    }, HEARTBEAT_MS).unref();
    const started = performance.now();
    const indexer = this.meili?.writer;
    const work = indexer ? rebuildSearchIndex(this.store, indexer) : this.catalogue.reindex().then(() => this.store.count());
    this.running = work
      .then(
        (documents) => {
          state.documents = documents;
          this.logger.info({ documents, ms: Math.round(performance.now() - started) }, "Search index rebuilt from the stock console");
        },
        (error: unknown) => {
          state.failure = `The rebuild failed: ${(error as Error).message}. Searches go on from the index as it was.`;
          this.logger.error({ err: error }, "Search index rebuild from the stock console failed");
        },
      )
      .then(() => {
        clearInterval(heartbeat);
        state.finishedAt = new Date();
        state.heldUntil = ENDED;
        this.saveToBoard(state);
        const seconds = Math.round((performance.now() - started) / 100) / 10;
        const details = {
          engine: indexer ? "meilisearch" : "embedded",
          result: state.failure ? "failed" : "rebuilt",
          seconds,
          ...(state.documents === undefined ? {} : { documents: state.documents }),
        };
        return this.access.audit({
          action: "search-index-rebuilt",
          actorId: member.account.id,
          actorEmail: member.account.email,
          address,
          details,
        });
      })
      .catch((error: unknown) => this.logger.error({ err: error }, "Could not record the search index rebuild in the audit log"));
  }

  /** Waits for a rebuild under way (for shutting down). */
  settled(): Promise<void> {
    // The board's writes are awaited after the work, which queues its ending among them.
    return this.running.then(() => this.boardWrites);
  }

  /** The latest rebuild; one whose instance stopped moving its hold on stopped with it. */
  private async latestRebuild(): Promise<RebuildState | undefined> {
    const rebuild = await this.board.latest();
    if (rebuild && !rebuild.finishedAt && rebuild.heldUntil <= new Date())
      return { ...rebuild, finishedAt: rebuild.heldUntil, failure: STOPPED_WITH_ITS_INSTANCE };
    return rebuild;
  }

  private saveToBoard(state: RebuildState): void {
    const copy = { ...state };
    this.boardWrites = this.boardWrites
      .then(() => this.board.save(copy))
      .catch((error: unknown) => this.logger.warn({ err: error }, "Could not save the search index rebuild to the board"));
  }
}
