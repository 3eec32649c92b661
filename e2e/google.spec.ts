import { expect, test, toast, uniqueId } from "./support/fixtures.ts";

const ACCOUNT_EXISTS = "An account with this email already exists. Sign in with your email and password instead.";

/** Chooses who the local OpenID provider (the stand-in for Google) signs in next. */
async function googleSignsInNextAs(account: { sub: string; email: string; name: string }) {
  const control = process.env.E2E_OIDC_CONTROL;
  if (!control) throw new Error("E2E_OIDC_CONTROL is not set");
  const response = await fetch(control, { method: "POST", body: JSON.stringify(account) });
  expect(response.ok).toBe(true);
}

// The provider keeps one "next account" for the whole run, so these run one after another.
test.describe.configure({ mode: "serial" });

test("Continue with Google creates the account and returns to the page asked for", async ({ page }) => {
  const id = uniqueId();
  await googleSignsInNextAs({ sub: `google-${id}`, email: `g-${id}@gmail.test`, name: `Google User ${id}` });
  await page.goto("/dashboard/add-task");
  await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(/\/dashboard\/add-task$/);
  await expect(toast(page, "Login Successfully")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Add Task" })).toBeVisible();
  await expect(page.getByLabel("User Email")).toHaveValue(`g-${id}@gmail.test`);
  await expect(page.getByRole("link", { name: `Google User ${id} (profile)` })).toBeVisible();
});

test("Google sign-up from the Sign Up page goes home signed in", async ({ page }) => {
  const id = uniqueId();
  await googleSignsInNextAs({ sub: `google-${id}`, email: `g-${id}@gmail.test`, name: `Google User ${id}` });
  await page.goto("/auth/register");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: `Google User ${id} (profile)` })).toBeVisible();
});

test("Google with the email of a password account is refused with a clear message", async ({ page, makeUser }) => {
  const user = await makeUser();
  await googleSignsInNextAs({ sub: `google-${uniqueId()}`, email: user.email, name: user.name });
  await page.goto("/auth/login");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(toast(page, ACCOUNT_EXISTS)).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
});

test("a server without Google says so", async ({ page }) => {
  await page.route("**/api/auth/sign-in/social", (route) =>
    route.fulfill({
      status: 503,
      contentType: "application/problem+json",
      body: JSON.stringify({
        type: "about:blank",
        title: "Service Unavailable",
        status: 503,
        detail: "Google sign-in is not available on this server",
      }),
    }),
  );
  await page.goto("/auth/login");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(toast(page, "Google sign-in is not available on this server")).toBeVisible();
  await expect(page.getByRole("button", { name: "Continue with Google" })).toBeEnabled();
});
