import { expect, test, toast, uniqueId } from "./support/fixtures.ts";

const PASSWORD_HINT = "Must be at least 6 characters, including a number, a lowercase letter and an uppercase letter";

test.describe("Login", () => {
  test("signs in with a toast and goes home when no page was recorded", async ({ page, makeUser }) => {
    const user = await makeUser();
    await page.goto("/auth/login");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(toast(page, "Login Successfully")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: `${user.name} (profile)` })).toBeVisible();
  });

  test("a wrong password shows the server's message", async ({ page, makeUser }) => {
    const user = await makeUser();
    await page.goto("/auth/login");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill("Wrong-pass1");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(toast(page, /invalid email or password/i)).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test("empty fields are named next to them", async ({ page }) => {
    await page.goto("/auth/login");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  });

  test("password: show/hide, the rules tooltip, Forgot password? and the link to sign up", async ({ page }) => {
    await page.goto("/auth/login");
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("Secret1");
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Password rules" }).focus();
    await expect(page.getByRole("tooltip")).toHaveText(PASSWORD_HINT);
    await expect(page.getByRole("button", { name: "Continue with Google" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Forgot password?" })).toHaveAttribute("href", "/auth/forgot-password");
    await page.getByRole("link", { name: "Register" }).click();
    await expect(page).toHaveURL(/\/auth\/register$/);
  });
});

test.describe("Sign Up", () => {
  test("creates the account, shows the success dialog and goes home signed in", async ({ page }) => {
    const id = uniqueId();
    await page.goto("/auth/register");
    await page.getByLabel("Name", { exact: true }).fill(`New Person ${id}`);
    await page.getByLabel("Photo Url").fill("https://example.test/me.png");
    await page.getByLabel("Email").fill(`new-${id}@example.test`);
    await page.getByLabel("Password", { exact: true }).fill(`Fresh-${id}-9A`);
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog.getByRole("heading", { name: "Good job! Register Successfully" })).toBeVisible();
    await expect(dialog.getByText("You clicked the button!")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await dialog.getByRole("button", { name: "OK" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("link", { name: `New Person ${id} (profile)` })).toBeVisible();
  });

  test("an email already in use shows the server's message", async ({ page, makeUser }) => {
    const existing = await makeUser();
    await page.goto("/auth/register");
    await page.getByLabel("Name", { exact: true }).fill("Someone");
    await page.getByLabel("Photo Url").fill("https://example.test/me.png");
    await page.getByLabel("Email").fill(existing.email);
    await page.getByLabel("Password", { exact: true }).fill("Another-pass9");
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expect(toast(page, /already exists/i)).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/register$/);
  });

  test("the contract's rules are checked next to each field", async ({ page }) => {
    await page.goto("/auth/register");
    await page.getByLabel("Photo Url").fill("javascript:alert(1)");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password", { exact: true }).fill("abcdef1");
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expect(page.getByText("Name is required")).toBeVisible();
    await expect(page.getByText("Photo URL must be a web address starting with http:// or https://")).toBeVisible();
    await expect(page.getByText("Email must be a valid email address")).toBeVisible();
    await expect(page.getByText("Password must include an uppercase letter")).toBeVisible();
    await page.getByRole("link", { name: "Login" }).last().click();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });
});

test.describe("The way back", () => {
  test("a visitor on a task: Place a Bid → Login → Register, signs up without a photo and is back on the task with the bid form open", async ({
    page,
    makeUser,
  }) => {
    const client = await makeUser();
    const taskId = await client.createTask({ title: `Logo for a bakery ${uniqueId()}` });
    await page.goto(`/task-details/${taskId}`);
    await page.getByRole("link", { name: "Place a Bid" }).click();
    await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
    await page.getByRole("link", { name: "Register" }).last().click();
    await expect(page).toHaveURL(/\/auth\/register\?redirect=/);
    const id = uniqueId();
    await page.getByLabel("Name", { exact: true }).fill(`Bidder ${id}`);
    await page.getByLabel("Email").fill(`bidder-${id}@example.test`);
    await page.getByLabel("Password", { exact: true }).fill("Tangerine-Harbor-42");
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    const form = page.getByRole("dialog", { name: "Place a Bid" });
    await expect(form).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/task-details/${taskId}$`));
    // No photo: the initials stand in.
    // (behind the open dialog, which hides the rest of the page from assistive technology)
    const profileLink = page
      .getByRole("banner", { includeHidden: true })
      .getByRole("link", { name: `Bidder ${id} (profile)`, includeHidden: true });
    await expect(profileLink.locator("svg text")).toHaveText(/^B/);
  });
});

test.describe("Logout", () => {
  test("shows the success dialog with its icon and signs out", async ({ page, makeUser, login }) => {
    await login(await makeUser());
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Logout" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog.getByRole("heading", { name: "Logout Successfully" })).toBeVisible();
    await expect(dialog.getByText("You clicked the button!")).toBeVisible();
    await expect(dialog.getByRole("img", { name: "Success" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    // Leaving a private page goes home, and the header offers Login again.
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
  });

  test("a failed logout says why, and the user stays signed in", async ({ page, makeUser, login }) => {
    const user = await makeUser();
    await login(user);
    await page.goto("/about");
    await page.route("**/api/auth/sign-out", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/problem+json",
        body: JSON.stringify({
          type: "about:blank",
          title: "Service Unavailable",
          status: 503,
          detail: "The database is not answering.",
        }),
      }),
    );
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(toast(page, "The database is not answering.")).toBeVisible();
    await expect(page.getByRole("link", { name: `${user.name} (profile)` })).toBeVisible();
  });
});

test.describe("Profile", () => {
  test("updates name and photo; the header shows the change at once", async ({ page, makeUser, login }) => {
    const user = await makeUser();
    await login(user);
    await page.goto("/profile");
    await expect(page.getByRole("main").getByText(user.email)).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(user.name);
    await page.getByLabel("Name", { exact: true }).fill("Renamed Person");
    await page.getByLabel("Photo URL").fill("https://127.0.0.1:9/new-photo.png");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "Profile updated successfully.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Renamed Person (profile)" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Renamed Person" })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Renamed Person");
  });

  test("refusals show next to the field and as a toast", async ({ page, makeUser, login }) => {
    await login(await makeUser());
    await page.goto("/profile");
    await page.getByLabel("Name", { exact: true }).fill("");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Name is required")).toBeVisible();
    await page.getByLabel("Name", { exact: true }).fill("Valid Name");
    await page.route("**/api/auth/update-user", (route) =>
      route.fulfill({
        status: 400,
        contentType: "application/problem+json",
        body: JSON.stringify({ type: "about:blank", title: "Bad Request", status: 400, detail: "Name is too long" }),
      }),
    );
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "Name is too long")).toBeVisible();
  });

  test("signed out, the page asks to log in and returns after login", async ({ page, makeUser }) => {
    const user = await makeUser();
    await page.goto("/profile");
    await expect(page.getByRole("heading", { name: "Please log in to view your profile." })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Login" }).click();
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("heading", { name: user.name })).toBeVisible();
  });
});

test("the forms break no rule of the Content-Security-Policy (zod's eval probe stays off)", async ({ page }) => {
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.text().startsWith("CSP violation")) violations.push(message.text());
  });
  for (const [path, submit] of [
    ["/auth/login", "Login"],
    ["/auth/register", "Sign Up"],
  ] as const) {
    await page.goto(path);
    // Submitting empty runs the schemas.
    await page.getByRole("button", { name: submit, exact: true }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
  }
  expect(violations).toEqual([]);
});
