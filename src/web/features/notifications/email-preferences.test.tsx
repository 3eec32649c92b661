import { waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { toast } from "sonner";
import { beforeEach, describe, expect, it } from "vitest";
import { KIND_LABELS, NOTIFICATION_KINDS } from "../../../contract/notifications.ts";
import { DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";

type View = Awaited<ReturnType<typeof renderRoute>>;

/** The radio of one choice ("Email", "In the app", "Off") in the row of one kind of notice. */
const choice = (view: View, kind: string, label: string) =>
  within(view.screen.getByRole("group", { name: kind })).getByRole("radio", { name: label }) as HTMLInputElement;

// Toasts and dialogs are kept by modules that outlive a test: none carries over to the next.
beforeEach(() => toast.dismiss());

describe("Email preferences (profile)", () => {
  it("shows each kind with its channel and saves each choice as it is made", async () => {
    const view = await renderRoute("/profile", { as: DEMO_FREELANCER });
    const { screen, user, db } = view;
    const section = await screen.findByRole("region", { name: "Email notifications" });
    expect(
      within(section)
        .getAllByRole("group")
        .map((group) => group.querySelector("legend")?.textContent),
    ).toEqual(NOTIFICATION_KINDS.map((kind) => KIND_LABELS[kind]));
    // The defaults: what decides someone's work by email, the rest in the app.
    expect(choice(view, "New messages", "Email").checked).toBe(true);
    expect(choice(view, "New bids on my tasks", "Email").checked).toBe(true);
    expect(choice(view, "Changed offers on my tasks", "In the app").checked).toBe(true);

    await user.click(choice(view, "New messages", "Off"));
    expect(await screen.findByText("Saved: “New messages” turned off.")).toBeTruthy();
    const maya = db.viewerId ?? "";
    expect(db.preferences.get(maya)?.["message-new"]).toBe("off");
    expect(choice(view, "New messages", "Off").checked).toBe(true);

    await user.click(choice(view, "Changed offers on my tasks", "Email"));
    expect(await screen.findByText("Saved: “Changed offers on my tasks” by email and in the app.")).toBeTruthy();
    await user.click(choice(view, "My bid accepted", "In the app"));
    expect(await screen.findByText("Saved: “My bid accepted” in the app only.")).toBeTruthy();
    expect(db.preferences.get(maya)).toEqual({ "message-new": "off", "bid-changed": "email", "bid-accepted": "app" });
  });

  it("puts the choice back and says why when it was not saved", async () => {
    const view = await renderRoute("/profile", {
      as: DEMO_FREELANCER,
      handlers: [
        http.put("*/api/me/notification-preferences", () =>
          HttpResponse.json(
            { type: "about:blank", title: "Internal Server Error", status: 500, detail: "Choices are resting." },
            { status: 500, headers: { "content-type": "application/problem+json" } },
          ),
        ),
      ],
    });
    await view.screen.findByRole("region", { name: "Email notifications" });
    await view.user.click(choice(view, "New messages", "Off"));
    expect(await view.screen.findByText("Choices are resting.")).toBeTruthy();
    await waitFor(() => expect(choice(view, "New messages", "Email").checked).toBe(true));
    expect(choice(view, "New messages", "Off").checked).toBe(false);
    expect(view.db.preferences.size).toBe(0);
  });
});
