import { describe, expect, it } from "vitest";
import { MODERATION_MESSAGES } from "../../../contract/moderation.ts";
import { type MockSanction, moderationOf } from "../../mocks/mock-moderation.ts";
import { userId } from "../../test/demo.ts";
import { DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi } from "../../test/setup.ts";

/** Maya, suspended: she cannot sign in, and appeals from her email's link. */
function suspend() {
  const db = freshMockApi();
  const suspension: MockSanction = {
    id: "s-suspend",
    userId: userId(db, DEMO_FREELANCER),
    kind: "suspend",
    rule: "honest",
    note: "Fake reviews.",
    targetKind: "profile",
    targetId: userId(db, DEMO_FREELANCER),
    targetTitle: "Maya Patel",
    createdAt: new Date().toISOString(),
    liftedAt: null,
    appeal: null,
  };
  moderationOf(db).sanctions.push(suspension);
  return { db, suspension };
}

describe("A suspended person's appeal", () => {
  it("sends the appeal with the token of the link's fragment, once", async () => {
    const { db, suspension } = suspend();
    // In mock mode the token is the sanction's id (mock-moderation.ts).
    const { screen, user } = await renderRoute("/appeal#token=s-suspend", { db });
    expect(await screen.findByRole("heading", { level: 1, name: "Appeal a suspension" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Send appeal" }));
    expect(await screen.findByText("Appeal is required")).toBeTruthy();
    expect(suspension.appeal).toBeNull();

    await user.type(screen.getByLabelText("Your appeal"), "Those reviews were from real clients.");
    await user.click(screen.getByRole("button", { name: "Send appeal" }));
    expect((await screen.findByRole("status", { name: "" })).textContent).toBe(
      "Your appeal is sent. A moderator will read it, and we will email you their answer.",
    );
    expect(suspension.appeal?.text).toBe("Those reviews were from real clients.");
  });

  it("shows the server's refusal of a link that is not valid as it comes", async () => {
    const { db, suspension } = suspend();
    const bad = await renderRoute("/appeal#token=not-a-sanction", { db });
    await bad.user.type(await bad.screen.findByLabelText("Your appeal"), "Please look again.");
    await bad.user.click(bad.screen.getByRole("button", { name: "Send appeal" }));
    expect((await bad.screen.findByRole("alert")).textContent).toBe(MODERATION_MESSAGES.badAppealLink);
    expect(suspension.appeal).toBeNull();
  });

  it("refuses a second appeal with the server's words", async () => {
    const { db, suspension } = suspend();
    suspension.appeal = {
      text: "First.",
      appealedAt: new Date().toISOString(),
      outcome: null,
      decidedAt: null,
      note: null,
    };
    const { screen, user } = await renderRoute("/appeal#token=s-suspend", { db });
    await user.type(await screen.findByLabelText("Your appeal"), "Second.");
    await user.click(screen.getByRole("button", { name: "Send appeal" }));
    expect((await screen.findByRole("alert")).textContent).toBe(MODERATION_MESSAGES.alreadyAppealed);
    expect(suspension.appeal.text).toBe("First.");
  });

  it("says plainly when the link is incomplete, and offers no form", async () => {
    suspend();
    const { screen } = await renderRoute("/appeal");
    expect((await screen.findByRole("alert")).textContent).toContain("This appeal link is incomplete.");
    expect(screen.queryByLabelText("Your appeal")).toBeNull();
  });
});
