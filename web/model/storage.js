// Saved games in localStorage: one key per game in progress, so that one bad
// entry never touches another. Nothing the player did is dropped silently:
// a save that cannot be written says so, a corrupt entry is set aside (kept
// under another key) with a notice, abandoning a game can be undone.
//
// A save: {v, id, game, desc, history: [state strings], at, elapsed, solved,
// assisted, params, title, picture, touched, abandoned?}.
import { applyChange, emptyRecord, mergeRecords, normaliseRecord, validRecord } from "./progress_data.js";

/**
 * A saved game, as stored: the game in play's fields (play/app.js's Session writes them) and when it
 * was last written.
 * @typedef {object} Save
 * @property {string} id
 * @property {string} game
 * @property {string} desc
 * @property {string[]} history states, oldest first
 * @property {number} at the index of the current state in history
 * @property {number} elapsed seconds played
 * @property {boolean} solved
 * @property {boolean} assisted the solver finished it
 * @property {string} title
 * @property {string[] | null} picture
 * @property {number} touched when it was last written (ms since 1970)
 * @property {string} params what New makes more of (the mid-end writes it with every save)
 * @property {number} moves
 * @property {number} [v]
 * @property {number} [hints]
 * @property {string} [daily] YYYY-MM-DD when it is that day's puzzle of the day
 * @property {number} [abandoned] when it was abandoned
 * @property {{id: string, name: string, started: number, code?: string, proof?: string}} [race]
 * @property {{id: string, index: number, help: boolean}} [assignment]
 * @property {string} [stamp]
 * @property {string} [summary]
 */
/** @typedef {import("./progress_data.js").ProgressRecord} ProgressRecord */

const PREFIX = "pento.game.";
const ASIDE = "pento.aside.";
const LEGACY = "pento.save"; // version 2: every game in one key
const VERSION = 3;
const HISTORY_LIMIT = 400; // undo steps kept per game; older ones are dropped, never the current position
const ABANDONED_DAYS = 30; // how long an abandoned game can still be restored

// Storage is "ok", "full" (it reads, and refuses what is written) or "blocked" (a sandboxed or
// storage-blocked frame: it can be neither read nor written). What storage refuses is kept in
// memory while the page is open (``kept``) and read from there first, so that a game, a pupil's
// solved puzzle or a progress record counts for the rest of the visit in every state.

/** localStorage once asked for; false where the page may not read it, null before. @type {Storage | false | null} */
let store = null;
/** Whether a write has been refused since the last check (storage full). */
let refused = false;
/** What storage refused or cannot hold, by key, while the page is open. @type {Map<string, string>} */
const kept = new Map();
/**
 * Keys whose text did not read and could not be copied aside (storage full): left in storage as
 * they are, unseen for this visit, and never written over by it (what the page writes to them is
 * kept in memory); the next visit tries again.  @type {Set<string>}
 */
const hidden = new Set();
/** The key written and removed to learn whether storage takes writes. */
const PROBE = "pento.probe";

/** localStorage when it can be read, else null. @returns {Storage | null} */
function readable() {
  if (store === null) {
    try {
      const s = window.localStorage;
      s.getItem(PROBE); // a blocked frame throws here (or on the line above)
      store = s;
      refused = !probe(s);
    } catch {
      store = false;
    }
  }
  return store || null;
}

