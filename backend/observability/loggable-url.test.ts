import { describe, expect, it } from "vitest";
import { loggableUrl } from "./loggable-url";

describe("loggableUrl", () => {
  it("keeps a search's filters, sort and paging", () => {
    expect(loggableUrl("/api/search/car?make=Ford&price=5000-10000&sort=price_asc&page=2")).toBe(
      "/api/search/car?make=Ford&price=5000-10000&sort=price_asc&page=2",
    );
  });

  it("replaces every other query value, a postcode typed into a search form among them", () => {
    const logged = loggableUrl("/search?type=car&make=&postcode=l34bp&utm_source=mail%20to%20sam%40example.com");
    expect(logged).toBe("/search?type=%5Bredacted%5D&make=&postcode=%5Bredacted%5D&utm_source=%5Bredacted%5D");
    expect(logged).not.toMatch(/l34bp|sam/i);
  });

  it("replaces the words typed into the search box, which may be anything", () => {
    expect(loggableUrl("/api/search/car?q=sam%40example.com%20corsa&make=Vauxhall")).toBe("/api/search/car?q=%5Bredacted%5D&make=Vauxhall");
  });

  it("replaces the buyer's postcode a search measures from, and keeps the radius", () => {
    expect(loggableUrl("/car-search?postcode=WN1+1AA&withinMiles=25&sort=distance")).toBe(
      "/car-search?postcode=%5Bredacted%5D&withinMiles=25&sort=distance",
    );
  });

  it("leaves an address without a query as it is", () => {
    expect(loggableUrl("/vehicles/fiesta-2019")).toBe("/vehicles/fiesta-2019");
  });
});
