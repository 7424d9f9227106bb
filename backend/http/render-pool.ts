import { AsyncResource } from "node:async_hooks";
import { finished } from "node:stream/promises";
import { Worker } from "node:worker_threads";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { CatchUpBoard } from "../catch-up-board";
import { PAGE_CATALOGUE_CALLS, type PageCatalogue } from "../catalogue";
import type { SiteContent } from "../../domain/content/site-content";
import type { Logger } from "../logger";
import {
  receivedError,
  sentError,
  type FromRenderThread,
  type RenderedPage,
  type RenderJob,
  type RenderThreadData,
  type ToRenderThread,
} from "./render-protocol";
import { cspNonceOf } from "./security-headers";
import { keepSplicedPage } from "./cached-pages";
import { traced } from "../observability/tracing";

/**
 * Public pages rendered on every core. Node runs a page's JavaScript on one thread, and
 * rendering a page costs several times what answering its data does: with render threads,
 * the main thread takes requests, answers the API and the catalogue's calls, and the render
 * threads turn pages into HTML, and compress them, side by side.
 *
 * The stock, the stores, the sessions and every limit stay in the main thread alone: a page
 * on a render thread asks the main thread's catalogue for what it shows (render-protocol.ts),
 * so there is one copy of the index in memory and nothing to keep in step between processes.
 * Pages that read a visitor's own data (forms, the staff area) render on the main thread.
 *
 * Threads start with the first public page and stop once no page has come for a while: each
 * holds some 45 MB (the pages' code and its own heap), which a site at rest, or one used only
 * by its staff, need not keep. No visitor waits for a thread to load the pages' code: until
 * one has, pages are rendered on the main thread, as with no threads at all.
 */

export interface RenderPoolOptions {
  /** The render thread's module: build/server/render-thread.js. */
  threadModule: URL;
  /** RENDER_THREADS: how many render threads to keep. */
  threads: number;
  data: RenderThreadData;
  catalogue: PageCatalogue;
  logger: Logger;
  /** Told how long each page took, from being handed to a thread to coming back (the metrics). */
  onRendered?: (seconds: number) => void;
  /** How long the threads are kept without a page before they stop; IDLE_THREADS_STOP_MS by default. */
  idleStopMs?: number;
  /** Where /healthz shows the threads loading. */
  catchUps?: CatchUpBoard;
}

/**
 * A render thread keeps nothing but the pages' code between pages, yet left to itself V8 let
 * each one's heap grow to a couple of hundred megabytes under load before collecting it. Capped,
 * it collects sooner, at no measurable cost in pages per second (docs/benchmarks.md); a thread
 * that ran out would stop, and its page be rendered on the main thread while another starts.
 */
const RENDER_THREAD_HEAP_MB = 128;

/** Long enough that a site with visitors keeps its threads, and starting them again is rare. */
const IDLE_THREADS_STOP_MS = 10 * 60_000;

interface PendingJob {
  resolve(page: RenderedPage): void;
  reject(error: Error): void;
  req: Request;
  /** The request's async context, in which the page's catalogue calls are answered, so their log lines and spans are the request's. */
  context: AsyncResource;
}

class RenderThread {
  readonly jobs = new Map<number, PendingJob>();
  /** Settles when the thread has loaded the pages' code (or has stopped before it could). */
  readonly loaded: Promise<void>;
  ready = false;
  private worker: Worker;
  private whenLoaded!: () => void;

  constructor(
    private readonly options: RenderPoolOptions,
    private readonly whenExited: (thread: RenderThread) => void,
  ) {
    this.loaded = new Promise((resolve) => (this.whenLoaded = resolve));
    this.worker = this.start();
  }

  send(message: ToRenderThread): void {
    this.worker.postMessage(message);
  }

  stop(): Promise<number> {
    return this.worker.terminate();
  }

  private start(): Worker {
    const worker = new Worker(this.options.threadModule, {
      workerData: this.options.data,
      resourceLimits: { maxOldGenerationSizeMb: RENDER_THREAD_HEAP_MB },
    });
    worker.on("message", (message: FromRenderThread) => this.receive(message));
    worker.on("error", (error) => this.options.logger.error({ err: error }, "A render thread failed"));
    worker.on("exit", () => {
      this.whenLoaded();
      for (const job of this.jobs.values()) job.reject(new Error("The render thread stopped"));
      this.jobs.clear();
      this.whenExited(this);
    });
    return worker;
  }

  private receive(message: FromRenderThread): void {
    switch (message.type) {
      case "ready":
        this.ready = true;
        this.whenLoaded();
        return;
      case "call": {
        const answer = () => this.answer(message.call, message.method, message.args);
        const job = this.jobs.get(message.job);
        void (job ? job.context.runInAsyncScope(answer) : answer());
        return;
      }
      case "log": {
        const job = this.jobs.get(message.job);
        (job?.req.log ?? this.options.logger).error({ err: receivedError(message.error) }, message.message);
        return;
      }
      case "rendered":
        this.jobs.get(message.job)?.resolve(message);
        this.jobs.delete(message.job);
        return;
      case "failed":
        this.jobs.get(message.job)?.reject(receivedError(message.error));
        this.jobs.delete(message.job);
        return;
    }
  }

  private async answer(call: number, method: string, args: unknown[]): Promise<void> {
    try {
      // Only the calls pages make: the thread's messages are ours, but the list is short and explicit.
      if (!(PAGE_CATALOGUE_CALLS as readonly string[]).includes(method)) throw new Error(`${method} is not a page's call`);
      const value: unknown = await (this.options.catalogue[method as keyof PageCatalogue] as (...args: unknown[]) => Promise<unknown>)(
        ...args,
      );
      this.send({ type: "answer", call, value });
    } catch (error) {
      this.send({ type: "refusal", call, error: sentError(error) });
    }
  }
}

