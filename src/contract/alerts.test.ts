import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { keyWordOf, savedSearchMatches, whyMatched } from "./alerts.ts";

const terms = { q: "logo", category: null, minBudget: null, maxBudget: 500 };

describe("why a task alert matched", () => {
  it("names the words, the task's category and the search's budget range; no excerpt when the title has the word", () => {
    const task = { title: "Bakery logo refresh", description: "A logo.", category: "Design" };
    expect(whyMatched(task, terms)).toEqual({ words: ["logo"], filters: ["Design", "up to $500.00"] });
  });

  it("finds the words whatever their accents, and names them as the search has them", () => {
    const cafe = { ...terms, q: "cafe", maxBudget: null };
    expect(whyMatched({ title: "Café menu", description: "", category: "Design" }, cafe)).toEqual({
      words: ["cafe"],
      filters: ["Design"],
    });
    const { excerpt } = whyMatched(
      { title: "Menu", description: "Photos for our CAFÉ in town", category: "Design" },
      { ...cafe, q: "Cafè" },
    );
    expect(excerpt).toBe("Photos for our CAFÉ in town");
  });

  it("quotes the description's whole words around the word when the title has none", () => {
    const description =
      "We are a small coffee roaster with three shops. Update the packaging labels and the website header so they feel modern while keeping the current logo and its colours, which customers know well.";
    const { excerpt } = whyMatched({ title: "Brand refresh", description, category: "Design" }, terms);
    expect(excerpt).toBe("…feel modern while keeping the current logo and its colours, which customers know well.");
  });

  it("is always whole words of the description, with the word found among them", () => {
    const word = fc.stringMatching(/^[a-z]{1,12}$/);
    const text = fc.array(word, { minLength: 0, maxLength: 60 }).map((words) => words.join(" "));
    fc.assert(
      fc.property(text, text, (before, after) => {
        const description = [before, "logotype", after].filter(Boolean).join(" ");
        const { excerpt = "" } = whyMatched({ title: "Untitled", description, category: "Design" }, terms);
        const inner = excerpt.replace(/^…/, "").replace(/…$/, "");
        expect(inner).toContain("logotype");
        expect(inner.length).toBeLessThanOrEqual(120);
        // It starts and ends where words do.
        expect(` ${description} `).toContain(` ${inner} `);
        expect(excerpt.startsWith("…")).toBe(!description.startsWith(inner));
        expect(excerpt.endsWith("…")).toBe(!description.endsWith(inner));
      }),
      { numRuns: 300 },
    );
  });
});

describe("a saved search's words", () => {
  it("match a task's whatever their case and accents, as Browse Tasks' search does", () => {
    for (const q of ["cafe", "CAFÉ", "café", "caf", "Cafè"]) {
      expect(savedSearchMatches(task, { ...terms, q, maxBudget: null }), q).toBe(true);
    }
    expect(savedSearchMatches(task, { ...terms, q: "crêpe", maxBudget: null })).toBe(true);
    expect(savedSearchMatches(task, { ...terms, q: "cafes", maxBudget: null })).toBe(false);
  });

  it("are found by their longest word, folded as a task's words are looked up", () => {
    expect(keyWordOf("Crème brûlée")).toBe("brulee");
    expect(keyWordOf("São Paulo")).toBe("paulo");
    expect(keyWordOf("?!")).toBeNull();
  });
});

const task = { title: "Crepes for a Café", description: "", category: "Writing", budget: 100 };
