// My progress, as data: one record per puzzle played on this device, what a win adds to it, how
// two records of one puzzle merge (an import), and the streak of days with the puzzle of the day
// solved. Pure functions (no page, no storage): tests/js checks them with node.

/**
 * One win: when (ms since 1970), how long (seconds), the moves as the game counts them, hints used.
 * @typedef {{at: number, seconds: number, moves: number, hints: number}} Win
 */

/**
 * One puzzle's record. ``daily`` is the UTC date when it is that day's puzzle of the day.
 * @typedef {object} ProgressRecord
 * @property {number} v
 * @property {string} game
 * @property {string} desc
 * @property {string} title
 * @property {string | null} daily
 * @property {number} first when it was first played
 * @property {number} last when it was last played
 * @property {boolean} solved solved by the player at least once (the solver's solutions do not count)
 * @property {number | null} best the best time of a win, in seconds
 * @property {number | null} bestMoves the fewest moves of a win
 * @property {number} hints hints asked on this puzzle, in every game of it
 * @property {number} solves times the solver was asked to solve it
 * @property {Win[]} wins the latest wins, oldest first (at most MAX_WINS)
 */

export const RECORD_VERSION = 1;
export const MAX_WINS = 100;
const DATE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;
const MAX_TEXT = 200_000; // a desc is at most this long (pento_core.limits)
// The last moment a Date can hold (ECMAScript: 8.64e15 ms, in the year 275760): a later one is no
// moment at all, and Date would throw "Invalid time value" on every page that shows it.
const MAX_MOMENT = 8.64e15;
const MAX_SECONDS = 1e9; // a win's time: some thirty years is more than any game takes
const MAX_COUNT = 1e9; // moves and hints

/** Whether ``d`` is a day of the calendar written YYYY-MM-DD (not 2026-02-30). @param {unknown} d @returns {d is string} */
export const isDate = (d) => typeof d === "string" && DATE.test(d) && utcDate(Date.parse(`${d}T00:00:00Z`)) === d;
/** Whether ``n`` is a whole number from 0 to ``most``. @param {unknown} n @param {number} most @returns {n is number} */
const within = (n, most) => typeof n === "number" && Number.isInteger(n) && n >= 0 && n <= most;
/** ``n`` when it is a count (a whole number, 0 or more), else 0. @param {unknown} n @returns {number} */
const count = (n) => (within(n, MAX_COUNT) ? n : 0);
/** ``n`` when it is a moment (ms since 1970, one a Date can hold), else 0. @param {unknown} n @returns {number} */
const moment = (n) => (typeof n === "number" && Number.isFinite(n) && n >= 0 && n <= MAX_MOMENT ? n : 0);

/**
 * A new, empty record of a puzzle.
 * @param {string} game
 * @param {string} desc
 * @param {string} title
 * @param {string | null} [daily]
 * @param {number} [now]
 * @returns {ProgressRecord}
 */
export function emptyRecord(game, desc, title, daily = null, now = Date.now()) {
  return { v: RECORD_VERSION, game, desc, title, daily, first: now, last: now, solved: false, best: null, bestMoves: null, hints: 0, solves: 0, wins: [] };
}

/**
 * Whether ``raw`` (parsed JSON, from storage or a file) is a record this version can read.
 * @param {any} raw
 * @returns {boolean}
 */
export function validRecord(raw) {
  return (
    !!raw &&
    typeof raw === "object" &&
    !Array.isArray(raw) &&
    Number.isInteger(raw.v) &&
    raw.v >= 1 &&
    typeof raw.game === "string" &&
    raw.game.length > 0 &&
    raw.game.length <= 40 &&
    typeof raw.desc === "string" &&
    raw.desc.length <= MAX_TEXT &&
    (raw.wins === undefined || Array.isArray(raw.wins))
  );
}

/** @param {any} w a win as stored @returns {boolean} */
function validWin(w) {
  return !!w && typeof w === "object" && moment(w.at) === w.at && typeof w.seconds === "number" && Number.isFinite(w.seconds) && w.seconds >= 0 && w.seconds <= MAX_SECONDS;
}

/**
 * ``raw`` (valid) as a record of this version: every field of the right kind, unknown ones dropped.
 * @param {any} raw
 * @returns {ProgressRecord}
 */
export function normaliseRecord(raw) {
  /** @type {Win[]} */
  const wins = (raw.wins || []).filter(validWin).map((/** @type {any} */ w) => ({ at: w.at, seconds: w.seconds, moves: count(w.moves), hints: count(w.hints) }));
  wins.sort((a, b) => a.at - b.at);
  /** @type {ProgressRecord} */
  const record = {
    v: RECORD_VERSION,
    game: raw.game,
    desc: raw.desc,
    title: typeof raw.title === "string" ? raw.title.slice(0, 200) : raw.game,
    daily: isDate(raw.daily) ? raw.daily : null,
    first: moment(raw.first),
    last: moment(raw.last),
    solved: raw.solved === true || wins.length > 0,
    best: null,
    bestMoves: null,
    hints: count(raw.hints),
    solves: count(raw.solves),
    wins: wins.slice(-MAX_WINS),
  };
  record.best = bestOf(record.wins, raw.best, (w) => w.seconds);
  record.bestMoves = bestOf(record.wins, raw.bestMoves, (w) => w.moves);
  return record;
}

