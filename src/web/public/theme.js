// Before the first paint, in any browser's syntax (index.html says why):
(() => {
  var root = document.documentElement;
  var saved = null;
  try {
    saved = localStorage.getItem("theme");
  } catch (_) {}
  var dark = saved ? saved === "dark" : matchMedia("(prefers-color-scheme: dark)").matches;
  if (dark) root.className += " dark";
  root.style.colorScheme = dark ? "dark" : "light";

  function unavailable(text) {
    function show() {
      var notice = document.getElementById("app-unavailable");
      if (!notice || root.hasAttribute("data-app-started") || !notice.hidden) return;
      if (text) notice.getElementsByTagName("p")[0].textContent = text;
      notice.getElementsByTagName("button")[0].onclick = () => {
        location.reload();
      };
      notice.hidden = false;
    }
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", show);
    else show();
  }
  if (!("noModule" in document.createElement("script")))
    return unavailable("This browser is too old to run QuickGig. Please update it, or use another browser.");
  // Load errors do not bubble; a capturing listener on window sees them.
  addEventListener(
    "error",
    (event) => {
      if (event.target && event.target.tagName === "SCRIPT") unavailable();
    },
    true,
  );
  addEventListener("quickgig:start-failed", () => {
    unavailable();
  });
})();
