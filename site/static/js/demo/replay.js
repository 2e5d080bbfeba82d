// @ts-check
// Replays: the demo's hand under other settings (the settings' form, the switch, a deep link), and
// back to the recorded hand. The engine replays (live.js asks it); the hash follows what is shown
// (links.js). Each action draws the demo once, when it is done.

import { t } from "../lib/catalogue.js";
import { clone } from "../lib/clone.js";
import { expandStates, settingsOf } from "./trace.js";

export class Replays {
  /** @param {import("./demo.js").Demo} demo */
  constructor(demo) {
    this.demo = demo;
  }

  /** The set-up for the engine from the form's settings; the recorded notes are left out (they
   * describe the recorded deal and moves, which other settings change). @param {import("./trace.js").Settings} settings */
  setupFor(settings) {
    const setup = clone(this.demo.recorded.setup);
    delete setup.notes;
    setup.options = { ...setup.options, ...settings.options };
    if (settings.seed !== "" && settings.seed !== String(setup.seed)) {
      setup.seed = settings.seed; // as typed: the engine reads a whole number of any length
      setup.decks = null; // a new seed shuffles anew
    }
    if (settings.players !== String(setup.table.players.length)) setup.players = settings.players;
    return setup;
  }

  /** The settings shown that differ from the recorded hand (what the hash carries). */
  changes() {
    const base = settingsOf(this.demo.recorded.setup);
    const now = this.demo.settings;
    /** @type {Object<string, string>} */
    const options = {};
    for (const [key, value] of Object.entries(now.options)) if (base.options[key] !== value) options[key] = value;
    return {
      options,
      seed: now.seed !== base.seed ? now.seed : null,
      players: now.players !== base.players ? now.players : null,
    };
  }

  /** Replay the hand with other settings; true when the live trace is shown. `scroll`: asked
   * from the form, whose table is brought into view. @param {import("./trace.js").Settings} settings */
  async replay(settings, scroll = true) {
    const demo = this.demo;
    if (demo.busy || demo.seat) return false;
    const shown = await this.load(settings, scroll);
    demo.redraw();
    if (shown && scroll) demo.view.showTable();
    return shown;
  }

  /**
   * The replay's state, not drawn (a deep link draws it with the rest of what it changes): the live
   * trace, or the message that says why not; true when the live trace is in the state.
   * @param {import("./trace.js").Settings} settings @param {boolean} scroll
   */
  async load(settings, scroll) {
    const demo = this.demo;
    if (demo.busy || demo.seat) return false;
    demo.playback.stop(false);
    demo.message = null;
    // From the form, its message is said beside it; from the switch, at the panel's head.
    const where = scroll ? "settings" : "panel";
    const result = await demo.live.ask("replay", { setup: this.setupFor(settings) }, where, () => this.replay(settings, scroll));
    if (!result) return false;
    demo.settings = settings;
    demo.setTrace(expandStates(result), "live");
    // (Beside the form, unscrolled: the view goes to the table, which shows what was replayed.)
    demo.message = { kind: "info", text: [t("replayed"), result.notice === "moves_replaced" ? t("moves_replaced") : ""].join(" ").trim(),
      at: where, quiet: scroll };
    demo.links.stepped(demo);
    return true;
  }

  /**
   * The switch: the same deal under another reading of its option (back to the recorded hand when
   * the settings are the recorded ones again). @param {string} key @param {string} value
   */
  async switchTo(key, value) {
    const demo = this.demo;
    if (demo.busy || demo.seat) return;
    const settings = { ...demo.settings, options: { ...demo.settings.options, [key]: value } };
    if (JSON.stringify(settings) === JSON.stringify(settingsOf(demo.recorded.setup))) {
      this.reset();
      return;
    }
    const choice = demo.view.choice;
    const focused = !!choice && choice.fieldset.contains(document.activeElement);
    await this.replay(settings, false);
    // The switch is disabled while the engine works, which drops the focus: a visitor who chose
    // with the keyboard gets it back on the reading shown, to go on choosing.
    const lost = !document.activeElement || document.activeElement === document.body;
    const shown = choice && (choice.radios.find((radio) => radio.checked) || choice.input);
    if (focused && lost && shown) shown.focus({ preventScroll: true });
  }

  /** Back to the recorded hand. */
  reset() {
    if (this.demo.busy) return;
    this.showRecorded();
    this.demo.redraw();
  }

  /** The recorded hand in the state, not drawn. */
  showRecorded() {
    const demo = this.demo;
    demo.playback.stop(false);
    demo.settings = settingsOf(demo.recorded.setup);
    demo.message = null;
    demo.setTrace(demo.recorded.trace, "recorded");
    demo.links.stepped(demo);
  }
}