export class RenderPool {
  private readonly threads: RenderThread[] = [];
  private nextJob = 1;
  private stopping = false;
  private readonly idleTimer: NodeJS.Timeout;

  constructor(private readonly options: RenderPoolOptions) {
    this.idleTimer = setTimeout(() => this.stopIdleThreads(), options.idleStopMs ?? IDLE_THREADS_STOP_MS).unref();
  }

  /**
   * Renders the pages `shared` picks on a render thread; any other request, one that comes
   * while the threads are still loading, or one whose thread stopped before answering, goes
   * on to `renderHere`, on this thread.
   */
  handler(shared: (req: Request, res: Response) => boolean, renderHere: RequestHandler): RequestHandler {
    return (req, res, next) => {
      if (this.stopping || this.options.threads === 0 || !shared(req, res)) return renderHere(req, res, next);
      this.idleTimer.refresh();
      if (this.threads.length === 0) this.startThreads();
      if (!this.threads.some((thread) => thread.ready)) return this.renderMeanwhile(req, res, next, renderHere);
      traced("render page", { "dealer.render.threads": this.threads.length }, () => this.render(req, res)).then(
        (page) => sendRendered(res, page),
        (error: unknown) => {
          (req.log ?? this.options.logger).warn({ err: error }, "A render thread could not render the page; rendering it here");
          if (!res.headersSent) return renderHere(req, res, next);
          next(error);
        },
      );
    };
  }

  /** The site's content changed: every thread renders with it from its next page, and a thread started later starts with it. */
  setContent(content: SiteContent): void {
    this.options.data = { ...this.options.data, content };
    for (const thread of this.threads) thread.send({ type: "content", content });
  }

  /** Pages handed to render threads and not yet back, and how many threads there are. */
  get load(): { pending: number; threads: number } {
    return { pending: this.threads.reduce((pages, thread) => pages + thread.jobs.size, 0), threads: this.threads.length };
  }

  /** Starts the threads now rather than with the first page; settles once each has loaded. */
  async warm(): Promise<void> {
    if (this.threads.length === 0) this.startThreads();
    await Promise.all(this.threads.map((thread) => thread.loaded));
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.idleTimer);
    await Promise.all(this.threads.map((thread) => thread.stop()));
  }

  /** No page for IDLE_THREADS_STOP_MS: the threads stop (taken off the list first, so none is started again in its place). */
  private stopIdleThreads(): void {
    if (this.threads.some((thread) => thread.jobs.size > 0)) return void this.idleTimer.refresh();
    for (const thread of this.threads.splice(0)) void thread.stop();
  }

  private startThreads(): void {
    for (let i = 0; i < this.options.threads; i++) this.threads.push(this.startThread());
    const loading = Promise.all(this.threads.map((thread) => thread.loaded));
    void this.options.catchUps?.run("render-threads", () => loading);
  }

  /** A page that came while the threads load: rendered here, and timed and traced as theirs are. */
  private renderMeanwhile(req: Request, res: Response, next: NextFunction, renderHere: RequestHandler): void {
    const started = performance.now();
    void traced("render page", { "dealer.render.threads": 0 }, () => {
      void renderHere(req, res, next);
      return finished(res).catch(() => undefined);
    }).then(() => this.options.onRendered?.((performance.now() - started) / 1000));
  }

  private render(req: Request, res: Response): Promise<RenderedPage> {
    // The ready thread with the fewest pages in hand.
    const thread = this.threads
      .filter((candidate) => candidate.ready)
      .reduce((least, candidate) => (candidate.jobs.size < least.jobs.size ? candidate : least));
    const job = this.nextJob++;
    const message: RenderJob = {
      type: "render",
      job,
      method: req.method,
      url: pageUrlOf(req),
      headers: headersOf(req),
      nonce: cspNonceOf(res),
    };
    const started = performance.now();
    const rendered = new Promise<RenderedPage>((resolve, reject) => {
      thread.jobs.set(job, { resolve, reject, req, context: new AsyncResource("render-job") });
      thread.send(message);
    });
    const { onRendered } = this.options;
    return onRendered
      ? rendered.then((page) => {
          onRendered((performance.now() - started) / 1000);
          return page;
        })
      : rendered;
  }

  private startThread(): RenderThread {
    return new RenderThread(this.options, (stopped) => {
      const at = this.threads.indexOf(stopped);
      if (at === -1) return;
      if (this.stopping) {
        this.threads.splice(at, 1);
        return;
      }
      this.options.logger.error("A render thread stopped; starting another");
      this.threads[at] = this.startThread();
    });
  }
}

function sendRendered(res: Response, page: RenderedPage): void {
  if (res.destroyed || res.writableEnded) return;
  res.status(page.status);
  for (const [name, value] of page.headers) res.append(name, value);
  if (page.spliced)
    keepSplicedPage(res, { parts: page.spliced.parts.map(asBuffer), deflatedParts: page.spliced.deflatedParts.map(asBuffer) });
  res.end(asBuffer(page.body));
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The page's address as @react-router/express makes it, so that a page renders alike on either thread. */
function pageUrlOf(req: Request): string {
  const forwardedPort = req.app.enabled("trust proxy") ? req.get("x-forwarded-host")?.split(":")[1] : undefined;
  const port = [forwardedPort, req.get("host")?.split(":")[1]].map((text) => Number.parseInt(text ?? "", 10)).find(Number.isSafeInteger);
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  return new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`).href;
}

function headersOf(req: Request): [string, string][] {
  return Object.entries(req.headers).flatMap(([name, value]) =>
    value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((one): [string, string] => [name, one]),
  );
}
