// Assignments on the page's side: the teacher builds one (#teach), a pupil plays through it
// (#assign:...), and hands in one result code for all of it. What an assignment may hold, the
// codes and the checking are the core's (pento_core.classroom.assignment); this module shows them.
//
//   #teach                                              the teacher's builder
//   #assign:ID:FLAGS:TITLE:game:desc[:game:desc...]         a pupil's assignment (FLAGS: h = help allowed)
//   #assign-results:ID:FLAGS:TITLE:game:desc[:game:desc...] the teacher's results
//
// A puzzle of an assignment is played as any game (saved, undone, linked); its save says which
// assignment it belongs to, and the pupil's record on this device says which save is each puzzle's.

import { app } from "../play/app.js";
import { CATALOG } from "../catalog.js";
import { viewOf } from "../views/index.js";
import { byId, el, saveFile, showCodeText } from "../ui/dom.js";
import { language, t, tn } from "../ui/i18n.js";
import { continueSlot, engineDown, freshSlot, goHome, leaveGame, openPosition, puzzleTitles, showScreen } from "../play/midend.js";
import { assignHash, formatTime, gameEntry, notice, pageBase, plain, startFailure, status, text, titleOf } from "../play/page.js";
import { shareText, showQr } from "../play/race.js";
import { liveState, onLiveChange, puzzleWork, send } from "../play/live.js";
import { getSave, loadAssignment, loadDraft, loadMade, loadRaceCodes, MAX_MADE, rememberMade, saveDraft, teacherExport, teacherImport, updateAssignment } from "../model/storage.js";

const $ = byId;

/** @typedef {{id: string, title: string, help: boolean, items: {game: string, desc: string}[]}} Assignment */

/** An assignment's address (``parts`` already decoded), or null for any other. */
export function parseAssignHash(parts) {
  const [kind, id = "", flags = "", title = "", ...rest] = parts;
  if (kind === "teach") return { page: "teach" };
  if (kind !== "assign" && kind !== "assign-results") return null;
  const items = [];
  for (let i = 0; i + 1 < rest.length; i += 2) items.push({ game: rest[i], desc: rest[i + 1] });
  const [flag, ...roster] = flags.split("\n");
  const assignment = { id, title, help: flag === "h", items, ...(roster.length ? { roster } : {}) };
  return kind === "assign" ? { assign: assignment } : { assignResults: assignment };
}

/** The assignment as the core checked it (it throws, with the reason, for one that is not right). */
async function checked(a) {
  const { assignment } = await app.core.request("assignment", { id: a.id, title: a.title, help: a.help, items: a.items.map((i) => ({ game: i.game, desc: i.desc })), roster: a.roster || [] });
  return assignment;
}

// -- the pupil's side ---------------------------------------------------------------------------

/** What the pupil has done on each puzzle, read from the saves: the work a code carries. */
function workOf(record) {
  return record.assignment.items.map((item, k) => {
    const save = record.slots[k] ? getSave(record.slots[k]) : null;
    if (!save) return { solved: false, tenths: 0, hints: 0, solves: 0, state: "", started: false };
    return { ...puzzleWork(save), started: save.history.length > 1 || save.solved };
  });
}

/** A pupil's assignment link: the list of puzzles with what is done, their name, their code. */
export async function openAssignment(target) {
  const token = ++app.opening;
  leaveGame();
  text($("game-title"), "");
  showScreen("assign");
  $("assign-list").replaceChildren();
  $("assign-code-box").hidden = true;
  delete $("assign-code-box").dataset.solved; // how many solves the code on show holds: none yet
  text($("assign-title"), target.title || t("Assignment"));
  text($("assign-about"), t("Preparing the puzzles…"));
  let assignment;
  let names;
  try {
    assignment = await checked(target);
    names = await puzzleTitles(assignment.items);
  } catch (err) {
    if (token !== app.opening || err.code === "cancelled") return;
    if (startFailure(err.code)) return engineDown();
    goHome(false);
    notice(t("That assignment link could not be opened: {reason} Your games are safe.", { reason: plain(err, false) }));
    return;
  }
  if (token !== app.opening) return;
  const record = loadAssignment(assignment.id) || { assignment, name: "", slots: assignment.items.map(() => null), others: [] };
  record.assignment = assignment;
  record.titles = names;
  if (record.slots.length !== assignment.items.length) record.slots = assignment.items.map((_, k) => record.slots[k] || null);
  // the titles kept with the record, for Next puzzle (which reads the record as it is stored)
  if (record.name) updateAssignment(assignment, (stored) => (stored.titles = names));
  document.title = t("{title} — Pento", { title: assignment.title || t("Assignment") });
  drawAssignment(record);
  // every puzzle's view now, while the network is there: once loaded, the lesson plays on without
  // it (a school's Wi-Fi, a SCORM package in a platform with no offline cache)
  for (const game of new Set(assignment.items.map((item) => item.game))) viewOf(game)?.catch(() => {}); // tried again when played
  send(assignment.id); // what a live lesson could not send before (the page closed, the network down)
  (record.name ? $("assign-title") : $("assign-name")).focus({ preventScroll: true });
}

