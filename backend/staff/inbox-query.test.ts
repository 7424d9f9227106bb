import { describe, expect, it } from "vitest";
import { INBOX_PAGE_SIZE, inboxQueryOf } from "./inbox-query";

const read = (query: string) => inboxQueryOf(new URLSearchParams(query));

describe("inboxQueryOf", () => {
  it("reads every filter, the last day whole", () => {
    expect(
      read("kind=finance-application&status=new&from=2026-11-01&to=2026-11-02&vehicle=fiesta-2019&q=+Bloggs+&unread=1&page=3"),
    ).toEqual({
      query: {
        kinds: ["finance-application"],
        statuses: ["new"],
        from: new Date("2026-11-01T00:00:00Z"),
        to: new Date("2026-11-03T00:00:00Z"),
        vehicleId: "fiesta-2019",
        search: "Bloggs",
        unreadOnly: true,
        page: 3,
        pageSize: INBOX_PAGE_SIZE,
      },
      ignored: [],
    });
  });

  it("drops what it cannot read, naming it, and treats an empty filter as none", () => {
    expect(read("kind=spam&status=&from=yesterday&page=0&vehicle=../etc")).toEqual({
      query: { page: 1, pageSize: INBOX_PAGE_SIZE },
      ignored: ["kind", "from", "vehicle", "page"],
    });
  });

  it("takes the names of an object's own properties for no kind or status, never looking them up", () => {
    for (const name of ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"]) {
      expect(read(`kind=${name}&status=${name}`), name).toEqual({
        query: { page: 1, pageSize: INBOX_PAGE_SIZE },
        ignored: ["kind", "status"],
      });
    }
  });
});
