import { isMainThread } from "node:worker_threads";

/**
 * The production entry: Vite bundles this file, with the pages, into build/server/index.js.
 * The same file starts each render thread (backend/http/render-pool.ts), which loads only
 * the pages and what they need.
 */
if (isMainThread) {
  const { serve } = await import("./serve");
  await serve(new URL(import.meta.url));
} else {
  await import("./http/render-thread");
}
