import { mkdirSync } from "node:fs";
import { test } from "./support/fixtures.ts";
import { SCREENS, seedScreens, setTheme } from "./support/screens.ts";

/**
 * Saves every screen in both themes, on a desktop and on a phone, into ./screenshots for a person
 * to look at. Tagged so it can run alone: npx playwright test --grep @screenshots
 */
const VIEWPORTS = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

mkdirSync("screenshots", { recursive: true });

for (const [device, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`screenshots, ${device}`, { tag: "@screenshots" }, () => {
    test.use({ viewport });
    for (const screen of SCREENS) {
      test(screen.name, async ({ page, makeUser, login }) => {
        const { user, taskId } = await seedScreens(makeUser);
        if (screen.signedIn) await login(user);
        for (const theme of ["light", "dark"] as const) {
          await setTheme(page, theme);
          await page.goto(screen.path({ taskId }));
          await screen.ready(page);
          await page.getByRole("contentinfo").waitFor();
          await page.evaluate(() => document.fonts.ready);
          await page.screenshot({
            path: `screenshots/${screen.name}-${theme}-${device}.png`,
            fullPage: true,
            animations: "disabled",
          });
        }
      });
    }
  });
}
