// Promise-based client of the core worker: request ids, errors, progress, cancel.
// The UI thread never runs Python: everything goes through this client.

export class CoreError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

export class Core {
  /** @param {(state: string, detail: any) => void} onState called with "loading" | "ready" | "error" */
  constructor(onState) {
    this.onState = onState;
    this.nextId = 1;
    this.pending = new Map();
    this.worker = null;
    this.hello = null;
    this.readyPromise = null;
  }

  /** Start (or restart) the worker; resolves with the core's hello when ready. */
  start() {
    if (this.worker) this.worker.terminate();
    this.onState("loading", null);
    const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    this.worker = worker;
    this.readyPromise = new Promise((resolve, reject) => {
      worker.onmessage = (event) => {
        const msg = event.data;
        if (msg.type === "ready") {
          this.hello = msg.hello;
          this.onState("ready", msg.hello);
          resolve(msg.hello);
        } else if (msg.type === "fatal") {
          this.onState("error", msg.message);
          this.failAll("load_failed", msg.message);
          reject(new CoreError("load_failed", msg.message));
        } else if (msg.type === "progress") {
          const p = this.pending.get(msg.id);
          if (p && p.onProgress) p.onProgress(msg.progress);
        } else if (msg.type === "response") {
          const p = this.pending.get(msg.id);
          if (!p) return;
          this.pending.delete(msg.id);
          if (msg.ok) p.resolve(msg.result);
          else p.reject(new CoreError(msg.error.code, msg.error.message));
        }
      };
      worker.onerror = (event) => {
        event.preventDefault();
        const message = event.message || "the core worker could not start";
        this.onState("error", message);
        this.failAll("load_failed", message);
        reject(new CoreError("load_failed", message));
      };
    });
    this.readyPromise.catch(() => {});
    return this.readyPromise;
  }

  failAll(code, message) {
    for (const p of this.pending.values()) p.reject(new CoreError(code, message));
    this.pending.clear();
  }

  /**
   * Send one command. Resolves with its result; rejects with a CoreError.
   * @param {string} cmd
   * @param {object} args
   * @param {{onProgress?: (p: any) => void}} [options]
   */
  request(cmd, args = {}, options = {}) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress: options.onProgress });
      this.readyPromise.then(
        () => this.worker.postMessage({ id, cmd, args }),
        (err) => {
          this.pending.delete(id);
          reject(err);
        },
      );
    });
  }

  /** Stop whatever the core is doing: the worker is replaced by a fresh one. */
  cancel() {
    this.failAll("cancelled", "stopped");
    return this.start();
  }
}
