// My progress as data (web/model/progress_data.js): a win, a merge, a corrupt field, the streak.
import assert from "node:assert/strict";
import { test } from "node:test";

import { addDays, applyChange, emptyRecord, isDate, ladderPlace, MAX_WINS, mergeRecords, normaliseRecord, streaks, utcDate, validRecord } from "../../web/model/progress_data.js";

const at = (date, hour = 12) => Date.parse(`${date}T${String(hour).padStart(2, "0")}:00:00Z`);
const win = (date, seconds, extra = {}) => ({ at: at(date), seconds, moves: 10, hints: 0, ...extra });
const daily = (date, ...wins) => ({ ...emptyRecord("pegs", `desc ${date}`, "Pegs", date, at(date, 8)), wins, solved: wins.length > 0 });

test("a win keeps the best time and fewest moves, and the hints asked add up", () => {
  let r = emptyRecord("cover", "6x10", "Cover", null, 1000);
  r = applyChange(r, { hints: 1, now: 2000 });
  r = applyChange(r, { win: { at: 3000, seconds: 90, moves: 14, hints: 1 }, now: 3000 });
  r = applyChange(r, { win: { at: 4000, seconds: 120, moves: 12, hints: 0 }, now: 4000 });
  assert.equal(r.solved, true);
  assert.equal(r.best, 90);
  assert.equal(r.bestMoves, 12);
  assert.equal(r.hints, 1);
  assert.equal(r.wins.length, 2);
  assert.equal(r.last, 4000);
});

test("a record keeps its latest wins only, and its best from the ones dropped", () => {
  let r = emptyRecord("cover", "6x10", "Cover");
  r = applyChange(r, { win: { at: 1, seconds: 5, moves: 3, hints: 0 } });
  for (let k = 0; k < MAX_WINS + 5; k++) r = applyChange(r, { win: { at: 10 + k, seconds: 60 + k, moves: 9, hints: 0 } });
  assert.equal(r.wins.length, MAX_WINS);
  assert.equal(normaliseRecord(JSON.parse(JSON.stringify(r))).best, 5);
});

test("a record with wrong fields is read with what is right in it; a non-record is refused", () => {
  const read = normaliseRecord({ v: 1, game: "pegs", desc: "english", hints: -3, solves: "x", daily: "tomorrow", wins: [{ at: 5, seconds: 30 }, { at: "x" }, null] });
  assert.equal(read.hints, 0);
  assert.equal(read.solves, 0);
  assert.equal(read.daily, null);
  assert.deepEqual(read.wins, [{ at: 5, seconds: 30, moves: 0, hints: 0 }]);
  assert.equal(read.solved, true);
  for (const bad of [null, [], "x", { v: 1, game: "", desc: "d" }, { game: "pegs", desc: "d" }, { v: 1, game: "pegs", desc: 3 }, { v: 1, game: "pegs", desc: "d", wins: {} }]) {
    assert.equal(validRecord(bad), false, JSON.stringify(bad));
  }
});

test("an import merges the wins of both once and keeps the larger counts", () => {
  const mine = applyChange(emptyRecord("pegs", "d", "P", null, 100), { win: { at: 200, seconds: 50, moves: 8, hints: 0 }, hints: 2 });
  const theirs = applyChange(emptyRecord("pegs", "d", "P", null, 50), { win: { at: 300, seconds: 40, moves: 9, hints: 1 } });
  const both = mergeRecords(mine, applyChange(theirs, { win: { at: 200, seconds: 50, moves: 8, hints: 0 } }));
  assert.deepEqual(both.wins.map((w) => w.at), [200, 300]);
  assert.equal(both.best, 40);
  assert.equal(both.bestMoves, 8);
  assert.equal(both.hints, 2);
  assert.equal(both.first, 50);
  assert.deepEqual(mergeRecords(both, both), both);
});

test("the streak counts days in a row with the day's puzzle solved on its day", () => {
  const today = "2026-11-25";
  const records = [daily("2026-11-22", win("2026-11-22", 60)), daily("2026-11-23", win("2026-11-23", 60)), daily("2026-11-24", win("2026-11-24", 60))];
  assert.deepEqual(streaks(records, today), { current: 3, best: 3 }); // today not played yet: still alive
  assert.deepEqual(streaks([...records, daily(today, win(today, 30))], today), { current: 4, best: 4 });
  assert.deepEqual(streaks(records, "2026-11-26"), { current: 0, best: 3 }); // a day missed
  // solved a day late, or not solved, or by the solver (no win): no day
  const late = daily("2026-11-20", win("2026-11-21", 60));
  const unsolved = daily("2026-11-21");
  assert.deepEqual(streaks([late, unsolved, ...records], today), { current: 3, best: 3 });
  assert.deepEqual(streaks([], today), { current: 0, best: 0 });
});

