import { describe, expect, it } from "vitest";
import { safeReturnPath, withReturnPath } from "./return-path.ts";

describe("the way back into the site", () => {
  it("keeps a path of this site, with its query and fragment", () => {
    expect(safeReturnPath("/task-details/t1?bid=open#offers")).toBe("/task-details/t1?bid=open#offers");
    expect(withReturnPath("/auth/register", "/task-details/t1?bid=open")).toBe(
      "/auth/register?redirect=%2Ftask-details%2Ft1%3Fbid%3Dopen",
    );
  });

  it("refuses every address a browser would leave the site for, before or after its dot segments", () => {
    for (const away of [
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "/.//evil.example",
      "/..//evil.example",
      "/%2e//evil.example",
      "/./\\evil.example",
      "evil.example",
      "",
      null,
    ]) {
      expect(safeReturnPath(away, "/dashboard"), String(away)).toBe("/dashboard");
    }
    expect(withReturnPath("/auth/login", "/.//evil.example")).toBe("/auth/login");
  });
});
