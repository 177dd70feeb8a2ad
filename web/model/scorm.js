// Reporting to a school's learning platform (SCORM 1.2), when Pento is launched from its package
// (`python3 build.py scorm`: index.html?scorm#LINK). The platform's API is found the way SCORM
// says (window.API in this window, a parent or the opener); without one, nothing is reported.
// What is reported: cmi.core.lesson_status (incomplete, then completed once every puzzle of the
// launched assignment, or the launched puzzle, or any puzzle when the package opens the start
// screen, is solved by the pupil), cmi.core.score.raw (the puzzles solved, as a percentage, after
// each), cmi.core.session_time, and cmi.core.exit ("suspend" while the lesson is incomplete, so
// the platform keeps what was done for the next launch). Which of the launch's puzzles are solved
// travels in cmi.suspend_data ("pento1:" and their places, "pento1:0,2"), so that the score and
// the completion are the whole assignment's over every launch, not only the last launch's. The
// platform's cmi.core.student_name ("Last, First") is offered as the pupil's name.

/**
 * What Pento uses of a platform's SCORM 1.2 API (its calls answer "true" or "false", or a value).
 * @typedef {object} ScormApi
 * @property {(empty: string) => unknown} LMSInitialize
 * @property {(element: string) => string} LMSGetValue
 * @property {(element: string, value: string) => unknown} LMSSetValue
 * @property {(empty: string) => unknown} LMSCommit
 * @property {(empty: string) => unknown} LMSFinish
 */

/** A puzzle of a launch. @typedef {{game: string, desc: string}} Puzzle */

const SUSPENDED = "pento1:";

/**
 * The places of the launch's puzzles solved in earlier launches, from cmi.suspend_data (anything
 * else there, or a place out of the launch's ``count``, is not ours and is left out).
 * @param {unknown} data
 * @param {number} count
 * @returns {number[]}
 */
export function readSuspended(data, count) {
  const text = String(data ?? "");
  if (!text.startsWith(SUSPENDED) || text.length > 4096) return [];
  return text
    .slice(SUSPENDED.length)
    .split(",")
    .filter((p) => /^[0-9]{1,3}$/.test(p))
    .map(Number)
    .filter((k) => k < count);
}

/**
 * The platform's name of the learner (cmi.core.student_name, "Last, First" in SCORM 1.2) as a
 * pupil writes it ("First Last"), or "" when there is none.
 * @param {ScormApi} api
 * @returns {string}
 */
export function studentName(api) {
  const raw = String(api.LMSGetValue("cmi.core.student_name") || "").trim();
  const [last, first] = raw.split(",").map((p) => p.trim());
  return (first ? `${first} ${last}` : raw).replace(/\s+/g, " ").slice(0, 24).trim();
}

/**
 * The SCORM 1.2 API of the platform around ``win``, or null (at most a few frames up, then the opener).
 * @param {any} win a window
 * @returns {ScormApi | null}
 */
export function findApi(win) {
  for (let w = win, hops = 0; w && hops < 8; hops++) {
    try {
      if (w.API && typeof w.API.LMSInitialize === "function") return w.API;
    } catch {
      return null; // a frame of another site: no API of ours up there
    }
    if (w.parent === w) break;
    w = w.parent;
  }
  try {
    return win.opener ? findApi(win.opener) : null;
  } catch {
    return null;
  }
}

/** Seconds as SCORM 1.2 writes a time span: HHHH:MM:SS.SS. @param {number} seconds @returns {string} */
export function timespan(seconds) {
  const s = Math.max(0, seconds);
  const h = Math.min(9999, Math.floor(s / 3600));
  const m = Math.floor((s % 3600) / 60);
  const rest = (s % 60).toFixed(2).padStart(5, "0");
  return `${String(h).padStart(4, "0")}:${String(m).padStart(2, "0")}:${rest}`;
}

/**
 * The platform's side of a launch: ``target`` is what the launched link asks to solve: {items:
 * [{game, desc}, ...]} (an assignment's puzzles), or one {game, desc}, or null (the start screen:
 * any puzzle).
 */
export class ScormReport {
  /**
   * @param {ScormApi} api
   * @param {{items: Puzzle[]} | Puzzle | null} target
   * @param {() => number} [now] milliseconds
   */
  constructor(api, target, now = () => performance.now()) {
    this.api = api;
    /** @type {{items: Puzzle[]} | null} */
    this.target = target === null || target === undefined ? null : "items" in target ? target : { items: [target] }; // none: any puzzle
    /** the target's puzzles solved in this session (their places) @type {Set<number>} */
    this.solvedItems = new Set();
    this.now = now;
    this.started = now();
    this.done = false;
    this.open = String(api.LMSInitialize("")) === "true";
    const status = this.open ? api.LMSGetValue("cmi.core.lesson_status") : "";
    this.done = status === "completed" || status === "passed";
    if (this.open && this.target) for (const k of readSuspended(api.LMSGetValue("cmi.suspend_data"), this.target.items.length)) this.solvedItems.add(k);
    if (this.open && !this.done) {
      api.LMSSetValue("cmi.core.lesson_status", "incomplete");
      api.LMSCommit("");
    }
  }

  /**
   * A puzzle was solved by the pupil (not by the solver): the score rises; every puzzle of the
   * launch solved completes the lesson.
   * @param {string} game
   * @param {string} desc
   */
  solved(game, desc) {
    if (!this.open || this.done) return;
    let score = 100;
    if (this.target) {
      const k = this.target.items.findIndex((item, i) => !this.solvedItems.has(i) && item.game === game && item.desc === desc);
      if (k < 0) return; // not one of the launch's puzzles
      this.solvedItems.add(k);
      score = Math.round((100 * this.solvedItems.size) / this.target.items.length);
    }
    this.done = this.solvedItems.size === (this.target ? this.target.items.length : 0);
    const api = this.api;
    if (this.target) api.LMSSetValue("cmi.suspend_data", SUSPENDED + [...this.solvedItems].sort((a, b) => a - b).join(","));
    api.LMSSetValue("cmi.core.score.min", "0");
    api.LMSSetValue("cmi.core.score.max", "100");
    api.LMSSetValue("cmi.core.score.raw", String(score));
    api.LMSSetValue("cmi.core.lesson_status", this.done ? "completed" : "incomplete");
    api.LMSSetValue("cmi.core.session_time", timespan((this.now() - this.started) / 1000));
    api.LMSCommit("");
  }

  /** The platform's name of the pupil ("" when it has none, or the platform is not open). @returns {string} */
  studentName() {
    return this.open ? studentName(this.api) : "";
  }

  /** The page goes away: the time spent, and the platform told that this session ends. */
  finish() {
    if (!this.open) return;
    this.open = false;
    this.api.LMSSetValue("cmi.core.session_time", timespan((this.now() - this.started) / 1000));
    this.api.LMSSetValue("cmi.core.exit", this.done ? "" : "suspend"); // incomplete: come back to it
    this.api.LMSCommit("");
    this.api.LMSFinish("");
  }
}