/**
 * The least of ``kept`` (a best kept from wins no longer listed) and the wins' values.
 * @param {Win[]} wins
 * @param {unknown} kept
 * @param {(w: Win) => number} value
 * @returns {number | null}
 */
function bestOf(wins, kept, value) {
  const all = wins.map(value);
  if (typeof kept === "number" && Number.isFinite(kept) && kept >= 0 && kept <= MAX_SECONDS) all.push(kept);
  return all.length ? Math.min(...all) : null;
}

/**
 * ``record`` after a change: ``hints``/``solves`` asked (added), a ``win``, and the time it happened.
 * @param {ProgressRecord} record
 * @param {{hints?: number, solves?: number, win?: Win, now?: number, title?: string}} change
 */
export function applyChange(record, { hints = 0, solves = 0, win = undefined, now = Date.now(), title = undefined }) {
  const next = { ...record, wins: [...record.wins], last: Math.max(record.last, now), hints: record.hints + hints, solves: record.solves + solves };
  if (title) next.title = title;
  if (win) {
    next.wins = [...next.wins, win].slice(-MAX_WINS);
    next.solved = true;
    next.best = record.best === null ? win.seconds : Math.min(record.best, win.seconds);
    next.bestMoves = record.bestMoves === null ? win.moves : Math.min(record.bestMoves, win.moves);
  }
  return next;
}

/**
 * Two records of one puzzle as one (an import over what this device has): every win of both once,
 * the larger counts, the earlier first play and the later last one.
 * @param {ProgressRecord} a
 * @param {ProgressRecord} b
 * @returns {ProgressRecord}
 */
export function mergeRecords(a, b) {
  const seen = new Set();
  const wins = [...a.wins, ...b.wins]
    .filter((w) => {
      const key = `${w.at}/${w.seconds}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((x, y) => x.at - y.at);
  return normaliseRecord({
    ...a,
    daily: a.daily || b.daily,
    first: Math.min(a.first, b.first),
    last: Math.max(a.last, b.last),
    solved: a.solved || b.solved,
    best: Math.min(a.best ?? Infinity, b.best ?? Infinity),
    bestMoves: Math.min(a.bestMoves ?? Infinity, b.bestMoves ?? Infinity),
    hints: Math.max(a.hints, b.hints),
    solves: Math.max(a.solves, b.solves),
    wins,
  });
}

/**
 * The UTC date (YYYY-MM-DD) of the moment ``ms``: the day of the puzzle of the day ("" for a number
 * that is no moment: a record read defensively never makes a page throw).
 * @param {number} ms
 * @returns {string}
 */
export const utcDate = (ms) => (Number.isFinite(ms) && Math.abs(ms) <= MAX_MOMENT ? new Date(ms).toISOString().slice(0, 10) : "");

/** The date ``days`` after ``date`` (both YYYY-MM-DD, UTC). @param {string} date @param {number} days @returns {string} */
export const addDays = (date, days) => utcDate(Date.parse(`${date}T00:00:00Z`) + days * 86400e3);

/**
 * The dates whose puzzle of the day was solved on that very day (by the player, not the solver).
 * @param {ProgressRecord[]} records
 * @returns {Set<string>}
 */
export function dailyDays(records) {
  /** @type {Set<string>} */
  const days = new Set();
  for (const r of records) if (r.daily && r.wins.some((w) => utcDate(w.at) === r.daily)) days.add(r.daily);
  return days;
}

/**
 * The streak: ``current``, the days in a row up to today with a puzzle of the day solved on its day
 * (still alive on a day not yet played: it counts up to yesterday), and ``best``, the longest run.
 * @param {ProgressRecord[]} records
 * @param {string} today YYYY-MM-DD, UTC
 * @returns {{current: number, best: number}}
 */
export function streaks(records, today) {
  const days = dailyDays(records);
  let current = 0;
  for (let d = days.has(today) ? today : addDays(today, -1); days.has(d); d = addDays(d, -1)) current += 1;
  let best = 0;
  for (const d of days) {
    if (days.has(addDays(d, -1))) continue; // not the first day of a run
    let run = 0;
    for (let e = d; days.has(e); e = addDays(e, 1)) run += 1;
    best = Math.max(best, run);
  }
  return { current, best };
}

/**
 * A player's place on a ladder of levels (a game's Ladder: level n is the puzzle `${params}:${n}`):
 * the levels solved, and ``next``, the one after the highest solved (1 when none is; ``size`` at
 * the top, solved or not). Levels skipped on the way stay there to come back to.
 * @param {ProgressRecord[]} records
 * @param {string} game
 * @param {{params: string, size: number}} ladder
 */
export function ladderPlace(records, game, ladder) {
  const prefix = `${ladder.params}:`;
  /** @type {Set<number>} */
  const solved = new Set();
  for (const r of records) {
    if (r.game !== game || !r.solved || !r.desc.startsWith(prefix)) continue;
    const level = r.desc.slice(prefix.length);
    const n = /^[1-9][0-9]{0,5}$/.test(level) ? Number(level) : 0; // as the core reads a level: ASCII digits only
    if (n >= 1 && n <= ladder.size) solved.add(n);
  }
  const highest = Math.max(0, ...solved);
  return { solved: solved.size, next: Math.min(highest + 1, ladder.size) };
}
