import { afterEach, vi } from "vitest";

/** An unexpected console error or warning in a test is a failure, not noise to scroll past. */
const spies = [vi.spyOn(console, "error"), vi.spyOn(console, "warn")];

afterEach(() => {
  const calls = spies.flatMap((spy) => spy.mock.calls);
  spies.forEach((spy) => spy.mockClear());
  if (calls.length > 0) throw new Error(`Unexpected console output: ${calls.map((args) => args.join(" ")).join("\n")}`);
});
