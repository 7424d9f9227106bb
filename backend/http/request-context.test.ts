import { describe, expect, it } from "vitest";
import * as requestContext from "./request-context";
import { alertsContext, leadsContext, pageContextOf, staffContext, type MainThreadRequest, type PageRequest } from "./request-context";

/**
 * The main thread and the render threads both build a page's request context with
 * pageContextOf. Every context this module offers must be set by it: one left out (a new
 * context a page reads, set on one side only) would break pages only where that side renders
 * them, as in production with render threads on.
 */
const CONTEXTS = Object.entries(requestContext).filter(([, value]) => typeof value === "object") as [
  string,
  Parameters<ReturnType<typeof pageContextOf>["get"]>[0],
][];

/** The contexts of the pages only the main thread renders (forms, saved searches, the staff area: never sent to a render thread). */
const MAIN_THREAD_ONLY = new Set<unknown>([leadsContext, alertsContext, staffContext]);

const dealer = { name: "the dealer" };
const page = {
  catalogue: { name: "the catalogue" },
  content: { dealer },
  siteUrl: "https://dealer.example",
  cspNonce: "the nonce",
  requestLog: { error: () => undefined },
} as unknown as PageRequest;
const mainThread = {
  leads: { name: "the leads" },
  alerts: { name: "the alerts" },
  staff: { services: {}, address: "127.0.0.1" },
} as unknown as MainThreadRequest;
const given = new Set<unknown>([...Object.values(page), ...Object.values(mainThread), dealer]);

describe("a page's request context", () => {
  it("finds the contexts it checks", () => {
    expect(CONTEXTS.map(([name]) => name)).toEqual(expect.arrayContaining(["catalogueContext", "leadsContext", "staffContext"]));
  });

  it.each(CONTEXTS)("sets %s on the main thread", (_name, context) => {
    expect(given).toContain(pageContextOf(page, mainThread).get(context));
  });

  it.each(CONTEXTS.filter(([, context]) => !MAIN_THREAD_ONLY.has(context)))("sets %s on a render thread", (_name, context) => {
    expect(given).toContain(pageContextOf(page).get(context));
  });

  it("leaves the forms', the saved searches' and the staff area's contexts to the main thread", () => {
    for (const context of MAIN_THREAD_ONLY) expect(() => pageContextOf(page).get(context as typeof leadsContext)).toThrow();
  });
});
