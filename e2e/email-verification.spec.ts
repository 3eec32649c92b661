import { baseURL, expect, linkIn, test, toast, waitForEmail } from "./support/fixtures.ts";

test("an unconfirmed email shows a banner on every page; Resend sends a new link, which confirms it", async ({
  page,
  makeUser,
  login,
}) => {
  const user = await makeUser();
  await login(user);
  const banner = page.getByRole("region", { name: "Confirm your email" });
  for (const path of ["/about", "/dashboard"]) {
    await page.goto(path);
    await expect(banner).toHaveText(`Please confirm your email address. We sent a link to ${user.email}.Resend email`);
  }
  await banner.getByRole("button", { name: "Resend email" }).click();
  await expect(toast(page, `We sent a new link to ${user.email}.`)).toBeVisible();

  const email = await waitForEmail(user.email, "Confirm your email for QuickGig");
  await page.goto(linkIn(email, `${baseURL()}/api/auth/verify-email?`));
  await expect(toast(page, "Your email address is confirmed.")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(banner).toHaveCount(0);
  await page.goto("/about");
  await expect(page.getByRole("heading", { name: "About QuickGig" })).toBeVisible();
  await expect(banner).toHaveCount(0);
});