test("days are counted in UTC across months and years", () => {
  assert.equal(addDays("2026-12-31", 1), "2027-01-01");
  assert.equal(addDays("2028-03-01", -1), "2028-02-29");
  const records = ["2026-12-30", "2026-12-31", "2027-01-01"].map((d) => daily(d, win(d, 10)));
  assert.deepEqual(streaks(records, "2027-01-01"), { current: 3, best: 3 });
  // just before midnight UTC still counts for that day
  assert.deepEqual(streaks([daily("2026-11-23", { at: at("2026-11-23", 23) + 59 * 60e3, seconds: 1, moves: 1, hints: 0 })], "2026-11-23"), { current: 1, best: 1 });
});

test("a ladder's place: the level after the highest solved, skipped levels still unsolved", () => {
  const ladder = { params: "level:6x10", size: 100 };
  const won = (desc, game = "cover") => applyChange(emptyRecord(game, desc, desc, null, 1), { win: { at: 2, seconds: 30, moves: 2, hints: 0 } });
  assert.deepEqual(ladderPlace([], "cover", ladder), { solved: 0, next: 1 });
  const records = [
    won("level:6x10:1"),
    won("level:6x10:2"),
    won("level:6x10:5"),
    emptyRecord("cover", "level:6x10:6", "played, not solved"),
    won("level:5x12:9"), // another ladder
    won("level:6x10:7", "twenty"), // another game
    won("level:6x10:x"),
    won("level:6x10:300"),
  ];
  assert.deepEqual(ladderPlace(records, "cover", ladder), { solved: 3, next: 6 });
  assert.deepEqual(ladderPlace([won("level:6x10:100")], "cover", ladder), { solved: 1, next: 100 });
});

test("a moment no Date can hold, or an absurd time, is no win: the record still reads and counts (issue 45)", () => {
  // the file of the issue: a valid daily and a win at 1e300 ms made every later page throw
  const raw = { v: 1, game: "cover", desc: "6x10", daily: "2026-01-01", wins: [{ at: 1e300, seconds: 1 }, { at: at("2026-01-01"), seconds: 1e300 }, { at: at("2026-01-01"), seconds: 40 }] };
  assert.ok(validRecord(raw));
  const r = normaliseRecord(raw);
  assert.deepEqual(r.wins.map((w) => w.seconds), [40]);
  assert.equal(r.best, 40);
  assert.deepEqual(streaks([r], "2026-01-01"), { current: 1, best: 1 });
  const bad = normaliseRecord({ v: 1, game: "cover", desc: "6x10", first: 1e300, last: -5, best: 1e300, hints: 1e300, wins: [{ at: -1e300, seconds: 3 }] });
  assert.deepEqual([bad.first, bad.last, bad.best, bad.hints, bad.wins.length], [0, 0, null, 0, 0]);
  assert.equal(utcDate(1e300), "");
  assert.equal(utcDate(Number.NaN), "");
});

test("a day of the calendar in ASCII digits only, and a ladder's levels as the core reads them", () => {
  assert.ok(isDate("2026-02-28") && isDate("2024-02-29"));
  for (const d of ["2026-02-30", "2026-13-01", "٢٠٢٦-١١-٢٣", "2026-1-01", "", null]) assert.equal(isDate(d), false, String(d));
  assert.equal(normaliseRecord({ v: 1, game: "pegs", desc: "x", daily: "2026-02-30" }).daily, null);
  const ladder = { params: "6x10", size: 10 };
  const solved = (desc) => ({ ...emptyRecord("cover", desc, "Cover"), solved: true });
  // "٣", " 3", "3.0", "0x3", "03" are other puzzles than level 3 (the core refuses them as levels)
  const place = ladderPlace(["6x10:٣", "6x10: 3", "6x10:3.0", "6x10:0x3", "6x10:03"].map(solved), "cover", ladder);
  assert.deepEqual(place, { solved: 0, next: 1 });
  assert.deepEqual(ladderPlace([solved("6x10:3")], "cover", ladder), { solved: 1, next: 4 });
});
