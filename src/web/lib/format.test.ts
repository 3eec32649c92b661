import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { groupDigits } from "../../contract/digits.ts";
import { formatBudget, formatDeadline } from "./format.ts";
import { formatDateTime } from "./format-time.ts";
import { formatTimeLeft } from "./time-left.ts";

const intlBudget = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 2 });
const intlDay = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

describe("formatBudget", () => {
  it("writes dollars as Intl's en-US currency format does", () => {
    expect(formatBudget(1234.5)).toBe("$1,234.50");
    expect(formatBudget(1_000_000)).toBe("$1,000,000.00");
    expect(formatBudget(0.01)).toBe("$0.01");
    // Every budget the contract allows (cents up to a million dollars), and larger whole amounts.
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), (cents) => {
        expect(formatBudget(cents / 100)).toBe(intlBudget.format(cents / 100));
      }),
      { numRuns: 5000 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), (dollars) => {
        expect(formatBudget(dollars)).toBe(intlBudget.format(dollars));
      }),
    );
  });
});

describe("groupDigits", () => {
  it("writes whole numbers as en-US toLocaleString does", () => {
    expect(groupDigits(0)).toBe("0");
    expect(groupDigits(999)).toBe("999");
    expect(groupDigits(1000)).toBe("1,000");
    expect(groupDigits(-12_500)).toBe("-12,500");
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 45), max: 2 ** 45 }), (count) => {
        expect(groupDigits(count)).toBe(count.toLocaleString("en-US"));
      }),
      { numRuns: 5000 },
    );
  });
});

describe("formatDeadline", () => {
  it("writes a YYYY-MM-DD day as Intl's en-US short month format does, in UTC", () => {
    expect(formatDeadline("2027-03-05")).toBe("Mar 5, 2027");
    fc.assert(
      fc.property(
        fc.date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("9999-12-31T00:00:00Z"), noInvalidDate: true }),
        (date) => {
          const day = date.toISOString().slice(0, 10);
          expect(formatDeadline(day)).toBe(intlDay.format(new Date(`${day}T00:00:00Z`)));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it("shows a text that is not a date as it is", () => {
    expect(formatDeadline("soon")).toBe("soon");
    expect(formatDateTime("later")).toBe("later");
  });
});

describe("formatDateTime", () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  // Node reads TZ again when it changes: each zone is the reader's, for Date and Intl alike.
  // With each zone's offset from UTC on Jan 1, 2027, in minutes as getTimezoneOffset gives them.
  it.each([
    ["UTC", 0],
    ["America/New_York", 300],
    ["Asia/Kolkata", -330],
    ["Pacific/Chatham", -825],
    ["Europe/Berlin", -60],
  ])("writes a moment as Intl's en-US medium date and short time do, in the reader's zone (%s)", (timeZone, offset) => {
    process.env.TZ = timeZone;
    expect(new Date("2027-01-01T00:00:00Z").getTimezoneOffset()).toBe(offset);
    const intl = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
    fc.assert(
      fc.property(
        fc.date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("9999-12-31T00:00:00Z"), noInvalidDate: true }),
        (date) => {
          expect(formatDateTime(date.toISOString())).toBe(intl.format(date));
        },
      ),
      { numRuns: 2000 },
    );
    // Midnight and noon, and both sides of them.
    for (const time of ["00:00", "00:59", "11:59", "12:00", "12:01", "23:59"]) {
      const date = new Date(`2027-03-05T${time}:00`);
      expect(formatDateTime(date.toISOString())).toBe(intl.format(date));
    }
  });
});

describe("formatTimeLeft", () => {
  const MINUTE = 60_000;
  const HOUR = 60 * MINUTE;
  const DAY = 24 * HOUR;
  it("says the time left in its two largest units, rounded down", () => {
    expect(formatTimeLeft(7 * DAY)).toBe("7 days");
    expect(formatTimeLeft(6 * DAY + 23 * HOUR + 59 * MINUTE)).toBe("6 days, 23 hours");
    expect(formatTimeLeft(DAY + HOUR)).toBe("1 day, 1 hour");
    expect(formatTimeLeft(DAY - 1)).toBe("23 hours, 59 minutes");
    expect(formatTimeLeft(2 * HOUR + 30_000)).toBe("2 hours");
    expect(formatTimeLeft(HOUR + MINUTE)).toBe("1 hour, 1 minute");
    expect(formatTimeLeft(59 * MINUTE + 59_000)).toBe("59 minutes");
    expect(formatTimeLeft(MINUTE)).toBe("1 minute");
  });

  it("ends with less than a minute, never a negative time", () => {
    expect(formatTimeLeft(59_999)).toBe("less than a minute");
    expect(formatTimeLeft(0)).toBe("less than a minute");
    expect(formatTimeLeft(-5 * MINUTE)).toBe("less than a minute");
  });
});

describe("the first screen's formatting", () => {
  it("builds no Intl formatter when loaded, nor for budgets, deadlines and times", async () => {
    const built = { number: 0, dateTime: 0 };
    const { NumberFormat, DateTimeFormat } = Intl;
    Intl.NumberFormat = class extends NumberFormat {
      constructor(...args: ConstructorParameters<typeof NumberFormat>) {
        super(...args);
        built.number++;
      }
    } as typeof NumberFormat;
    Intl.DateTimeFormat = class extends DateTimeFormat {
      constructor(...args: ConstructorParameters<typeof DateTimeFormat>) {
        super(...args);
        built.dateTime++;
      }
    } as typeof DateTimeFormat;
    try {
      vi.resetModules();
      const fresh = await import("./format.ts");
      fresh.formatBudget(1234.5);
      fresh.formatDeadline("2027-03-05");
      (await import("./format-time.ts")).formatDateTime("2027-03-05T10:00:00Z");
      expect(built).toEqual({ number: 0, dateTime: 0 });
    } finally {
      Intl.NumberFormat = NumberFormat;
      Intl.DateTimeFormat = DateTimeFormat;
    }
  });

  it("formats no number for the locale when the contract's schemas are built (issue 30: most of a 45 ms task)", async () => {
    const localeFormatting = vi.spyOn(Number.prototype, "toLocaleString");
    try {
      vi.resetModules();
      const contract = await import("../../contract/index.ts");
      expect(contract.TaskInputSchema).toBeDefined();
      expect(contract.requiredText("Title", 12_000).safeParse("x".repeat(12_001)).error?.issues[0]?.message).toBe(
        "Title must be at most 12,000 characters",
      );
      expect(localeFormatting).not.toHaveBeenCalled();
    } finally {
      localeFormatting.mockRestore();
    }
  });
});
