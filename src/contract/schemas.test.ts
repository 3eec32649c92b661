import { describe, expect, it } from "vitest";
import { isBiddingOpen, isCalendarDate, nextDayAnywhereOnEarth, todayAnywhereOnEarth } from "./dates.ts";
import { AppealTextSchema, ReportInputSchema } from "./moderation.ts";
import { ReviewTextSchema, SkillSchema } from "./reputation.ts";
import {
  AskQuestionSchema,
  BudgetSchema,
  CreateTaskSchema,
  DescriptionSchema,
  EmailSchema,
  invisibleOnly,
  NameSchema,
  PasswordSchema,
  PhotoUrlSchema,
  SendMessageSchema,
  TitleSchema,
} from "./schemas.ts";

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe("PasswordSchema", () => {
  it.each(["Abcde1", "Secret123", `Aa1${"x".repeat(125)}`])("accepts %s", (password) => {
    expect(PasswordSchema.safeParse(password).success).toBe(true);
  });
  it.each([
    ["", "Password is required"],
    ["Abc1", "Password must be at least 6 characters"],
    ["abcdef1", "Password must include an uppercase letter"],
    ["ABCDEF1", "Password must include a lowercase letter"],
    ["Abcdefg", "Password must include a number"],
  ])("refuses %j: %s", (password, message) => {
    expect(firstMessage(PasswordSchema.safeParse(password))).toBe(message);
  });
});

describe("BudgetSchema", () => {
  it.each([0.01, 1, 19.99, 1_000_000, 0.1 + 0.2])("accepts %d", (budget) => {
    expect(BudgetSchema.safeParse(budget).success).toBe(true);
  });
  it.each([0, -1, 1_000_000.01, 1.001, Number.NaN, Number.POSITIVE_INFINITY])("refuses %d", (budget) => {
    expect(BudgetSchema.safeParse(budget).success).toBe(false);
  });
});

describe("PhotoUrlSchema and EmailSchema", () => {
  it("take only absolute http(s) URLs", () => {
    expect(PhotoUrlSchema.safeParse("https://cdn.example/a.png").success).toBe(true);
    for (const url of [
      "javascript:alert(1)",
      "data:image/png;base64,AA",
      "/relative.png",
      "ftp://x/y.png",
      "https://",
    ]) {
      expect(PhotoUrlSchema.safeParse(url).success).toBe(false);
    }
  });
  it("takes a valid email only", () => {
    expect(EmailSchema.safeParse("a.b@example.co").success).toBe(true);
    expect(firstMessage(EmailSchema.safeParse("a@"))).toBe("Email must be a valid email address");
  });
});

describe("dates", () => {
  it("knows real calendar dates", () => {
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("2027-02-29")).toBe(false);
    expect(isCalendarDate("2027-13-01")).toBe(false);
    expect(isCalendarDate("27-01-01")).toBe(false);
  });

  it("takes today as the date anywhere on Earth (UTC-12)", () => {
    expect(todayAnywhereOnEarth(new Date("2026-11-22T11:59:00Z"))).toBe("2026-11-21");
    expect(todayAnywhereOnEarth(new Date("2026-11-22T12:00:00Z"))).toBe("2026-11-22");
  });

  it("knows when the next day anywhere on Earth begins", () => {
    const noonUtc = Date.parse("2026-11-22T12:00:00Z");
    expect(nextDayAnywhereOnEarth(Date.parse("2026-11-22T11:59:59.999Z"))).toBe(noonUtc);
    expect(nextDayAnywhereOnEarth(noonUtc)).toBe(Date.parse("2026-11-23T12:00:00Z"));
    expect(nextDayAnywhereOnEarth(Date.parse("2026-11-23T03:00:00Z"))).toBe(Date.parse("2026-11-23T12:00:00Z"));
    expect(todayAnywhereOnEarth(new Date(nextDayAnywhereOnEarth(noonUtc) - 1))).toBe("2026-11-22");
    expect(todayAnywhereOnEarth(new Date(nextDayAnywhereOnEarth(noonUtc)))).toBe("2026-11-23");
  });

  it("keeps bidding open until the deadline day has ended everywhere", () => {
    expect(isBiddingOpen("2026-11-22", new Date("2026-11-23T11:59:00Z"))).toBe(true);
    expect(isBiddingOpen("2026-11-22", new Date("2026-11-23T12:00:00Z"))).toBe(false);
  });

  it("refuses a new task whose deadline is already past", () => {
    const task = { title: "T", category: "Design", description: "D", budget: 5, deadline: "2001-01-01" };
    const result = CreateTaskSchema.safeParse(task);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ["deadline"], message: "Deadline cannot be in the past" });
  });
});

describe("a text that must not be empty (issue 42)", () => {
  const invisible = {
    "forty zero-width spaces": "\u200B".repeat(40),
    "direction controls": "\u202E\u202D\u2066\u2069\u200E\u200F",
    "a byte-order mark and joiners": "\uFEFF\u200D\u200C\u2060",
    "control characters": "\u0007\u001B\u007F\u0085",
    "Hangul fillers": "\u3164\u115F\uFFA0",
    "a blank Braille cell and no-break spaces": "\u2800\u00A0\u202F\u3000",
    "marks with nothing to sit on": "\u0301\u0308",
    "a soft hyphen": "\u00AD",
  };
  const schemas = {
    Title: TitleSchema,
    Description: DescriptionSchema,
    Name: NameSchema,
    "A skill": SkillSchema,
    Review: ReviewTextSchema,
    Question: AskQuestionSchema.shape.body,
    Message: SendMessageSchema.shape.body,
    Appeal: AppealTextSchema,
  };
  for (const [field, schema] of Object.entries(schemas)) {
    it.each(Object.entries(invisible))(`${field}: refuses %s, naming the field`, (_, value) => {
      const message = firstMessage(schema.safeParse(value));
      expect([`${field} is required`, invisibleOnly(field)]).toContain(message);
    });
    it(`${field}: takes any text that shows, joiners and marks included`, () => {
      for (const value of ["Logo", "👩‍💻", "Tomás", "\u200Bx", "한국어", "e\u0301"]) {
        expect(schema.safeParse(value).success, value).toBe(true);
      }
    });
  }
  it("the report's note for Other", () => {
    const report = { targetKind: "task", targetId: "t1", reason: "other" };
    expect(ReportInputSchema.safeParse({ ...report, note: "\u200B\u200B" }).success).toBe(false);
    expect(ReportInputSchema.safeParse({ ...report, note: "Spam link" }).success).toBe(true);
  });
});