/** Whether ``s`` takes a small write now. @param {Storage} s @returns {boolean} */
function probe(s) {
  try {
    s.setItem(PROBE, "1");
    s.removeItem(PROBE);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether this device's storage keeps games for later visits: "ok"; "full" (what is there reads,
 * nothing new is kept: the page says so and keeps it in memory meanwhile); "blocked" (nothing
 * reads or is kept beyond this visit).
 * @returns {"ok" | "full" | "blocked"}
 */
export function storageState() {
  const s = readable();
  if (!s) return "blocked";
  return refused ? "full" : "ok";
}

/** Whether saving works here (storage is readable; see storageState for full). */
export const storageAvailable = () => readable() !== null;

/** A key's text, or null: what this page kept first, then storage. @param {string} key @returns {string | null} */
function get(key) {
  if (kept.has(key)) return /** @type {string} */ (kept.get(key));
  if (hidden.has(key)) return null;
  const s = readable();
  try {
    return s ? s.getItem(key) : null;
  } catch {
    return null;
  }
}

/**
 * Write a key: true when storage kept it; false when it refused (full, or blocked), and then the
 * value is kept in memory while the page is open (read back by ``get``).
 * @param {string} key
 * @param {string} value
 * @returns {boolean}
 */
function put(key, value) {
  const s = readable();
  if (s && !hidden.has(key)) {
    try {
      s.setItem(key, value);
      kept.delete(key);
      return true;
    } catch {
      refused = true;
    }
  }
  kept.set(key, value);
  return false;
}

/** Remove a key, from storage and from memory; storage may take writes again. @param {string} key */
function drop(key) {
  kept.delete(key);
  hidden.delete(key);
  const s = readable();
  if (!s) return;
  try {
    s.removeItem(key);
  } catch {
    /* nothing more to do */
  }
}

/** After removals: whether storage takes writes again (a full one may have room now). */
function recheck() {
  const s = readable();
  if (s && refused) refused = !probe(s);
}

/** The keys that start with ``prefix``, in storage and kept in memory. @param {string} prefix @returns {string[]} */
function keys(prefix) {
  const out = new Set([...kept.keys()].filter((k) => k.startsWith(prefix)));
  const s = readable();
  if (s) {
    for (let i = 0; i < s.length; i++) {
      const k = s.key(i);
      if (k && k.startsWith(prefix) && !hidden.has(k)) out.add(k);
    }
  }
  return [...out];
}

/** Whether ``entry`` (parsed JSON) is a save this version can read. @param {any} entry @returns {boolean} */
function valid(entry) {
  return (
    entry &&
    typeof entry === "object" &&
    typeof entry.id === "string" &&
    typeof entry.game === "string" &&
    typeof entry.desc === "string" &&
    Array.isArray(entry.history) &&
    entry.history.length > 0 &&
    entry.history.every((/** @type {unknown} */ s) => typeof s === "string") &&
    Number.isInteger(entry.at) &&
    entry.at >= 0 &&
    entry.at < entry.history.length
  );
}

/** A valid ``entry`` with every field of the right kind. @param {any} entry @returns {Save} */
function normalise(entry) {
  entry.elapsed = Number.isFinite(entry.elapsed) && entry.elapsed >= 0 ? entry.elapsed : 0;
  entry.touched = Number.isFinite(entry.touched) ? entry.touched : 0;
  entry.picture = Array.isArray(entry.picture) && entry.picture.every((/** @type {unknown} */ r) => typeof r === "string") ? entry.picture : null;
  entry.title = typeof entry.title === "string" ? entry.title : entry.game;
  entry.solved = entry.solved === true;
  entry.assisted = entry.assisted === true;
  if (typeof entry.daily !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(entry.daily)) delete entry.daily;
  entry.hints = Number.isInteger(entry.hints) && entry.hints >= 0 ? entry.hints : 0;
  const race = entry.race;
  const raceOk = race && typeof race.id === "string" && typeof race.name === "string" && Number.isFinite(race.started);
  if (!raceOk) delete entry.race;
  else {
    if (typeof race.code !== "string") delete race.code;
    if (typeof race.proof !== "string") delete race.proof;
  }
  const a = entry.assignment;
  if (!(a && typeof a.id === "string" && Number.isInteger(a.index) && a.index >= 0)) delete entry.assignment;
  else a.help = a.help === true;
  return entry;
}

/**
 * Keep ``raw`` under another key, out of the way, and remove the original; where storage has no
 * room for the copy, the original stays where it is, unseen for this visit (``hidden``).
 * @param {string} key
 * @param {string} raw
 * @returns {boolean} whether the copy was stored (and the original removed)
 */
function setAside(key, raw) {
  if (copyAside(key, raw)) {
    drop(key);
    return true;
  }
  kept.delete(key);
  hidden.add(key);
  return false;
}

/** A copy of ``raw`` under a key of its own, beside ``key``'s: whether storage kept it. @param {string} key @param {string} raw */
function copyAside(key, raw) {
  const aside = `${ASIDE}${Date.now()}.${key}`;
  if (put(aside, raw)) return true;
  kept.delete(aside); // a copy in memory only would vanish unseen; the original stays instead
  return false;
}

/** Who is told of a single-key store's record set aside (the page's notice; set by the page). @type {(report: SetAside) => void} */
let toldOfRecords = () => {};

/** Tell ``listener`` of every single-key store's record set aside from now on (readSingle). @param {(report: SetAside) => void} listener */
export function whenRecordsSetAside(listener) {
  toldOfRecords = listener;
}

/**
 * The value of a single-key store (rankings, an assignment's record, the teacher's draft, "My
 * assignments", collected codes).  ``read`` gets the parsed JSON and returns the part of it this
 * page reads, as it is stored, and whether that is all of it.  Text that is not JSON, or a value
 * of which a part does not read, is first copied aside verbatim and the part that reads written
 * back (nothing of it: the key removed): the next write of the store then never replaces the
 * only copy of what a player or a teacher kept.  Returns ``empty`` for a missing key.
 * @template T
 * @param {string} key
 * @param {(value: any) => {value: T | null, whole: boolean}} read
 * @param {T} empty
 * @returns {T}
 */
function readSingle(key, read, empty) {
  const raw = get(key);
  if (raw === null) return empty;
  /** @type {{value: T | null, whole: boolean}} */
  let got = { value: null, whole: false };
  try {
    got = read(JSON.parse(raw));
  } catch {
    // not JSON: copied aside below
  }
  if (!got.whole) {
    // the copy first; with no room for it the original stays as it is, and this visit's writes stay in memory
    if (!copyAside(key, raw)) hidden.add(key);
    if (got.value !== null) put(key, JSON.stringify(got.value));
    else if (!hidden.has(key)) drop(key);
    toldOfRecords({ what: "records", n: 1 });
  }
  return got.value === null ? empty : got.value;
}

/** ``list``'s items that ``keep`` accepts, and whether that is all of them. @template T @param {unknown[]} list @param {(item: any) => boolean} keep @returns {{value: T[], whole: boolean}} */
function keepIf(list, keep) {
  const value = /** @type {T[]} */ (list.filter(keep));
  return { value, whole: value.length === list.length };
}

/**
 * Every entry under ``prefix`` that ``read`` accepts (it gets the parsed value and its key, and
 * returns the entry, or null for one that is not what the key says); one that cannot be read is
 * set aside alone. Returns the entries and how many were set aside.
 * @template T
 * @param {string} prefix
 * @param {(value: any, key: string) => T | null} read
 * @returns {{entries: T[], bad: number}}
 */
function readAll(prefix, read) {
  /** @type {T[]} */
  const entries = [];
  let bad = 0;
  for (const key of keys(prefix)) {
    /** @type {string | null} */
    let raw = null;
    try {
      raw = get(key);
      const entry = read(JSON.parse(/** @type {string} */ (raw)), key);
      if (entry === null) throw new Error("not an entry");
      entries.push(entry);
    } catch {
      bad += 1;
      if (raw !== null) setAside(key, raw);
    }
  }
  return { entries, bad };
}

/** A new id for a save: time and chance, unique on one device. @returns {string} */
export function newId() {
  return Date.now().toString(36) + Math.random().toString(36).slice(2, 8);
}

/** Version 2 kept every game under one key: give each its own (once; the old key goes when all are copied). */
/**
 * What was set aside while reading, for the page to tell in the player's words (this module
 * keeps data and says nothing): ``what`` is "old-saves" (an older version's saves), "saves",
 * "progress" or "records" (a ranking, an assignment's record, the draft, "My assignments", a list
 * of collected codes), ``n`` how many entries.
 * @typedef {{what: "old-saves" | "saves" | "progress" | "records", n: number}} SetAside
 */

/** @param {(report: SetAside) => void} onSetAside */
function migrate(onSetAside) {
  const raw = get(LEGACY);
  if (raw === null) return;
  try {
    const data = JSON.parse(raw);
    const games = data && typeof data.games === "object" && data.games ? Object.values(data.games) : [];
    for (const old of /** @type {any[]} */ (games)) {
      const entry = { ...old, id: newId(), v: VERSION, title: old && old.game };
      if (valid(entry)) put(PREFIX + entry.id, JSON.stringify(entry));
    }
    drop(LEGACY);
  } catch {
    setAside(LEGACY, raw);
    onSetAside({ what: "old-saves", n: 1 });
  }
}

/**
 * Every save, most recent first (abandoned ones included: see ``abandoned``).
 * A corrupt entry is set aside, with one notice; the others are untouched.
 */
/**
 * @param {(report: SetAside) => void} [onSetAside] told of what could not be read
 * @returns {Save[]}
 */
export function listSaves(onSetAside = () => {}) {
  migrate(onSetAside);
  const { entries: out, bad } = readAll(PREFIX, (entry, key) => (valid(entry) && PREFIX + entry.id === key ? normalise(entry) : null));
  if (bad) onSetAside({ what: "saves", n: bad });
  const cutoff = Date.now() - ABANDONED_DAYS * 86400e3;
  for (const e of out.filter((e) => e.abandoned && e.abandoned < cutoff)) removeSave(e.id);
  return out.filter((e) => !(e.abandoned && e.abandoned < cutoff)).sort((a, b) => b.touched - a.touched);
}

/** The save ``id``, or null (none, unreadable, or storage blocked). @param {unknown} id @returns {Save | null} */
export function getSave(id) {
  if (typeof id !== "string") return null;
  try {
    const entry = JSON.parse(/** @type {string} */ (get(PREFIX + id)));
    return valid(entry) ? normalise(entry) : null;
  } catch {
    return null;
  }
}

/**
 * Write one game. Returns true when it is saved, false when it could not be (storage full or
 * blocked: it is kept in memory while the page is open, and the caller tells the player).
 * @param {any} entry a Save, or the session it is written from
 * @returns {boolean}
 */
export function writeSave(entry) {
  const data = JSON.stringify({ ...entry, v: VERSION, touched: Date.now() });
  if (put(PREFIX + entry.id, data)) return true;
  if (!readable()) return false;
  // Full: make room by dropping abandoned games (never one in progress), then try once more.
  const abandoned = listSaves().filter((e) => e.abandoned && e.id !== entry.id);
  if (!abandoned.length) return false;
  for (const e of abandoned) removeSave(e.id);
  recheck();
  return put(PREFIX + entry.id, data);
}

/**
 * Mark a game abandoned (hidden from "continue", restorable for 30 days) or restore it.
 * @param {string} id
 * @param {boolean} abandoned
 */
export function setAbandoned(id, abandoned) {
  const entry = getSave(id);
  if (!entry) return false;
  if (abandoned) entry.abandoned = Date.now();
  else delete entry.abandoned;
  return writeSave(entry);
}

/** @param {string} id */
function removeSave(id) {
  drop(PREFIX + id);
}

/** Set aside one save the core refused (the others stay). @param {string} id */
export function setAsideSave(id) {
  const raw = get(PREFIX + id);
  if (raw !== null) setAside(PREFIX + id, raw);
}

/**
 * Drop the oldest undo steps beyond the limit; the current position and everything after it stay.
 * @param {string[]} history
 * @param {number} at
 * @returns {{history: string[], at: number}}
 */
export function boundHistory(history, at) {
  const extra = history.length - HISTORY_LIMIT;
  if (extra <= 0) return { history, at };
  const drop = Math.min(extra, at);
  return { history: history.slice(drop), at: at - drop };
}

// -- the local ranking, one list per board ---------------------------------------------------------------

const RANKING = "pento.ranking";
const RANKING_VERSION = 2;
const RANKING_SIZE = 10;

/** A ranking's line: who, how long, the moves and the winning position, when (ISO 8601). @typedef {{name: string, seconds: number, moves?: number, state?: string, at?: string}} RankingEntry */

/** Whether ``e`` reads as a ranking's line. @param {any} e */
const isRankingEntry = (e) => e && typeof e.name === "string" && Number.isFinite(e.seconds);

/**
 * Every board's ranking, by "game:desc" (version 1's lists by game moved to boards; a line that
 * does not read is set aside with its store, by readSingle).
 * @returns {{[board: string]: RankingEntry[]}}
 */
function readRankings() {
  /** @type {{[board: string]: RankingEntry[]}} */
  const empty = {};
  const stored = readSingle(
    RANKING,
    (all) => {
      if (!all || typeof all !== "object" || Array.isArray(all)) return { value: null, whole: false };
      /** @type {{[board: string]: RankingEntry[]}} */
      const boards = {};
      let whole = true;
      if (all.v === RANKING_VERSION) {
        if (!all.boards || typeof all.boards !== "object" || Array.isArray(all.boards)) return { value: null, whole: false };
        for (const [board, list] of Object.entries(all.boards)) {
          const read = Array.isArray(list) ? keepIf(list, isRankingEntry) : { value: [], whole: false };
          boards[board] = /** @type {RankingEntry[]} */ (read.value);
          whole &&= read.whole;
        }
        return { value: { v: RANKING_VERSION, boards }, whole };
      }
      for (const [game, list] of Object.entries(all)) {
        if (!Array.isArray(list)) {
          whole = false;
          continue;
        }
        for (const e of list) {
          if (isRankingEntry(e) && typeof e.desc === "string") (boards[`${game}:${e.desc}`] ||= []).push(e);
          else whole = false;
        }
      }
      return { value: { v: RANKING_VERSION, boards }, whole: false }; // version 1: kept aside once, as it was
    },
    { v: RANKING_VERSION, boards: empty },
  );
  return stored.boards;
}

/**
 * The ranking of one board: [{name, seconds, moves, at}], fastest first.
 * @param {string} game
 * @param {string} desc
 * @returns {RankingEntry[]}
 */
export function loadRanking(game, desc) {
  return readRankings()[`${game}:${desc}`] || [];
}

/**
 * Add a time to a board's ranking (the name cut to 40 characters); keeps the fastest ten; returns the list.
 * @param {string} game
 * @param {string} desc
 * @param {RankingEntry} entry
 * @returns {RankingEntry[]}
 */
export function addToRanking(game, desc, entry) {
  const boards = readRankings();
  const key = `${game}:${desc}`;
  const list = loadRanking(game, desc);
  list.push({ ...entry, name: String(entry.name).slice(0, 40) || "Anonymous" });
  list.sort((a, b) => a.seconds - b.seconds);
  boards[key] = list.slice(0, RANKING_SIZE);
  put(RANKING, JSON.stringify({ v: RANKING_VERSION, boards })); // refused: kept while the page is open
  return boards[key];
}

// -- assignments: a pupil's (name, and which saved game is each puzzle's), and the teacher's draft ---

const ASSIGN = "pento.assign.";
const DRAFT = "pento.assign-draft";

/**
 * The pupil's record of assignment ``id``: {assignment, name, slots, others} (slots: the saved game
 * of each puzzle, or null before it is opened; others: the pupils who played it here before, each
 * {name, slots}), or null when this device has none (or a broken one).
 * @param {string} id
 * @returns {any}
 */
export function loadAssignment(id) {
  const slot = (/** @type {unknown} */ s) => (typeof s === "string" ? s : null);
  const isSlot = (/** @type {unknown} */ s) => s === null || typeof s === "string";
  const isOther = (/** @type {any} */ o) => o && typeof o.name === "string" && o.name && Array.isArray(o.slots);
  return readSingle(
    ASSIGN + id,
    (record) => {
      const a = record && record.assignment;
      if (!a || typeof a.id !== "string" || !Array.isArray(a.items) || typeof record.name !== "string" || !Array.isArray(record.slots)) return { value: null, whole: false };
      const others = Array.isArray(record.others) ? record.others : [];
      const whole =
        record.slots.every(isSlot) &&
        (record.others === undefined || Array.isArray(record.others)) &&
        others.every((/** @type {any} */ o) => isOther(o) && o.slots.every(isSlot));
      record.slots = record.slots.map(slot);
      record.others = others.filter(isOther).map((/** @type {any} */ o) => ({ name: o.name, slots: o.slots.map(slot) }));
      return { value: record, whole };
    },
    null,
  );
}

/** Keep a pupil's assignment record (false when it could not be written). @param {any} record @returns {boolean} */
function saveAssignment(record) {
  return put(ASSIGN + record.assignment.id, JSON.stringify(record));
}

/**
 * Change the pupil's record of ``assignment`` as it is stored now, not as this page read it: a
 * second tab of the same assignment may have linked a puzzle's game since, and writing back a
 * record read before would unlink it (the save kept, the puzzle shown "Not started").  ``change``
 * edits the stored record (or a new one); the record is kept and returned.
 * @param {{id: string, items: unknown[]}} assignment
 * @param {(record: any) => void} change
 * @returns {any}
 */
export function updateAssignment(assignment, change) {
  const record = loadAssignment(assignment.id) || { assignment, name: "", slots: [], others: [] };
  record.assignment = assignment; // the one the page shows, read from its link
  record.slots = assignment.items.map((_, k) => record.slots[k] || null);
  change(record);
  saveAssignment(record);
  return record;
}

/**
 * The assignment the teacher is building: {title, help, items: [{game, desc, title}], id, roster};
 * ``id`` is the assignment's made from it, until the draft changes (making its link again keeps
 * the id); ``roster``, the class list as typed or pasted (a name a line).
 * @returns {{title: string, help: boolean, items: {game: string, desc: string, title: string}[], id: string, roster: string}}
 */
export function loadDraft() {
  const isItem = (/** @type {any} */ i) => i && typeof i.game === "string" && typeof i.desc === "string";
  const draft = readSingle(
    DRAFT,
    (d) => {
      if (d === null) return { value: null, whole: true };
      if (typeof d !== "object" || Array.isArray(d)) return { value: null, whole: false };
      const items = Array.isArray(d.items) ? keepIf(d.items, isItem) : { value: [], whole: d.items === undefined };
      return { value: { ...d, items: items.value }, whole: items.whole };
    },
    null,
  );
  /** @type {any[]} */
  const items = draft ? draft.items : [];
  return {
    title: draft && typeof draft.title === "string" ? draft.title : "",
    help: !!(draft && draft.help === true),
    items: items.map((i) => ({ game: i.game, desc: i.desc, title: String(i.title || i.game) })),
    id: draft && typeof draft.id === "string" ? draft.id : "",
    roster: draft && typeof draft.roster === "string" ? draft.roster : "",
  };
}

// -- a live lesson on a class server (issue 48): the pupil's token and work not yet sent, the teacher's board

const LIVE = "pento.live.";
const BOARD = "pento.board";

/**
 * @typedef {object} QueuedWork a piece of work waiting to be sent (pento_class's POST /api/work)
 * @property {number} item
 * @property {string} event
 * @property {boolean} solved
 * @property {number} tenths
 * @property {number} hints
 * @property {number} solves
 * @property {string} state
 */

/**
 * @typedef {object} LiveLesson a pupil's place in a live lesson, by the assignment's id
 * @property {string} token the pupil's token (pento_class's join)
 * @property {string} name
 * @property {QueuedWork[]} queue sent in order; each leaves it once the server has kept it
 * @property {string[]} sent each puzzle's last work queued (solved, hints, solves, time), so the same is not sent twice
 * @property {boolean} ended the teacher ended the lesson: nothing more is sent
 */

/** @param {any} w */
const isQueued = (w) =>
  w && Number.isInteger(w.item) && typeof w.event === "string" && typeof w.solved === "boolean" && Number.isInteger(w.tenths) && Number.isInteger(w.hints) && Number.isInteger(w.solves) && typeof w.state === "string";

/** The pupil's live lesson for assignment ``id``, or null (none joined on this device). @param {string} id @returns {LiveLesson | null} */
export function loadLive(id) {
  return readSingle(
    LIVE + id,
    (l) => {
      if (!l || typeof l.token !== "string" || typeof l.name !== "string" || !Array.isArray(l.queue)) return { value: null, whole: false };
      const queue = l.queue.filter(isQueued);
      const sent = Array.isArray(l.sent) ? l.sent.map((/** @type {unknown} */ x) => (typeof x === "string" ? x : "")) : [];
      return { value: { token: l.token, name: l.name, queue, sent, ended: l.ended === true }, whole: queue.length === l.queue.length };
    },
    null,
  );
}

/** Change the live lesson of assignment ``id`` as it is stored now (another tab may have queued
 * work since) and keep it; a new one starts from ``fresh``. @param {string} id @param {(lesson: LiveLesson) => void} change @param {LiveLesson} [fresh] */
export function updateLive(id, change, fresh) {
  const lesson = loadLive(id) || fresh;
  if (!lesson) return null;
  change(lesson);
  put(LIVE + id, JSON.stringify(lesson));
  return lesson;
}

/**
 * @typedef {object} Board the teacher's live lesson on this device (pento_class's session)
 * @property {string} session
 * @property {string} pin
 * @property {string} token the teacher's token: whoever holds it reads the results
 * @property {{id: string, title: string, help: boolean, items: {game: string, desc: string}[], roster?: string[]}} assignment
 */

/** The teacher's live lesson, or null. @returns {Board | null} */
export function loadBoard() {
  return readSingle(
    BOARD,
    (b) => {
      const whole = b && typeof b.session === "string" && typeof b.pin === "string" && typeof b.token === "string" && b.assignment && Array.isArray(b.assignment.items);
      return { value: whole ? b : null, whole: !!whole };
    },
    null,
  );
}

/** Keep (``board``) or forget (null) the teacher's live lesson. @param {Board | null} board */
export function saveBoard(board) {
  if (board) put(BOARD, JSON.stringify(board));
  else drop(BOARD);
}

// -- the assignments a teacher has made on this device ----------------------------------------

const MADE = "pento.assign-made";
/** The most assignments the list keeps (a new one past it is refused, none is ever dropped). */
export const MAX_MADE = 300;

/**
 * @typedef {object} Made an assignment made on this device
 * @property {{id: string, title: string, help: boolean, items: {game: string, desc: string}[]}} assignment
 * @property {number} made when its link was first made (ms since 1970)
 */

/** Whether ``e`` reads as an entry of "My assignments" (stored here, or in a teacher's file). @param {any} e */
const isMade = (e) => e && e.assignment && typeof e.assignment.id === "string" && typeof e.assignment.title === "string" && Array.isArray(e.assignment.items) && Number.isFinite(e.made);

/** The assignments made on this device, newest first (entries that do not read are left out). @returns {Made[]} */
export function loadMade() {
  return readSingle(MADE, (list) => (Array.isArray(list) ? keepIf(list, isMade) : { value: null, whole: false }), /** @type {Made[]} */ ([]));
}

/**
 * Remember an assignment made here (one of the same id is replaced, keeping when it was first
 * made): "ok", "full" when the list holds MAX_MADE (nothing is dropped for it), or "kept" when
 * storage refused it (kept while the page is open).
 * @param {Made} entry
 * @returns {"ok" | "full" | "kept"}
 */
export function rememberMade(entry) {
  const list = loadMade();
  const old = list.findIndex((e) => e.assignment.id === entry.assignment.id);
  if (old < 0 && list.length >= MAX_MADE) return "full";
  const first = old >= 0 ? list[old].made : entry.made;
  if (old >= 0) list.splice(old, 1);
  list.unshift({ ...entry, made: first });
  return put(MADE, JSON.stringify(list)) ? "ok" : "kept";
}

/** Keep the teacher's draft (while the page is open where storage refuses). @param {any} draft */
export function saveDraft(draft) {
  put(DRAFT, JSON.stringify(draft));
}

// -- the teacher's file: every assignment made here and the codes collected, to keep or to move ---

export const TEACHER_FORMAT = "pento-teacher";
const ID = /^[0-9A-Z]{6}$/; // an assignment's id, as a teacher's file must give it

/** The teacher's file's content: every assignment made here and each one's codes. @returns {object} */
export function teacherExport() {
  const assignments = loadMade();
  /** @type {{[id: string]: string[]}} */
  const codes = {};
  for (const { assignment } of assignments) {
    const list = loadRaceCodes(assignment.id);
    if (list.length) codes[assignment.id] = list;
  }
  return { format: TEACHER_FORMAT, version: 1, exported: new Date().toISOString(), assignments, codes };
}

/**
 * A teacher's file merged with what this device keeps: assignments it does not list yet are added
 * (never one replaced, never one dropped: past MAX_MADE they are refused and counted), and each
 * one's codes joined to those collected here (past MAX_RACE_CODES, refused and counted). Throws
 * (a message for the teacher) when ``data`` is no teacher's file.
 * @param {any} data
 * @returns {{assignments: number, codes: number, noRoom: number}}
 */
export function teacherImport(data) {
  if (!data || data.format !== TEACHER_FORMAT || !Array.isArray(data.assignments)) throw new Error("not a teacher's file");
  const have = new Set(loadMade().map((e) => e.assignment.id));
  const result = { assignments: 0, codes: 0, noRoom: 0 };
  // oldest first, so that the list keeps its order, newest first
  for (const entry of data.assignments.filter((/** @type {any} */ e) => isMade(e) && ID.test(e.assignment.id)).reverse()) {
    if (have.has(entry.assignment.id)) continue;
    const made = { assignment: entry.assignment, made: entry.made };
    if (rememberMade(made) === "full") result.noRoom += 1;
    else {
      result.assignments += 1;
      have.add(entry.assignment.id);
    }
  }
  const codes = data.codes && typeof data.codes === "object" ? data.codes : {};
  for (const [id, list] of Object.entries(codes)) {
    if (!ID.test(id) || !Array.isArray(list)) continue;
    const here = loadRaceCodes(id);
    const fresh = [...new Set(list.filter((c) => typeof c === "string" && c.length <= 4000 && !here.includes(c)))];
    const fits = fresh.slice(0, Math.max(0, MAX_RACE_CODES - here.length));
    if (fits.length) saveRaceCodes(id, here.concat(fits));
    result.codes += fits.length;
    result.noRoom += fresh.length - fits.length;
  }
  return result;
}

// -- class races: the codes a teacher's results page has collected, per race id ------------------

const RACE = "pento.race.";
/** The most result codes one results page keeps (a new one past it is refused; none is ever dropped). */
export const MAX_RACE_CODES = 500;

/** The result codes collected for race or assignment ``id`` (strings, as typed or scanned). @param {string} id @returns {string[]} */
export function loadRaceCodes(id) {
  const isCode = (/** @type {unknown} */ c) => typeof c === "string";
  return readSingle(RACE + id, (list) => (Array.isArray(list) ? keepIf(list, isCode) : { value: null, whole: false }), /** @type {string[]} */ ([]));
}

/**
 * Keep ``codes`` for race or assignment ``id`` (the caller keeps them within MAX_RACE_CODES); false
 * when they could not be written (they are kept while the page is open).
 * @param {string} id
 * @param {string[]} codes
 * @returns {boolean}
 */
export function saveRaceCodes(id, codes) {
  return put(RACE + id, JSON.stringify(codes));
}

// -- my progress: one record per puzzle played (progress_data.js), under its own key -----------------

const PROGRESS = "pento.progress.";

/** Two FNV-1a hashes of ``text``: a key of 16 hex digits (the record keeps its desc: a key names it). @param {string} text @returns {string} */
function textKey(text) {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
  }
  return a.toString(16).padStart(8, "0") + b.toString(16).padStart(8, "0");
}

