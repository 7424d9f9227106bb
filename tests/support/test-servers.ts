import { describe, it } from "vitest";

/**
 * How the production suites say what they ran against. Each half of the production suite
 * (Meilisearch alone, MongoDB alone, and the two together) finds its servers through
 * servers/meilisearch-server.ts and servers/mongodb-server.ts, and says on stderr, in one
 * line, either what it ran against or why it was skipped. Nothing is ever a mock of a server.
 */

export function reportRan(suite: string, servers: readonly { label: string }[]): void {
  process.stderr.write(`Ran ${suite} against ${servers.map(({ label }) => label).join(" and ")}.\n`);
}

/** A suite that cannot run here: it says why on stderr and counts as skipped, never as passed. */
export function describeUnavailable(suite: string, reason: string): void {
  process.stderr.write(`Skipped ${suite}: ${reason}.\n`);
  describe(suite, () => {
    it("runs against real servers", (context) => {
      context.skip(reason);
    });
  });
}
