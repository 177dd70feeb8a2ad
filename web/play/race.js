// The class race, on the page's side: the teacher's race link and QR code, the pupil's name
// and result code, and the teacher's results page. The rules (race ids, names, codes, checking
// every solution, the ranking) are the core's (pento_core.classroom.race); this module shows
// them. Links keep everything after "#", so a name or a code never reaches any server.
//
//   #race:ID:game:desc[:state]     a pupil's race (the state while playing)
//   #results:ID:game:desc[:code]   the teacher's results (a scanned code is added, then dropped)

import { byId, el, saveFile, showCodeText } from "../ui/dom.js";
import { formatNumber, t, tn } from "../ui/i18n.js";
import { fragment, pageBase, text } from "./page.js";
import { qrCanvas } from "../ui/qr.js";
import { share } from "../ui/share.js";
import { Scanner } from "../ui/scanner.js";
import { loadRaceCodes, MAX_RACE_CODES, saveRaceCodes, storageState } from "../model/storage.js";

const $ = byId;

const base = pageBase;

export const raceHash = (id, game, desc, state = "") =>
  fragment(["race", id, game, desc, ...(state ? [state] : [])]);
export const resultsHash = (id, game, desc, code = "") =>
  fragment(["results", id, game, desc, ...(code ? [code] : [])]);

/** A race as the assignment it is: one puzzle, no title, no help (the core's race_assignment). */
export const raceAssignment = (id, game, desc) => ({ id, title: "", help: false, items: [{ game, desc }] });

/** Race and results links in the address (``parts`` already decoded), or null for any other. */
export function parseRaceHash(parts) {
  const [kind, id = "", game = "", desc = "", last = ""] = parts;
  if (kind === "race") return { race: id, game, desc, state: last };
  if (kind === "results") return { results: id, game, desc, code: last };
  return null;
}