/** The key of a puzzle's progress record. @param {string} game @param {string} desc @returns {string} */
export const progressKey = (game, desc) => `${PROGRESS}${game}.${textKey(desc)}`;

/**
 * Every record of my progress, oldest first played first. A record that cannot be read is set
 * aside alone (kept under another key), with one notice; the others are untouched.
 * @param {(report: SetAside) => void} [onSetAside] told of what could not be read
 * @returns {import("./progress_data.js").ProgressRecord[]}
 */
export function listProgress(onSetAside = () => {}) {
  /** @type {(record: any, key: string) => ProgressRecord | null} */
  const accept = (record, key) => (validRecord(record) && progressKey(record.game, record.desc) === key ? normaliseRecord(record) : null);
  const { entries: out, bad } = readAll(PROGRESS, accept);
  if (bad) onSetAside({ what: "progress", n: bad });
  return out.sort((a, b) => a.first - b.first);
}

/**
 * The record of a puzzle in ``text`` (as stored under its key), or null (none, or unreadable).
 * @param {string | null} text
 * @param {string} game
 * @param {string} desc
 * @returns {ProgressRecord | null}
 */
function recordIn(text, game, desc) {
  try {
    const raw = JSON.parse(/** @type {string} */ (text));
    return validRecord(raw) && raw.game === game && raw.desc === desc ? normaliseRecord(raw) : null;
  } catch {
    return null;
  }
}

