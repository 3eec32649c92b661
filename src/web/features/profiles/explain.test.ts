import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import type { Figure } from "../../../contract/reputation.ts";
import { explainCancellation, explainCompletion, formatMonth } from "./explain.ts";

const SINCE = "2026-03-04T10:00:00.000Z";
/** A rate as the API sends it: shown from 5 on, its value numerator / denominator. */
const rate = (numerator: number, denominator: number): Figure => {
  const shown = denominator >= 5;
  return {
    value: shown ? numerator / denominator : null,
    numerator,
    denominator,
    from: SINCE,
    to: "2026-11-26T10:00:00.000Z",
    shown,
  };
};

// The server counts (decision 022): completion = completed / (completed + given back), a client's
// cancellation not in it; cancellation = cancelled / (completed + cancelled) of the client's hires,
// a task given back not in it. The words must say the same.
describe("A completion rate's explanation", () => {
  it("says it counts the tasks completed or given back", () => {
    expect(explainCompletion(rate(11, 12), "Maya")).toBe(
      "92 % · of the 12 tasks Maya completed or gave back, 11 were completed and 1 given back, since March 2026",
    );
    expect(explainCompletion(rate(1, 5), "Maya")).toBe(
      "20 % · of the 5 tasks Maya completed or gave back, 1 was completed and 4 given back, since March 2026",
    );
  });

  it("below five, counts only tasks completed or given back (3 completed and 2 cancelled by the client make 3)", () => {
    expect(explainCompletion(rate(3, 3), "Maya")).toBe(
      "Shown once 5 tasks are completed or given back; Maya has 3 so far (since March 2026).",
    );
  });
});

describe("A cancellation rate's explanation", () => {
  it("says it counts the hired tasks completed or cancelled", () => {
    expect(explainCancellation(rate(1, 12), "Maya")).toBe(
      "8 % · of Maya's 12 hired tasks that were completed or cancelled, 1 was cancelled, since March 2026",
    );
    expect(explainCancellation(rate(2, 6), "Maya")).toBe(
      "33 % · of Maya's 6 hired tasks that were completed or cancelled, 2 were cancelled, since March 2026",
    );
  });

  it("below five, counts only hired tasks completed or cancelled", () => {
    expect(explainCancellation(rate(1, 3), "Maya")).toBe(
      "Shown once 5 hired tasks are completed or cancelled; Maya has 3 so far (since March 2026).",
    );
  });
});

describe("formatMonth", () => {
  const intlMonth = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

  it("writes the month of an instant as Intl's en-US long month format does, in UTC", () => {
    expect(formatMonth(SINCE)).toBe("March 2026");
    // The last instant of a month in UTC is still that month, wherever the reader is.
    expect(formatMonth("2026-11-30T23:59:59.999Z")).toBe("November 2026");
    fc.assert(
      fc.property(
        fc.date({ min: new Date("0001-01-01T00:00:00Z"), max: new Date("9999-12-31T23:59:59Z"), noInvalidDate: true }),
        (date) => {
          expect(formatMonth(date.toISOString())).toBe(intlMonth.format(date));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it("shows a text that is not a date as it is", () => {
    expect(formatMonth("not a date")).toBe("not a date");
  });

  it("formats no date for the locale (issue 30: Intl's locale data was half a profile's first render)", () => {
    const localeFormatting = ["toLocaleDateString", "toLocaleString"].map((method) =>
      vi.spyOn(Date.prototype, method as "toLocaleDateString" | "toLocaleString"),
    );
    try {
      expect(formatMonth(SINCE)).toBe("March 2026");
      for (const spy of localeFormatting) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of localeFormatting) spy.mockRestore();
    }
  });
});
