import { describe, expect, it } from "vitest";
import { INBOX_PAGE_SIZE, inboxQueryOf } from "./inbox-query";

/** 10:30 on a November morning in London (GMT), by member staff-1. */
const viewer = { memberId: "staff-1", now: new Date("2026-11-27T10:30:00Z"), branches: [] };
const read = (query: string) => inboxQueryOf(new URLSearchParams(query), viewer);

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

  it("reads a branch the viewer may pick, and drops, naming it, one they may not or the dealer has not", () => {
    const group = (query: string) => inboxQueryOf(new URLSearchParams(query), { ...viewer, branches: ["wigan", "bolton"] });
    expect(group("branch=bolton")).toEqual({ query: { branches: ["bolton"], page: 1, pageSize: INBOX_PAGE_SIZE }, ignored: [] });
    for (const branch of ["york", "Bolton", "__proto__"])
      expect(group(`branch=${branch}`), branch).toEqual({ query: { page: 1, pageSize: INBOX_PAGE_SIZE }, ignored: ["branch"] });
    expect(read("branch=liverpool").ignored).toEqual(["branch"]);
  });

  it("takes the names of an object's own properties for no kind or status, never looking them up", () => {
    for (const name of ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"]) {
      expect(read(`kind=${name}&status=${name}`), name).toEqual({
        query: { page: 1, pageSize: INBOX_PAGE_SIZE },
        ignored: ["kind", "status"],
      });
    }
  });

  it("reads the views: the member's own leads, no one's, and open leads whose follow-up is due today or past", () => {
    const base = { page: 1, pageSize: INBOX_PAGE_SIZE };
    expect(read("view=mine").query).toEqual({ ...base, assigneeId: "staff-1" });
    expect(read("view=unassigned").query).toEqual({ ...base, unassigned: true });
    expect(read("view=due-today").query).toEqual({
      ...base,
      statuses: ["new", "contacted"],
      followUpFrom: new Date("2026-11-27T00:00:00Z"),
      followUpBefore: new Date("2026-11-28T00:00:00Z"),
    });
    expect(read("view=overdue&status=won").query).toEqual({ ...base, statuses: ["won"], followUpBefore: viewer.now });
    expect(read("view=everything")).toEqual({ query: base, ignored: ["view"] });
  });

  it("takes today as London's day, in summer time too", () => {
    const summer = inboxQueryOf(new URLSearchParams("view=due-today"), { ...viewer, now: new Date("2026-07-01T23:30:00Z") });
    expect(summer.query).toMatchObject({
      followUpFrom: new Date("2026-07-01T23:00:00Z"),
      followUpBefore: new Date("2026-07-02T23:00:00Z"),
    });
  });
});