/** The record of a puzzle, or null (none, or unreadable). @param {string} game @param {string} desc @returns {ProgressRecord | null} */
const readRecord = (game, desc) => recordIn(get(progressKey(game, desc)), game, desc);

/** @param {ProgressRecord} record @returns {boolean} whether storage kept it (else memory does, for this visit) */
function writeRecord(record) {
  return put(progressKey(record.game, record.desc), JSON.stringify(record));
}

/**
 * Add ``change`` (progress_data.js's applyChange) to the record of a puzzle, made when it has none.
 * A record that cannot be read is set aside first (never overwritten). Returns the record written.
 * @param {string} game
 * @param {string} desc
 * @param {string} title
 * @param {string | null | undefined} daily
 * @param {Parameters<typeof applyChange>[1]} [change]
 * @returns {ProgressRecord | null}
 */
export function trackProgress(game, desc, title, daily, change = {}) {
  const key = progressKey(game, desc);
  let record = readRecord(game, desc);
  if (!record) {
    const raw = get(key);
    if (raw !== null) setAside(key, raw);
    record = emptyRecord(game, desc, title, daily || null);
  }
  if (daily && !record.daily) record.daily = daily;
  const next = applyChange(record, change);
  writeRecord(next); // refused: kept in memory, it counts for this visit
  return next;
}

