// The page's one inline script, written into its <head> by the build (scripts/vite/inline-boot.ts)
// and allowed by its hash in the CSP (src/server/http/security-headers.ts). In any browser's syntax.
//
// Before the first paint it sets the theme, so a dark page never flashes light. After the paint it
// fetches the page's code: nothing but the HTML and the stylesheet stands between a visitor and the
// first screen, not even a request for this script (docs/performance.md). It also shows
// #app-unavailable when the app's scripts cannot load or start.
(() => {
  var root = document.documentElement;
  var saved = null;
  try {
    saved = localStorage.getItem("theme");
  } catch (_) {}
  var dark = saved ? saved === "dark" : matchMedia("(prefers-color-scheme: dark)").matches;
  if (dark) root.className += " dark";
  root.style.colorScheme = dark ? "dark" : "light";

  function whenRead(callback) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", callback);
    else callback();
  }
  function unavailable(text) {
    whenRead(() => {
      var notice = document.getElementById("app-unavailable");
      if (!notice || root.hasAttribute("data-app-started") || !notice.hidden) return;
      if (text) notice.getElementsByTagName("p")[0].textContent = text;
      notice.getElementsByTagName("button")[0].onclick = () => {
        location.reload();
      };
      notice.hidden = false;
    });
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

  // The build lists the page's code in its HTML (scripts/vite/first-screens.ts): the entry, and the
  // modules it will import, preloaded beside it so they load in parallel, not one after another.
  // Each link starts its request at once: mostly 0.1 ms of the main thread here, but now and then
  // one stalls for 3-14 ms, and a task's page lists 26. So each link goes in a task of its own, the
  // next one queued by a message (timers nested this deep wait 4 ms each): slices of 4 ms with one
  // stalled link took up to 17 ms, 120 under Lighthouse's slowdown. The dev server's page has no
  // list: its own module script loads the app.
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var listed = document.getElementById("app-modules");
    if (!listed) return;
    var app = JSON.parse(listed.textContent);
    var next = 0;
    // The router reads sessionStorage as it starts, and a page's first read waits for the browser to
    // hand it over: 10 ms of a task there while the browser was busy fetching the page's code, 1.6-2.8
    // here, before that begins; the router's read (app/start.tsx) is then the renderer's own.
    try {
      void sessionStorage.length;
    } catch (_) {}
    // So with the page's history entry: React Router marks it with its index as it starts, unless it
    // has one (history.replaceState({...state, idx: 0}), in createBrowserHistory). That call took 9
    // ms of the router's first task; here, the same mark, before the page's code is fetched (the
    // links follow in tasks of their own). app/router.test.tsx checks the mark is the router's.
    var state = history.state;
    if (state === null || (typeof state === "object" && state.idx == null)) {
      history.replaceState(Object.assign({}, state, { idx: 0 }), "");
    }
    function element(tag, properties) {
      var made = document.createElement(tag);
      for (var name in properties) made[name] = properties[name];
      document.head.appendChild(made);
    }
    var queue = new MessageChannel();
    queue.port1.onmessage = () => {
      if (next === app.modules.length) return element("script", { type: "module", crossOrigin: "", src: app.entry });
      element("link", { rel: "modulepreload", crossOrigin: "", href: app.modules[next++] });
      queue.port2.postMessage(0);
    };
    queue.port2.postMessage(0);
  }
  // Once the first screen is on the glass: the first contentful paint's entry arrives after the frame
  // is presented, while a frame's callbacks run before it is (Lighthouse then counted the downloads as
  // needed for the paint). A second at most; a hidden tab paints nothing, so there at once.
  whenRead(() => {
    if (document.visibilityState === "hidden") return start();
    setTimeout(start, 1000);
    try {
      new PerformanceObserver((list) => {
        if (list.getEntriesByName("first-contentful-paint")[0]) setTimeout(start);
      }).observe({ type: "paint", buffered: true });
    } catch (_) {}
  });
})();
