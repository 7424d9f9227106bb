import { performance } from "node:perf_hooks";
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
 * run in the site's background one at a time.
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

export interface RebuildState {
  by: string;
  startedAt: Date;
  finishedAt?: Date;
  documents?: number;
  failure?: string;
}

/** A rebuild is already under way: who started it. */
export class RebuildBusyError extends Error {}
/** This site cannot rebuild the index (Meilisearch without the admin key). */
export class RebuildUnavailableError extends Error {}

const NO_ADMIN_KEY =
  "The site holds no Meilisearch admin key (MEILI_ADMIN_KEY), so it cannot count the index's documents, read its tasks or rebuild it: " +
  "npm run stock:reindex on the server rebuilds it, and stock:sync keeps it in step.";
const FAILED_TASKS_SHOWN = 5;

export class SearchIndexConsole {
  private rebuild: RebuildState | undefined;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly catalogue: Catalogue,
    private readonly store: VehicleStore,
    /** The engine outside the site's process (Meilisearch), and its writer when the site holds its admin key; undefined for the embedded index. */
    private readonly meili: { writer?: SearchIndexWriter; indexUid: string } | undefined,
    private readonly access: StaffAccess,
    private readonly logger: Pick<Logger, "info" | "error">,
  ) {}

  async health(member: StaffMember): Promise<SearchIndexHealth> {
    requireRole(member, "stock");
    const inStore = await this.store.count();
    const rebuild = this.rebuild && { ...this.rebuild };
    if (!this.meili) {
      const status = await this.catalogue.status();
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
    if (this.rebuild && !this.rebuild.finishedAt)
      throw new RebuildBusyError(`${this.rebuild.by} is rebuilding the index already; it is shown below.`);
    if (this.meili && !this.meili.writer) throw new RebuildUnavailableError(NO_ADMIN_KEY);
    const state: RebuildState = { by: member.account.name, startedAt: new Date() };
    this.rebuild = state;
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
        state.finishedAt = new Date();
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
    return this.running;
  }
}
