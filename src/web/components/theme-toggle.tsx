import { setTheme, useTheme } from "../lib/theme.ts";
import { MoonIcon, SunIcon } from "./icons.tsx";

export function ThemeToggle({ withLabel = false }: { withLabel?: boolean }) {
  const theme = useTheme();
  const next = theme === "dark" ? "light" : "dark";
  const label = `Switch to ${next} theme`;
  return (
    <button type="button" onClick={() => setTheme(next)} aria-label={label} title={label} className="btn-ghost px-2.5">
      {theme === "dark" ? (
        <SunIcon aria-hidden="true" className="size-5" />
      ) : (
        <MoonIcon aria-hidden="true" className="size-5" />
      )}
      {withLabel && <span>{theme === "dark" ? "Light theme" : "Dark theme"}</span>}
    </button>
  );
}
