import { describe, expect, it } from "vitest";
import { REPORT_TARGETS } from "../../contract/moderation.ts";
import type { ReportableContent } from "../content/reportable.ts";
import { ReportableContents } from "./targets.ts";

const stand = (kind: ReportableContent["kind"]): ReportableContent => ({
  kind,
  find: async () => undefined,
  findSeenBy: async () => undefined,
  remove: async () => null,
  restore: async () => {},
});

describe("the reportable contents app.ts hands moderation", () => {
  it("must answer for every kind a report may name, or the app does not start", () => {
    expect(() => new ReportableContents(REPORT_TARGETS.filter((kind) => kind !== "review").map(stand))).toThrow(
      "No feature answers for reported review",
    );
    const all = new ReportableContents(REPORT_TARGETS.map(stand));
    for (const kind of REPORT_TARGETS) expect(all.of(kind).kind).toBe(kind);
    // A sanction's kind read from the database may be a person's (roles): not content.
    expect(all.has("person")).toBe(false);
  });
});
