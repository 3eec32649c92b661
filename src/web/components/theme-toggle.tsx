import { setTheme, useTheme } from "../lib/theme.ts";
import { MoonIcon, SunIcon } from "./icons.tsx";

export function ThemeToggle({ withLabel = false }: { withLabel?: boolean }) {
  const theme = useTheme();
  const next = theme === "dark" ? "light" : "dark";
  const label = `Switch to ${next} theme`;
  return (
    <button type="button" onClick={() => setTheme(next)} aria-label={label} title={label} className="btn-ghost px-2.5">
      {/* Chosen by the theme's class on <html>, so the first screens in the HTML show the right one too. */}
      <SunIcon aria-hidden="true" className="hidden size-5 dark:block" />
      <MoonIcon aria-hidden="true" className="size-5 dark:hidden" />
      {withLabel && (
        <span aria-hidden="true">
          <span className="dark:hidden">Dark theme</span>
          <span className="hidden dark:inline">Light theme</span>
        </span>
      )}
    </button>
  );
}
