// My progress: the page (#progress) that shows what this device keeps of the player's games (per
// game and per puzzle, a plot of times, the streak of puzzles of the day), saves it to a file,
// loads it back and clears it. It knows no game: titles come from the catalog.
import { CATALOG } from "../catalog.js";
import { todayUtc } from "../play/daily.js";
import { byId, el, saveFile } from "../ui/dom.js";
import { formatNumber, t, tn } from "../ui/i18n.js";
import { formatTime, setAsideNotice, status } from "../play/page.js";
import { ladderPlace, normaliseRecord, streaks, validRecord } from "../model/progress_data.js";
import { clearProgress, listProgress, MAX_PROGRESS, progressImport, storageState } from "../model/storage.js";

const $ = byId;
const SVG = "http://www.w3.org/2000/svg";
const FILE_FORMAT = "pento-progress";
const MAX_FILE = 5_000_000; // characters (and bytes, before reading it): a year of daily play is far less
const STEP = 250; // records written between two looks at the page: an import never freezes it
const PLOTTED = 30; // the latest wins of a game drawn on its plot
const LISTED = 12; // the puzzles of a game listed, most recently played first

/** The progress page, drawn again from storage. */
export function renderProgress() {
  const records = listProgress(setAsideNotice);
  const { current, best } = streaks(records, todayUtc());
  const solved = records.filter((r) => r.solved).length;
  $("progress-summary").replaceChildren(
    el("p", { className: "streak", textContent: tn("Puzzle of the day streak: {n} day", "Puzzle of the day streak: {n} days", current) }),
    el("p", { textContent: t("Your longest streak: {n}.", { n: formatNumber(best) }) }),
    el("p", { textContent: t("Puzzles played: {played}. Solved by you: {solved}.", { played: formatNumber(records.length), solved: formatNumber(solved) }) }),
  );
  const parts = CATALOG.games.map((g) => gamePart(g, records.filter((r) => r.game === g.id))).filter((p) => p !== null);
  $("progress-games").replaceChildren(...(parts.length ? parts : [el("p", { className: "progress-empty", textContent: t("Nothing yet: play a puzzle and it shows here.") })]));
}

function gamePart(game, records) {
  if (!records.length) return null;
  const wins = records.flatMap((r) => r.wins).sort((a, b) => a.at - b.at);
  const bests = records.map((r) => r.best).filter((b) => b !== null);
  const line = [
    t("Played: {n}", { n: formatNumber(records.length) }),
    t("Solved: {n}", { n: formatNumber(records.filter((r) => r.solved).length) }),
    bests.length && game.features.includes("timer") ? t("Best time: {time}", { time: formatTime(Math.min(...bests)) }) : "",
    t("Hints: {n}", { n: formatNumber(records.reduce((s, r) => s + r.hints, 0)) }),
    t("Solved by the solver: {n}", { n: formatNumber(records.reduce((s, r) => s + r.solves, 0)) }),
  ].filter(Boolean);
  const section = el("section", { className: "progress-game" }, [el("h3", { textContent: game.title }), el("p", { className: "progress-line", textContent: line.join(" · ") })]);
  if (game.ladders.length) {
    const places = game.ladders.map((l) => t("{board}: {solved} of {size}", { board: l.label, solved: formatNumber(ladderPlace(records, game.id, l).solved), size: formatNumber(l.size) }));
    section.append(el("p", { className: "progress-ladders", textContent: t("Levels solved: {list}", { list: places.join(" · ") }) }));
  }
  section.dataset.game = game.id;
  if (game.features.includes("timer") && wins.length) section.append(timePlot(wins.slice(-PLOTTED)));
  section.append(puzzleTable(game, records));
  return section;
}

/** The puzzles of one game, most recently played first: solved, best time, fewest moves, hints. */
function puzzleTable(game, records) {
  const timed = game.features.includes("timer");
  const head = el("tr", {}, [t("Puzzle"), t("Solved"), ...(timed ? [t("Best time")] : []), t("Fewest moves"), t("Hints")].map((h) => el("th", { scope: "col", textContent: h })));
  const rows = [...records]
    .sort((a, b) => b.last - a.last)
    .slice(0, LISTED)
    .map((r) => {
      // under the game's own heading a puzzle is named without the game ("6 x 10", not "Pentomino cover: 6 x 10")
      const own = r.title.startsWith(`${game.title}: `) ? r.title.slice(game.title.length + 2) : r.title;
      const title = r.daily ? t("{title} (puzzle of the day {date})", { title: own, date: r.daily }) : own;
      const cells = [title, r.solved ? "✓" : "—", ...(timed ? [r.best === null ? "—" : formatTime(r.best)] : []), r.bestMoves === null ? "—" : formatNumber(r.bestMoves), formatNumber(r.hints)];
      return el("tr", {}, cells.map((c, i) => el(i ? "td" : "th", { textContent: c, ...(i ? {} : { scope: "row" }) })));
    });
  const table = el("table", { className: "progress-table" }, [el("thead", {}, [head]), el("tbody", {}, rows)]);
  const more = records.length - LISTED;
  return more > 0 ? el("div", {}, [table, el("p", { textContent: tn("and {n} more puzzle", "and {n} more puzzles", more) })]) : table;
}

