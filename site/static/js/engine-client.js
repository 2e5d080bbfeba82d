// The client of the engine's module Web Worker (worker.js): requests {id, type, ...},
// replies {id, result} or {id, error}; each request is a promise with a timeout.
//
// Pyodide's loader never settles when the .wasm file has the wrong MIME type or the CSP
// lacks 'wasm-unsafe-eval' (PYODIDE.md), so `init` is guarded by a timeout: when it fires the
// worker is terminated and the engine is marked failed; the pre-built hands keep working.

export const INIT_TIMEOUT_MS = 20000;
const REQUEST_TIMEOUT_MS = 90000;

export class EngineError extends Error {
  constructor(message, kind = "error") {
    super(message);
    this.name = "EngineError";
    this.kind = kind; // "error" | "timeout" | "failed"
  }
}

export class EngineClient {
  /**
   * @param {{pyodideUrl: string, engineUrl: string, snapshotUrl?: string|null, workerUrl?: string|URL, initTimeoutMs?: number}} config
   *   absolute URLs (the worker resolves relative ones against its own script).
   */
  constructor(config) {
    this.config = config;
    this.status = "idle"; // idle | loading | ready | failed
    this.reason = null; // why it failed (text), or "timeout"
    this.worker = null;
    this.nextId = 1;
    this.pending = new Map();
    this.listeners = new Set();
    this.ready = null;
    this.timings = {};
  }

  /** fn(status, reason) on every status change; called at once with the current status. */
  subscribe(fn) {
    this.listeners.add(fn);
    fn(this.status, this.reason);
    return () => this.listeners.delete(fn);
  }

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

  /** Start the worker and load Pyodide and the engine; resolves when ready, rejects on failure. */
  start() {
    if (this.ready) return this.ready;
    this.setStatus("loading");
    this.timings.start = performance.now();
    const workerUrl = this.config.workerUrl || new URL("./worker.js", import.meta.url);
    try {
      this.worker = new Worker(workerUrl, { type: "module", name: "card-lottery-engine" });
    } catch (error) {
      this.fail(String(error && error.message ? error.message : error));
      this.ready = Promise.reject(new EngineError(this.reason, "failed"));
      this.ready.catch(() => {});
      return this.ready;
    }
    this.worker.addEventListener("message", (event) => this.onMessage(event.data));
    this.worker.addEventListener("error", (event) => {
      event.preventDefault();
      this.fail(event.message || "the engine's worker could not run");
    });
    this.worker.addEventListener("messageerror", () => this.fail("a message from the engine could not be read"));
    const timeoutMs = this.config.initTimeoutMs || INIT_TIMEOUT_MS;
    this.ready = this.send("init", {
      pyodideUrl: this.config.pyodideUrl, engineUrl: this.config.engineUrl, snapshotUrl: this.config.snapshotUrl || null,
    }, timeoutMs)
      .then((result) => {
        this.timings.ready = performance.now();
        this.info = result;
        performance.mark("engine-ready");
        this.setStatus("ready");
        return result;
      }, (error) => {
        this.fail(error.kind === "timeout" ? "timeout" : error.message);
        throw error;
      });
    this.ready.catch(() => {});
    return this.ready;
  }

  fail(reason) {
    if (this.status === "failed") return;
    if (this.worker) this.worker.terminate();
    for (const [, entry] of this.pending) {
      clearTimeout(entry.timer);
      entry.reject(new EngineError(reason, "failed"));
    }
    this.pending.clear();
    this.setStatus("failed", reason);
  }

  onMessage(data) {
    if (!data || typeof data.id !== "number") return;
    const entry = this.pending.get(data.id);
    if (!entry) return;
    this.pending.delete(data.id);
    clearTimeout(entry.timer);
    if ("error" in data) entry.reject(new EngineError(String(data.error)));
    else entry.resolve(data.result);
  }

  send(type, payload, timeoutMs = REQUEST_TIMEOUT_MS) {
    if (this.status === "failed") return Promise.reject(new EngineError(this.reason || "failed", "failed"));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new EngineError(`${type}: no answer after ${Math.round(timeoutMs / 1000)} s`, "timeout"));
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      this.worker.postMessage({ id, type, ...payload });
    });
  }

  /** A request once the engine is ready: resolves with the result (JSON text for the engine calls). */
  async request(type, payload = {}) {
    await this.start();
    return this.send(type, payload);
  }
}
