// A fuzzer over what the page keeps in localStorage (web/model/storage.js): saved games, progress
// records, rankings, a pupil's assignment record, the teacher's draft, "My assignments" and the
// codes a results page collected, each valid or damaged in every way a file, an old version or a
// hand in the browser's tools could leave it.  Every reader answers (nothing throws), what it
// returns has the shape its callers rely on, and nothing stored is lost: after the page has read
// everything and written its own changes, every stored text is still there as it was, or its
// copy set aside verbatim, or (for the store the page wrote) all it held that could be read.
// Seeded: five seeds by default, PENTO_FUZZ_EXAMPLES times as many rounds each for a longer run.
import assert from "node:assert/strict";
import { test } from "node:test";

import { emptyRecord, normaliseRecord, validRecord } from "../../web/model/progress_data.js";
import { progressKey } from "../../web/model/storage.js"; // where the page looks for a puzzle's record

/** A Storage in memory, as a browser's localStorage behaves (strings in, strings out; a quota). */
class MemoryStorage {
  /** @param {number} quota characters it holds, keys included */
  constructor(quota = Infinity) {
    /** @type {Map<string, string>} */
    this.map = new Map();
    this.quota = quota;
  }
  get length() {
    return this.map.size;
  }
  /** @param {number} i */
  key(i) {
    return [...this.map.keys()][i] ?? null;
  }
  /** @param {string} k */
  getItem(k) {
    return this.map.has(k) ? /** @type {string} */ (this.map.get(k)) : null;
  }
  /** @param {string} k @param {string} v */
  setItem(k, v) {
    const used = [...this.map].reduce((n, [a, b]) => n + a.length + b.length, 0) - (this.map.has(k) ? k.length + this.getItem(k).length : 0);
    if (used + k.length + String(v).length > this.quota) throw new Error("QuotaExceededError");
    this.map.set(k, String(v));
  }
  /** @param {string} k */
  removeItem(k) {
    this.map.delete(k);
  }
}

/** A small seeded generator (mulberry32), so that a failure names its seed and round. */
function random(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(next() * n);
  return { next, int, pick: (/** @type {any[]} */ xs) => xs[int(xs.length)], chance: (p) => next() < p };
}

// Values a damaged record may hold anywhere: wrong kinds, extremes, markup, other scripts' digits.
const HOSTILE = [null, true, 0, -1, 1e300, -1e300, 2 ** 53, 0.5, "", "x".repeat(3000), "<img src=x onerror=alert(1)>", "٣", "2026-02-30", "NaN", [], {}, [null], { v: 1 }];

const GAMES = ["cover", "pegs", "twenty", "tangram", "boxes"];
const DAY = Date.UTC(2026, 10, 20);

