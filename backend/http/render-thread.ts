import { parentPort, workerData } from "node:worker_threads";
import { createRequestHandler } from "react-router";
import * as build from "virtual:react-router/server-build";
import { PAGE_CATALOGUE_CALLS, type PageCatalogue } from "../catalogue";
import {
  receivedError,
  sentError,
  type RenderJob,
  type RenderThreadData,
  type FromRenderThread,
  type ToRenderThread,
} from "./render-protocol";
import { splicePage } from "./spliced-gzip";
import { pageContextOf } from "./request-context";

/**
 * A render thread (backend/http/render-pool.ts): renders the public pages the main thread
 * sends it, with the same React Router build and the same request context as the main
 * thread, but for the catalogue, whose calls it sends to the main thread.
 */

const port = parentPort!;
const { siteUrl } = workerData as RenderThreadData;
let { content } = workerData as RenderThreadData;
const handle = createRequestHandler(build, "production");

const pendingCalls = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
let nextCall = 1;
/** The catalogue as one page's loaders see it: each call names the page it is for. */
const catalogueFor = (job: number) =>
  Object.fromEntries(
    PAGE_CATALOGUE_CALLS.map((method) => [
      method,
      (...args: unknown[]) =>
        new Promise((resolve, reject) => {
          const call = nextCall++;
          pendingCalls.set(call, { resolve, reject });
          send({ type: "call", call, job, method, args });
        }),
    ]),
  ) as unknown as PageCatalogue;

port.on("message", (message: ToRenderThread) => {
  if (message.type === "render") return void render(message);
  if (message.type === "content") {
    content = message.content;
    return;
  }
  const pending = pendingCalls.get(message.call);
  pendingCalls.delete(message.call);
  if (message.type === "answer") pending?.resolve(message.value);
  else pending?.reject(receivedError(message.error));
});

function send(message: FromRenderThread, transfer: ArrayBuffer[] = []): void {
  port.postMessage(message, transfer);
}

send({ type: "ready" });

async function render({ job, method, url, headers, nonce }: RenderJob): Promise<void> {
  try {
    const requestLog = {
      error: (fields: { err?: unknown }, message = "Page failed") => send({ type: "log", job, message, error: sentError(fields.err) }),
    };
    const context = pageContextOf({ catalogue: catalogueFor(job), content, siteUrl, cspNonce: nonce, requestLog });
    const response = await handle(new Request(url, { method, headers }), context);
    const body = new Uint8Array(await response.arrayBuffer());
    const spliced =
      response.status === 200 && response.headers.get("content-type")?.startsWith("text/html")
        ? splicePage(Buffer.from(body.buffer), nonce)
        : undefined;
    const responseHeaders = [...response.headers].filter(([name]) => name !== "set-cookie");
    for (const cookie of response.headers.getSetCookie()) responseHeaders.push(["set-cookie", cookie]);
    send(
      {
        type: "rendered",
        job,
        status: response.status,
        headers: responseHeaders,
        body,
        // Copies of their own: a view posted to another thread takes the whole buffer under it with it.
        spliced: spliced && {
          parts: spliced.parts.map((part) => new Uint8Array(part)),
          deflatedParts: spliced.deflatedParts.map((part) => new Uint8Array(part)),
        },
      },
      [body.buffer],
    );
  } catch (error) {
    send({ type: "failed", job, error: sentError(error) });
  }
}
