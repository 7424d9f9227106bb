import type { PageCatalogueCall } from "../catalogue";
import type { SiteContent } from "../../domain/content/site-content";
import { EngineUnavailableError, type EngineRole } from "../engine-health";

/**
 * The messages between the site's main thread and its render threads (render-pool.ts and
 * backend/http/render-thread.ts). A render thread renders public pages; everything a
 * page reads of the stock it asks the main thread for, which holds the one catalogue.
 */

/** What a render thread is started with. */
export interface RenderThreadData {
  content: SiteContent;
  siteUrl: string | undefined;
}

/** Main thread to render thread: a page to render, as the request named it. */
export interface RenderJob {
  type: "render";
  job: number;
  method: string;
  url: string;
  headers: [string, string][];
  /** The response's CSP nonce, which the page's inline scripts and styles carry. */
  nonce: string | undefined;
}

/** Main thread to render thread: the site's content has changed; pages sent after this show the new. */
export interface ContentChange {
  type: "content";
  content: SiteContent;
}

/** Main thread to render thread: what a catalogue call answered. */
export type CallAnswer = { type: "answer"; call: number; value: unknown } | { type: "refusal"; call: number; error: SentError };

/** Render thread to main thread: a page asks the catalogue. */
export interface CatalogueCall {
  type: "call";
  call: number;
  /** The page it is asked for: answered as part of that page's request (its log lines, its trace). */
  job: number;
  method: PageCatalogueCall;
  args: unknown[];
}

/** Render thread to main thread: a page failed as it rendered, for the request's own log. */
export interface RenderLog {
  type: "log";
  job: number;
  message: string;
  error: SentError;
}

/** Render thread to main thread: the page, whole, and for a 200 of HTML also cut and compressed for the cache (spliced-gzip.ts). */
export interface RenderedPage {
  type: "rendered";
  job: number;
  status: number;
  headers: [string, string][];
  body: Uint8Array;
  spliced?: { parts: Uint8Array[]; deflatedParts: Uint8Array[] };
}

/** Render thread to main thread: React Router itself failed (it turns a loader's failure into an error page). */
export interface RenderFailure {
  type: "failed";
  job: number;
  error: SentError;
}

/** Render thread to main thread: the pages' code is loaded, and pages may be sent. */
export interface ThreadReady {
  type: "ready";
}

export type ToRenderThread = RenderJob | CallAnswer | ContentChange;
export type FromRenderThread = ThreadReady | CatalogueCall | RenderLog | RenderedPage | RenderFailure;

/** An error as it crosses between threads: its class survives for an engine outage, which pages answer with 503. */
export interface SentError {
  name: string;
  message: string;
  stack?: string;
  engine?: EngineRole;
}

export function sentError(error: unknown): SentError {
  if (error instanceof EngineUnavailableError) return { name: error.name, message: error.message, engine: error.engine };
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  return { name: "Error", message: String(error) };
}

export function receivedError(sent: SentError): Error {
  if (sent.engine) return new EngineUnavailableError(sent.engine);
  const error = new Error(sent.message);
  error.name = sent.name;
  if (sent.stack) error.stack = sent.stack;
  return error;
}
