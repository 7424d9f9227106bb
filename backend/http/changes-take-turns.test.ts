import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express, { type Request, type Response } from "express";
import { afterEach, describe, expect, it } from "vitest";
import { staffCookies } from "../staff/staff-cookies";
import { changesTakeTurns } from "./changes-take-turns";

const cookies = staffCookies(false);

/** A request as the middleware reads it, and the answer it may give. */
function sent(method: string, cookie?: string) {
  const answer: { status?: number; headers: Record<string, string> } = { headers: {} };
  const req = {
    method,
    headers: cookie ? { cookie } : {},
    socket: { destroyed: false },
    originalUrl: "/staff/sign-in",
    accepts: () => "json",
  } as unknown as Request;
  const res = {
    status(code: number) {
      answer.status = code;
      return res;
    },
    set(headers: Record<string, string>) {
      Object.assign(answer.headers, headers);
      return res;
    },
    json: () => res,
  } as unknown as Response;
  return { req, res, answer };
}

/** Counts turns of the event loop: one setImmediate after another runs once a turn. */
function turnCounter() {
  const counter = { turn: 0, stopped: false };
  const tick = () => {
    if (counter.stopped) return;
    counter.turn++;
    setImmediate(tick);
  };
  setImmediate(tick);
  return counter;
}

const turns = async (count: number) => {
  for (let i = 0; i < count; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe("changesTakeTurns", () => {
  it("lets reads straight on, and posts on one a turn of the event loop", async () => {
    const gate = changesTakeTurns(cookies, 100);
    const counter = turnCounter();
    const letOn: number[] = [];
    let read = false;
    for (let i = 0; i < 5; i++) {
      const { req, res } = sent("POST");
      gate(req, res, () => letOn.push(counter.turn));
    }
    const { req, res } = sent("GET");
    gate(req, res, () => (read = true));
    expect(read).toBe(true);
    expect(letOn).toEqual([]);
    await turns(10);
    counter.stopped = true;
    expect(letOn).toHaveLength(5);
    expect(new Set(letOn).size).toBe(5);
  });

  it("lets a staff session on first, then a browser that has signed in before, then strangers", async () => {
    const gate = changesTakeTurns(cookies, 100);
    const order: string[] = [];
    const arriving: Array<[string, string | undefined]> = [
      ["stranger 1", undefined],
      ["known browser", `${cookies.device}=d1`],
      ["stranger 2", "other=1"],
      ["session", `theme=dark; ${cookies.session}=s1`],
    ];
    for (const [who, cookie] of arriving) {
      const { req, res } = sent("POST", cookie);
      gate(req, res, () => order.push(who));
    }
    await turns(6);
    expect(order).toEqual(["session", "known browser", "stranger 1", "stranger 2"]);
  });

  it("turns a newcomer away with 503 when the queue is full, unless it goes before the last one waiting", async () => {
    const gate = changesTakeTurns(cookies, 2);
    const letOn: string[] = [];
    const strangers = [sent("POST"), sent("POST")];
    strangers.forEach(({ req, res }, i) => gate(req, res, () => letOn.push(`stranger ${i}`)));
    const late = sent("POST");
    gate(late.req, late.res, () => letOn.push("late stranger"));
    expect(late.answer.status).toBe(503);
    expect(late.answer.headers["Retry-After"]).toBe("30");

    const member = sent("POST", `${cookies.session}=s1`);
    gate(member.req, member.res, () => letOn.push("member"));
    expect(member.answer.status).toBeUndefined();
    expect(strangers[1]!.answer.status).toBe(503);
    await turns(4);
    expect(letOn).toEqual(["member", "stranger 0"]);
  });

  it("skips posts whose senders have gone, still letting on one a turn", async () => {
    const gate = changesTakeTurns(cookies, 10);
    const counter = turnCounter();
    const letOn: Array<[string, number]> = [];
    const posts = ["gone 1", "gone 2", "staying 1", "staying 2", "staying 3", "staying 4"].map((name) => ({ name, ...sent("POST") }));
    for (const { name, req, res } of posts) gate(req, res, () => letOn.push([name, counter.turn]));
    for (const { name, req } of posts) if (name.startsWith("gone")) (req.socket as { destroyed: boolean }).destroyed = true;
    await turns(8);
    counter.stopped = true;
    expect(letOn.map(([name]) => name)).toEqual(["staying 1", "staying 2", "staying 3", "staying 4"]);
    expect(new Set(letOn.map(([, turn]) => turn)).size).toBe(4);
  });
});

describe("changesTakeTurns on a real server", () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
    server = undefined;
  });

  it("answers a browser's form with a page saying the site is busy", async () => {
    const app = express();
    app.use(changesTakeTurns(cookies, 0));
    app.post("/contact", (_req, res) => void res.status(204).end());
    server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/contact`, {
      method: "POST",
      headers: { Accept: "text/html" },
    });
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toBe("30");
    expect(await answer.text()).toContain("The site is busy");
  });
});