/** The most puzzles of progress an import brings to a device (a year of every daily is some 1,800). */
export const MAX_PROGRESS = 5000;
/** The characters of storage progress may fill by an import: it never fills storage to the last one (saves need room). */
const PROGRESS_ROOM = 2_000_000;

/**
 * An import of records from a file into this device's, merged with those it has, in as many
 * steps (``add``) as the caller likes (the page yields between them). A record new to this device
 * is not written where it would pass MAX_PROGRESS records or PROGRESS_ROOM characters, nor where
 * storage refuses it: it is counted in ``noRoom``; ``loaded`` counts the puzzles added or updated.
 */
export function progressImport() {
  let count = 0;
  let used = 0;
  for (const key of keys(PROGRESS)) {
    count += 1;
    used += key.length + (get(key) || "").length;
  }
  const totals = { loaded: 0, noRoom: 0 };
  return {
    totals,
    /** @param {ProgressRecord[]} records */
    add(records) {
      for (const record of records) {
        const key = progressKey(record.game, record.desc);
        const before = get(key);
        const mine = recordIn(before, record.game, record.desc);
        const text = JSON.stringify(mine ? mergeRecords(mine, record) : record);
        const grows = text.length - (before === null ? -key.length : before.length);
        if ((before === null && count >= MAX_PROGRESS) || used + grows > PROGRESS_ROOM || !readable()) {
          totals.noRoom += 1;
          continue;
        }
        if (put(key, text)) {
          totals.loaded += 1;
          used += grows;
          if (before === null) count += 1;
        } else {
          // storage refused it: an import keeps nothing in memory only (it would vanish unseen)
          if (before === null) kept.delete(key);
          else kept.set(key, before);
          totals.noRoom += 1;
        }
      }
      return totals;
    },
  };
}

