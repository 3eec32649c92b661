import { within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { HOUSE_RULES, LIMITED_CAN } from "../../../contract/moderation.ts";
import { renderRoute } from "../../test/render-route.tsx";

describe("House rules", () => {
  it("lists every house rule, each with an anchor a decision links to", async () => {
    const { screen } = await renderRoute("/rules");
    expect(await screen.findByRole("heading", { level: 1, name: "House rules" })).toBeTruthy();
    const rules = within(screen.getByRole("list", { name: "House rules" })).getAllByRole("listitem");
    expect(rules.map((rule) => within(rule).getByRole("heading", { level: 2 }).textContent)).toEqual(
      HOUSE_RULES.map((rule, index) => `${index + 1}.${rule.title}`),
    );
    for (const [index, rule] of HOUSE_RULES.entries()) {
      expect(rules[index]?.id).toBe(rule.id);
      expect(within(rules[index] as HTMLElement).getByText(rule.text)).toBeTruthy();
    }
  });

  it("says what each sanction does, what a limited person can still do, and that each decision is appealed once", async () => {
    const { screen } = await renderRoute("/rules");
    await screen.findByRole("heading", { level: 2, name: "What a moderator can do" });
    const terms = screen.getAllByRole("term").map((term) => term.textContent);
    expect(terms).toEqual(["Remove", "Warn", "Limit", "Suspend"]);
    expect(
      screen.getByText(
        `You cannot post or edit tasks, bid, ask questions or change your public profile. ${LIMITED_CAN}`,
      ),
    ).toBeTruthy();
    expect(screen.getByText(/hidden everywhere/)).toBeTruthy();
    expect(screen.getByText(/cannot sign in, your open tasks are cancelled/)).toBeTruthy();
    const appeals = screen.getByRole("heading", { level: 2, name: "Appeals" }).nextElementSibling as HTMLElement;
    expect(appeals.textContent).toContain("You can appeal each decision about you once");
    expect(within(appeals).getByRole("link", { name: "account standing" }).getAttribute("href")).toBe(
      "/account/standing",
    );
  });
});
