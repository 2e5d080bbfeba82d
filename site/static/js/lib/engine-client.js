// @ts-check
// The client of the engine's module Web Worker (worker.js).
//
// Protocol: the page sends {id, type, ...}; the worker answers {id, ack: true} at once, then one of
// {id, result}, {id, refusal: {en, ru, rule}} or {id, failure: {code, detail}}. To a page, one way
// for all: `request` returns the result, or throws a `Refusal` (the engine said no, in both
// languages, with its paragraph) or an `EngineError` (the engine could not answer).
//
// A worker that dies or falls silent is found quickly: a request not acknowledged within
// ACK_TIMEOUT_MS, or not answered within its reply timeout, or an error event of the worker, ends
// it; every pending request fails with kind "dead", and the worker is started again at once (the
// page says so and offers to try again). Pyodide's loader never settles when the .wasm file has the
// wrong type or the CSP lacks 'wasm-unsafe-eval' (docs/pyodide.md): the worker watches its runtime's
// files and fails at once with the cause, and `init` has a timeout too.
//
// A start that fails says why, as `reason` (the page words it: `failureText`): "unsupported" (this
// browser lacks what the engine needs: engine-support.js; nothing is fetched), "offline" (the
// browser is offline and the runtime is not kept yet: the client starts again by itself when the
// browser is back online), "unreachable" (the site did not answer), "missing" (the site answered
// an error for a file: `failure.file`, `failure.status`), "compile" (the runtime came but could not
// be compiled), "timeout" (no answer in INIT_TIMEOUT_MS), or "failed" (anything else: `failure.detail`).

import { CAUSES, EngineError, Refusal, fetchFailure } from "./engine-errors.js";
import { whyEngineCannotRun } from "./engine-support.js";

export { EngineError, Refusal, failureText } from "./engine-errors.js";

// The guard on a start: what fails is said at once (the worker watches its runtime), so this is
// only for what nothing reports; long enough for a first visit's 14 MB on a slow network.
export const INIT_TIMEOUT_MS = 60000;
export const ACK_TIMEOUT_MS = 3000;
export const REPLY_TIMEOUT_MS = 30000;

/** @typedef {"idle"|"loading"|"ready"|"restarting"|"failed"} Status */
/** @typedef {import("./engine-errors.js").StartFailure} StartFailure */
/** @typedef {{result?: any, refusal?: import("./engine-errors.js").RefusalWords}} Reply */

export class EngineClient {
  /**
   * @param {{pyodideUrl: string, engineUrl: string, snapshotUrl?: string|null, snapshotSize?: number|null,
   *   workerUrl?: string|URL, initTimeoutMs?: number, ackTimeoutMs?: number, snapshot?: "cached"|"always"}} config
   *   absolute URLs; the snapshot's size in bytes (a snapshot of another size is not restored);
   *   `snapshot`: restore the memory snapshot only when the browser keeps it already, or always (kiosk);
   */
  constructor(config) {
    this.config = config;
    /** @type {Status} */
    this.status = "idle";
    /** @type {string|null} why it failed to start: one of the causes above */
    this.reason = null;
    /** @type {StartFailure|null} the same, with the file and the detail */
    this.failure = null;
    this.heard = false; // whether the current worker has said anything yet
    /** @type {Worker|null} */
    this.worker = null;
    this.nextId = 1;
    /** @type {Map<number, {resolve: (r: Reply) => void, reject: (e: Error) => void, ack: any, reply: any, replyMs: number}>} */
    this.pending = new Map();
    /** @type {Set<(status: Status, reason: string|null) => void>} */
    this.listeners = new Set();
    /** @type {Promise<any>|null} */
    this.ready = null;
    this.info = null;
    this.restarts = 0;
  }

  /** fn(status, reason) on every status change; called at once with the current status. */
  subscribe(/** @type {(status: Status, reason: string|null) => void} */ fn) {
    this.listeners.add(fn);
    fn(this.status, this.reason);
    return () => { this.listeners.delete(fn); };
  }

  /** @param {Status} status @param {string|null} [reason] */
  setStatus(status, reason = null) {
    this.status = status;
    this.reason = reason;
    for (const fn of this.listeners) {
      try {
        fn(status, reason);
      } catch (error) {
        console.warn("engine status listener failed", error); // eslint-disable-line no-console
      }
    }
  }

  /**
   * Start the worker and load Pyodide and the engine; resolves when ready, rejects on failure. A
   * browser that cannot run the engine fails at once, with why (engine-support.js), and fetches
   * none of it.
   */
  start() {
    if (this.ready) return this.ready;
    if (this.status !== "restarting") this.setStatus("loading");
    this.ready = whyEngineCannotRun().then((why) => (why ? this.failStart({ cause: "unsupported", detail: why }) : this.launch()));
    this.ready.catch(() => {});
    return this.ready;
  }