/** An SVG plot of the times of ``wins`` (oldest left): a line through one dot per win. */
export function timePlot(wins) {
  const W = 320;
  const H = 120;
  const pad = { left: 44, right: 8, top: 10, bottom: 22 };
  const most = Math.max(...wins.map((w) => w.seconds), 1);
  const x = (i) => pad.left + (wins.length === 1 ? (W - pad.left - pad.right) / 2 : (i * (W - pad.left - pad.right)) / (wins.length - 1));
  const y = (s) => pad.top + (1 - s / most) * (H - pad.top - pad.bottom);
  const node = (tag, attrs, children = []) => {
    const n = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
    n.append(...children);
    return n;
  };
  const first = formatTime(wins[0].seconds);
  const last = formatTime(wins[wins.length - 1].seconds);
  const svg = node("svg", { viewBox: `0 0 ${W} ${H}`, class: "time-plot", role: "img" });
  const label = tn("Your time on {n} win, {first}.", "Your times on the last {n} wins, from {first} to {last}.", wins.length, { first, last });
  svg.append(node("title", {}, [label]));
  svg.append(node("line", { x1: pad.left, y1: H - pad.bottom, x2: W - pad.right, y2: H - pad.bottom, class: "axis" }));
  svg.append(node("line", { x1: pad.left, y1: pad.top, x2: pad.left, y2: H - pad.bottom, class: "axis" }));
  svg.append(node("text", { x: pad.left - 4, y: pad.top + 8, "text-anchor": "end", class: "tick" }, [formatTime(most)]));
  svg.append(node("text", { x: pad.left - 4, y: H - pad.bottom, "text-anchor": "end", class: "tick" }, ["0:00"]));
  svg.append(node("text", { x: W - pad.right, y: H - 6, "text-anchor": "end", class: "tick" }, [t("latest")]));
  svg.append(node("polyline", { points: wins.map((w, i) => `${x(i).toFixed(1)},${y(w.seconds).toFixed(1)}`).join(" "), class: "plot-line" }));
  wins.forEach((w, i) => svg.append(node("circle", { cx: x(i).toFixed(1), cy: y(w.seconds).toFixed(1), r: 3.5, class: "plot-dot" })));
  return svg;
}

/** Save my progress to a file (JSON): it loads back here or on another device. */
export function exportProgress() {
  const records = listProgress(setAsideNotice);
  const data = { format: FILE_FORMAT, version: 1, exported: new Date().toISOString(), records };
  saveFile(new Blob([JSON.stringify(data)], { type: "application/json" }), `pento-progress-${todayUtc()}.json`);
  status(tn("Saved {n} puzzle to the file.", "Saved {n} puzzles to the file.", records.length), "success");
}

/**
 * The records of a progress file's text; a file that is not one throws with a message a player
 * reads. Records this version cannot read are skipped and counted.
 */
export function readProgressFile(content) {
  let data = null;
  try {
    data = content.length <= MAX_FILE ? JSON.parse(content) : null;
  } catch {
    data = null;
  }
  if (!data || data.format !== FILE_FORMAT || !Array.isArray(data.records)) throw new Error(t("That file is not a Pento progress file. Nothing was changed."));
  const good = data.records.filter(validRecord).map(normaliseRecord);
  return { records: good, skipped: data.records.length - good.length };
}

/** Load a progress file chosen by the player, merged with what this device keeps, a step at a time. */
export async function importFile(file) {
  if (file.size > MAX_FILE) {
    status(t("That file is too large to be a progress file (more than 5 MB). Nothing was changed."), "error");
    return;
  }
  /** @type {{records: any[], skipped: number}} */
  let read;
  try {
    read = readProgressFile(await file.text());
  } catch (err) {
    status(err instanceof Error ? err.message : String(err), "error");
    return;
  }
  if (storageState() === "blocked") {
    // every record would be refused: say why, not "no room" (issue 45)
    status(t("This page cannot keep progress here (the browser blocks it, as in some embedded pages), so nothing was loaded from the file."), "error");
    return;
  }
  const { records, skipped } = read;
  const into = progressImport();
  for (let from = 0; from < records.length; from += STEP) {
    into.add(records.slice(from, from + STEP));
    if (from + STEP < records.length) {
      status(t("Loading your progress: {done} of {all} puzzles…", { done: formatNumber(from + STEP), all: formatNumber(records.length) }));
      await new Promise((resolve) => setTimeout(resolve, 0)); // the page stays responsive
    }
  }
  const { loaded, noRoom } = into.totals;
  renderProgress();
  const parts = [tn("Loaded {n} puzzle from the file.", "Loaded {n} puzzles from the file.", loaded, { n: formatNumber(loaded) })];
  if (skipped) parts.push(tn("{n} entry could not be read and was skipped.", "{n} entries could not be read and were skipped.", skipped, { n: formatNumber(skipped) }));
  if (noRoom) parts.push(tn("{n} puzzle was not loaded: this device keeps at most {most} puzzles of progress, and has no room for more.", "{n} puzzles were not loaded: this device keeps at most {most} puzzles of progress, and has no room for more.", noRoom, { n: formatNumber(noRoom), most: formatNumber(MAX_PROGRESS) }));
  status(parts.join(" "), noRoom || skipped ? "error" : "success");
}

/** Clear my progress, once the player said yes in the dialog. */
export function clearAll() {
  clearProgress();
  renderProgress();
  status(t("Your progress on this device was cleared. Your saved games are still there."), "success");
}
