/**
 * The one calendar arithmetic (contract/dates.ts) at its edges: month and year ends, the leap day,
 * invalid dates, and "today" in Bishkek (UTC+6) either side of its midnight, whatever the
 * server's own zone.
 */
import { describe, expect, it } from "vitest";
import { addDays, addMonths, BISHKEK_TIME_ZONE, bishkekDateOf, bishkekMidnight, bishkekNow, bishkekTime, birthDateProblem, datesUntil, DAY_MS, daysBetween, firstDayOf, isIsoDate, isMonth, lastDayOf, shiftMonth, todayInBishkek, weekdayOf } from "../../contract/dates";

describe("contract/dates", () => {
  it("adds days across month ends, year ends and the leap day", () => {
    expect(addDays("2026-01-31", 1)).toBe("2026-02-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2027-02-28", 1)).toBe("2027-03-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2027-01-01", -1)).toBe("2026-12-31");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    // Across the dates Europe changes its clocks: no hour is lost, whatever TZ the process has.
    expect(addDays("2026-03-28", 2)).toBe("2026-03-30");
    expect(addDays("2026-10-24", 2)).toBe("2026-10-26");
  });

  it("counts nights and lists them, the check-out day not included", () => {
    expect(daysBetween("2028-02-27", "2028-03-01")).toBe(3);
    expect(daysBetween("2027-02-27", "2027-03-01")).toBe(2);
    expect(daysBetween("2026-12-30", "2027-01-02")).toBe(3);
    expect(daysBetween("2026-05-10", "2026-05-08")).toBe(-2);
    expect(datesUntil("2028-02-28", "2028-03-01")).toEqual(["2028-02-28", "2028-02-29"]);
    expect(datesUntil("2026-05-10", "2026-05-10")).toEqual([]);
  });

  it("moves by months, keeping the day or taking the month's last", () => {
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonths("2028-02-29", 12)).toBe("2029-02-28");
    expect(addMonths("2026-11-15", 3)).toBe("2027-02-15");
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(shiftMonth("2027-01", -1)).toBe("2026-12");
    expect(firstDayOf("2026-12")).toBe("2026-12-01");
    expect(lastDayOf("2028-02")).toBe("2028-02-29");
    expect(lastDayOf("2100-02")).toBe("2100-02-28");
    expect(lastDayOf("2026-12")).toBe("2026-12-31");
  });

  it("takes only real dates and months in their written form", () => {
    for (const good of ["2028-02-29", "2026-12-31", "2000-02-29"]) expect(isIsoDate(good)).toBe(true);
    for (const bad of ["2027-02-29", "2100-02-29", "2026-02-30", "2026-13-01", "2026-00-10", "2026-2-3", "2026-02-03T00:00", " 2026-02-03", "", "abcd-ef-gh"]) expect(isIsoDate(bad)).toBe(false);
    expect(isMonth("2026-12")).toBe(true);
    expect(isMonth("2026-13")).toBe(false);
    expect(isMonth("2026-1")).toBe(false);
    expect(weekdayOf("2026-11-29")).toBe(0);
    expect(weekdayOf("2028-02-29")).toBe(2);
  });

  it("is today in Bishkek: the day turns at 18:00 UTC", () => {
    expect(todayInBishkek(new Date("2026-11-29T17:59:59Z"))).toBe("2026-11-29");
    expect(todayInBishkek(new Date("2026-11-29T18:00:00Z"))).toBe("2026-11-30");
    expect(todayInBishkek(new Date("2028-02-28T18:00:00Z"))).toBe("2028-02-29");
    expect(todayInBishkek(new Date("2026-12-31T18:30:00Z"))).toBe("2027-01-01");
    expect(bishkekNow(new Date("2026-11-29T18:00:00Z"))).toEqual({ today: "2026-11-30", hour: 0 });
    expect(bishkekNow(new Date("2026-11-29T17:59:00Z"))).toEqual({ today: "2026-11-29", hour: 23 });
    expect(bishkekMidnight("2026-11-30").toISOString()).toBe("2026-11-29T18:00:00.000Z");
    expect(todayInBishkek(bishkekMidnight("2028-02-29"))).toBe("2028-02-29");
    expect(bishkekTime("2026-11-30", "14:00").toISOString()).toBe("2026-11-30T08:00:00.000Z");
    expect(bishkekTime("2027-01-01", "05:59").toISOString()).toBe("2026-12-31T23:59:00.000Z");
    expect(bishkekDateOf(Date.parse("2026-12-31T18:00:00Z"))).toBe("2027-01-01");
    expect(bishkekDateOf(new Date("2026-12-31T17:59:59Z"))).toBe("2026-12-31");
  });

  it("says Bishkek's date and hour as the zone's data does, from 2006 (no summer time since 2005) to 2060", () => {
    // bishkekNow adds UTC+6 instead of asking Intl: this fails if the two ever disagree.
    const intl = new Intl.DateTimeFormat("en-CA", { timeZone: BISHKEK_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", hourCycle: "h23" });
    const fromIntl = (at: Date) => {
      const parts = Object.fromEntries(intl.formatToParts(at).map((p) => [p.type, p.value]));
      return { today: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
    };
    const instants: Date[] = [];
    // Every 7 h 13 min (all hours and many minutes of the day), and each 11th day's turn at 18:00 UTC.
    for (let t = Date.parse("2006-01-01T00:00:00Z"); t < Date.parse("2060-01-01T00:00:00Z"); t += 7 * 3_600_000 + 13 * 60_000) instants.push(new Date(t));
    for (let t = Date.parse("2006-01-01T18:00:00Z"); t < Date.parse("2060-01-01T00:00:00Z"); t += 11 * DAY_MS) instants.push(new Date(t - 1), new Date(t));
    const differing = instants.filter((at) => JSON.stringify(bishkekNow(at)) !== JSON.stringify(fromIntl(at)));
    expect(instants.length).toBeGreaterThan(60_000);
    expect(differing.map((at) => at.toISOString())).toEqual([]);
  });

  it("holds a birth date to a real date from 1900 to today in Bishkek", () => {
    expect(birthDateProblem("2026-11-29", "2026-11-29")).toBeNull();
    expect(birthDateProblem("1900-01-01", "2026-11-29")).toBeNull();
    expect(birthDateProblem("2026-11-30", "2026-11-29")).toBe("future");
    expect(birthDateProblem("1899-12-31", "2026-11-29")).toBe("tooEarly");
    for (const bad of ["2024-13-45", "1990-02-30", "1990-2-3", ""]) expect(birthDateProblem(bad, "2026-11-29")).toBe("notReal");
  });
});
