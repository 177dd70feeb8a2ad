// Promise-based client of the core: request ids, errors, progress, Stop.
// The UI thread never runs Python: every request goes to a Web Worker.
//
// Stop must return control at once, but Python running in a worker cannot be
// interrupted without SharedArrayBuffer (Pyodide's interrupt buffer), which
// needs a cross-origin isolated page (COOP/COEP headers): static hosts and
// course pages that embed Pento cannot be relied on to send them, and COEP
// would block embedding. So the client keeps a *spare* engine: Stop terminates
// the busy worker and promotes the spare, which is ready at once (the workers
// hold no state: every request names its puzzle and position). A new spare
// then boots quietly. The first spare boots only once some work turns out to
// be long (a request that reports progress is still running after
// SPARE_AFTER_MS): a pupil who never asks for a search never pays for a second
// Python runtime (tens of megabytes and seconds of a tablet's processor).

export class CoreError extends Error {
  /**
   * @param {import("../protocol").ErrorCode | import("../protocol").PageErrorCode} code
   * @param {string} message
   */
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

import { helpersFor, InOrder, RUNS, SPREAD_AFTER_MS } from "./spread.js";

const SPARE_AFTER_MS = 700; // a long request still running this long boots the first spare
/** The page's error for a start that failed, by why the worker says it failed. */
const START_FAILURES = /** @type {const} */ ({ damaged: "damaged_copy", download: "download_failed", other: "load_failed" });
// A worker can die without a word (out of memory, killed by the browser). Idle, it is pinged and
// must answer within PONG_MS; busy, it must say something (progress or an answer) within QUIET_MS,
// or LONG_QUIET_MS for commands that report progress while they search.
// A request that names its budget (args.seconds) must answer within it plus BUDGET_MARGIN_MS.
const WATCH_MS = 2000;
const PONG_MS = 4000;
const QUIET_MS = 15000;
const LONG_QUIET_MS = 90000;
const BUDGET_MARGIN_MS = 10000;
const REPORTS_PROGRESS = new Set(["new", "hint", "solve", "solutions", "assignment_results"]);

/**
 * How long the engine may stay silent while these requests are pending before it is taken for
 * dead: a request with a budget (its args.seconds) gets that budget and a margin; other work that
 * reports progress gets LONG_QUIET_MS, anything else QUIET_MS. The longest pending one decides.
 * @param {Iterable<{cmd: string, seconds?: number}>} pending
 * @returns {number} milliseconds
 */
export function quietLimit(pending) {
  let limit = 0;
  for (const p of pending) {
    const own = typeof p.seconds === "number" && Number.isFinite(p.seconds) ? p.seconds * 1000 + BUDGET_MARGIN_MS : REPORTS_PROGRESS.has(p.cmd) ? LONG_QUIET_MS : QUIET_MS;
    limit = Math.max(limit, own);
  }
  return limit;
}

/** Whether this page keeps an offline cache (its service worker's), so its engine keeps there what
 * it downloads: not from a file, nor with ?nosw (the tests), nor in a SCORM package. */
export function offlineWanted() {
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return false;
  return !["nosw", "scorm"].some((p) => new URLSearchParams(location.search).has(p));
}

/** @type {Engine | null} the engine web/early.js started, before the page's other modules loaded */
let early = null;
/** Whether the page has asked for the early engine: one started later would be nobody's. */
let earlyTaken = false;

/**
 * Start the page's first engine at once: web/early.js, the first module the page runs, calls this
 * before the rest of the page has loaded (its worker boots some 0.3 s sooner on a return visit).
 * @param {string} lang @param {number} protocol @param {boolean} offline
 */
export function startEarly(lang, protocol, offline) {
  // early.js runs as soon as it has loaded (async), so nearly always first; where the shell was
  // quicker it has started its own engine, and a second would boot for nothing
  if (!earlyTaken) early = new Engine(null, lang, protocol, offline);
}

/**
 * The engine :func:`startEarly` started, for the page's Core to adopt (once): null when there is
 * none, or when it speaks another language than the page chose after all (its catalogue failed to
 * load) or keeps its downloads otherwise; such a one is ended.
 * @param {string} lang @param {boolean} offline
 * @returns {Engine | null}
 */
export function takeEarly(lang, offline) {
  const engine = early;
  early = null;
  earlyTaken = true;
  if (!engine || (engine.lang === lang && engine.offline === offline)) return engine;
  engine.terminate();
  return null;
}

/** One worker running pento_core. */
class Engine {
  /**
   * @param {((p: {loaded: number, total: number, phase: string}) => void) | null} onLoading
   * @param {string} lang the language the engine speaks
   * @param {number} protocol the protocol the page speaks: an engine of another is refused ("outdated")
   * @param {boolean} [offline] keep what it downloads in the offline cache (the page's service worker's)
   */
  constructor(onLoading, lang, protocol, offline = false) {
    /** @type {((message: string) => void) | null} */
    this.onCrash = null;
    this.lang = lang;
    this.offline = offline;
    /** Told how far the download is; settable later (an early engine gets it once adopted). */
    this.onLoading = onLoading;
    /** @type {{loaded: number, total: number, phase: string} | null} the latest such report */
    this.lastLoading = null;
    this.pending = new Map();
    this.ready = false;
    /** @type {{ modules: number, compiled: number } | null} */
    this.boot = null;
    /** @type {{ after: number, modules: number, compiled: number, dataclasses: { precompiled: number, compiled: number } | null } | null}
     * on a full boot, once its snapshot is kept: how many requests it had answered, and the boot report then */
    this.kept = null;
    this.dead = false;
    this.lastHeard = performance.now();
    this.pingSent = null;
    // every engine, spares included, speaks the page's language; each holds a lock of its own while
    // it lives (worker.js), named here
    const life = `pento-engine-${Math.random().toString(36).slice(2)}-${performance.now()}`;
    // given in the worker's name, not its address: one address for every engine, which the browser
    // fetches once and the offline cache holds as it is
    const query = `lang=${encodeURIComponent(lang)}&life=${encodeURIComponent(life)}${offline ? "&offline=1" : ""}`;
    this.worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module", name: query });
    this.started = new Promise((resolve, reject) => {
      /** The worker is gone (its lock was freed): at once, not after the watchdog's silence. */
      const ended = () => {
        if (this.dead) return; // terminated by the page, or already taken for dead
        const message = "the puzzle engine stopped unexpectedly";
        if (this.ready) this.crash(message);
        else {
          this.dead = true;
          this.failAll("load_failed", message);
          reject(new CoreError("load_failed", message));
        }
      };
      this.worker.onmessage = (event) => {
        const msg = event.data;
        this.lastHeard = performance.now();
        if (msg.type === "pong") {
          this.pingSent = null;
        } else if (msg.type === "alive") {
          // granted only when the worker no longer holds it
          navigator.locks.request(life, ended).catch(() => {});
        } else if (msg.type === "ready") {
          if (!msg.hello || msg.hello.protocol !== protocol) {
            // a page and an engine of two versions (a cache updated in part): never half-working
            const message = `the page speaks protocol ${protocol}, its engine ${msg.hello ? msg.hello.protocol : "none"}`;
            this.failAll("outdated", message);
            reject(new CoreError("outdated", message));
            return;
          }
          this.watch = setInterval(() => this.checkAlive(), WATCH_MS);
          this.ready = true;
          this.boot = msg.boot || null; // how the core's modules were loaded (the page shows it to tests)
          resolve(msg.hello);
        } else if (msg.type === "kept") {
          this.kept = { after: msg.after, modules: msg.modules, compiled: msg.compiled, dataclasses: msg.dataclasses };
        } else if (msg.type === "loading") {
          this.lastLoading = msg;
          if (this.onLoading) this.onLoading(msg);
        } else if (msg.type === "fatal") {
          this.failAll("load_failed", msg.message);
          reject(new CoreError(START_FAILURES[/** @type {keyof typeof START_FAILURES} */ (msg.why)] ?? "load_failed", msg.message));
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
      this.worker.onerror = (event) => {
        event.preventDefault();
        const message = event.message || "the puzzle engine stopped unexpectedly";
        if (this.ready) this.crash(message);
        else this.failAll("load_failed", message);
        reject(new CoreError("load_failed", message));
      };
    });
    this.started.catch(() => {});
  }

  /**
   * Every pending request rejected with ``code``.
   * @param {import("../protocol").ErrorCode | import("../protocol").PageErrorCode} code
   * @param {string} message
   */
  failAll(code, message) {
    for (const p of this.pending.values()) p.reject(new CoreError(code, message));
    this.pending.clear();
  }

  /** The watchdog: a worker that stays silent too long is taken for dead. */
  checkAlive() {
    if (this.dead) return;
    const now = performance.now();
    if (!this.pending.size) {
      if (this.pingSent === null) {
        this.pingSent = now;
        this.worker.postMessage({ ping: true });
      } else if (now - this.pingSent > PONG_MS) this.crash("the puzzle engine stopped answering");
      return;
    }
    if (now - this.lastHeard > quietLimit(this.pending.values())) this.crash("the puzzle engine stopped answering");
  }

  /** The worker is taken for dead (``message`` says why): its requests fail as "crashed". @param {string} message */
  crash(message) {
    if (this.dead) return;
    this.dead = true;
    clearInterval(this.watch);
    this.failAll("crashed", message);
    if (this.onCrash) this.onCrash(message);
  }

  get busy() {
    return this.pending.size > 0;
  }

  /**
   * Post one request; ``resolve`` and ``reject`` settle it when the worker answers.
   * @param {number} id
   * @param {string} cmd
   * @param {{[name: string]: unknown}} args
   * @param {(result: any) => void} resolve
   * @param {(err: CoreError) => void} reject
   * @param {((p: import("../protocol").Progress) => void) | undefined} onProgress
   */
  send(id, cmd, args, resolve, reject, onProgress) {
    if (!this.pending.size) this.lastHeard = performance.now(); // silence counts from the first request
    const seconds = args && typeof args.seconds === "number" ? args.seconds : undefined;
    this.pending.set(id, { resolve, reject, onProgress, cmd, seconds });
    this.worker.postMessage({ id, cmd, args });
  }

  terminate() {
    this.dead = true;
    clearInterval(this.watch);
    this.worker.terminate();
  }
}

export class Core {
  /**
   * @param {(state: "loading"|"ready"|"error", detail: any, code?: string) => void} onState
   * @param {(p: {loaded: number, total: number, phase: string}) => void} onLoading bytes of the runtime and the wheel
   * @param {string} lang the language every engine speaks
   * @param {number} protocol the protocol the page speaks (config.js's PROTOCOL): an engine of another is refused
   * @param {boolean} [offline] the page keeps an offline cache: the first engine puts its downloads there
   */
  constructor(onState, onLoading = () => {}, lang = "en", protocol = 0, offline = false) {
    /** @type {((message: string) => void) | null} */
    this.onRestart = null;
    this.onState = onState;
    this.lang = lang;
    this.protocol = protocol;
    this.offline = offline;
    this.onLoading = onLoading;
    this.nextId = 1;
    this.engine = null;
    this.spare = null;
    this.hello = null;
    this.readyPromise = null;
    /** @type {Set<Engine>} the extra engines of a listing shared out (spread) */
    this.helpers = new Set();
    /** what the last listing shared out did: its runs, those listed by helpers, the most engines at once */
    this.spreadStats = { runs: 0, byHelpers: 0, mostEngines: 0 };
  }

  /**
   * Start (or restart) the engine, or make `booting` (a spare still booting) the engine;
   * resolves with the core's hello when ready.
   * @param {Engine | null} [booting]
   */
  start(booting = null) {
    if (this.engine) this.engine.terminate();
    this.onState("loading", null);
    if (booting) {
      booting.onLoading = this.onLoading; // an engine started before this page part: told from now on
      if (booting.lastLoading && this.onLoading) this.onLoading(booting.lastLoading);
    }
    this.engine = this.adopt(booting || new Engine(this.onLoading, this.lang, this.protocol, this.offline));
    this.readyPromise = this.engine.started.then(
      (/** @type {import("../protocol").Hello} */ hello) => {
        this.hello = hello;
        this.onState("ready", hello);
        return hello;
      },
      (/** @type {CoreError} */ err) => {
        this.onState("error", err.message, err.code);
        throw err;
      },
    );
    this.readyPromise.catch(() => {});
    return this.readyPromise;
  }

  /** ``engine`` made the page's: its death is noticed and it is replaced. @param {Engine} engine @returns {Engine} */
  adopt(engine) {
    engine.onCrash = (message) => {
      // a worker that died (out of memory, say) is replaced; the page keeps its position
      if (engine !== this.engine) return;
      this.replace("crashed");
      if (this.onRestart) this.onRestart(message);
    };
    return engine;
  }

  get ready() {
    return !!(this.engine && this.engine.ready);
  }

  /** Boot a spare engine unless there is one. */
  bootSpare() {
    if (this.spare) return;
    const spare = new Engine(null, this.lang, this.protocol);
    spare.onCrash = () => {
      if (this.spare === spare) this.spare = null; // a spare that died is simply dropped
      spare.terminate();
      this.bootSpare();
    };
    spare.started.catch(() => {
      if (this.spare === spare) this.spare = null;
    });
    this.spare = spare;
  }

  /**
   * Send one command. Resolves with its result (the command's reply, as pento_core/protocol.py
   * declares it); rejects with a CoreError.
   * @template {import("../protocol").Command} K
   * @param {K} cmd
   * @param {{[name: string]: unknown}} args
   * @param {{onProgress?: (p: any) => void}} [options]
   * @returns {Promise<import("../protocol").Replies[K]>}
   */
  request(cmd, args = {}, options = {}) {
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let timer;
    if (!this.readyPromise) return Promise.reject(new CoreError("load_failed", "the puzzle engine was not started"));
    const once = () => {
      const id = this.nextId++;
      return new Promise((resolve, reject) => {
        // the engine ready now: a retry after a crash waits for the replacement start() made
        /** @type {Promise<unknown>} */ (this.readyPromise).then(
          () => {
            // work that reports progress may be long: if it is, a spare makes Stop immediate (the
            // clock starts once the engine has it, so the spare never boots beside the engine's boot)
            if (options.onProgress && !this.spare && timer === undefined) timer = setTimeout(() => this.bootSpare(), SPARE_AFTER_MS);
            /** @type {Engine} */ (this.engine).send(id, cmd, args, resolve, reject, options.onProgress); // ready: there is one
          },
          (err) => reject(err),
        );
      });
    };
    // A request lost with a dead engine is sent once more to its replacement: the engines hold
    // no state (each request names its puzzle and position), so nothing is done twice.
    return once()
      .catch((/** @type {CoreError} */ err) => {
        if (err.code !== "crashed") throw err;
        return once();
      })
      .finally(() => clearTimeout(timer));
  }

  /**
   * One request to one engine.
   * @param {Engine} engine
   * @param {string} cmd
   * @param {{[name: string]: unknown}} args
   * @param {(p: any) => void} onProgress
   * @returns {Promise<any>}
   */
  ask(engine, cmd, args, onProgress) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => engine.send(id, cmd, args, resolve, reject, onProgress));
  }

