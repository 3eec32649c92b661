import { waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";

describe("Login", () => {
  it("names each empty field, then refuses a wrong password with the server's sentence", async () => {
    const { screen, user } = await renderRoute("/auth/login");
    await user.click(await screen.findByRole("button", { name: "Login" }));
    expect(await screen.findByText("Email is required")).toBeTruthy();
    expect(screen.getByText("Password is required")).toBeTruthy();
    await user.type(screen.getByLabelText("Email"), DEMO_FREELANCER);
    await user.type(screen.getByLabelText("Password", { selector: "input" }), "Wrong-pass-1");
    await user.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByText("Invalid email or password")).toBeTruthy();
  });

  it("signs in and goes back where the person was sent from", async () => {
    const { screen, user, router } = await renderRoute("/auth/login?redirect=%2Fdashboard%2Fmy-bids");
    await user.type(await screen.findByLabelText("Email"), DEMO_FREELANCER);
    await user.type(screen.getByLabelText("Password", { selector: "input" }), "Demo1234");
    await user.click(screen.getByRole("button", { name: "Login" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/my-bids"));
  });

  it("sends a visitor who opens a private page to the login page, with the way back", async () => {
    const { router } = await renderRoute("/dashboard/my-posted-tasks");
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/login"));
    expect(router.state.location.search).toContain("my-posted-tasks");
  });

  it("says a Google sign-in was refused for a suspended account, without trusting the address's own words", async () => {
    const { screen, router } = await renderRoute(
      "/auth/login?error=ACCOUNT_SUSPENDED&error_description=Send%20your%20password%20to%20evil.example",
    );
    expect(
      await screen.findByText(
        "Your account is suspended. You can appeal once, from the link in the email we sent you.",
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/evil\.example/)).toBeNull();
    await waitFor(() => expect(router.state.location.search).not.toContain("error=ACCOUNT_SUSPENDED"));
  });
});
