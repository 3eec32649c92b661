// Applies the saved theme (or the system's) before the first paint, so a dark page never flashes light.
(() => {
  var root = document.documentElement;
  var dark = false;
  var saved = null;
  try {
    saved = localStorage.getItem("theme");
  } catch (_) {
    saved = null;
  }
  dark = saved ? saved === "dark" : window.matchMedia("(prefers-color-scheme: dark)").matches;
  root.classList.toggle("dark", dark);
  root.style.colorScheme = dark ? "dark" : "light";
})();
