import { describe, expect, it } from "vitest";
import { FOLD_FROM, FOLD_TO, foldText } from "./search-constants.ts";

describe("folding accents for Find Freelancers", () => {
  it("maps each marked letter, small or capital, to one small letter without its mark", () => {
    expect([...FOLD_TO]).toHaveLength([...FOLD_FROM].length);
    expect(FOLD_TO).toMatch(/^[a-z]+$/);
    // Capitals too: lower() leaves them as they are in a database whose character type is C.
    expect(FOLD_FROM).toContain("É");
    expect(foldText("Élodie ŁUKASZ Tomás Øystein")).toBe("elodie lukasz tomas oystein");
  });
});
