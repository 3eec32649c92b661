import { waitFor } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { toast } from "sonner";
import { beforeEach, describe, expect, it } from "vitest";
import type { MockStore } from "../../mocks/store.ts";
import { DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi } from "../../test/setup.ts";

/** A fresh marketplace where Maya has not confirmed her address yet. */
function withUnconfirmedMaya(): MockStore {
  const db = freshMockApi();
  const maya = db.users.find((person) => person.email === DEMO_FREELANCER);
  if (maya) maya.emailVerified = false;
  return db;
}

// Toasts and dialogs are kept by modules that outlive a test: none carries over to the next.
beforeEach(() => toast.dismiss());

describe("Email confirmation banner", () => {
  it("reminds an unconfirmed person and sends the link again", async () => {
    let sent: unknown;
    const resend = http.post("*/api/auth/send-verification-email", async ({ request }) => {
      sent = await request.json();
      return HttpResponse.json({ status: true });
    });
    const { screen, user } = await renderRoute("/about", {
      as: DEMO_FREELANCER,
      db: withUnconfirmedMaya(),
      handlers: [resend],
    });
    await screen.findByRole("heading", { name: "About QuickGig" });
    const banner = await screen.findByRole("region", { name: "Confirm your email" });
    expect(banner.textContent).toContain(`Please confirm your email address. We sent a link to ${DEMO_FREELANCER}.`);
    await user.click(screen.getByRole("button", { name: "Resend email" }));
    expect(await screen.findByText(`We sent a new link to ${DEMO_FREELANCER}.`)).toBeTruthy();
    expect(sent).toEqual({
      email: DEMO_FREELANCER,
      // The new link returns to the page it was asked from (the server adds ?verified=1).
      callbackURL: "/about",
    });
  });

  it("says why the link was not sent", async () => {
    const { screen, user } = await renderRoute("/about", {
      as: DEMO_FREELANCER,
      db: withUnconfirmedMaya(),
      handlers: [http.post("*/api/auth/send-verification-email", () => HttpResponse.error())],
    });
    await screen.findByRole("heading", { name: "About QuickGig" });
    await user.click(await screen.findByRole("button", { name: "Resend email" }));
    expect(await screen.findByText("Could not reach QuickGig. Check your connection and try again.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Resend email" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("is not shown to a person whose address is confirmed", async () => {
    const { screen } = await renderRoute("/about", { as: DEMO_FREELANCER });
    await screen.findByRole("heading", { name: "About QuickGig" });
    await screen.findByRole("link", { name: "Maya Patel (profile)" });
    expect(screen.queryByRole("region", { name: "Confirm your email" })).toBeNull();
  });

  it("welcomes back from the confirmation link and tidies the address", async () => {
    const { screen, router } = await renderRoute("/dashboard?verified=1", { as: DEMO_FREELANCER });
    expect(await screen.findByText("Your email address is confirmed.")).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(router.state.location.pathname).toBe("/dashboard");
  });

  it("says when a confirmation link did not confirm the address", async () => {
    const { screen, router } = await renderRoute("/dashboard?verified=1", {
      as: DEMO_FREELANCER,
      db: withUnconfirmedMaya(),
    });
    expect(
      await screen.findByText("This confirmation link is not valid any more. Use “Resend email” for a new one."),
    ).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(screen.getByRole("region", { name: "Confirm your email" })).toBeTruthy();
  });
});
