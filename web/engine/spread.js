// A long listing shared out over extra engines (issue 30): the pieces Core.spread is made of.
//
// The core splits a listing into runs of parts (the `solutions` command's `run` and `runs`
// arguments; pento_core/polyomino/cover.py's Runs). The page's engine lists them one at a time;
// when the listing is still going after SPREAD_AFTER_MS, extra engines boot (each a Web Worker with
// its own Pyodide, as many as the device has cores to spare, bounded) and take the next runs from
// the same queue. Runs finish in any order; the tilings reach the view in the search's own order
// (InOrder), so a listing shared out shows what one engine shows, only sooner.

export const SPREAD_AFTER_MS = 2000; // a listing still running this long gets extra engines
export const RUNS = 48; // a listing's runs: small enough that an engine with a hard one keeps no one waiting long
export const MOST_ENGINES = 4; // the engine and at most three helpers: each Pyodide costs tens of MB

/**
 * How many extra engines a listing may have: one per core beyond the first, at most
 * MOST_ENGINES - 1 in all, and one at most on a device that says it has under 4 GB of memory.
 * @param {number | undefined} cores navigator.hardwareConcurrency
 * @param {number | undefined} [memoryGB] navigator.deviceMemory (Chromium only)
 * @returns {number}
 */
export function helpersFor(cores, memoryGB) {
  const spare = Math.max(0, Math.min(Number.isFinite(cores) ? Number(cores) : 1, MOST_ENGINES) - 1);
  return typeof memoryGB === "number" && memoryGB < 4 ? Math.min(spare, 1) : spare;
}

/**
 * The runs' items put back in the search's order: run k's items are handed on once every run before
 * it is finished (the first unfinished run's at once, as they stream in). A run that is listed
 * again (its engine died) repeats its first items; they are recognised by their number and dropped,
 * since a run lists the same items in the same order every time.
 * @template T
 */
export class InOrder {
  /** @param {number} runs */
  constructor(runs) {
    this.runs = runs;
    this.next = 0; // the first run not finished: its items go straight out
    /** @type {T[][]} */
    this.held = Array.from({ length: runs }, () => []);
    this.kept = new Array(runs).fill(0); // items taken from each run, over all its attempts
    this.heard = new Array(runs).fill(0); // items heard from each run's current attempt
    this.finished = new Array(runs).fill(false);
    /** @type {T[]} */
    this.ready = [];
    this.count = 0; // items taken so far, from every run
  }

  /** Run k starts again from its beginning (its engine died). @param {number} k */
  restart(k) {
    this.heard[k] = 0;
  }

  /** @param {number} k @param {T[]} items */
  add(k, items) {
    for (const item of items) {
      this.heard[k] += 1;
      if (this.heard[k] <= this.kept[k]) continue; // heard before the restart
      this.kept[k] += 1;
      this.count += 1;
      if (k === this.next) this.ready.push(item);
      else this.held[k].push(item);
    }
  }

  /** Run k is complete. @param {number} k */
  finish(k) {
    this.finished[k] = true;
    while (this.next < this.runs && this.finished[this.next]) {
      this.next += 1;
      if (this.next < this.runs) {
        this.ready.push(...this.held[this.next]);
        this.held[this.next] = [];
      }
    }
  }

  /** Whether every run is complete. */
  get done() {
    return this.next >= this.runs;
  }

  /** The items that may go out now, in order (each once). @returns {T[]} */
  take() {
    const out = this.ready;
    this.ready = [];
    return out;
  }
}