/** A valid value of each store, as the page writes it. */
function validValues(r) {
  const id = `g${r.int(1e6).toString(36)}`;
  const game = r.pick(GAMES);
  const desc = r.pick(["6x10", "1x5", "english", "square", "3x4x5"]);
  const history = Array.from({ length: 1 + r.int(4) }, (_, k) => `s${k}`);
  const save = { v: 3, id, game, desc, history, at: r.int(history.length), elapsed: r.int(900), solved: r.chance(0.3), assisted: false, title: "A puzzle", picture: null, touched: DAY - r.int(1e9), params: desc, moves: r.int(30) };
  if (r.chance(0.3)) save.daily = "2026-11-20";
  if (r.chance(0.2)) save.race = { id: "RACE42", name: "Ana", started: DAY };
  if (r.chance(0.2)) save.assignment = { id: "AB12CD", index: r.int(3), help: r.chance(0.5) };
  const record = emptyRecord(game, desc, "A puzzle", r.chance(0.3) ? "2026-11-20" : null, DAY);
  if (r.chance(0.5)) record.wins = [{ at: DAY, seconds: 30 + r.int(100), moves: 12, hints: 0 }];
  record.solved = record.wins.length > 0;
  record.best = record.wins.length ? record.wins[0].seconds : null;
  const ranking = { v: 2, boards: { [`${game}:${desc}`]: [{ name: "Ana", seconds: 41, moves: 12, at: "2026-11-20T10:00:00Z" }, { name: "Rui", seconds: 55 }] } };
  const assignment = { assignment: { id: "AB12CD", title: "Week 3", help: true, items: [{ game: "cover", desc: "1x5" }, { game: "pegs", desc: "english" }] }, name: "Zoë", slots: [id, null], others: [{ name: "Ana", slots: [null, "other"] }] };
  const draft = { title: "Week 3", help: false, items: [{ game: "cover", desc: "1x5", title: "1 x 5" }], id: "AB12CD", roster: "Ana\nRui" };
  const made = [{ assignment: assignment.assignment, made: DAY }, { assignment: { ...assignment.assignment, id: "ZZ99YY" }, made: DAY - 1 }];
  const codes = ["P1-ABCD-EFGH", "P2-IJKL-MNOP", "P3-QRST-UVWX"];
  return { save, record, ranking, assignment, draft, made, codes };
}

/** ``value`` with one part replaced by a hostile value (or left alone), at any depth. */
function mutate(r, value, depth = 0) {
  if (r.chance(0.35) || depth > 4) return depth === 0 ? value : r.pick(HOSTILE);
  if (Array.isArray(value)) {
    if (!value.length) return r.pick(HOSTILE);
    const out = value.slice();
    const k = r.int(out.length);
    out[k] = mutate(r, out[k], depth + 1);
    if (r.chance(0.2)) out.push(r.pick(HOSTILE));
    return out;
  }
  if (value && typeof value === "object") {
    const keys = Object.keys(value);
    const out = { ...value };
    if (!keys.length || r.chance(0.15)) out[r.pick(["extra", "__proto__", "v", "wins"])] = r.pick(HOSTILE);
    else {
      const k = r.pick(keys);
      if (r.chance(0.2)) delete out[k];
      else out[k] = mutate(r, out[k], depth + 1);
    }
    return out;
  }
  return r.pick(HOSTILE);
}

/** The stored text of ``value``: its JSON, now and then cut short or not JSON at all. */
function stored(r, value) {
  const text = JSON.stringify(value) ?? "null";
  if (r.chance(0.08)) return text.slice(0, r.int(text.length));
  if (r.chance(0.04)) return r.pick(["", "{", "undefined", "<html>", "\u0000\uffff"]);
  return text;
}

/** A device's storage: a few of each store, each valid or damaged. */
function device(r) {
  /** @type {[string, string][]} */
  const items = [];
  for (let k = 0; k < 1 + r.int(4); k++) {
    const v = validValues(r);
    const save = r.chance(0.5) ? mutate(r, v.save) : v.save;
    items.push([`pento.game.${save && typeof save.id === "string" ? save.id : v.save.id}`, stored(r, save)]);
    const record = r.chance(0.5) ? mutate(r, v.record) : v.record;
    items.push([progressKey(v.record.game, v.record.desc), stored(r, record)]);
  }
  const v = validValues(r);
  for (const [key, value] of [
    ["pento.ranking", v.ranking],
    ["pento.assign.AB12CD", v.assignment],
    ["pento.assign-draft", v.draft],
    ["pento.assign-made", v.made],
    ["pento.race.AB12CD", v.codes],
  ]) {
    if (r.chance(0.85)) items.push([key, stored(r, r.chance(0.6) ? mutate(r, value) : value)]);
  }
  if (r.chance(0.3)) items.push(["pento.language", r.pick(["de", "pt", "xx-evil", "<b>"])]);
  return new Map(items);
}

