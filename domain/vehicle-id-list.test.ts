import { describe, expect, it } from "vitest";
import { readVehicleIdList } from "./vehicle-id-list";

const read = (query: string, most = 3) => readVehicleIdList(new URLSearchParams(query), most);

describe("readVehicleIdList", () => {
  it("reads a link's comma-separated ids and a form's repeated ones, in order, without repeats", () => {
    expect(read("ids=a1,b2,c3")).toEqual({ ok: true, ids: ["a1", "b2", "c3"] });
    expect(read("ids=a1&ids=b2&ids=a1")).toEqual({ ok: true, ids: ["a1", "b2"] });
    expect(read("ids=a1,,%20b2%20,")).toEqual({ ok: true, ids: ["a1", "b2"] });
  });

  it("is an empty list without ids", () => {
    expect(read("")).toEqual({ ok: true, ids: [] });
    expect(read("ids=")).toEqual({ ok: true, ids: [] });
  });

  it("refuses more vehicles than the page shows, saying how many it takes", () => {
    const answer = read("ids=a,b,c,d");
    expect(answer).toEqual({ ok: false, message: expect.stringContaining("more than 3 vehicles") });
  });

  it("names the malformed id's place in the list", () => {
    const answer = read("ids=a1,<script>");
    expect(answer).toEqual({ ok: false, message: expect.stringMatching(/\(vehicle 2\) must be 1-64 letters/) });
  });
});
