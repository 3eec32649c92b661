import { http } from "msw";
import { describe, expect, it } from "vitest";
import { MODERATION_MESSAGES, type SanctionView } from "../../../contract/moderation.ts";
import { problem } from "../../mocks/scenarios.ts";
import { userId } from "../../test/demo.ts";
import { DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi, server } from "../../test/setup.ts";

/** Maya, suspended: she cannot sign in, and appeals from her email's link. */
function suspend() {
  const db = freshMockApi();
  const suspension: SanctionView = {
    _id: "s-suspend",
    kind: "suspend",
    rule: "honest",
    note: "Fake reviews.",
    targetKind: "profile",
    targetTitle: "Maya Patel",
    createdAt: new Date().toISOString(),
    liftedAt: null,
    appeal: null,
    canAppeal: true,
  };
  db.sanctions.set(userId(db, DEMO_FREELANCER), [suspension]);
  return { db, suspension };
}

describe("A suspended person's appeal", () => {
  it("sends the appeal with the token of the link's fragment, once", async () => {
    const { db, suspension } = suspend();
    // In mock mode the token is the sanction's id (mocks/handlers.ts, POST /api/appeals).
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
    const { db } = suspend();
    // The server's answer to a token it did not sign (decisions.api.test.ts, "a suspension ends the sessions…").
    const sent: unknown[] = [];
    server.use(
      http.post("*/api/appeals", async ({ request }) => {
        sent.push(await request.json());
        return problem(400, MODERATION_MESSAGES.badAppealLink);
      }),
    );
    const bad = await renderRoute("/appeal#token=not-a-sanction", { db });
    await bad.user.type(await bad.screen.findByLabelText("Your appeal"), "Please look again.");
    await bad.user.click(bad.screen.getByRole("button", { name: "Send appeal" }));
    expect((await bad.screen.findByRole("alert")).textContent).toBe(MODERATION_MESSAGES.badAppealLink);
    expect(sent).toEqual([{ token: "not-a-sanction", text: "Please look again." }]);
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
    suspension.canAppeal = false;
    // The server takes one appeal of a sanction (decisions.api.test.ts, "…whose token appeals once…").
    server.use(http.post("*/api/appeals", () => problem(409, MODERATION_MESSAGES.alreadyAppealed)));
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