/** The id of the assignment on screen, for the live lesson's line (below). */
let shown = "";

/** A live lesson's line: the work is with the teacher, or waits for the connection, or the lesson
 * has ended (play/live.js sends it); none for an assignment played without a class server. */
function drawLive() {
  const { live, waiting, ended } = liveState(shown);
  const line = $("assign-live");
  // the lesson knows the pupil by the name they joined with: no other name here
  $("assign-not-me").hidden = live;
  $("assign-rename").hidden = live;
  line.hidden = !live || $("assign").hidden;
  if (line.hidden) return;
  line.dataset.kind = waiting && !ended ? "waiting" : "ok";
  text(
    line,
    ended
      ? t("The lesson has ended. Your work is kept on this device.")
      : waiting
        ? tn(
            "{n} result waits to be sent to your teacher. It is kept here and sent when the connection is back.",
            "{n} results wait to be sent to your teacher. They are kept here and sent when the connection is back.",
            waiting,
          )
        : t("Your teacher sees your work as you play."),
  );
}
onLiveChange(drawLive);

function drawAssignment(record) {
  const { assignment, titles: names } = record;
  shown = assignment.id;
  drawLive();
  const work = workOf(record);
  const done = work.filter((w) => w.solved).length;
  text($("assign-title"), assignment.title || t("Assignment"));
  text(
    $("assign-about"),
    tn("{n} puzzle to play in order.", "{n} puzzles to play in order.", assignment.items.length) +
      " " +
      (assignment.help ? t("Hint and Solve are allowed.") : t("Hint and Solve are off.")) +
      " " +
      (record.name ? tn("{n} solved so far.", "{n} solved so far.", done) : ""),
  );
  const renaming = record.renaming === true;
  $("assign-name-form").hidden = !!record.name && !renaming;
  // launched from a school's platform: its name for the pupil, offered (the pupil may change it)
  if (!record.name && app.scorm && !$("assign-name").value) $("assign-name").value = app.scorm.studentName();
  $("assign-who-box").hidden = !record.name || renaming;
  text($("assign-who"), t("Playing as {name}.", { name: record.name }));
  // a shared device: the next pupil starts afresh, the work of the one before is kept aside
  $("assign-not-me").onclick = () => {
    const switched = updateAssignment(record.assignment, (stored) => {
      stored.others = [...stored.others.filter((/** @type {any} */ o) => o.name !== stored.name), { name: stored.name, slots: stored.slots }];
      stored.name = "";
      stored.slots = stored.slots.map(() => null);
    });
    Object.assign(record, switched, { titles: record.titles });
    $("assign-name").value = "";
    drawAssignment(record);
    $("assign-name").focus();
    status(t("Type your name: the work of {name} is kept on this device.", { name: switched.others.at(-1).name }), "info");
  };
  // a mistyped name: the same pupil, the same work, another name
  $("assign-rename").onclick = () => {
    record.renaming = true;
    $("assign-name").value = record.name;
    drawAssignment(record);
    $("assign-name").focus();
  };
  const picking = nameChoice(assignment.roster || [], record.name);
  $("assign-name-form").onsubmit = async (event) => {
    event.preventDefault();
    try {
      const { name } = await app.core.request("race_name", { name: picking() || $("assign-name").value });
      const stored = updateAssignment(record.assignment, (now) => {
        if (!renaming) {
          // a pupil who played here before, under this name: their work comes back
          const back = now.others.find((/** @type {any} */ o) => o.name === name);
          if (back) [now.slots, now.others] = [back.slots, now.others.filter((/** @type {any} */ o) => o !== back)];
        }
        now.name = name;
        now.titles = record.titles;
      });
      Object.assign(record, stored, { titles: record.titles, renaming: false });
      $("assign-name-error").hidden = true;
      drawAssignment(record);
      const first = /** @type {HTMLElement | null} */ ($("assign-list").querySelector("button"));
      if (first) first.focus();
    } catch (err) {
      text($("assign-name-error"), plain(err));
      $("assign-name-error").hidden = false;
    }
  };
  $("assign-list").replaceChildren(
    ...assignment.items.map((item, k) => {
      const w = work[k];
      const state = w.solved
        ? w.solves
          ? t("Solved with Solve ✓")
          : t("Solved in {time} ✓", { time: formatTime(w.tenths / 10) })
        : w.started
          ? t("Started")
          : t("Not started");
      const b = el("button", { type: "button", className: "assign-item" }, [
        el("strong", { textContent: `${k + 1}. ${names[k]}` }),
        el("span", { className: "assign-state", textContent: state }),
      ]);
      if (w.solved) b.dataset.solved = "yes";
      b.disabled = !record.name;
      b.addEventListener("click", () => playItem(record, k));
      return el("li", {}, [b]);
    }),
  );
  if (record.name && !renaming) showCode(record, work);
  else {
    $("assign-code-box").hidden = true; // no pupil yet (Not you?): nobody's code on show
    delete $("assign-code-box").dataset.solved;
  }
}

