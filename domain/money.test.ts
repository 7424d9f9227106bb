import { describe, expect, it } from "vitest";
import { parsePounds } from "./money";

describe("parsePounds", () => {
  it.each([
    ["12995", 12995],
    ["£12,995", 12995],
    ["12,995.00", 12995],
    ["12995.00", 12995],
    ["£9,995.5", 9995.5],
    ["£9,995.50", 9995.5],
    ["0.99", 0.99],
    ["1,250,000", 1_250_000],
    ["  £12,995  ", 12995],
    ["\t7995\n", 7995],
    ["0", 0],
  ])("reads %j as %d", (text, pounds) => {
    expect(parsePounds(text)).toBe(pounds);
  });

  it.each([
    "0x10",
    "1e3",
    "12,99,5",
    "1,2995",
    "12995,",
    ",12995",
    "-5",
    "£-5",
    "+5",
    "12 995",
    "£ 12995",
    "£",
    "",
    "   ",
    "Infinity",
    "NaN",
    "12995.",
    ".50",
    "12995.001",
    "12.5.0",
    "12.995,00",
    "12995£",
    "££12995",
    "$12995",
    "12995p",
    "0b101",
    "١٢٣",
  ])("refuses %j", (text) => {
    expect(parsePounds(text)).toBeUndefined();
  });
});
