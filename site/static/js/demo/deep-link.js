// @ts-check
// Following a deep link (links.js reads it) on one demo: its step, and its settings, which need the
// live engine. The settings are the engine's to judge: it replays with them, or says in the page's
// language what is wrong, and the recorded hand stays. A link that comes before the engine is
// ready waits for it (live.js tells when). Each action draws the demo once, when it is done.

import { t } from "../lib/catalogue.js";
import { wantsLive } from "./links.js";
import { settingsOf } from "./trace.js";

const SHOWN_STEP_CHARS = 24; // a step that is no number is said as written, cut to this

export class DeepLink {
  /** @param {import("./demo.js").Demo} demo */
  constructor(demo) {
    this.demo = demo;
    /** @type {import("./links.js").Link|null} a link whose settings wait for the engine */
    this.waiting = null;
  }

  /** Show what a link asks for. @param {import("./links.js").Link} link */
  async follow(link) {
    const demo = this.demo;
    demo.notices.delete("link");
    if (link.unknown.length) demo.notice("link", t("notice_unknown", { pairs: link.unknown.join(", ") }));
    if (demo.seat) {
      demo.notice("link", t("notice_seated"));
      demo.redraw();
      return;
    }
    if (!wantsLive(link)) {
      if (demo.source !== "recorded" && !demo.busy) demo.replays.showRecorded(); // the link means the recorded hand
      this.goto(link);
      return;
    }
    const settings = settingsOf(demo.recorded.setup);
    Object.assign(settings.options, link.options);
    if (link.seed !== null) settings.seed = link.seed;
    if (link.players !== null) settings.players = link.players;
    const live = demo.live;
    if (!live.engine || live.status === "failed") {
      demo.settings = settingsOf(demo.recorded.setup);
      demo.notice("link", t("notice_engine_failed_link"));
      this.goto(link);
      return;
    }
    if (live.status !== "ready") {
      demo.settings = settings;
      this.waiting = link;
      demo.notice("link", t("notice_wait"));
      live.wake();
      this.goto(link);
      return;
    }
    demo.notices.delete("link");
    demo.settings = settings;
    const shown = await demo.replays.load(settings, false);
    if (!shown) {
      const why = demo.message ? demo.message.text : "";
      demo.message = null;
      demo.settings = settingsOf(demo.recorded.setup);
      if (demo.source !== "recorded" && !demo.busy) demo.replays.showRecorded();
      demo.notice("link", t("notice_link_refused", { why }));
    }
    this.goto(link);
  }

  /** Go to the link's step, and draw the demo. @param {import("./links.js").Link} link */
  goto(link) {
    this.place(link);
    this.demo.redraw(true);
  }

  /** The link's step in the state, saying so when it is not a step of the hand shown.
   * @param {import("./links.js").Link} link */
  place(link) {
    const demo = this.demo;
    const total = demo.total;
    let step = link.step || 1;
    if (link.stepText !== null) {
      const written = link.stepText.length > SHOWN_STEP_CHARS ? `${link.stepText.slice(0, SHOWN_STEP_CHARS)}…` : link.stepText;
      demo.notice("step", t("notice_step", { step: written, total, shown: 1 }));
      step = 1;
    } else if (link.step !== null && link.step > total) {
      demo.notice("step", t("notice_step", { step: link.step, total, shown: total }));
      step = total;
    } else {
      demo.notices.delete("step");
    }
    demo.playback.moveTo(step, "link");
  }

  /** The engine is ready: follow the link that waited for it; true when there was one. */
  followWaiting() {
    const link = this.waiting;
    this.waiting = null;
    if (link) this.follow(link);
    return !!link;
  }

  /** The engine failed: the link that waited for it goes to its step (in the state, not drawn);
   * true when there was one. */
  dropWaiting() {
    const link = this.waiting;
    this.waiting = null;
    if (!link) return false;
    this.demo.notice("link", t("notice_engine_failed_link"));
    this.place(link);
    return true;
  }
}
