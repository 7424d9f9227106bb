import { describe, expect, it } from "vitest";
import { PRICE_REDUCTION_SHOWN_MS, reductionAfter, shownReduction } from "./price-reduction";
import type { PriceReduction } from "./vehicle";

const now = new Date("2026-11-25T12:00:00.000Z");
const earlier: PriceReduction = { fromGBP: 12000, at: "2026-11-20T09:00:00.000Z" };

function priced(amountGBP: number, priceReduction?: PriceReduction) {
  return { adverts: { retailAdverts: { totalPrice: { amountGBP } } }, ...(priceReduction && { priceReduction }) };
}

describe("reductionAfter", () => {
  it("remembers the price a vehicle came down from, and when", () => {
    expect(reductionAfter({ priceGBP: 10000 }, 9500, now)).toEqual({ fromGBP: 10000, at: now.toISOString() });
    // A second reduction counts from the price just before it.
    expect(reductionAfter({ priceGBP: 11000, priceReduction: earlier }, 10500, now)).toEqual({ fromGBP: 11000, at: now.toISOString() });
  });

  it("keeps the reduction while the price stands, and forgets it on a rise", () => {
    expect(reductionAfter({ priceGBP: 11000, priceReduction: earlier }, 11000, now)).toBe(earlier);
    expect(reductionAfter({ priceGBP: 11000 }, 11000, now)).toBeUndefined();
    expect(reductionAfter({ priceGBP: 11000, priceReduction: earlier }, 11000.01, now)).toBeUndefined();
  });
});

describe("shownReduction", () => {
  it("tells buyers by how much, in pounds and pence", () => {
    expect(shownReduction(priced(11000, earlier), now)).toBe(1000);
    expect(shownReduction(priced(11999.99, earlier), now)).toBe(0.01);
  });

  it("tells them for 14 days after the reduction, and not after", () => {
    const reducedAt = new Date(now.getTime() - PRICE_REDUCTION_SHOWN_MS + 1);
    expect(shownReduction(priced(9000, { fromGBP: 9500, at: reducedAt.toISOString() }), now)).toBe(500);
    const tooLong = new Date(now.getTime() - PRICE_REDUCTION_SHOWN_MS);
    expect(shownReduction(priced(9000, { fromGBP: 9500, at: tooLong.toISOString() }), now)).toBeUndefined();
  });

  it("says nothing without a reduction, or for one the price no longer shows", () => {
    expect(shownReduction(priced(9000), now)).toBeUndefined();
    expect(shownReduction(priced(12000, earlier), now)).toBeUndefined();
  });
});
