import { baseURL, expect, linkIn, test, toast, uniqueId, waitForEmail } from "./support/fixtures.ts";

const SAME_ANSWER =
  "If an account exists for that email, we have sent a link to reset your password. It works for 30 minutes.";
const LINK_NOT_VALID = "This reset link has expired or has already been used.";

async function logIn(page: import("@playwright/test").Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

test("forgot password: the emailed link sets a new password once; the old password is refused", async ({
  page,
  makeUser,
}) => {
  const user = await makeUser();
  await page.goto("/auth/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await expect(page).toHaveTitle("Forgot Password - QuickGig");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("Email is required")).toBeVisible();
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status").filter({ hasText: SAME_ANSWER })).toBeVisible();

  const email = await waitForEmail(user.email, "Reset your QuickGig password");
  const link = linkIn(email, `${baseURL()}/auth/reset-password?token=`);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Choose a New Password" })).toBeVisible();
  const password = page.getByLabel("New password", { exact: true });
  // The sign-up rules, checked next to the field.
  await password.fill("short");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
  const newPassword = `Qg-${uniqueId()}-New7`;
  await password.fill(newPassword);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(toast(page, "Your password has been changed. Please log in.")).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);

  await logIn(page, user.email, user.password);
  await expect(toast(page, /invalid email or password/i)).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await logIn(page, user.email, newPassword);
  await expect(toast(page, "Login Successfully")).toBeVisible();
  await expect(page.getByRole("link", { name: `${user.name} (profile)` })).toBeVisible();

  // The link worked once.
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill(`Qg-${uniqueId()}-Again7`);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("alert")).toHaveText(LINK_NOT_VALID);
  await page.getByRole("link", { name: "Ask for a new link" }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
});

test("an email without an account gets the same answer, and no email", async ({ page }) => {
  const nobody = `nobody-${uniqueId()}@example.test`;
  await page.goto("/auth/forgot-password");
  await page.getByLabel("Email").fill(nobody);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status").filter({ hasText: SAME_ANSWER })).toBeVisible();
  await expect(waitForEmail(nobody, "Reset your QuickGig password")).rejects.toThrow();
});

test("a reset page without its token says the link is not valid", async ({ page }) => {
  await page.goto("/auth/reset-password");
  await expect(page.getByRole("alert")).toHaveText(LINK_NOT_VALID);
  await expect(page.getByRole("button", { name: "Set new password" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/auth/forgot-password");
});
