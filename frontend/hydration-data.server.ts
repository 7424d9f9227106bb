import type { EntryContext } from "react-router";

type StreamCache = NonNullable<NonNullable<EntryContext["renderMeta"]>["streamCache"]>;

/**
 * Reads React Router's hydration data (the loaders' answers, encoded for the browser) to its
 * end before the page is rendered, and hands each chunk to the component that writes it into
 * the page, where it would otherwise wait for each chunk through a Suspense boundary. With
 * nothing left to wait for, the page can be rendered to a string in one pass: React's string
 * renderer costs a third of its stream renderer for a page this size (docs/benchmarks.md,
 * "A page rendered as one string").
 *
 * `renderMeta.streamCache` is React Router's own (its `StreamTransfer` reads chunk `n` from
 * entry `n` and renders entry `n + 1` after it); `tests/api/same-page-every-way.test.ts` fails if
 * an upgrade stops reading it, since the page would then lose its data.
 */
export async function readHydrationData(context: EntryContext): Promise<void> {
  const stream = context.serverHandoffStream;
  if (!stream || !context.renderMeta) return;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const streamCache: StreamCache = {};
  for (let identifier = 0; ; identifier++) {
    const { done, value } = await reader.read();
    streamCache[identifier] = Object.assign(Promise.resolve(), { result: { done, value: decoder.decode(value, { stream: !done }) } });
    if (done) break;
  }
  // React Router asks the stream for a reader of its own as it renders; it reads nothing from it.
  reader.releaseLock();
  context.renderMeta.streamCache = streamCache;
}
