import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./support/fixtures.ts";
import { SCREENS, seedScreens, setTheme } from "./support/screens.ts";

for (const theme of ["light", "dark"] as const) {
  test.describe(`axe, ${theme} theme`, () => {
    for (const screen of SCREENS) {
      test(`${screen.name} has no serious or critical violation`, async ({ page, makeUser, login }) => {
        const { user, taskId } = await seedScreens(makeUser);
        if (screen.signedIn) await login(user);
        await setTheme(page, theme);
        await page.goto(screen.path({ taskId }));
        await screen.ready(page);
        await expect(page.locator("html")).toHaveClass(theme === "dark" ? /dark/ : /^(?!.*dark)/);
        // The lower home sections and the footer load just after the first paint.
        await page.getByRole("contentinfo").waitFor();
        const results = await new AxeBuilder({ page }).analyze();
        const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
        expect(serious.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual(
          [],
        );
      });
    }
  });
}
