// @ts-check
// Work the page can put off: done when the browser is idle (or soon, in a browser that cannot say).

/** fn() once the browser is idle, at the latest in two seconds. @param {() => void} fn */
export function later(fn) {
  if ("requestIdleCallback" in window) window.requestIdleCallback(fn, { timeout: 2000 });
  else setTimeout(fn, 50);
}
