// @ts-check
// The client of the engine's module Web Worker (worker.js).
//
// Protocol: the page sends {id, type, ...}; the worker answers {id, ack: true} at once, then one of
// {id, result}, {id, refusal: {en, ru, rule}} or {id, failure: {code, detail}}.
//
// A worker that dies or falls silent is found quickly: a request not acknowledged within
// ACK_TIMEOUT_MS, or not answered within its reply timeout, or an error event of the worker, ends
// it; every pending request fails with kind "dead", and the worker is started again at once (the
// page says so and offers to try again). Pyodide's loader never settles when the .wasm file has the
// wrong type or the CSP lacks 'wasm-unsafe-eval' (docs/pyodide.md), so `init` has a timeout too.

import { whyEngineCannotRun } from "./engine-support.js";

export const INIT_TIMEOUT_MS = 20000;
export const ACK_TIMEOUT_MS = 3000;
export const REPLY_TIMEOUT_MS = 30000;

/** @typedef {"idle"|"loading"|"ready"|"restarting"|"failed"} Status */
/** @typedef {{en: string, ru: string, rule: string|null}} Refusal */
/** @typedef {{result?: any, refusal?: Refusal}} Reply */

export class EngineError extends Error {
  /** @param {string} message @param {"dead"|"failure"|"failed"} kind @param {string} [code] */
  constructor(message, kind, code = kind) {
    super(message);
    this.name = "EngineError";
    this.kind = kind; // dead: the worker stopped answering; failure: it answered with a failure; failed: it cannot start
    this.code = code;
  }
}

export class EngineClient {
  /**
   * @param {{pyodideUrl: string, engineUrl: string, snapshotUrl?: string|null, snapshotSize?: number|null,
   *   workerUrl?: string|URL, initTimeoutMs?: number, ackTimeoutMs?: number, snapshot?: "cached"|"always"}} config
   *   absolute URLs; the snapshot's size in bytes (a snapshot of another size is not restored);
   *   `snapshot`: restore the memory snapshot only when the browser keeps it already, or always (kiosk)
   */
  constructor(config) {
    this.config = config;
    /** @type {Status} */
    this.status = "idle";
    /** @type {string|null} why it failed: "timeout", or a message */
    this.reason = null;
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
    this.ready = whyEngineCannotRun().then((why) => (why ? this.failStart(why) : this.launch()));
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
      return this.failStart(String(error instanceof Error ? error.message : error));
    }
    this.worker = worker;
    worker.addEventListener("message", (event) => this.onMessage(worker, event.data));
    worker.addEventListener("error", (event) => {
      event.preventDefault();
      this.lose(worker, event.message || "the engine's worker stopped");
    });
    worker.addEventListener("messageerror", () => this.lose(worker, "a message from the engine could not be read"));
    const { pyodideUrl, engineUrl, snapshotUrl, snapshotSize, snapshot } = this.config;
    this.ready = this.send("init", {
      pyodideUrl, engineUrl, snapshotUrl: snapshotUrl || null, snapshotSize: snapshotSize || null, snapshot: snapshot || "cached",
    },
      this.config.initTimeoutMs || INIT_TIMEOUT_MS)
      .then((reply) => {
        if (!reply || reply.result === undefined) throw new EngineError("the engine did not start", "failed");
        this.info = reply.result;
        performance.mark("engine-ready");
        this.setStatus("ready");
        return reply.result;
      })
      .catch((error) => {
        this.stopWorker();
        const reason = error.kind === "dead" ? "timeout" : error.message;
        this.setStatus("failed", reason);
        throw new EngineError(reason, "failed");
      });
    this.ready.catch(() => {});
    return this.ready;
  }

  /** @param {string} reason */
  failStart(reason) {
    this.setStatus("failed", reason);
    this.ready = Promise.reject(new EngineError(reason, "failed"));
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
   * @param {Worker} worker @param {string} reason
   */
  lose(worker, reason) {
    if (worker !== this.worker) return;
    this.stopWorker();
    const initial = this.status !== "ready"; // a start that fails: start() reports it, no endless restarts
    for (const [, entry] of this.pending) {
      clearTimeout(entry.ack);
      clearTimeout(entry.reply);
      entry.reject(new EngineError(reason, "dead"));
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
    const entry = this.pending.get(data.id);
    if (!entry) return;
    clearTimeout(entry.ack);
    if (data.ack) {
      // Received: now wait for the answer (a long computation is not a dead worker).
      entry.reply = setTimeout(() => this.lose(worker, "no answer"), entry.replyMs);
      return;
    }
    clearTimeout(entry.reply);
    this.pending.delete(data.id);
    if (data.failure) {
      const { code, detail } = data.failure;
      entry.reject(new EngineError(String(detail || code), "failure", String(code)));
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
      const ack = setTimeout(() => this.lose(worker, "no answer"), this.config.ackTimeoutMs || ACK_TIMEOUT_MS);
      this.pending.set(id, { resolve, reject, ack, reply: null, replyMs });
      worker.postMessage({ id, type, ...payload });
    });
  }

  /**
   * A request once the engine is ready: resolves with {result} or {refusal}; rejects with an
   * EngineError when the engine cannot answer.
   * @param {string} type @param {object} [payload]
   */
  async request(type, payload = {}) {
    await this.start();
    return this.send(type, payload);
  }
}
