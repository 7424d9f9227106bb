import type { Server } from "node:http";
import type { Duplex } from "node:stream";

/**
 * Requests Node refuses before Express sees them (headers over its 16 KB limit, or not HTTP
 * at all) get the API's JSON error shape instead of Node's bare status line, so a client is
 * told what was wrong. Node closes such a connection either way.
 */
export function answerClientErrors(server: Server): void {
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === "ECONNRESET" || !socket.writable) return socket.destroy();
    const tooLarge = error.code === "HPE_HEADER_OVERFLOW";
    const [status, code, message] = tooLarge
      ? ["431 Request Header Fields Too Large", "headers_too_large", "The address or the request's headers are too long: the limit is 16 KB."]
      : ["400 Bad Request", "bad_request", "The request could not be read as HTTP."];
    const body = JSON.stringify({ error: { code, message } });
    socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
