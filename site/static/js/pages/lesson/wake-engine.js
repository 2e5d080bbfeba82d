// @ts-check
// The live engine starts when a demo comes into view (or is used: demo/events.js), or when a demo
// has a seated game to restore; not on every page load.

const NEAR_MARGIN = "200px 0px";

/** @param {import("../../demo/demo.js").Demo[]} demos */
export function wakeOnView(demos) {
  for (const demo of demos) if (demo.seatedGame.restoring) demo.live.wake(); // a seated game to restore
  if (!("IntersectionObserver" in window)) {
    for (const demo of demos) demo.live.wake();
    return;
  }
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      const demo = demos.find((d) => d.figure === entry.target);
      if (demo) demo.live.wake();
      observer.disconnect(); // one engine serves every demo of the page
      return;
    }
  }, { rootMargin: NEAR_MARGIN });
  for (const demo of demos) observer.observe(demo.figure);
}
