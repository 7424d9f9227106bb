import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface LeadDelivery {
  /** The Idempotency-Key header: the application's id. */
  idempotencyKey: string | undefined;
  contentType: string | undefined;
  body: unknown;
  /** What the service answered; undefined for a request it never answered. */
  status: number | undefined;
  receivedAt: number;
}

export interface LeadService {
  url: string;
  deliveries: LeadDelivery[];
  /** The ids of the applications the service took (answered 2xx), once per time taken. */
  accepted(): string[];
  close(): Promise<void>;
}

/** An answer: an HTTP status, or none at all (a service that hangs). */
export type LeadAnswer = number | "no answer";

/**
 * A stand-in for the external lead-tracking service: a real HTTP server on 127.0.0.1 that
 * records every request. The first requests get `answers` in order, the rest 200.
 */
export async function startLeadService({ port = 0, answers = [] }: { port?: number; answers?: LeadAnswer[] } = {}): Promise<LeadService> {
  const deliveries: LeadDelivery[] = [];
  const pending = [...answers];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const answer = pending.shift() ?? 200;
      const text = Buffer.concat(chunks).toString("utf8");
      deliveries.push({
        idempotencyKey: req.headers["idempotency-key"] as string | undefined,
        contentType: req.headers["content-type"],
        body: text ? JSON.parse(text) : undefined,
        status: answer === "no answer" ? undefined : answer,
        receivedAt: Date.now(),
      });
      if (answer !== "no answer") res.writeHead(answer, { "Content-Type": "application/json" }).end('{"ok":true}');
    });
  });
  await listen(server, port);
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/leads`,
    deliveries,
    accepted: () =>
      deliveries
        .filter(({ status }) => status !== undefined && status >= 200 && status < 300)
        .map(({ idempotencyKey }) => idempotencyKey ?? ""),
    async close() {
      const closed = new Promise((resolve) => server.close(resolve));
      server.closeAllConnections();
      await closed;
    },
  };
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
}
