import { cleanup, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { toast } from "sonner";
import { beforeEach, describe, expect, it } from "vitest";
import { PASSWORD_HINT } from "../../../contract/limits.ts";
import { MESSAGES } from "../../../contract/messages.ts";
import { COMMON_PASSWORD_MESSAGE } from "../../../contract/passwords.ts";
import { closeDialog } from "../../lib/dialogs.ts";
import { problem } from "../../mocks/scenarios.ts";
import { DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";

type View = Awaited<ReturnType<typeof renderRoute>>;

const password = (view: View) => view.screen.getByLabelText("Password", { selector: "input" }) as HTMLInputElement;

async function fillIn(view: View, values: { name: string; image: string; email: string; password: string }) {
  const { screen, user } = view;
  if (values.name) await user.type(screen.getByLabelText("Name"), values.name);
  if (values.image) await user.type(screen.getByLabelText("Photo Url (optional)"), values.image);
  if (values.email) await user.type(screen.getByLabelText("Email"), values.email);
  if (values.password) await user.type(password(view), values.password);
  await user.click(screen.getByRole("button", { name: "Sign Up" }));
}

// Toasts and dialogs are kept by modules that outlive a test: none carries over to the next.
beforeEach(() => {
  toast.dismiss();
  closeDialog();
});

describe("Sign up", () => {
  it("names each empty field, then each rule the password breaks", async () => {
    const view = await renderRoute("/auth/register");
    const { screen, user, db } = view;
    expect(await screen.findByRole("heading", { name: "Sign Up Your Account" })).toBeTruthy();
    const people = db.users.length;
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByText("Name is required")).toBeTruthy();
    // The photo is optional (the initials stand in): an empty one is no error.
    expect(screen.queryByText("Photo URL is required")).toBeNull();
    expect(screen.getByText("Email is required")).toBeTruthy();
    expect(screen.getByText("Password is required")).toBeTruthy();

    await fillIn(view, { name: "Nora", image: "not a url", email: "nora@", password: "abcdef" });
    expect(await screen.findByText("Photo URL must be a web address starting with http:// or https://")).toBeTruthy();
    expect(screen.getByText("Email must be a valid email address")).toBeTruthy();
    expect(screen.getByText("Password must include a number")).toBeTruthy();
    expect(db.users.length).toBe(people);
  });

  it("shows the password rules before anything is typed, and marks each one as it is met", async () => {
    const view = await renderRoute("/auth/register");
    const field = (await view.screen.findByLabelText("Password", { selector: "input" })) as HTMLInputElement;
    const rules = view.screen.getByRole("list", { name: "Password rules" });
    const states = () =>
      within(rules)
        .getAllByRole("listitem")
        .map((rule) => rule.textContent);
    expect(view.screen.getByText(PASSWORD_HINT)).toBeTruthy();
    expect(states()).toEqual([
      "At least 6 characters: not yet",
      "A number: not yet",
      "A lowercase letter: not yet",
      "An uppercase letter: not yet",
      "Not a common password: not yet",
    ]);
    // The field is described by the rules, so a screen reader hears them with it.
    const describedBy = (field.getAttribute("aria-describedby") ?? "").split(" ");
    expect(describedBy.some((id) => document.getElementById(id)?.contains(rules))).toBe(true);

    await view.user.type(field, "zqv7");
    await waitFor(() =>
      expect(states()).toEqual([
        "At least 6 characters: not yet",
        "A number: met",
        "A lowercase letter: met",
        "An uppercase letter: not yet",
        "Not a common password: met",
      ]),
    );
    await view.user.type(field, "XYZ");
    expect(states()).toEqual([
      "At least 6 characters: met",
      "A number: met",
      "A lowercase letter: met",
      "An uppercase letter: met",
      "Not a common password: met",
    ]);
  });

  it("says a common password that meets the four rules is refused as too common, before it is sent", async () => {
    let sent = 0;
    const signUp = http.post("*/api/auth/sign-up/email", () => {
      sent += 1;
      return undefined;
    });
    const view = await renderRoute("/auth/register", { handlers: [signUp] });
    const field = (await view.screen.findByLabelText("Password", { selector: "input" })) as HTMLInputElement;
    await view.user.type(field, "Password1");
    const rules = view.screen.getByRole("list", { name: "Password rules" });
    // The list loads with the form: the rule turns from "not yet" to refused without a submit.
    await waitFor(() =>
      expect(
        within(rules)
          .getAllByRole("listitem")
          .map((rule) => rule.textContent),
      ).toEqual([
        "At least 6 characters: met",
        "A number: met",
        "A lowercase letter: met",
        "An uppercase letter: met",
        "Not a common password: too common",
      ]),
    );
    expect(view.screen.getByText(COMMON_PASSWORD_MESSAGE)).toBeTruthy();
    expect(sent).toBe(0);
    await view.user.clear(field);
    await view.user.type(field, "Tangerine-Harbor-42");
    expect(view.screen.queryByText(COMMON_PASSWORD_MESSAGE)).toBeNull();
  });

  it("shows and hides the password", async () => {
    const view = await renderRoute("/auth/register");
    await view.user.type(await view.screen.findByLabelText("Password", { selector: "input" }), "Tangerine-Harbor-42");
    expect(password(view).type).toBe("password");
    await view.user.click(view.screen.getByRole("button", { name: "Show password" }));
    expect(password(view).type).toBe("text");
    await view.user.click(view.screen.getByRole("button", { name: "Hide password" }));
    expect(password(view).type).toBe("password");
  });

  it("creates the account, signs the person in and welcomes them on the home page", async () => {
    const view = await renderRoute("/auth/register");
    const { screen, user, db, router } = view;
    await screen.findByRole("heading", { name: "Sign Up Your Account" });
    await fillIn(view, {
      name: "Nora Quinn",
      image: "https://example.com/nora.png",
      email: "Nora@Example.com",
      password: "Tangerine-Harbor-42",
    });
    const welcome = await screen.findByRole("alertdialog", { name: "Good job! Register Successfully" });
    expect(within(welcome).getByText("You clicked the button!")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/");
    const nora = db.users.find((person) => person.email === "nora@example.com");
    expect(nora).toMatchObject({ name: "Nora Quinn", image: "https://example.com/nora.png", emailVerified: false });
    expect(db.viewerId).toBe(nora?.id);
    await user.click(within(welcome).getByRole("button", { name: "OK" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    // Signed in, and asked to confirm the address.
    expect(screen.getByRole("link", { name: "Nora Quinn (profile)" })).toBeTruthy();
    expect(await screen.findByRole("region", { name: "Confirm your email" })).toBeTruthy();
  });

  it("refuses an email that already has an account, with the server's sentence", async () => {
    // The server's answer (better-auth's, as problem+json: "refuses a second account with the same
    // email" in accounts.api.test.ts).
    const sent: unknown[] = [];
    const taken = http.post(
      "*/api/auth/sign-up/email",
      async ({ request }) => {
        sent.push(await request.json());
        return problem(422, "User already exists. Use another email.", {
          code: "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL",
        });
      },
      { once: true },
    );
    const view = await renderRoute("/auth/register", { handlers: [taken] });
    await view.screen.findByRole("heading", { name: "Sign Up Your Account" });
    await fillIn(view, {
      name: "Maya",
      image: "https://example.com/m.png",
      email: DEMO_FREELANCER,
      password: "Tangerine-Harbor-42",
    });
    expect(await view.screen.findByText("User already exists. Use another email.")).toBeTruthy();
    expect(sent).toEqual([expect.objectContaining({ email: DEMO_FREELANCER, name: "Maya" })]);
    expect(view.router.state.location.pathname).toBe("/auth/register");
  });

  it("shows Continue with Google only where the server takes it", async () => {
    let answered = 0;
    const options = http.get("*/api/auth/sign-in-options", () => {
      answered += 1;
      return HttpResponse.json({ google: false, firebase: false });
    });
    const plain = await renderRoute("/auth/register", { handlers: [options] });
    await plain.screen.findByRole("heading", { name: "Sign Up Your Account" });
    await waitFor(() => expect(answered).toBe(1));
    expect(plain.screen.queryByRole("button", { name: "Continue with Google" })).toBeNull();
    expect(plain.screen.queryByText("or")).toBeNull();
    cleanup();
    // The same page on a server with Google: the button, under "or".
    const google = await renderRoute("/auth/register", { scenario: "google" });
    expect(await google.screen.findByRole("button", { name: "Continue with Google" })).toBeTruthy();
    expect(google.screen.getByText("or")).toBeTruthy();
  });

  it("says when Google sign-in is not available after all", async () => {
    const { screen, user } = await renderRoute("/auth/register", { scenario: "google" });
    await user.click(await screen.findByRole("button", { name: "Continue with Google" }));
    expect(await screen.findByText(MESSAGES.googleUnavailable)).toBeTruthy();
    expect((screen.getByRole("button", { name: "Continue with Google" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("links to the login page", async () => {
    const { screen, user, router } = await renderRoute("/auth/register");
    const card = (await screen.findByRole("heading", { name: "Sign Up Your Account" })).parentElement as HTMLElement;
    await user.click(within(card).getByRole("link", { name: "Login" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/login"));
  });
});