/** Tenths of a second as the clock shows them: 1:05.3 */
export function raceTime(tenths) {
  const s = Math.floor(tenths / 10);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}.${tenths % 10}`;
}

export async function showQr(core, holder, text, largest = 360) {
  const { rows } = await core.request("qr", { text });
  holder.replaceChildren(qrCanvas(rows, text, Math.min(largest, window.innerWidth - 80, window.innerHeight - 300)));
}

async function copy(text, onDone) {
  try {
    await navigator.clipboard.writeText(text);
    onDone(true);
  } catch {
    onDone(false);
  }
}

/** A race link or a result code to the system's share sheet where there is one, else copied. */
export async function shareText(text, { shared, copied, failed }, ui) {
  const how = await share(/^https?:/.test(text) ? { url: text } : { text }, text);
  if (how === "shared") ui.status(shared, "success");
  else if (how === "copied") ui.status(copied, "success");
  else if (how === "failed") failed();
}

/**
 * The teacher's dialog: a new race (or race ``id`` again) on ``game``/``desc``: its link as text
 * and QR code, and the results page's link. ``ui``: {core, status, plain}.
 */
export async function showRaceDialog(ui, { game, desc, title, id = null }) {
  const race = id || (await ui.core.request("race", { game, desc })).race;
  const link = base() + raceHash(race, game, desc);
  $("race-dialog-text").textContent =
    t("Everyone who opens this link plays {game} against the clock, and gets a result code when they finish.", { game: title }) +
    " " +
    t("Collect the codes on the results page (race {race}).", { race });
  $("race-link").value = link;
  $("race-results-link").href = base() + resultsHash(race, game, desc);
  $("race-qr").replaceChildren(el("p", { textContent: t("Drawing the QR code…") }));
  if (!$("race-dialog").open) $("race-dialog").showModal();
  $("race-link-copy").onclick = () =>
    shareText(link, { shared: t("Race link shared."), copied: t("Race link copied."), failed: () => $("race-link").select() }, ui);
  await showQr(ui.core, $("race-qr"), link);
  return race;
}

/**
 * Ask a pupil's name before a race starts. Resolves to the name (checked by the core) or null
 * when they chose not to race now. `better`, when given, resolves to a better title (the engine's);
 * `abort`, when it resolves, closes the question with null (the puzzle turned out unplayable).
 * @param {any} ui
 * @param {string} title
 * @param {string} [given]
 * @param {Promise<string> | null} [better]
 * @param {Promise<unknown> | null} [abort]
 * @returns {Promise<string | null>}
 */
export function askName(ui, title, given = "", better = null, abort = null) {
  const dialog = $("race-start");
  const say = (game) =>
    ($("race-start-text").textContent =
      t("Everyone plays the same puzzle: {game}. Type your name; the clock starts when you press Start.", { game }) +
      " " +
      t("Hint and Solve are off during a race."));
  say(title);
  if (better) better.then((game) => dialog.open && say(game)); // the engine's title, once it answers
  $("race-name").value = given;
  $("race-name-error").hidden = true;
  return new Promise((resolve) => {
    const finish = (value) => {
      $("race-start-form").onsubmit = null;
      $("race-not-now").onclick = null;
      dialog.oncancel = null;
      if (dialog.open) dialog.close();
      resolve(value);
    };
    $("race-start-form").onsubmit = async (event) => {
      event.preventDefault();
      try {
        const { name } = await ui.core.request("race_name", { name: $("race-name").value });
        finish(name);
      } catch (err) {
        $("race-name-error").textContent = ui.plain(err);
        $("race-name-error").hidden = false;
      }
    };
    $("race-not-now").onclick = () => finish(null);
    if (abort) abort.then(() => dialog.open && finish(null)); // the puzzle cannot be played: no name wanted
    dialog.oncancel = (event) => {
      event.preventDefault();
      finish(null);
    };
    dialog.showModal();
    $("race-name").focus();
  });
}

/**
 * The pupil's result: asks the core for the code of ``session``'s solved race (once; it is kept
 * in ``session.race.code``, and its proof in ``session.race.proof``) and shows it, with a QR code
 * of the results link carrying the proof, in the win dialog. Resolves to the code.
 */
export async function showResult(ui, session, state) {
  const race = session.race;
  if (!race.code) {
    const tenths = Math.max(0, Math.round(race.tenths));
    // a race is an assignment of one puzzle: its code is the short one of assignments
    const assignment = raceAssignment(race.id, session.game, session.desc);
    const work = [{ solved: true, tenths, hints: 0, solves: 0, state }];
    const { code, proof } = await ui.core.request("assignment_code", { assignment, name: race.name, work });
    [race.code, race.proof] = [code, proof];
  }
  showCodeText($("race-code"), race.code);
  $("race-result").hidden = false;
  $("race-copy").onclick = () =>
    shareText(race.code, { shared: t("Code shared."), copied: t("Code copied."), failed: () => ui.status(t("Select the code and copy it."), "info") }, ui);
  // the QR code carries the proof (every solution), the text the code a pupil can read out
  await showQr(ui.core, $("race-result-qr"), base() + resultsHash(race.id, session.game, session.desc, race.proof || race.code));
  return race.code;
}

const scanner = new Scanner();
/** @type {AudioContext | null} made at the first beep (after the press that turned the camera on) */
let audio = null;

/** A short beep and a flash of the camera's frame: a code was read (``ok``) or refused. */
function signal(ok) {
  const video = $("results-video");
  video.dataset.flash = ok ? "ok" : "bad";
  setTimeout(() => delete video.dataset.flash, 600);
  try {
    audio ||= new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = ok ? 880 : 220;
    gain.gain.value = 0.08;
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + (ok ? 0.09 : 0.25));
  } catch {
    /* no sound here: the flash and the status line say it */
  }
}

/** The longest text taken as a result code: a pupil's code for twelve tangram figures is some 1,100
 * characters; anything longer is a paste gone wrong, never stored (it would be checked at every look). */
const MAX_CODE = 4000;

/**
 * What adding codes left out, in words ("" when nothing).
 * @param {{tooLong: number, noRoom: number}} outcome
 * @returns {string}
 */
function leftOutOf({ tooLong, noRoom }) {
  return [
    tooLong ? tn("{n} text is too long to be a result code and was not added.", "{n} texts are too long to be result codes and were not added.", tooLong) : "",
    noRoom ? tn("The list is full ({most} codes): {n} more code was not added.", "The list is full ({most} codes): {n} more codes were not added.", noRoom, { most: MAX_RACE_CODES }) : "",
  ]
    .filter(Boolean)
    .join(" ");
}

/** The result code a scanned text holds: a pupil's results link (#results:ID:game:desc:CODE) or a bare code. */
export function scannedCode(text) {
  const at = text.indexOf("#results:");
  if (at < 0) return text.trim();
  try {
    const parts = text.slice(at + 1).split(":").map((p) => decodeURIComponent(p));
    return parts[4] || "";
  } catch {
    return "";
  }
}

/** The camera on: every code read is added and checked at once; repeats of one held up are ignored. */
async function startScanning(ui, add, render) {
  const seen = new Set();
  const button = $("results-scan");
  const video = $("results-video");
  try {
    video.hidden = false;
    await scanner.start(video, async (text) => {
      const code = scannedCode(text);
      if (!code || seen.has(code)) return;
      seen.add(code);
      const outcome = add([code]);
      if (!outcome.added) {
        if (outcome.tooLong || outcome.noRoom) ui.status(leftOutOf(outcome), "error");
        return; // already in the list
      }
      const entries = await render();
      const entry = entries.find((e) => e.code === code);
      if (entry && entry.rank > 0) {
        signal(true);
        ui.status(t("{name} added: {time}.", { name: entry.name, time: raceTime(entry.tenths) }), "success");
      } else {
        signal(false);
        ui.status(t("A code was refused: {reason}", { reason: ui.plain({ message: entry ? entry.reason : "" }) }), "error");
      }
    });
    button.setAttribute("aria-pressed", "true");
    text(button, t("Stop the camera"));
    ui.status(t("The camera is on: hold a pupil's QR code up to it."), "info");
  } catch (err) {
    stopScanning();
    const name = err && err.name;
    ui.status(
      name === "NotAllowedError"
        ? t("The camera was not allowed. Allow it in the browser's settings, or type the codes.")
        : name === "ReaderMissingError"
          ? t("The QR code reader needs the internet the first time it is used. Connect once, or type the codes.")
          : t("No camera could be opened here: type or paste the codes instead."),
      "error",
    );
  }
}

/**
 * The projector view of the results page: the ranking large, refreshed as codes come in, beside
 * the race's QR code for latecomers; the codes' tools rest (the camera goes on if it is on).
 */
function setProjector(on, ui, link, redraw) {
  if (on) document.body.dataset.projector = "yes";
  else delete document.body.dataset.projector;
  /** @type {HTMLElement} */ ($("results-show").parentElement).hidden = !on;
  projector.page = 0;
  clearInterval(projector.timer);
  // the class's pages, one after another, by themselves: nobody stands at the computer
  projector.timer = on ? setInterval(() => ((projector.page += 1), redraw()), PAGE_MS) : undefined;
  redraw();
  $("results-projector").setAttribute("aria-pressed", String(on));
  text($("results-projector"), on ? t("Leave projector view") : t("Projector view"));
  $("results-join").hidden = !on;
  // as large as a third of the screen allows: read from the back of the room
  if (on) showQr(ui.core, $("results-join-qr"), link, Math.max(200, window.innerWidth * 0.3)).catch((err) => ui.status(ui.plain(err), "error"));
}

/** The projector view's paging: the page of the class on show, and the timer that turns it. */
const projector = { page: 0, /** @type {ReturnType<typeof setInterval> | undefined} */ timer: undefined };
const PAGE_MS = 8000;

/** How many rows of the table fit the projector's screen below its head (at least three). */
const rowsPerPage = () => Math.max(3, Math.floor((window.innerHeight - 240) / 62));

/** A name as its initials ("Ana Silva": "A. S."), for a projector that shows no names. @param {string} name */
const initials = (name) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => `${[...w][0].toUpperCase()}.`)
    .join(" ");

/** The results page left: its camera off, its projector view closed. */
export function leaveResults() {
  stopScanning();
  clearInterval(projector.timer);
  projector.timer = undefined;
  /** @type {HTMLElement} */ ($("results-show").parentElement).hidden = true;
  delete document.body.dataset.projector;
  $("results-join").hidden = true;
  $("results-projector").setAttribute("aria-pressed", "false");
  text($("results-projector"), t("Projector view"));
}

/** The camera off (also when the results page is left). */
export function stopScanning() {
  scanner.stop();
  const video = $("results-video");
  video.srcObject = null;
  video.hidden = true;
  $("results-scan").setAttribute("aria-pressed", "false");
  text($("results-scan"), t("Scan codes with the camera"));
}

/** A code as the core reads it (pento_core.classroom.race.normalised): one code in any spacing, dashes or case. */
const codeKey = (code) => code.replace(/[\s-]+/g, "").toUpperCase();

/** Codes in pasted text: one a line (commas and semicolons also separate them). */
const splitCodes = (text) =>
  text
    .split(/[\n\r,;]+/)
    .map((c) => c.trim())
    .filter(Boolean);

/** ``row`` marked with ``mark`` (data-mark) where it has one: a name that could be taken for another's. */
function withMark(row, mark) {
  if (mark) row.dataset.mark = mark;
  return row;
}

/** A pupil's work on one puzzle, as a cell of the results table: the time solved, or why not. */
function workText(w) {
  if (!w.solved) return w.tenths ? t("not solved") : "–";
  const hints = w.hints ? " " + tn("({n} hint)", "({n} hints)", w.hints) : "";
  return (w.solves ? t("Solve") : raceTime(w.tenths)) + hints + reportedMark(w);
}

/** A solve the teacher has only the pupil's word for (a spoken code holds no solution): a mark
 * the table's legend explains; nothing for a solution checked. */
function reportedMark(w) {
  return onlyReported(w) ? "\u00a0*" : ""; // kept on the line of the time it marks
}

/** Whether a puzzle's work is a solve whose solution the code did not carry (a spoken code's). */
const onlyReported = (w) => w.solved && w.proved === false;

/**
 * The teacher's results page of an assignment (a race is one of one puzzle): ``target``
 * {assignment, race, code?}; ``ui``: {core, status, plain, heading, titles}. Codes are kept on this
 * device per assignment id; each time the page shows them, the core checks every one again.
 */
export async function showResults(ui, target) {
  const { assignment, race: isRace } = target;
  const { id } = assignment;
  const count = assignment.items.length;
  const titles = ui.titles;
  $("results-title").textContent = ui.heading;
  $("results-about").textContent = isRace
    ? t("Race {race}. Ranked by time; every solution is checked against the puzzle's rules on this device.", { race: id })
    : t("Assignment {id}: {n} puzzles. Ranked by puzzles solved without Solve, then by time; every solution is checked against the puzzle's rules on this device.", { id, n: count });
  // storage full or blocked (a frame, a private window): the codes live only as long as the page
  if (storageState() !== "ok") $("results-about").textContent += " " + t("This device cannot keep these codes: they are lost when this page closes. Copy all codes, or download the CSV, before you close it.");
  text($("results-join-text"), isRace ? t("Join the race: scan this with your phone or tablet.") : t("Open the assignment: scan this with your phone or tablet."));
  $("results-show-race").hidden = !isRace;
  const link = base() + (isRace ? raceHash(id, assignment.items[0].game, assignment.items[0].desc) : target.link);
  const codes = () => loadRaceCodes(id);
  let shown = /** @type {any[]} */ ([]); // the rows last checked
  let sortBy = "rank";
  // the table's head: rank, name, time; for an assignment also how many solved, and each puzzle
  const sortable = (key, label) => {
    const b = el("button", { type: "button", className: "sort", textContent: label });
    b.dataset.sort = key;
    b.onclick = () => {
      sortBy = key;
      drawRows();
    };
    const th = el("th", { scope: "col" }, [b]);
    th.setAttribute("aria-sort", key === sortBy ? "ascending" : "none");
    return th;
  };
  const puzzleHeads = count > 1 ? titles.map((title, k) => el("th", { scope: "col", title, className: "puzzle-cell", textContent: t("Puzzle {n}", { n: k + 1 }) })) : [];
  const solvedHead = isRace ? [] : [el("th", { scope: "col", textContent: t("Solved") })];
  const removeHead = el("th", { scope: "col", className: "remove-cell" }, [el("span", { className: "sr-only", textContent: t("Remove") })]);
  $("results-head").replaceChildren(el("tr", {}, [sortable("rank", t("Rank")), sortable("name", t("Name")), ...solvedHead, sortable("time", t("Time")), ...puzzleHeads, removeHead]));
  /** Add codes to the list: never one too long to be a code, never past the list's size (old
   * codes are never dropped for new ones). What was added, and what was not and why. */
  const add = (more) => {
    const list = codes();
    const fresh = [...new Set(more)].filter((c) => !list.includes(c));
    const fits = fresh.filter((c) => c.length <= MAX_CODE);
    const kept = fits.slice(0, Math.max(0, MAX_RACE_CODES - list.length));
    if (kept.length) saveRaceCodes(id, list.concat(kept));
    return { added: kept.length, tooLong: fresh.length - fits.length, noRoom: fits.length - kept.length };
  };
  const render = async () => {
    let rows;
    try {
      // a class's first look may take seconds (every solution checked): say how far it is
      const checking = (p) => ($("results-count").textContent = t("Checking the codes: {n} of {total}…", { n: formatNumber(p.nodes), total: formatNumber(codes().length) }));
      ({ rows } = await ui.core.request("assignment_results", { assignment, codes: codes() }, { onProgress: checking }));
    } catch (err) {
      if (err.code === "cancelled") throw err;
      // The page always opens and every code can still be removed: the codes are listed unchecked.
      ui.status(t("The codes could not be checked: {reason} You can remove them below.", { reason: ui.plain(err) }), "error");
      rows = codes().map((code) => ({ code, rank: 0, name: "", solved: 0, tenths: 0, work: [], reason: t("not checked") }));
    }
    shown = rows;
    drawRows();
    const reported = rows.some((e) => e.rank > 0 && e.work.some(onlyReported));
    $("results-reported").hidden = !reported;
    const counted = rows.filter((e) => e.rank > 0);
    const refused = rows.filter((e) => e.rank === 0 && !e.absent);
    const absent = rows.filter((e) => e.absent).length;
    const finished = counted.filter((e) => e.work.every((w) => w.solved)).length;
    $("results-count").textContent = !counted.length
      ? t("No results yet: paste codes, or scan pupils' QR codes with this device's camera.")
      : isRace
        ? tn("{n} pupil finished.", "{n} pupils finished.", counted.length)
        : tn("{n} pupil handed in a code", "{n} pupils handed in a code", counted.length) + ", " + tn("{n} finished every puzzle.", "{n} finished every puzzle.", finished);
    if (absent) $("results-count").textContent += " " + tn("{n} on the class list has no code yet.", "{n} on the class list have no code yet.", absent);
    $("refused-title").hidden = refused.length === 0;
    $("results-refused").replaceChildren(
      ...refused.map((e) => el("li", {}, [el("code", { textContent: e.code }), document.createTextNode(` — ${ui.plain({ message: e.reason })} `), removeButton(e)])),
    );
    return rows;
  };
  /** A button that takes one code, ``row``'s, off this device's list (after asking). */
  const removeButton = (row) => {
    const who = row.rank > 0 ? row.name : row.code.slice(0, 24);
    const b = el("button", { type: "button", className: "remove-code", textContent: "✕", title: t("Remove this code") });
    b.setAttribute("aria-label", t("Remove the code of {name}", { name: who }));
    b.onclick = async () => {
      const list = codes();
      if (!(row.at in list) || !window.confirm(t("Remove the code of {name} from this device? To count it again, it must be handed in again.", { name: who }))) return;
      const key = codeKey(list[row.at]);
      saveRaceCodes(id, list.filter((c) => codeKey(c) !== key)); // the code, in every spelling it was given in
      await render();
      ui.status(t("The code of {name} was removed.", { name: who }), "success");
    };
    return b;
  };
  /** The counted results in the order asked (by rank, by name or by time), drawn. */
  const drawRows = () => {
    let counted = shown.filter((e) => e.rank > 0);
    let absent = shown.filter((e) => e.absent);
    if (sortBy === "name") counted.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: "base" }));
    if (sortBy === "time") counted.sort((a, b) => a.tenths - b.tenths);
    // the projector: the top five, or a page of the class at a time (turned by its timer); names
    // as initials when the teacher wants none on the wall; nobody is named for having no code
    const onWall = document.body.dataset.projector === "yes";
    const showing = $("results-show").value;
    let pageText = "";
    if (onWall) {
      absent = [];
      if (showing === "top") counted = counted.slice(0, 5);
      else {
        const per = rowsPerPage();
        const pages = Math.max(1, Math.ceil(counted.length / per));
        const at = projector.page % pages;
        counted = counted.slice(at * per, (at + 1) * per);
        if (pages > 1) pageText = t("Page {n} of {total}", { n: at + 1, total: pages });
      }
      if (showing === "initials") counted = counted.map((e) => ({ ...e, name: initials(e.name) }));
    }
    $("results-page").hidden = !pageText;
    text($("results-page"), pageText);
    $("results-rows").replaceChildren(
      ...counted.map((e) =>
        withMark(el("tr", {}, [
          el("td", { textContent: String(e.rank) }),
          el("th", { scope: "row" }, [document.createTextNode(e.name), ...(e.mark ? [el("span", { className: "name-note", textContent: e.note })] : [])]),
          ...(isRace ? [] : [el("td", { textContent: t("{n} of {total}", { n: e.work.filter((w) => w.solved).length, total: count }) })]),
          el("td", { textContent: raceTime(e.tenths) + (count > 1 ? "" : e.work.map(reportedMark).join("")) }),
          ...(count > 1 ? e.work.map((w) => el("td", { className: "puzzle-cell", textContent: workText(w) })) : []),
          el("td", { className: "remove-cell" }, [removeButton(e)]),
        ]), e.mark),
      ),
      // the class list's names with no code yet, after the ranking
      ...absent.map((e) =>
        el("tr", { className: "absent" }, [
          el("td", { textContent: "–" }),
          el("th", { scope: "row" }, [document.createTextNode(e.name), el("span", { className: "name-note absent-note", textContent: t("no code yet") })]),
          ...(isRace ? [] : [el("td", { textContent: "–" })]),
          el("td", { textContent: "–" }),
          ...(count > 1 ? titles.map(() => el("td", { className: "puzzle-cell", textContent: "–" })) : []),
          el("td", { className: "remove-cell" }),
        ]),
      ),
    );
    for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll("#results-table .sort"))) {
      b.closest("th").setAttribute("aria-sort", b.dataset.sort === sortBy ? "ascending" : "none");
    }
  };
  if (target.code) {
    const outcome = add([target.code]);
    if (outcome.tooLong || outcome.noRoom) ui.status(leftOutOf(outcome), "error");
    history.replaceState(null, "", resultsHash(id, assignment.items[0].game, assignment.items[0].desc)); // the list keeps it, not the address
  }
  $("results-add").onclick = async () => {
    const before = new Set(codes());
    const typed = splitCodes($("results-input").value);
    const outcome = add(typed);
    $("results-input").value = "";
    const rows = await render();
    // what became of the codes just given: counted, or refused (and why: the first reason)
    const fresh = rows.filter((e) => !before.has(e.code) && typed.includes(e.code));
    const refused = fresh.filter((e) => e.rank === 0);
    const added = fresh.length - refused.length;
    const notAdded = leftOutOf(outcome);
    let message = "";
    let kind = "info";
    if (!fresh.length) message = notAdded ? "" : t("Those codes are already in the list.");
    else if (!refused.length) [message, kind] = [tn("{n} code added.", "{n} codes added.", added), "success"];
    else {
      const reason = ui.plain({ message: refused[0].reason });
      const refusedText = tn("{n} refused: {reason}", "{n} refused, the first: {reason}", refused.length, { reason });
      [message, kind] = [tn("{n} code added, {refused}", "{n} codes added, {refused}", added, { refused: refusedText }), "error"];
    }
    if (notAdded) [message, kind] = [`${message} ${notAdded}`.trim(), "error"]; // what was left out is never silent
    ui.status(message, kind);
  };
  $("results-csv").onclick = async () => {
    // the file the command line writes too: made by the engine (pento_core.classroom.spreadsheet)
    let file;
    try {
      ({ text: file } = await ui.core.request("results_csv", { assignment, codes: codes(), titles }));
    } catch (err) {
      if (err.code !== "cancelled") ui.status(t("The file could not be made: {reason}", { reason: ui.plain(err) }), "error");
      return;
    }
    saveFile(new Blob([file], { type: "text/csv;charset=utf-8" }), `pento-${isRace ? "race" : "assignment"}-${id}.csv`);
    const pupils = shown.filter((x) => x.rank > 0).length;
    ui.status(tn("{n} result saved to the file.", "{n} results saved to the file.", pupils), "success");
  };
  $("results-print").onclick = () => window.print();
  $("results-projector").onclick = () => setProjector(!document.body.dataset.projector, ui, link, drawRows);
  $("results-show").onchange = () => {
    projector.page = 0;
    drawRows();
  };
  $("results-scan").onclick = () => (scanner.on ? stopScanning() : startScanning(ui, add, render));
  $("results-copy").onclick = () =>
    copy(codes().join("\n"), (ok) => ui.status(ok ? t("All codes copied: paste them on another device's results page.") : t("Copying is blocked here."), ok ? "success" : "error"));
  $("results-clear").onclick = async () => {
    if (!codes().length || !window.confirm(isRace ? t("Remove every code of this race from this device?") : t("Remove every code of this assignment from this device?"))) return;
    saveRaceCodes(id, []);
    await render();
  };
  $("results-show-race").onclick = () =>
    showRaceDialog(ui, { game: assignment.items[0].game, desc: assignment.items[0].desc, title: titles[0], id }).catch((err) => ui.status(ui.plain(err), "error"));
  return render();
}
