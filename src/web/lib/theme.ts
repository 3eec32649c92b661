import { useSyncExternalStore } from "react";

export type Theme = "light" | "dark";
const STORAGE_KEY = "theme";
const listeners = new Set<() => void>();

function readTheme(): Theme {
  return document.documentElement.classList.contains("dark") ? "dark" : "light";
}

function applyTheme(theme: Theme) {
  const root = document.documentElement;
  root.classList.toggle("dark", theme === "dark");
  root.style.colorScheme = theme;
  for (const listener of listeners) listener();
}

/** Saves the person's choice; from then on it wins over the system setting. */
export function setTheme(theme: Theme) {
  try {
    localStorage.setItem(STORAGE_KEY, theme);
  } catch {
    // Storage refused: the choice lasts for this page only.
  }
  applyTheme(theme);
}

function hasSavedTheme(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const media = window.matchMedia("(prefers-color-scheme: dark)");
  const followSystem = () => {
    if (!hasSavedTheme()) applyTheme(media.matches ? "dark" : "light");
  };
  media.addEventListener("change", followSystem);
  // The system setting may have changed between boot.js and the app's start.
  if (!hasSavedTheme() && media.matches !== (readTheme() === "dark")) followSystem();
  return () => {
    listeners.delete(listener);
    media.removeEventListener("change", followSystem);
  };
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, readTheme, () => "light");
}
