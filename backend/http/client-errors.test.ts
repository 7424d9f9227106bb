import { createServer, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { answerClientErrors } from "./client-errors";

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

async function serverWithAnswers(): Promise<string> {
  server = createServer((_req, res) => res.end("ok"));
  answerClientErrors(server);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("answerClientErrors", () => {
  it("answers an address over Node's header limit with 431 in the API's error shape", async () => {
    const base = await serverWithAnswers();
    const response = await fetch(`${base}/api/vehicles/search/car?make=${"a".repeat(20_000)}`);
    expect(response.status).toBe(431);
    expect(await response.json()).toEqual({ error: { code: "headers_too_large", message: expect.stringContaining("16 KB") } });
  });

  it("answers bytes that are not HTTP with 400 in the same shape", async () => {
    const base = await serverWithAnswers();
    const { port } = new URL(base);
    const reply = await new Promise<string>((resolve, reject) => {
      let text = "";
      const socket = connect(Number(port), "127.0.0.1", () => socket.write("NOT HTTP AT ALL\r\n\r\n"));
      socket.on("data", (chunk) => (text += chunk.toString()));
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
    });
    expect(reply).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(JSON.parse(reply.slice(reply.indexOf("\r\n\r\n") + 4))).toEqual({ error: { code: "bad_request", message: expect.any(String) } });
  });

  it("leaves ordinary requests alone", async () => {
    const base = await serverWithAnswers();
    expect(await (await fetch(`${base}/`)).text()).toBe("ok");
  });
});