  /**
   * A listing shared out over extra engines (web/engine/spread.js): `cmd` is asked run by run (its `run`
   * and `runs` arguments) of whichever engine is free; after SPREAD_AFTER_MS, `helpers` extra
   * engines boot and join. The tilings reach onProgress's `new` in the order one engine lists
   * them; the result is the whole request's (`count`, `complete`, `elapsed`, `symmetries`, the
   * last `new`). Stop (cancel) stops every engine; an engine that dies has its run listed again.
   * @param {string} cmd
   * @param {{[name: string]: unknown}} args
   * @param {{onProgress?: (p: any) => void, helpers?: number, after?: number}} [options]
   * @returns {Promise<any>}
   */
  spread(cmd, args, options = {}) {
    const nav = /** @type {Navigator & {deviceMemory?: number}} */ (navigator);
    const { onProgress, helpers = helpersFor(nav.hardwareConcurrency, nav.deviceMemory), after = SPREAD_AFTER_MS } = options;
    /** @type {InOrder<string>} */
    const order = new InOrder(RUNS);
    const queue = Array.from({ length: RUNS }, (_, k) => k);
    const nodes = new Array(RUNS).fill(0);
    const t0 = performance.now();
    const stats = (this.spreadStats = { runs: RUNS, byHelpers: 0, mostEngines: 1 });
    /** @type {Set<Engine>} */
    const mine = new Set();
    let working = 1;
    let symmetries = 0;
    let settled = false;
    let mainActive = false;
    const elapsed = () => (performance.now() - t0) / 1000;
    const report = () => {
      if (onProgress) onProgress({ nodes: nodes.reduce((a, b) => a + b, 0), solutions: order.count, elapsed: elapsed(), new: order.take(), engines: working });
    };
    return new Promise((resolve, reject) => {
      const spareTimer = setTimeout(() => this.bootSpare(), SPARE_AFTER_MS); // Stop stays immediate
      const spreadTimer = setTimeout(() => {
        if (!settled && queue.length) for (let i = 0; i < helpers; i++) boot();
      }, after);
      /** @param {any} err @param {boolean} complete */
      const end = (err, complete = true) => {
        if (settled) return;
        settled = true;
        clearTimeout(spareTimer);
        clearTimeout(spreadTimer);
        queue.length = 0;
        for (const h of mine) drop(h);
        if (err) reject(err);
        else resolve({ count: order.count, complete, elapsed: elapsed(), new: order.take(), symmetries });
      };
      /** @param {Engine} h */
      const drop = (h) => {
        mine.delete(h);
        this.helpers.delete(h);
        h.failAll("cancelled", "stopped");
        h.terminate();
      };
      /**
       * Take runs from the queue until it is empty.
       * @param {() => Promise<Engine>} engineOf
       * @param {boolean} helper
       */
      const take = async (engineOf, helper) => {
        while (!settled && queue.length) {
          const k = /** @type {number} */ (queue.shift());
          try {
            const engine = await engineOf();
            if (settled) return;
            const r = await this.ask(engine, cmd, { ...args, run: k, runs: RUNS }, (p) => {
              if (settled) return;
              nodes[k] = p.nodes || nodes[k];
              order.add(k, p.new || []);
              report();
            });
            if (settled) return;
            order.add(k, r.new || []);
            symmetries = r.symmetries;
            if (helper) stats.byHelpers += 1;
            if (!r.complete) return end(null, false); // the budget ran out: what was found stands
            order.finish(k);
            if (order.done) return end(null);
            report();
          } catch (err) {
            if (settled) return;
            if (/** @type {any} */ (err).code !== "crashed") return end(err);
            // the engine died: its run goes back to the front of the queue, listed again from the start
            order.restart(k);
            queue.unshift(k);
            if (!mainActive) startMain(); // the page's engine had run out of runs: it takes this one
            if (helper) return;
          }
        }
        if (!helper) mainActive = false; // at once: a helper that dies later finds the page's engine free
      };
      const startMain = () => {
        mainActive = true;
        // the page's engine (a new one if it died: request() restarts it)
        take(() => /** @type {Promise<unknown>} */ (this.readyPromise).then(() => /** @type {Engine} */ (this.engine)), false);
      };
      const boot = () => {
        const h = new Engine(null, this.lang, this.protocol);
        mine.add(h);
        this.helpers.add(h);
        h.onCrash = () => {
          mine.delete(h);
          this.helpers.delete(h);
          h.terminate(); // its run goes back to the queue (take's catch)
        };
        h.started.then(
          () => {
            if (settled || !mine.has(h)) return;
            working += 1;
            stats.mostEngines = Math.max(stats.mostEngines, working);
            report();
            take(() => Promise.resolve(h), true).finally(() => {
              working -= 1;
              if (!settled && mine.has(h)) drop(h); // nothing left to take: its memory goes back
            });
          },
          () => mine.has(h) && drop(h),
        );
      };
      startMain();
    });
  }

