import { describe, expect, it } from "vitest";
import { pageWindow } from "./page-window";

describe("pageWindow", () => {
  it("shows every page of a short list", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("shows the first, the last and two either side of the current page, with gaps between", () => {
    expect(pageWindow(10, 40)).toEqual([1, "gap", 8, 9, 10, 11, 12, "gap", 40]);
    expect(pageWindow(1, 40)).toEqual([1, 2, 3, "gap", 40]);
    expect(pageWindow(40, 40)).toEqual([1, "gap", 38, 39, 40]);
  });

  it("shows a single left-out page rather than a gap", () => {
    expect(pageWindow(5, 40)).toEqual([1, 2, 3, 4, 5, 6, 7, "gap", 40]);
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