const isSave = (e) =>
  typeof e.id === "string" && typeof e.game === "string" && typeof e.desc === "string" && Array.isArray(e.history) && e.history.every((s) => typeof s === "string") &&
  Number.isInteger(e.at) && e.at >= 0 && e.at < e.history.length && Number.isFinite(e.elapsed) && Number.isFinite(e.touched) && typeof e.title === "string" &&
  typeof e.solved === "boolean" && (e.picture === null || Array.isArray(e.picture)) && (e.daily === undefined || /^\d{4}-\d{2}-\d{2}$/.test(e.daily));

/** Whether ``text`` is in ``after`` under ``key`` or verbatim under a key set aside for ``key``. */
const keptOrAside = (after, key, text) => after.get(key) === text || [...after].some(([k, v]) => k.startsWith("pento.aside.") && k.endsWith(`.${key}`) && v === text);

/** Parse ``text`` as JSON, or undefined. */
function parsed(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

let instance = 0;

/** One device: storage.js loaded afresh over it, every reader run, the page's own writes made, and the checks. */
async function round(seed, n, quota) {
  const r = random(seed * 7919 + n);
  const before = device(r);
  const storage = new MemoryStorage(quota);
  for (const [k, v] of before) storage.map.set(k, v);
  globalThis.window = /** @type {any} */ ({ localStorage: storage });
  const s = await import(`../../web/model/storage.js?device=${instance++}`);
  const told = [];
  s.whenRecordsSetAside((report) => told.push(report));
  const where = `seed ${seed}, round ${n}${quota < Infinity ? ", storage full" : ""}`;

  // every reader answers, with what its callers rely on
  const saves = s.listSaves(() => {});
  assert.ok(saves.every(isSave), where);
  for (const key of before.keys()) if (key.startsWith("pento.game.")) s.getSave(key.slice("pento.game.".length));
  const records = s.listProgress(() => {});
  assert.ok(records.every(validRecord), where);
  for (const game of GAMES) for (const desc of ["6x10", "1x5", "english"]) assert.ok(s.loadRanking(game, desc).every((e) => typeof e.name === "string" && Number.isFinite(e.seconds)), where);
  const pupil = s.loadAssignment("AB12CD");
  if (pupil !== null) assert.ok(typeof pupil.name === "string" && pupil.slots.every((x) => x === null || typeof x === "string") && pupil.others.every((o) => typeof o.name === "string"), where);
  const draft = s.loadDraft();
  assert.ok(typeof draft.title === "string" && typeof draft.roster === "string" && draft.items.every((i) => typeof i.game === "string" && typeof i.desc === "string"), where);
  const made = s.loadMade();
  assert.ok(made.every((e) => typeof e.assignment.id === "string" && Number.isFinite(e.made)), where);
  const codes = s.loadRaceCodes("AB12CD");
  assert.ok(codes.every((c) => typeof c === "string"), where);
  assert.ok(["ok", "full", "blocked"].includes(s.storageState()), where);
  assert.ok(s.loadLanguage() === null || /^[a-z]{2}$/.test(s.loadLanguage()), where);
  s.teacherExport();

  // the page's own writes: a new game, a win, a time, a pupil's next puzzle, a code, a new assignment
  const fresh = validValues(r);
  s.writeSave({ ...fresh.save, id: "newgame" });
  s.trackProgress("cover", "6x10", "6 x 10", null, { win: { at: DAY, seconds: 77, moves: 12, hints: 0 } });
  s.addToRanking("cover", "6x10", { name: "Eve", seconds: 77 });
  s.updateAssignment(fresh.assignment.assignment, (rec) => {
    rec.slots[1] = "newgame";
  });
  s.saveRaceCodes("AB12CD", [...s.loadRaceCodes("AB12CD"), "P9-NEW0-CODE"]);
  s.rememberMade({ assignment: { ...fresh.assignment.assignment, id: "NEW001" }, made: DAY });

  // nothing stored is lost
  const after = storage.map;
  const cutoff = Date.now() - 30 * 86400e3;
  for (const [key, text] of before) {
    if (keptOrAside(after, key, text)) continue;
    const old = parsed(text);
    const now = parsed(after.get(key) ?? "null");
    const what = `${where}: ${key} = ${text.slice(0, 200)} became ${String(after.get(key)).slice(0, 200)}`;
    if (key.startsWith("pento.game.")) assert.ok(old && old.abandoned < cutoff, `a save was lost (${what})`); // an abandoned game's 30 days are over
    else if (key.startsWith("pento.progress.")) {
      // the record the page added a win to: every win it held that reads is still there
      assert.ok(now && validRecord(now), what);
      for (const w of validRecord(old) ? normaliseRecord(old).wins : []) assert.ok(now.wins.some((x) => x.at === w.at && x.seconds === w.seconds), `a win was lost (${what})`);
    } else if (key === "pento.race.AB12CD") for (const c of old) assert.ok(now.includes(c), `a code was dropped (${what})`);
    else if (key === "pento.assign-made") for (const e of old) assert.ok(now.some((x) => x.assignment.id === e.assignment.id), `an assignment was dropped (${what})`);
    else if (key === "pento.assign.AB12CD") {
      assert.equal(now.name, old.name, what);
      // each puzzle's game stays linked (the page wrote puzzle 1's)
      old.slots.forEach((x, k) => assert.ok(k === 1 || k >= 2 || !x || now.slots[k] === x, `a pupil's game was unlinked (${what})`));
      assert.equal(now.others.length, (old.others || []).length, `a pupil who played here before was dropped (${what})`);
    } else if (key === "pento.ranking") {
      // the ten fastest of the board the page wrote are kept; every other board as it was
      for (const [board, list] of Object.entries(old.boards)) if (board !== "cover:6x10") assert.deepEqual(now.boards[board], list, what);
    } else if (key === "pento.assign-draft" || key === "pento.language") assert.fail(`changed though nothing wrote it (${what})`);
    else assert.fail(`lost: ${what}`);
  }
  // a store set aside is said (saves and progress are said by their lists' callbacks)
  const asideRecords = [...after.keys()].filter((k) => k.startsWith("pento.aside.") && !/\.pento\.(game|progress)\./.test(k));
  assert.ok(asideRecords.length === 0 || told.length > 0, `${where}: set aside without a word`);
}

const SEEDS = [1, 2, 3, 4, 5];
const ROUNDS = 60 * Number(process.env.PENTO_FUZZ_EXAMPLES || "1");

test("whatever a device has stored, every reader answers and nothing stored is lost", async () => {
  for (const seed of SEEDS) for (let n = 0; n < ROUNDS; n++) await round(seed, n, Infinity);
});

test("the same with storage full: what does not fit is kept for the visit, nothing stored is lost", async () => {
  for (const seed of SEEDS) for (let n = 0; n < ROUNDS / 3; n++) await round(seed, n, 0);
});

test("the fuzzer can fail: a reader that drops a damaged code list unseen is caught", async () => {
  const storage = new MemoryStorage();
  storage.map.set("pento.race.AB12CD", '["P1-ABCD", 7]');
  globalThis.window = /** @type {any} */ ({ localStorage: storage });
  const s = await import(`../../web/model/storage.js?device=${instance++}`);
  s.saveRaceCodes("AB12CD", [...s.loadRaceCodes("AB12CD"), "P2-EFGH"]);
  // the list that did not read in full was copied aside verbatim before it was written again
  assert.ok(keptOrAside(storage.map, "pento.race.AB12CD", '["P1-ABCD", 7]'));
  // and without that copy, the check above would have failed
  for (const k of [...storage.map.keys()]) if (k.startsWith("pento.aside.")) storage.map.delete(k);
  assert.equal(keptOrAside(storage.map, "pento.race.AB12CD", '["P1-ABCD", 7]'), false);
});
