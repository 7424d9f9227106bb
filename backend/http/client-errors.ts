import type { Server } from "node:http";
import type { Duplex } from "node:stream";

/**
 * Requests Node refuses before Express sees them (headers over its 16 KB limit, not HTTP at
 * all, or too slow to arrive) get the API's JSON error shape instead of Node's bare status
 * line, so a client is told what was wrong. Node closes such a connection either way.
 */
const ANSWERS: Record<string, [status: string, code: string, message: string]> = {
  HPE_HEADER_OVERFLOW: [
    "431 Request Header Fields Too Large",
    "headers_too_large",
    "The address or the request's headers are too long: the limit is 16 KB.",
  ],
  ERR_HTTP_REQUEST_TIMEOUT: ["408 Request Timeout", "request_timeout", "The request took too long to arrive. Please send it again."],
  default: ["400 Bad Request", "bad_request", "The request could not be read as HTTP."],
};

export function answerClientErrors(server: Server): void {
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === "ECONNRESET" || !socket.writable) return socket.destroy();
    const [status, code, message] = ANSWERS[error.code ?? ""] ?? ANSWERS.default!;
    const body = JSON.stringify({ error: { code, message } });
    // Closed outright once written: a client that never reads or closes its end (an idle
    // connection left open on purpose) must not keep a file descriptor of ours.
    socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      () => socket.destroy(),
    );
  });
}