/**
 * The name form's choice: with a class list, a list of its names to pick from (no typo, no
 * duplicate), and "My name is not on the list" to type one; without, a name to type. Returns what
 * was picked ("" when a name is typed). ``current``: the pupil's name, chosen when it is listed.
 * @param {string[]} roster
 * @param {string} current
 * @returns {() => string}
 */
function nameChoice(roster, current) {
  const pick = $("assign-pick");
  const typed = $("assign-name");
  pick.replaceChildren(
    el("option", { value: "", textContent: t("Choose your name"), disabled: true }),
    ...roster.map((n) => el("option", { value: n, textContent: n })),
    el("option", { value: "\n", textContent: t("My name is not on the list") }),
  );
  pick.value = roster.includes(current) ? current : "";
  const show = () => {
    const other = pick.value === "\n";
    $("assign-pick-label").hidden = roster.length === 0;
    $("assign-name-label").hidden = roster.length > 0 && !other;
    typed.required = roster.length === 0 || other;
    pick.required = roster.length > 0;
  };
  pick.onchange = () => {
    show();
    if (pick.value === "\n") typed.focus();
  };
  show();
  return () => (roster.length && pick.value !== "\n" ? pick.value : "");
}

/** The pupil's one result code for everything done so far, as text and as a QR code. */
async function showCode(record, work) {
  const token = app.opening;
  try {
    const { code, proof } = await app.core.request("assignment_code", {
      assignment: record.assignment,
      name: record.name,
      work: work.map(({ solved, tenths, hints, solves, state }) => ({ solved, tenths, hints, solves, state })),
    });
    if (token !== app.opening) return;
    const box = $("assign-code-box");
    box.hidden = false;
    const qr = $("assign-qr");
    const solved = String(work.filter((w) => w.solved).length);
    if ($("assign-code").textContent !== code || qr.dataset.proof !== proof) {
      showCodeText($("assign-code"), code);
      $("assign-code-proof").hidden = code === proof; // a spoken code: the solutions are in the QR code only
      $("assign-copy").onclick = () =>
        shareText(code, { shared: t("Code shared."), copied: t("Code copied."), failed: () => status(t("Select the code and copy it."), "info") }, { status });
      qr.dataset.proof = proof;
      await showQr(app.core, qr, proof, 260); // every solution, for the teacher's camera
    } // else on show already: drawn again it would flicker
    if (token === app.opening) box.dataset.solved = solved; // the code and its QR code are this work's

  } catch (err) {
    delete $("assign-qr").dataset.proof; // drawn again next time
    if (token === app.opening && err.code !== "cancelled") status(plain(err), "error");
  }
}

/** Play puzzle ``k``: its saved game when there is one (linked by this tab or another), else a new
 * one that the record keeps. */
async function playItem(record, k) {
  const item = record.assignment.items[k];
  const stored = loadAssignment(record.assignment.id);
  const slotId = (stored && stored.slots[k]) || record.slots[k];
  if (slotId && getSave(slotId)) return continueSlot(slotId);
  await openPosition({
    game: item.game,
    title: record.titles[k],
    push: true,
    request: () => app.core.request("load", { game: item.game, desc: item.desc, state: "" }),
    slotFor: (result) => {
      const slot = freshSlot(item.game, result, result.desc, { assignment: { id: record.assignment.id, index: k, help: record.assignment.help } });
      record.slots = updateAssignment(record.assignment, (now) => (now.slots[k] = slot.id)).slots;
      return slot;
    },
    failed: (err) => {
      if (startFailure(err.code)) return engineDown();
      goHome(false);
      notice(t("That puzzle could not be opened: {reason} Your games are safe.", { reason: plain(err, false) }));
    },
  });
}