  /** Whether the engine is working on a request now. */
  get busy() {
    return !!(this.engine && this.engine.busy);
  }

  /**
   * Stop whatever the engine is doing (its requests reject with "cancelled").
   * Resolves once an engine is ready again: at once when the spare was ready.
   */
  cancel() {
    return this.replace("cancelled");
  }

  /**
   * Replace the page's engine by its spare, or a new one: ``code`` says why ("cancelled": Stop;
   * "crashed": it died). Resolves once an engine is ready again.
   * @param {"cancelled" | "crashed"} code
   */
  replace(code) {
    if (code === "cancelled") {
      // Stop stops every engine; when the page's engine died instead, helpers go on with their runs
      for (const h of this.helpers) {
        h.failAll(code, "stopped");
        h.terminate();
      }
      this.helpers.clear();
    }
    const old = this.engine;
    if (old) {
      old.failAll(code, code === "cancelled" ? "stopped" : "the puzzle engine stopped unexpectedly and was restarted");
      old.terminate();
      this.engine = null;
    }
    const spare = this.spare;
    this.spare = null;
    if (spare && spare.ready) {
      this.engine = this.adopt(spare);
      this.readyPromise = Promise.resolve(this.hello);
      this.bootSpare(); // whoever stopped once may stop again
      return this.readyPromise;
    }
    return this.start(spare); // a spare still booting is nearer ready than a new engine
  }
}
