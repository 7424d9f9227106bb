import { describe, expect, it } from "vitest";
import {
  clockText,
  dayText,
  openingHoursText,
  openingStatus,
  scheduleOf,
  showroomMoment,
  testDriveDays,
  type HoursSource,
} from "./opening-hours";

const WEEKDAYS: HoursSource = { openingHours: [{ days: "Monday to Friday", hours: "9am to 5pm" }] };
const WITH_SATURDAY: HoursSource = {
  openingHours: [
    { days: "Mon-Fri", hours: "9am to 5:30pm" },
    { days: "Saturday", hours: "10am - 1pm" },
  ],
};

const status = (source: HoursSource, instant: string) => openingStatus(scheduleOf(source), new Date(instant));

describe("scheduleOf", () => {
  it("reads the days and hours as the dealer file words them", () => {
    const { week } = scheduleOf(WITH_SATURDAY);
    expect(week).toEqual([undefined, ...Array.from({ length: 5 }, () => ({ opens: 540, closes: 1050 })), { opens: 600, closes: 780 }]);
    expect(scheduleOf({ openingHours: [{ days: "Sat and Sun", hours: "08:00–12:30" }] }).week[0]).toEqual({ opens: 480, closes: 750 });
    expect(scheduleOf({ openingHours: [{ days: "Friday to Monday", hours: "12pm to 6pm" }] }).week.map(Boolean)).toEqual([
      true,
      true,
      false,
      false,
      false,
      true,
      true,
    ]);
  });

  it.each([
    [[{ days: "Weekdays", hours: "9am to 5pm" }], '"Weekdays" is not a day of the week'],
    [[{ days: "Monday", hours: "all day" }], '"all day" is not opening hours like "9am to 5pm"'],
    [[{ days: "Monday", hours: "9 to 5" }], '"9" is not a time like 9am, 5:30pm or 17:30'],
    [[{ days: "Monday", hours: "5pm to 9am" }], '"5pm to 9am" closes before it opens'],
    [
      [
        { days: "Mon-Fri", hours: "9am to 5pm" },
        { days: "Friday", hours: "9am to 1pm" },
      ],
      "Friday is given hours twice",
    ],
  ])("refuses hours it cannot read: %j", (openingHours, message) => {
    expect(() => scheduleOf({ openingHours })).toThrow(message);
  });
});

describe("openingStatus, on the showroom's clock in London", () => {
  // The week of Monday 9 November 2026: no bank holiday, Greenwich Mean Time.
  it.each([
    ["Monday before opening", "2026-11-09T08:59:00Z", "Closed now, opens today 9am"],
    ["Monday at opening", "2026-11-09T09:00:00Z", "Open today until 5pm"],
    ["Wednesday afternoon", "2026-11-11T16:59:00Z", "Open today until 5pm"],
    ["Thursday at closing", "2026-11-12T17:00:00Z", "Closed now, opens tomorrow 9am"],
    ["Friday evening", "2026-11-13T18:30:00Z", "Closed now, opens Monday 9am"],
    ["Saturday", "2026-11-14T11:00:00Z", "Closed now, opens Monday 9am"],
    ["Sunday", "2026-11-15T12:00:00Z", "Closed now, opens tomorrow 9am"],
  ])("%s", (_when, instant, expected) => {
    expect(status(WEEKDAYS, instant)).toBe(expected);
  });

  it("opens on a Saturday with Saturday hours, and not on Sunday", () => {
    expect(status(WITH_SATURDAY, "2026-11-13T17:29:00Z")).toBe("Open today until 5:30pm");
    expect(status(WITH_SATURDAY, "2026-11-13T17:30:00Z")).toBe("Closed now, opens tomorrow 10am");
    expect(status(WITH_SATURDAY, "2026-11-14T12:59:00Z")).toBe("Open today until 1pm");
    expect(status(WITH_SATURDAY, "2026-11-14T13:00:00Z")).toBe("Closed now, opens Monday 9am");
    expect(status(WITH_SATURDAY, "2026-11-15T10:00:00Z")).toBe("Closed now, opens tomorrow 9am");
  });

  it("follows the clocks going back on the last Sunday of October", () => {
    // 4:30pm in London is 15:30 GMT under summer time (BST) and 16:30 after the change on 25 October 2026.
    expect(status(WEEKDAYS, "2026-10-23T15:30:00Z")).toBe("Open today until 5pm");
    expect(status(WEEKDAYS, "2026-10-23T16:30:00Z")).toBe("Closed now, opens Monday 9am");
    expect(status(WEEKDAYS, "2026-10-26T08:30:00Z")).toBe("Closed now, opens today 9am");
    expect(status(WEEKDAYS, "2026-10-26T16:30:00Z")).toBe("Open today until 5pm");
    // 00:30 GMT on Sunday the 25th is 1:30am BST; an hour later the clocks have gone back to 1:30am GMT.
    expect(showroomMoment(new Date("2026-10-25T00:30:00Z"))).toEqual({ date: "2026-10-25", minutes: 90 });
    expect(showroomMoment(new Date("2026-10-25T01:30:00Z"))).toEqual({ date: "2026-10-25", minutes: 90 });
  });

  it("skips days the dealer file says it is closed", () => {
    const christmas = { ...WEEKDAYS, closedOn: ["2026-12-25", "2026-12-28"] };
    expect(status(christmas, "2026-12-24T18:00:00Z")).toBe("Closed now, opens Tuesday 9am");
    expect(status(christmas, "2026-12-25T10:00:00Z")).toBe("Closed now, opens Tuesday 9am");
    expect(
      status(
        { ...WEEKDAYS, closedOn: ["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-23"] },
        "2026-11-13T18:00:00Z",
      ),
    ).toBe("Closed now, opens Tuesday 24 November 9am");
  });
});

describe("testDriveDays", () => {
  it("offers the open days from tomorrow to 14 days ahead, each hour that ends by closing time", () => {
    // Wednesday 11 November 2026, late evening in London.
    const days = testDriveDays(scheduleOf(WITH_SATURDAY), new Date("2026-11-11T23:30:00Z"));
    expect(days.map(({ date }) => date)).toEqual([
      "2026-11-12",
      "2026-11-13",
      "2026-11-14",
      "2026-11-16",
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
      "2026-11-20",
      "2026-11-21",
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
    ]);
    expect(days[0]!.times).toEqual(["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00"]);
    expect(days[2]!.times).toEqual(["10:00", "11:00", "12:00"]);
  });

  it("counts days on the London calendar across the clock change", () => {
    // 23:30 GMT on Saturday 24 October is already Sunday the 25th in London (BST).
    const days = testDriveDays(scheduleOf(WEEKDAYS), new Date("2026-10-24T23:30:00Z"));
    expect(days[0]!.date).toBe("2026-10-26");
    expect(days.at(-1)!.date).toBe("2026-11-06");
  });
});

describe("wording", () => {
  it("writes times and days as people say them", () => {
    expect([0, 540, 570, 720, 1020, 1439].map(clockText)).toEqual(["12am", "9am", "9:30am", "12pm", "5pm", "11:59pm"]);
    expect(dayText("2026-11-26")).toBe("Thursday 26 November");
    expect(openingHoursText(WITH_SATURDAY)).toBe("Mon-Fri, 9am to 5:30pm; Saturday, 10am - 1pm");
  });
});