/** Back from a puzzle to its assignment's list (the done dialog's button, the bar above the board). */
export function backToAssignment() {
  const mine = app.session && app.session.assignment;
  const record = mine ? loadAssignment(mine.id) : null;
  if (!record) return goHome(true);
  history.pushState(null, "", assignHash(record.assignment));
  openAssignment(record.assignment);
}

/** The next puzzle of the session's assignment not yet solved, or -1. */
export function nextItem() {
  const mine = app.session && app.session.assignment;
  const record = mine ? loadAssignment(mine.id) : null;
  if (!record) return -1;
  const work = workOf(record);
  for (let k = 1; k <= work.length; k++) {
    const i = (mine.index + k) % work.length;
    if (!work[i].solved) return i;
  }
  return -1;
}

/** Play the next puzzle of the session's assignment (the done dialog's Next puzzle). */
export async function playNext() {
  const mine = app.session && app.session.assignment;
  const record = mine ? loadAssignment(mine.id) : null;
  const k = nextItem();
  if (!record || k < 0) return backToAssignment();
  record.titles = record.titles || (await puzzleTitles(record.assignment.items));
  return playItem(record, k);
}

// -- the teacher's side: the builder ------------------------------------------------------------

const racing = () => CATALOG.games.filter((g) => g.features.includes("race"));

/** The puzzles the builder offers for ``game``: its presets, and a new puzzle at each of its levels. */
function choices(game) {
  const g = gameEntry(game);
  const out = g.presets.map((p) => ({ label: p.label, params: p.params }));
  g.levels.forEach((params, i) => out.push({ label: t("A new puzzle, level {level} of {n}", { level: i + 1, n: g.levels.length }), params }));
  return out;
}

