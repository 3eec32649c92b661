import { waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { toast } from "sonner";
import { beforeEach, describe, expect, it } from "vitest";
import { DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { getSession } from "./session.ts";

const newPassword = (screen: Awaited<ReturnType<typeof renderRoute>>["screen"]) =>
  screen.getByLabelText("New password", { selector: "input" });

// Toasts and dialogs are kept by modules that outlive a test: none carries over to the next.
beforeEach(() => toast.dismiss());

describe("Reset password", () => {
  it("names each rule the new password breaks", async () => {
    const { screen, user } = await renderRoute("/auth/reset-password?token=abc");
    expect(await screen.findByRole("heading", { name: "Choose a New Password" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Set new password" }));
    expect(await screen.findByText("Password is required")).toBeTruthy();
    await user.type(newPassword(screen), "abc");
    await user.click(screen.getByRole("button", { name: "Set new password" }));
    expect(await screen.findByText("Password must be at least 6 characters")).toBeTruthy();
    await user.clear(newPassword(screen));
    await user.type(newPassword(screen), "abcdef1");
    await user.click(screen.getByRole("button", { name: "Set new password" }));
    expect(await screen.findByText("Password must include an uppercase letter")).toBeTruthy();
  });

  it("shows the password rules under the new password, checked as it is typed", async () => {
    const { screen, user } = await renderRoute("/auth/reset-password?token=abc");
    const rules = await screen.findByRole("list", { name: "Password rules" });
    expect(within(rules).getByText("An uppercase letter").textContent).toBe("An uppercase letter: not yet");
    await user.type(newPassword(screen), "Q");
    expect(within(rules).getByText("An uppercase letter").textContent).toBe("An uppercase letter: met");
    expect(within(rules).getByText("A number").textContent).toBe("A number: not yet");
  });

  it("says the link has expired when the server refuses its token, and offers a new one", async () => {
    const { screen, user, router } = await renderRoute("/auth/reset-password?token=used-already");
    await user.type(await screen.findByLabelText("New password", { selector: "input" }), "Secret12");
    await user.click(screen.getByRole("button", { name: "Set new password" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "This reset link has expired or has already been used.",
    );
    expect(screen.queryByRole("button", { name: "Set new password" })).toBeNull();
    await user.click(screen.getByRole("link", { name: "Ask for a new link" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/forgot-password"));
  });

  it("sets the new password, ends the session and sends the person to log in", async () => {
    let sent: unknown;
    const accepted = http.post("*/api/auth/reset-password", async ({ request }) => {
      sent = await request.json();
      return HttpResponse.json({ status: true });
    });
    const { screen, user, router } = await renderRoute("/auth/reset-password?token=good-token", {
      as: DEMO_FREELANCER,
      handlers: [accepted],
    });
    await user.type(await screen.findByLabelText("New password", { selector: "input" }), "Secret12");
    await user.click(screen.getByRole("button", { name: "Set new password" }));
    expect(await screen.findByText("Your password has been changed. Please log in.")).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/login"));
    expect(sent).toEqual({ token: "good-token", newPassword: "Secret12" });
    expect(getSession().user).toBeNull();
    const header = screen.getByRole("banner");
    expect(within(header).getByRole("link", { name: "Login" })).toBeTruthy();
  });

  it("says why the password was not set when the server fails otherwise, and keeps the form", async () => {
    const { screen, user } = await renderRoute("/auth/reset-password?token=good-token", {
      handlers: [http.post("*/api/auth/reset-password", () => HttpResponse.error())],
    });
    await user.type(await screen.findByLabelText("New password", { selector: "input" }), "Secret12");
    await user.click(screen.getByRole("button", { name: "Set new password" }));
    expect(await screen.findByText("Could not reach QuickGig. Check your connection and try again.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Set new password" })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
