/** A real server a test file may use: one it started itself, one named by a TEST_* address, or a container. */
export interface TestServer {
  url: string;
  /** What it is and where it came from, for the suite's report: "Meilisearch 1.50.0, started from MEILI_BINARY". */
  label: string;
  stop(): Promise<void>;
}

/** No server of this kind here, and why. */
export interface Unavailable {
  skipReason: string;
}
