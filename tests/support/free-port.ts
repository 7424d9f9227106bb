import { createServer, type AddressInfo } from "node:net";

/** A port of 127.0.0.1 that nothing listens on (connections to it are refused) until a test starts something there. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
