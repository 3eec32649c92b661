import { cleanup, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { toast } from "sonner";
import { beforeEach, describe, expect, it } from "vitest";
import { closeDialog } from "../../lib/dialogs.ts";
import { LUCAS, taskTitled } from "../../test/demo.ts";
import { DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi } from "../../test/setup.ts";

const PASSWORD = "Tangerine-Harbor-42";
const MY_BIDS = "/dashboard/my-bids";
const back = `redirect=${encodeURIComponent(MY_BIDS)}`;

beforeEach(() => {
  toast.dismiss();
  closeDialog();
});

const card = async (view: Awaited<ReturnType<typeof renderRoute>>, heading: string) =>
  (await view.screen.findByRole("heading", { name: heading })).parentElement as HTMLElement;

/** What the app sent to `path` (the test's handler answers as the mock does next). */
function recordBodies(path: string) {
  const sent: Record<string, unknown>[] = [];
  const handler = http.post(`*/api${path}`, async ({ request }) => {
    sent.push((await request.clone().json()) as Record<string, unknown>);
    return undefined;
  });
  return { sent, handler };
}

describe("The way back through every account page", () => {
  it("Place a Bid → Login → Register → sign up: back on the task with the bid form open", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Social media plan");
    const view = await renderRoute(`/task-details/${task._id}`, { db });
    const { screen, user, router } = view;
    await user.click(await screen.findByRole("link", { name: "Place a Bid" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/login"));
    await user.click(within(await card(view, "Login Your Account")).getByRole("link", { name: "Register" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/register"));
    await user.type(await screen.findByLabelText("Name"), "Nora Quinn");
    await user.type(screen.getByLabelText("Email"), "nora@example.com");
    await user.type(screen.getByLabelText("Password", { selector: "input" }), PASSWORD);
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByRole("dialog", { name: "Place a Bid" })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/task-details/${task._id}`);
    // The form opened once: the address no longer asks for it.
    await waitFor(() => expect(router.state.location.search).toBe(""));
  });

  it("login links to Register and Forgot password with the way back, and returns there after sign-in", async () => {
    const view = await renderRoute(`/auth/login?${back}`);
    const links = await card(view, "Login Your Account");
    expect(within(links).getByRole("link", { name: "Register" }).getAttribute("href")).toBe(`/auth/register?${back}`);
    expect(within(links).getByRole("link", { name: "Forgot password?" }).getAttribute("href")).toBe(
      `/auth/forgot-password?${back}`,
    );
    await view.user.type(view.screen.getByLabelText("Email"), DEMO_FREELANCER);
    await view.user.type(view.screen.getByLabelText("Password", { selector: "input" }), "Demo1234");
    await view.user.click(view.screen.getByRole("button", { name: "Login" }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe(MY_BIDS));
  });

  it("refuses a way back that leaves the site: links carry none, and sign-in lands on Home", async () => {
    for (const evil of ["//evil.example/x", "https://evil.example/x", "/\\evil.example"]) {
      const view = await renderRoute(`/auth/login?redirect=${encodeURIComponent(evil)}`);
      const links = await card(view, "Login Your Account");
      expect(within(links).getByRole("link", { name: "Register" }).getAttribute("href")).toBe("/auth/register");
      cleanup();
    }
    const { sent, handler } = recordBodies("/auth/sign-up/email");
    const view = await renderRoute(`/auth/register?redirect=${encodeURIComponent("//evil.example")}`, {
      handlers: [handler],
    });
    await view.user.type(await view.screen.findByLabelText("Name"), "Nora");
    await view.user.type(view.screen.getByLabelText("Email"), "nora2@example.com");
    await view.user.type(view.screen.getByLabelText("Password", { selector: "input" }), PASSWORD);
    await view.user.click(view.screen.getByRole("button", { name: "Sign Up" }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe("/"));
    expect(sent[0]?.callbackURL).toBeUndefined();
  });

  it("register links to Login with the way back, and the confirmation email's link will return there too", async () => {
    const { sent, handler } = recordBodies("/auth/sign-up/email");
    const view = await renderRoute(`/auth/register?${back}`, { handlers: [handler] });
    const links = await card(view, "Sign Up Your Account");
    expect(within(links).getByRole("link", { name: "Login" }).getAttribute("href")).toBe(`/auth/login?${back}`);
    await view.user.type(view.screen.getByLabelText("Name"), "Nora");
    await view.user.type(view.screen.getByLabelText("Email"), "nora3@example.com");
    await view.user.type(view.screen.getByLabelText("Password", { selector: "input" }), PASSWORD);
    await view.user.click(view.screen.getByRole("button", { name: "Sign Up" }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe(MY_BIDS));
    expect(sent[0]).toMatchObject({ callbackURL: MY_BIDS });
  });

  it("Google is asked to return to the way back, and a refusal to the login page that still has it", async () => {
    const sent: Record<string, unknown>[] = [];
    const google = http.post("*/api/auth/sign-in/social", async ({ request }) => {
      sent.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ url: "about:blank#google" });
    });
    const configured = http.get("*/api/auth/sign-in-options", () =>
      HttpResponse.json({ google: true, firebase: false }),
    );
    const assign = window.location.assign;
    const went: string[] = [];
    Object.defineProperty(window, "location", {
      value: { ...window.location, assign: (url: string) => went.push(url) },
      configurable: true,
    });
    try {
      const view = await renderRoute(`/auth/register?${back}`, { handlers: [google, configured] });
      await view.user.click(await view.screen.findByRole("button", { name: "Continue with Google" }));
      await waitFor(() => expect(went).toEqual(["about:blank#google"]));
      expect(sent[0]).toMatchObject({
        provider: "google",
        callbackURL: expect.stringMatching(new RegExp(`^(https?://[^/]+)?${MY_BIDS}$`)),
        errorCallbackURL: expect.stringMatching(/^(https?:\/\/[^/]+)?\/auth\/login\?redirect=%2Fdashboard%2Fmy-bids$/),
      });
    } finally {
      Object.defineProperty(window, "location", { value: { ...window.location, assign }, configurable: true });
    }
  });

  it("forgot password asks for a link that returns, and Back to Login keeps the way back", async () => {
    const { sent, handler } = recordBodies("/auth/request-password-reset");
    const view = await renderRoute(`/auth/forgot-password?${back}`, { handlers: [handler] });
    const links = await card(view, "Forgot Your Password?");
    expect(within(links).getByRole("link", { name: "Back to Login" }).getAttribute("href")).toBe(`/auth/login?${back}`);
    await view.user.type(view.screen.getByLabelText("Email"), DEMO_FREELANCER);
    await view.user.click(view.screen.getByRole("button", { name: "Send reset link" }));
    await waitFor(() => expect(sent[0]).toMatchObject({ email: DEMO_FREELANCER, redirectTo: MY_BIDS }));
  });

  it("the reset link's page sends to login with the way back once the password is changed", async () => {
    const reset = http.post("*/api/auth/reset-password", () => HttpResponse.json({ status: true }));
    const view = await renderRoute(`/auth/reset-password?token=abc&${back}`, { handlers: [reset] });
    await view.user.type(await view.screen.findByLabelText("New password", { selector: "input" }), PASSWORD);
    await view.user.click(view.screen.getByRole("button", { name: "Set new password" }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe("/auth/login"));
    expect(view.router.state.location.search).toBe(`?${back}`);
  });

  it("a signed-in person back on a task with ?bid=open sees the bid form; a visitor's Place a Bid asks for it", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Social media plan");
    const visitor = await renderRoute(`/task-details/${task._id}`, { db });
    const link = await visitor.screen.findByRole("link", { name: "Place a Bid" });
    expect(link.getAttribute("href")).toBe(
      `/auth/login?redirect=${encodeURIComponent(`/task-details/${task._id}?bid=open`)}`,
    );
    cleanup();
    const view = await renderRoute(`/task-details/${task._id}?bid=open`, { as: LUCAS, db });
    expect(await view.screen.findByRole("dialog", { name: "Place a Bid" })).toBeTruthy();
  });
});
