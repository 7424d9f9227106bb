import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/** What nginx sends when the server behind it is down. */
const BAD_GATEWAY_PAGE =
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n";

export interface FailingGateway {
  url: string;
  /** Requests that reached the gateway so far. */
  requests(): number;
  close(): Promise<void>;
}

/**
 * A reverse proxy in front of a server that answers its first `failures` requests with
 * nginx's HTML 502 page, as a proxy does while the server behind it restarts, and passes
 * the rest on to `target` (with no target, every request fails).
 */
export async function startFailingGateway({ failures, target }: { failures: number; target?: string }): Promise<FailingGateway> {
  let requests = 0;
  const server = createServer((request, response) => {
    requests++;
    void (async () => {
      if (requests <= failures || !target) {
        response.writeHead(502, { "content-type": "text/html" }).end(BAD_GATEWAY_PAGE);
        return;
      }
      const answer = await fetch(new URL(request.url!, target), {
        method: request.method,
        headers: forwardedHeaders(request),
        body: ["GET", "HEAD"].includes(request.method!) ? undefined : await readBody(request),
      });
      response.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/json" });
      response.end(Buffer.from(await answer.arrayBuffer()));
    })().catch((error: unknown) => response.destroy(error as Error));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function forwardedHeaders(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of ["authorization", "content-type"]) {
    const value = request.headers[name];
    if (typeof value === "string") headers[name] = value;
  }
  return headers;
}

async function readBody(request: IncomingMessage): Promise<string> {
  let body = "";
  for await (const chunk of request.setEncoding("utf8")) body += chunk;
  return body;
}