/** The teacher's builder (#teach): its draft is kept on this device as it grows. */
export function openBuilder() {
  app.opening += 1;
  leaveGame();
  showScreen("teach");
  text($("game-title"), "");
  document.title = t("Make an assignment — Pento");
  const draft = loadDraft();
  const games = $("teach-game");
  games.replaceChildren(...racing().map((g) => el("option", { value: g.id, textContent: g.title })));
  const fillPuzzles = () => $("teach-puzzle").replaceChildren(...choices(games.value).map((c, i) => el("option", { value: String(i), textContent: c.label })));
  games.onchange = fillPuzzles;
  fillPuzzles();
  $("teach-name").value = draft.title;
  $("teach-help").checked = draft.help;
  $("teach-roster").value = draft.roster;
  const keep = () => {
    draft.title = $("teach-name").value;
    draft.help = $("teach-help").checked;
    draft.roster = $("teach-roster").value;
    draft.id = ""; // a changed assignment is another one: its link gets a new id
    saveDraft(draft);
    $("teach-done").hidden = true; // a changed assignment needs a new link
  };
  $("teach-name").oninput = keep;
  $("teach-roster").oninput = keep;
  $("teach-help").onchange = keep;
  const error = (message) => {
    text($("teach-error"), message);
    $("teach-error").hidden = !message;
  };
  /** ``item`` added to the list, once the core has checked that the whole list can be won (a
   * puzzle with no win, as peg solitaire's "can it be done?" boards, is refused with the reason). */
  const add = async (item) => {
    const items = [...draft.items, item].map(({ game, desc }) => ({ game, desc }));
    await app.core.request("assignment", { title: "", help: false, items, finishable: draft.items.length }); // the new one
    draft.items.push(item);
    keep();
    drawItems(draft, keep);
    error("");
    status(t("Added: {game}.", { game: item.title }), "success");
  };
  $("teach-add").onclick = async () => {
    const game = games.value;
    const choice = choices(game)[Number($("teach-puzzle").value)];
    if (!choice) return;
    const button = /** @type {HTMLButtonElement} */ ($("teach-add"));
    button.disabled = true;
    try {
      const params = choice.params;
      const seed = Math.floor(Math.random() * 2 ** 31);
      const made = await app.core.request("new", { game, params, seed });
      await add({ game, desc: made.desc, title: titleOf(game, made.desc, made.info, params) });
    } catch (err) {
      if (err.code !== "cancelled") error(plain(err));
    } finally {
      button.disabled = false;
    }
  };
  $("teach-add-link").onclick = async () => {
    const pasted = $("teach-paste").value.trim();
    const at = pasted.indexOf("#");
    const parts = (at >= 0 ? pasted.slice(at + 1) : pasted).split(":");
    let game = "";
    let desc = "";
    try {
      const decoded = parts.map((p) => decodeURIComponent(p));
      [game, desc] = decoded[0] === "daily" ? [decoded[2], decoded[3]] : decoded[0] === "race" ? [decoded[2], decoded[3]] : [decoded[0], decoded[1]];
    } catch {
      game = "";
    }
    if (!game || !desc || !gameEntry(game) || !gameEntry(game).features.includes("race")) {
      error(t("That is not a link to a puzzle that can be in an assignment: copy it with a game's Link button."));
      return;
    }
    try {
      const loaded = await app.core.request("load", { game, desc, state: "" });
      await add({ game, desc: loaded.desc, title: titleOf(game, loaded.desc, loaded.info) });
      $("teach-paste").value = "";
    } catch (err) {
      if (err.code !== "cancelled") error(plain(err));
    }
  };
  $("teach-make").onclick = async () => {
    if (!draft.items.length) return error(t("Add at least one puzzle first."));
    try {
      // the same draft made again keeps its id: codes already handed in still count on its results page
      const roster = draft.roster.split(/\r?\n/).map((n) => n.split(/[,;\t]/)[0].trim()).filter(Boolean); // a pasted CSV: its first column
      const made = await app.core.request("assignment", { title: draft.title, help: draft.help, items: draft.items.map(({ game, desc }) => ({ game, desc })), id: draft.id, roster });
      error("");
      draft.id = made.assignment.id;
      saveDraft(draft);
      const kept = rememberMade({ assignment: made.assignment, made: Date.now() });
      drawMine();
      await showMade(made.assignment);
      if (kept === "full") status(t("Your list of assignments is full ({most}): this one is not in it. Keep its link.", { most: MAX_MADE }), "error");
    } catch (err) {
      if (err.code !== "cancelled") error(plain(err));
    }
  };
  $("teach-clear").onclick = () => {
    if (draft.items.length && !window.confirm(t("Remove every puzzle from this assignment?"))) return;
    draft.items = [];
    draft.title = "";
    $("teach-name").value = "";
    $("teach-roster").value = "";
    keep();
    drawItems(draft, keep);
  };
  $("teach-done").hidden = true;
  error("");
  drawItems(draft, keep);
  drawMine();
  $("teach-export").onclick = exportTeacher;
  $("teach-import").onclick = () => $("teach-file").click();
  $("teach-file").onchange = () => {
    const file = $("teach-file").files?.[0];
    $("teach-file").value = "";
    if (file) importTeacher(file);
  };
  $("teach-title").focus({ preventScroll: true });
  scrollTo(0, 0);
}

function drawItems(draft, keep) {
  const move = (k, by) => {
    const [item] = draft.items.splice(k, 1);
    draft.items.splice(k + by, 0, item);
    keep();
    drawItems(draft, keep);
  };
  const small = (label, name, onClick, disabled = false) => {
    const b = el("button", { type: "button", className: "teach-tool", textContent: label, disabled });
    b.setAttribute("aria-label", name);
    b.addEventListener("click", onClick);
    return b;
  };
  $("teach-items").replaceChildren(
    ...draft.items.map((item, k) =>
      el("li", { className: "teach-item" }, [
        el("span", { textContent: item.title }),
        el("span", { className: "teach-tools" }, [
          small("↑", t("Move {game} up", { game: item.title }), () => move(k, -1), k === 0),
          small("↓", t("Move {game} down", { game: item.title }), () => move(k, 1), k === draft.items.length - 1),
          small("✕", t("Remove {game}", { game: item.title }), () => {
            draft.items.splice(k, 1);
            keep();
            drawItems(draft, keep);
          }),
        ]),
      ]),
    ),
  );
  text($("teach-count"), draft.items.length ? tn("{n} puzzle.", "{n} puzzles.", draft.items.length) : t("No puzzles yet: add them above."));
}

/** The builder's "My assignments": every assignment made on this device, newest first, with the
 * codes collected for it; each reopens its results page, or its link and QR code. */
