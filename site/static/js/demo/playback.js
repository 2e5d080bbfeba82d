// @ts-check
// Stepping through a demo's trace: go to a step, first / back / forward / last, autoplay at a
// speed (each step lingers for the time it takes to read it), and the text view. A step the
// visitor makes himself pauses autoplay. The URL's hash follows the step (links.js).

const BASE_DELAY_MS = 1300; // autoplay: time on a step at speed 1, plus reading time below
const PER_WORD_MS = 70;
const NOTE_EXTRA_MS = 2500; // annotated steps linger longer
const MAX_STEP_TIMES = 5000;

const words = (/** @type {string|undefined} */ text) => (text ? String(text).split(/\s+/).length : 0);

export class Playback {
  /** @param {import("./demo.js").Demo} demo */
  constructor(demo) {
    this.demo = demo;
    /** @type {ReturnType<typeof setTimeout>|null} */
    this.timer = null;
    /** @type {number[]} how long each step took to draw (the site benchmark reads them) */
    this.stepTimes = [];
  }

  /**
   * Draw step n (1..N). `from`: "user" (the visitor's own step: pauses autoplay and moves the
   * hash), "auto" (autoplay), "link" (a deep link) or "init".
   * @param {number} n @param {"user"|"auto"|"link"|"init"} [from]
   */
  goto(n, from = "user") {
    const started = performance.now();
    this.moveTo(n, from);
    this.demo.redraw(from !== "init");
    if (this.stepTimes.length < MAX_STEP_TIMES) this.stepTimes.push(performance.now() - started);
  }

  /** Step n in the state, not drawn (an action that changes more draws it once). @param {number} n @param {"user"|"auto"|"link"|"init"} [from] */
  moveTo(n, from = "user") {
    const demo = this.demo;
    if (from === "user" && demo.playing) this.stop(false);
    const wanted = Math.min(Math.max(1, Math.round(Number(n) || 1)), demo.total);
    demo.n = demo.practice ? demo.practice.gate(wanted, from) : wanted; // a question or a practised decision may stop it
    if (from === "user" || from === "auto") demo.links.stepped(demo);
  }

  first() { this.goto(1); }
  prev() { if (this.demo.n > 1) this.goto(this.demo.n - 1); }
  next() { if (this.demo.n < this.demo.total) this.goto(this.demo.n + 1); }
  last() { this.goto(this.demo.total); }

  togglePlay() {
    const demo = this.demo;
    if (demo.playing) {
      this.stop();
      return;
    }
    demo.playing = true;
    const again = demo.n >= demo.total; // from the first step
    if (again) this.moveTo(1, "auto");
    this.schedule();
    demo.redraw(again);
  }

  stop(redraw = true) {
    this.demo.playing = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (redraw) this.demo.redraw();
  }

  delay() {
    const step = this.demo.step;
    if (this.demo.dwell) return this.demo.dwell(step) / this.demo.speed;
    let ms = BASE_DELAY_MS + PER_WORD_MS * words(step.text);
    if (step.note) ms += NOTE_EXTRA_MS + PER_WORD_MS * words(step.note);
    return ms / this.demo.speed;
  }

  schedule() {
    if (this.timer) clearTimeout(this.timer);
    if (!this.demo.playing) return;
    this.timer = setTimeout(() => {
      const demo = this.demo;
      if (!demo.playing) return;
      if (demo.n < demo.total) this.moveTo(demo.n + 1, "auto");
      const end = demo.n >= demo.total;
      if (end) this.stop(false);
      else this.schedule();
      demo.redraw(true);
      if (end && demo.playedThrough) demo.playedThrough();
    }, this.delay());
  }

  /** @param {string|number} value */
  setSpeed(value) {
    const speed = Number(value);
    if (!(speed > 0)) return;
    this.demo.speed = speed;
    if (this.demo.playing) this.schedule();
  }

  toggleText() {
    this.demo.showText = !this.demo.showText;
    this.demo.redraw();
  }
}
