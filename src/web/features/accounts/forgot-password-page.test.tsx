import { describe, expect, it } from "vitest";
import { renderRoute } from "../../test/render-route.tsx";

describe("Forgot password", () => {
  it("names a bad address, then says the same thing whether or not the account exists", async () => {
    const { screen, user } = await renderRoute("/auth/forgot-password");
    await user.type(await screen.findByLabelText("Email"), "not-an-email");
    await user.click(screen.getByRole("button", { name: /Send/ }));
    expect(await screen.findByText("Email must be a valid email address")).toBeTruthy();
    await user.clear(screen.getByLabelText("Email"));
    await user.type(screen.getByLabelText("Email"), "nobody@example.com");
    await user.click(screen.getByRole("button", { name: /Send/ }));
    expect(await screen.findByText(/If an account exists for that email/)).toBeTruthy();
  });

  it("starts from the email typed on the login page, without putting it in the address", async () => {
    const { screen, user, router } = await renderRoute("/auth/login");
    await user.type(await screen.findByLabelText("Email"), "maya@quickgig.dev");
    await user.click(screen.getByRole("link", { name: "Forgot password?" }));
    expect(await screen.findByRole("heading", { name: "Forgot Your Password?" })).toBeTruthy();
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("maya@quickgig.dev");
    expect(router.state.location.pathname + router.state.location.search).toBe("/auth/forgot-password");
  });

  it("a reset link without a token says it cannot work", async () => {
    const { screen } = await renderRoute("/auth/reset-password");
    expect(await screen.findByText("This reset link has expired or has already been used.")).toBeTruthy();
  });
});