function drawMine() {
  const mine = loadMade();
  $("teach-mine-none").hidden = mine.length > 0;
  $("teach-mine").replaceChildren(
    ...mine.map((entry) => {
      const { assignment } = entry;
      const title = assignment.title || t("Assignment");
      const when = new Date(entry.made).toLocaleDateString(language(), { year: "numeric", month: "short", day: "numeric" });
      const codes = loadRaceCodes(assignment.id).length;
      const about = [when, tn("{n} puzzle", "{n} puzzles", assignment.items.length), tn("{n} code collected", "{n} codes collected", codes)].join(" · ");
      const results = el("a", { className: "button-link", href: assignHash(assignment, "assign-results"), textContent: t("Results") });
      results.setAttribute("aria-label", t("Results of {title}", { title }));
      const again = el("button", { type: "button", textContent: t("Link and QR code") });
      again.setAttribute("aria-label", t("Link and QR code of {title}", { title }));
      again.onclick = () => showMade(assignment).catch((err) => status(plain(err), "error"));
      return el("li", {}, [el("span", {}, [el("strong", { textContent: title }), el("span", { className: "teach-mine-about", textContent: about })]), el("span", { className: "teach-tools" }, [results, again])]);
    }),
  );
}

const MAX_TEACHER_FILE = 20_000_000; // bytes: 300 assignments of 500 long codes each fit

/** "3 assignments", "1 code": the two counts a teacher's file message names. @param {number} assignments @param {number} codes */
const counted = (assignments, codes) => ({
  assignments: tn("{n} assignment", "{n} assignments", assignments),
  codes: tn("{n} code", "{n} codes", codes),
});

/** Every assignment made here and the codes collected, saved to one file (to keep, or to move). */
function exportTeacher() {
  const data = teacherExport();
  const codes = Object.values(data.codes).reduce((n, list) => n + list.length, 0);
  saveFile(new Blob([JSON.stringify(data)], { type: "application/json" }), `pento-assignments-${new Date().toISOString().slice(0, 10)}.json`);
  status(t("Saved {assignments} and {codes} to the file.", counted(data.assignments.length, codes)), "success");
}

/** A teacher's file loaded: its assignments and codes joined to this device's, none replaced. @param {File} file */
async function importTeacher(file) {
  let data = null;
  try {
    data = file.size <= MAX_TEACHER_FILE ? JSON.parse(await file.text()) : null;
  } catch {
    data = null;
  }
  try {
    const { assignments, codes, noRoom } = teacherImport(data);
    drawMine();
    const said = t("Loaded {assignments} and {codes} from the file.", counted(assignments, codes));
    const left = tn("{n} more did not fit on this device and was not loaded.", "{n} more did not fit on this device and were not loaded.", noRoom);
    status(noRoom ? `${said} ${left}` : said, noRoom ? "error" : "success");
  } catch {
    status(t("That file is not a file of Pento assignments. Nothing was changed."), "error");
  }
}

/** The assignment made: its link as text and QR code, and what the teacher does with it. */
async function showMade(assignment) {
  const link = pageBase() + assignHash(assignment);
  $("teach-link").value = link;
  $("teach-results").href = assignHash(assignment, "assign-results");
  $("teach-done").hidden = false;
  $("teach-copy").onclick = () =>
    shareText(link, { shared: t("Assignment link shared."), copied: t("Assignment link copied."), failed: () => $("teach-link").select() }, { status });
  $("teach-print").onclick = () =>
    import("../play/worksheet.js").then((m) => m.printAssignment(assignment, link, $("teach-answers").checked));
  // the QR code as large as the screen allows, for a class to scan from its seats; the same
  // button (or Escape) brings the page back
  const big = (/** @type {boolean} */ on) => {
    if (on) document.body.dataset.projector = "yes";
    else delete document.body.dataset.projector;
    $("teach-big").setAttribute("aria-pressed", String(on));
    text($("teach-big"), on ? t("Back to the link and the buttons") : t("Show the QR code big"));
    showQr(app.core, $("teach-qr"), link, on ? Math.max(240, Math.min(window.innerWidth, window.innerHeight - 120) * 0.8) : 320);
  };
  $("teach-big").setAttribute("aria-pressed", "false"); // a link made again starts small
  text($("teach-big"), t("Show the QR code big"));
  $("teach-big").onclick = () => big(document.body.dataset.projector !== "yes");
  $("teach-done").onkeydown = (event) => {
    if (event.key === "Escape" && document.body.dataset.projector === "yes") big(false);
  };
  status(t("The assignment's link is ready: pupils open it, type their name and play."), "success");
  await showQr(app.core, $("teach-qr"), link, 320);
  $("teach-done").scrollIntoView({ block: "nearest" });
}
