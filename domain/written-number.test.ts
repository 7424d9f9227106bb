import { describe, expect, it } from "vitest";
import { parsePercentage, parseWrittenNumber } from "./written-number";

describe("parseWrittenNumber", () => {
  it.each([
    ["12000", 12000],
    ["12,000", 12000],
    [" 12,000 ", 12000],
    ["1,250,000", 1_250_000],
    ["2.0", 2],
    ["0.5", 0.5],
    ["-3500", -3500],
    ["0", 0],
  ])("reads %j as %d", (text, value) => {
    expect(parseWrittenNumber(text)).toBe(value);
  });

  it.each([
    "12.5.0",
    "12,00",
    "1,2000",
    "12 000",
    "1e3",
    "0x10",
    "Infinity",
    "lots",
    "",
    " ",
    "12000.",
    ".5",
    "+5",
    "3.5 m",
    "12,000 miles",
  ])("refuses %j", (text) => {
    expect(parseWrittenNumber(text)).toBeUndefined();
  });
});

describe("parsePercentage", () => {
  it.each([
    ["5", 5],
    ["2.5", 2.5],
    ["10%", 10],
    [" 12.5 % ", 12.5],
  ])("reads %j as %d", (text, value) => {
    expect(parsePercentage(text)).toBe(value);
  });

  it.each(["0x10", "1e1", "%", "5%%", "% 5", "five", "", "Infinity"])("refuses %j", (text) => {
    expect(parsePercentage(text)).toBeUndefined();
  });
});