  /** start(), once the browser is known to be able to run the engine. */
  launch() {
    if (!performance.getEntriesByName("engine-start").length) performance.mark("engine-start");
    const workerUrl = this.config.workerUrl || new URL("./worker.js", import.meta.url);
    let worker;
    try {
      worker = new Worker(workerUrl, { type: "module", name: "card-lottery-engine" });
    } catch (error) {
      return this.failStart({ cause: "failed", detail: String(error instanceof Error ? error.message : error) });
    }
    this.worker = worker;
    this.heard = false;
    worker.addEventListener("message", (event) => this.onMessage(worker, event.data));
    worker.addEventListener("error", (event) => {
      event.preventDefault();
      this.lose(worker, event.message || "the engine's worker stopped", "stopped");
    });
    worker.addEventListener("messageerror", () => this.lose(worker, "a message from the engine could not be read", "stopped"));
    const { pyodideUrl, engineUrl, snapshotUrl, snapshotSize, snapshot } = this.config;
    this.ready = this.send("init", {
      pyodideUrl, engineUrl, snapshotUrl: snapshotUrl || null, snapshotSize: snapshotSize || null, snapshot: snapshot || "cached",
    },
      this.config.initTimeoutMs || INIT_TIMEOUT_MS)
      .then((reply) => {
        if (!reply || reply.result === undefined) throw new EngineError("the engine did not start", "failed");
        this.info = reply.result;
        performance.mark("engine-ready");
        this.failure = null;
        this.setStatus("ready");
        return reply.result;
      })
      .catch(async (error) => {
        this.stopWorker();
        const failure = await this.startFailure(error, workerUrl);
        console.warn(`card lottery: the engine could not start (${failure.cause}): ${failure.detail}`); // eslint-disable-line no-console
        this.failure = failure;
        this.setStatus("failed", failure.cause);
        if (failure.cause === "offline") this.startWhenOnline();
        throw new EngineError(failure.cause, "failed", "failed", failure);
      });
    this.ready.catch(() => {});
    return this.ready;
  }

  /**
   * Why the start failed: as the worker found it, or, if the worker itself could not start (its
   * script not fetched), as its URL answers now; "timeout" if it started but never answered.
   * @param {any} error @param {string|URL} workerUrl @returns {Promise<StartFailure>}
   */
  async startFailure(error, workerUrl) {
    if (error && error.failure && CAUSES.includes(error.failure.cause)) return error.failure;
    if (error && error.kind === "dead" && error.code === "timeout") {
      const timeout = { cause: "timeout", detail: `${error.message} in ${(this.config.initTimeoutMs || INIT_TIMEOUT_MS) / 1000} s` };
      if (this.heard) return timeout;
      const found = await fetchFailure(workerUrl); // never heard from: did its script come?
      return found.cause === "failed" ? timeout : found;
    }
    if (error && error.kind === "dead") return fetchFailure(workerUrl);
    return { cause: "failed", detail: String(error && error.message ? error.message : error) };
  }

  /** Offline and not kept: start again by itself when the browser is back online. */
  startWhenOnline() {
    const again = () => {
      window.removeEventListener("online", again);
      if (this.status === "failed" && this.reason === "offline") this.retry();
    };
    window.addEventListener("online", again);
  }

  /** @param {StartFailure} failure */
  failStart(failure) {
    this.failure = failure;
    this.setStatus("failed", failure.cause);
    this.ready = Promise.reject(new EngineError(failure.cause, "failed", "failed", failure));
    this.ready.catch(() => {});
    return this.ready;
  }

  /** Start again after a failure (the visitor's "try again"). */
  retry() {
    if (this.status !== "failed") return this.ready || this.start();
    this.ready = null;
    return this.start();
  }

  stopWorker() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
  }

  /**
   * The worker died or fell silent: fail what is pending and start a new one (once ready, the
   * page can ask again).
   * @param {Worker} worker @param {string} reason @param {"timeout"|"stopped"} code
   */
  lose(worker, reason, code) {
    if (worker !== this.worker) return;
    this.stopWorker();
    const initial = this.status !== "ready"; // a start that fails: start() reports it, no endless restarts
    for (const [, entry] of this.pending) {
      clearTimeout(entry.ack);
      clearTimeout(entry.reply);
      entry.reject(new EngineError(reason, "dead", code));
    }
    this.pending.clear();
    if (initial) return;
    this.restarts += 1;
    this.ready = null;
    this.setStatus("restarting", reason);
    this.start();
  }

  /** @param {Worker} worker @param {any} data */
  onMessage(worker, data) {
    if (worker !== this.worker || !data || typeof data.id !== "number") return;
    this.heard = true;
    const entry = this.pending.get(data.id);
    if (!entry) return;
    clearTimeout(entry.ack);
    if (data.ack) {
      // Received: now wait for the answer (a long computation is not a dead worker).
      entry.reply = setTimeout(() => this.lose(worker, "no answer", "timeout"), entry.replyMs);
      return;
    }
    clearTimeout(entry.reply);
    this.pending.delete(data.id);
    if (data.failure) {
      const { code, detail, cause, file, status } = data.failure;
      const failure = cause ? { cause: String(cause), detail: String(detail || code), file: file || null, status: status || null } : null;
      entry.reject(new EngineError(String(detail || code), "failure", String(code), failure));
    } else if (data.refusal) {
      entry.resolve({ refusal: data.refusal });
    } else {
      entry.resolve({ result: data.result });
    }
  }

  /**
   * @param {string} type @param {object} payload @param {number} replyMs
   * @returns {Promise<Reply>}
   */
  send(type, payload, replyMs = REPLY_TIMEOUT_MS) {
    const worker = this.worker;
    if (!worker) return Promise.reject(new EngineError(this.reason || "the engine is not running", "dead"));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const ack = setTimeout(() => this.lose(worker, "no answer", "timeout"), this.config.ackTimeoutMs || ACK_TIMEOUT_MS);
      this.pending.set(id, { resolve, reject, ack, reply: null, replyMs });
      worker.postMessage({ id, type, ...payload });
    });
  }

  /**
   * A request once the engine is ready: resolves with the result; throws a Refusal when the engine
   * refuses, an EngineError when it cannot answer.
   * @param {string} type @param {object} [payload]
   */
  async request(type, payload = {}) {
    await this.start();
    const reply = await this.send(type, payload);
    if (reply.refusal) throw new Refusal(reply.refusal);
    return reply.result;
  }
}