/** Forget all my progress on this device (the page asks first), set-aside copies too. Saved games stay. */
export function clearProgress() {
  for (const key of [...keys(PROGRESS), ...keys(ASIDE).filter((k) => k.includes(`.${PROGRESS}`))]) drop(key);
  recheck();
}

// the player's choices for this device (language, contrast): small values under their own keys

/** A choice kept under ``key``, when it reads as ``valid`` says. @param {string} key @param {RegExp} valid @returns {string | null} */
function loadChoice(key, valid) {
  const value = get(key);
  return typeof value === "string" && valid.test(value) ? value : null;
}

/** @param {string} key @param {string} value @returns {boolean} whether it was kept beyond this visit */
function saveChoice(key, value) {
  return put(key, value);
}
/** The language the player chose on this device, or null. */
export const loadLanguage = () => loadChoice("pento.language", /^[a-z]{2}$/);

/** Remember the player's language; false when it cannot be kept here. */
export const saveLanguage = (/** @type {string} */ lang) => saveChoice("pento.language", lang);

/** The contrast the player chose on this device ("high" or "standard"), or null. */
export const loadContrast = () => loadChoice("pento.contrast", /^(high|standard)$/);

/** Remember the player's contrast; false when it cannot be kept here. */
export const saveContrast = (/** @type {string} */ value) => saveChoice("pento.contrast", value);

/** The colours the player chose on this device ("safe": colour-blind safe, or "standard"), or null. */
export const loadColours = () => loadChoice("pento.colours", /^(safe|standard)$/);

/** Remember the player's colours; false when they cannot be kept here. */
export const saveColours = (/** @type {string} */ value) => saveChoice("pento.colours", value);

/** The theme the player chose on this device ("system", "light" or "dark"), or null. */
export const loadTheme = () => loadChoice("pento.theme", /^(system|light|dark)$/);

/** Remember the player's theme; false when it cannot be kept here. */
export const saveTheme = (/** @type {string} */ value) => saveChoice("pento.theme", value);
