// Served by the test server in front of every page of the site (tests/firefox_webkit/served.py),
// never part of the built site. WebKit's WebDriver has no console log, so the page tells its own
// errors: uncaught errors, unhandled rejections, resources that failed to load, CSP violations
// and console.error, each kept in `window.__testErrors` and posted to the server at once (so that
// one raised just before a reload or a navigation is not lost).
(() => {
  const errors = [];
  window.__testErrors = errors;
  const describe = (value) => {
    if (value instanceof Error) return `${value.name}: ${value.message}`;
    if (typeof value === "string") return value;
    try {
      return JSON.stringify(value);
    } catch {
      return String(value);
    }
  };
  const report = (text) => {
    const page = location.pathname + location.search;
    errors.push(`${page}: ${text}`);
    try {
      navigator.sendBeacon("/__test/errors", JSON.stringify({ page, text }));
    } catch {
      // offline: the test reads window.__testErrors
    }
  };
  window.addEventListener("error", (event) => {
    const target = event.target;
    if (target && target !== window && target instanceof Element) {
      report(`resource failed: <${target.tagName.toLowerCase()}> ${target.getAttribute("src") || target.getAttribute("href") || ""}`);
      return;
    }
    report(`pageerror: ${event.message} (at ${event.filename}:${event.lineno})`);
  }, true);
  window.addEventListener("unhandledrejection", (event) => report(`unhandled rejection: ${describe(event.reason)}`));
  document.addEventListener("securitypolicyviolation", (event) => {
    report(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
  });
  const consoleError = console.error;
  console.error = function (...args) {
    report(`console.error: ${args.map(describe).join(" ")}`);
    return consoleError.apply(this, args);
  };
})();
