// The shell (the "mid-end"): start screen, routing, saving, undo/redo, hints
// and solving with progress and Stop, help and the win, for every game.
// It knows no rules: the catalog (written at build time from the core's
// registry) says what games exist, every move is checked by the core, and
// every game draws itself (views/).
import { byId, el } from "./dom.js";
import { N_, chooseLanguage, formatNumber, language, languageMenu, setLanguage, t, tn, translateDocument } from "./i18n.js";
import { CATALOG } from "./catalog.js";
import { Core } from "./core.js";
import { celebrate } from "./celebrate.js";
import { pictureElement } from "./picture.js";
import { buildSheets } from "./print.js";
import { askName, parseRaceHash, raceHash, raceTime, showRaceDialog, showResult, showResults } from "./race.js";
import {
  addToRanking,
  boundHistory,
  getSave,
  listSaves,
  loadRanking,
  newId,
  setAbandoned,
  setAsideSave,
  storageAvailable,
  writeSave,
} from "./storage.js";
import { VIEWS } from "./views/index.js";
import { chooseContrast, setContrast } from "./theme.js";

const $ = byId;
const HINT_SECONDS = 5;
const SOLVE_SECONDS = 30;
const SOLVE_STEP_MS = 280;

let core;
let session = null; // {id, game, desc, info, history, at, view, picture, elapsed, solved, assisted, params, moves}
let gameView = null;
let clockStart = null;
let animation = null;
let opening = 0; // bumps on every navigation: a slow open that is no longer wanted is dropped
let saveWarned = false;
let loading = { loaded: 0, total: 1, phase: "download" };

// -- small helpers -----------------------------------------------------------------

function text(el, value) {
  el.textContent = value; // never innerHTML: messages may carry player or URL text
}

function status(message, kind = "info") {
  const el = $("status");
  text(el, message);
  el.dataset.kind = kind;
}

/** A notice at the top; ``action`` is an optional [label, fn] button (e.g. Undo). */
function notice(message, action = null) {
  text($("notice-text"), message);
  const button = $("notice-action");
  button.hidden = !action;
  button.onclick = null;
  if (action) {
    text(button, action[0]);
    button.onclick = () => {
      $("notice").hidden = true;
      action[1]();
    };
  }
  $("notice").hidden = false;
}

function formatTime(seconds) {
  const s = Math.floor(seconds);
  const m = Math.floor(s / 60);
  return `${m}:${String(s % 60).padStart(2, "0")}`;
}

function elapsedNow() {
  if (!session) return 0;
  // a race's clock is the wall clock from Start: it runs on while the page is hidden or closed
  if (session.race && !session.solved) return (Date.now() - session.race.started) / 1000;
  return session.elapsed + (clockStart === null ? 0 : (performance.now() - clockStart) / 1000);
}

function currentState() {
  return session.history[session.at];
}

const gameEntry = (id) => CATALOG.games.find((g) => g.id === id) || null;
const features = (id) => (gameEntry(id) || { features: [] }).features;

function titleOf(game, desc, info = null, params = null) {
  const g = gameEntry(game);
  if (!g) return game;
  if (info && info.title) return info.title;
  const preset = g.presets.find((p) => p.params === params) || g.presets.find((p) => p.params === desc);
  if (!g.titled_by_board) return g.title; // a game whose presets are not puzzles of their own
  const board = preset ? preset.label : /[~/]/.test(desc) ? t("custom puzzle") : desc.replace("x", " × ");
  return `${g.title}: ${board}`;
}

// -- URL: #game:desc:state (each part URI-encoded); history.state = {slot} ---------------------

function parseHash() {
  const raw = location.hash.replace(/^#/, "");
  if (!raw) return null;
  try {
    const parts = raw.split(":").map((p) => decodeURIComponent(p));
    const raced = parseRaceHash(parts);
    if (raced) return raced;
    const [game, desc = "", state = ""] = parts;
    return { game, desc, state };
  } catch {
    return { game: "", desc: "", state: "", malformed: true };
  }
}

function hashFor(game, desc, state) {
  return "#" + [game, desc, state].map((p) => encodeURIComponent(p)).join(":");
}

const homeUrl = () => location.pathname + location.search;

/** Put the current position in the address bar (a new history entry when ``push``). */
function updateUrl(push = false) {
  const h = session.race
    ? raceHash(session.race.id, session.game, session.desc, currentState())
    : hashFor(session.game, session.desc, currentState());
  const entry = { slot: session.id };
  if (push) history.pushState(entry, "", h);
  else if (location.hash !== h || !history.state || history.state.slot !== session.id) history.replaceState(entry, "", h);
  updateFullPage();
}

// -- embedded in another page: ?embed, or any frame ----------------------------------------

/** Whether the page shows one game inside another page: the link says ?embed, or it is in a frame. */
function embedded() {
  if (new URLSearchParams(location.search).has("embed")) return true;
  try {
    return window.self !== window.top;
  } catch {
    return true; // a frame whose parent cannot even be compared
  }
}

/** "Open in full page": this address, position included, without ?embed. */
function updateFullPage() {
  const link = $("full-page");
  if (link.hidden) return;
  const url = new URL(location.href);
  url.searchParams.delete("embed");
  link.href = url.href;
}

// -- saving --------------------------------------------------------------------------

function persist() {
  if (!session) return;
  const bounded = boundHistory(session.history, session.at);
  session.history = bounded.history;
  session.at = bounded.at;
  const ok = writeSave({
    id: session.id,
    game: session.game,
    desc: session.desc,
    history: session.history,
    at: session.at,
    elapsed: elapsedNow(),
    solved: session.solved,
    assisted: session.assisted,
    params: session.params,
    moves: session.moves,
    race: session.race,
    title: $("game-title").textContent,
    picture: session.picture,
    summary: session.view ? session.view.summary : "",
  });
  if (!ok && storageAvailable() && !saveWarned) {
    saveWarned = true;
    notice(t("This game could not be saved on this device (storage is full). The link keeps your position:"), [
      t("Copy link"),
      copyLink,
    ]);
  }
}

// -- screens -------------------------------------------------------------------------------

function showScreen(name) {
  $("home").hidden = name !== "home";
  $("play").hidden = name !== "play";
  $("results").hidden = name !== "results";
  $("gamebar").hidden = name !== "play";
  $("timer").hidden = name !== "play" || !session || !features(session.game).includes("timer");
  document.body.dataset.screen = name;
  if (name === "home") {
    text($("game-title"), "");
    document.title = t("Pento — polyomino puzzles");
    renderSaved();
    status(core && core.ready ? "" : t("You can choose a puzzle now: it opens as soon as the engine is ready."));
  }
}

function leaveGame() {
  stopAnimation();
  if (session) {
    if (!session.solved) session.elapsed = elapsedNow();
    persist();
  }
  clockStart = null;
  session = null;
  if (gameView) gameView.destroy();
  gameView = null;
  delete document.body.dataset.game;
}

function goHome(push = true) {
  opening += 1;
  leaveGame();
  if (push) history.pushState(null, "", homeUrl());
  else history.replaceState(null, "", homeUrl());
  showScreen("home");
}

// -- the start screen ------------------------------------------------------------------------

function renderHome() {
  const list = $("game-list");
  list.replaceChildren();
  for (const g of CATALOG.games) {
    const error = el("p", { className: "field-error", hidden: true });
    error.setAttribute("role", "alert");
    const presets = el("div", { className: "presets" });
    for (const preset of g.presets) {
      const b = el("button", { type: "button", className: "preset" }, [
        pictureElement(preset.picture, { maxWidth: 108, maxHeight: 64, label: "" }),
        el("span", { textContent: preset.label }),
      ]);
      b.dataset.params = preset.params;
      b.addEventListener("click", () => newGame(g.id, preset.params, error));
      presets.append(b);
    }
    const howTo = el("button", { type: "button", className: "link-button", textContent: t("How to play") });
    howTo.addEventListener("click", () => openHelp(g.id));
    const head = el("div", { className: "card-head" }, [
      el("div", {}, [el("h3", { textContent: g.title }), el("p", { className: "card-desc", textContent: g.description })]),
      howTo,
    ]);
    const card = el("section", { className: "card" }, [head, presets, ...g.forms.map((f) => paramForm(g.id, f, error)), error]);
    card.dataset.game = g.id;
    list.append(card);
  }
}

function timeAgo(ms) {
  const s = (Date.now() - ms) / 1000;
  if (s < 90) return t("just now");
  if (s < 5400) return tn("{n} minute ago", "{n} minutes ago", Math.round(s / 60));
  if (s < 129600) return tn("{n} hour ago", "{n} hours ago", Math.round(s / 3600));
  return tn("{n} day ago", "{n} days ago", Math.round(s / 86400));
}

function renderSaved() {
  const saves = listSaves(notice);
  const open = saves.filter((e) => !e.abandoned && !e.solved && e.history.length > 1 && gameEntry(e.game));
  const removed = saves.filter((e) => e.abandoned && gameEntry(e.game));
  $("in-progress").hidden = open.length === 0;
  $("saved-list").replaceChildren(...open.map((e) => savedItem(e, false)));
  $("removed").hidden = removed.length === 0;
  text($("removed-title"), t("Recently removed games ({n})", { n: removed.length }));
  $("removed-list").replaceChildren(...removed.map((e) => savedItem(e, true)));
}

function savedItem(entry, removed) {
  const label = `${entry.title}${entry.summary ? ` — ${entry.summary}` : ""}`;
  const main = el("button", { type: "button", className: "saved-open" }, [
    entry.picture ? pictureElement(entry.picture, { maxWidth: 96, maxHeight: 60, label: "" }) : el("span"),
    el("span", { className: "saved-text" }, [
      el("strong", { textContent: entry.title }),
      el("span", { className: "saved-meta", textContent: `${entry.summary || ""} · ${timeAgo(entry.touched)}` }),
    ]),
  ]);
  main.setAttribute("aria-label", removed ? t("Restore: {game}", { game: label }) : t("Continue: {game}", { game: label }));
  const li = el("li", { className: "saved" }, [main]);
  li.dataset.slot = entry.id;
  if (removed) {
    main.addEventListener("click", () => {
      setAbandoned(entry.id, false);
      renderSaved();
      status(t("{game} is back in your games.", { game: entry.title }), "success");
    });
  } else {
    main.addEventListener("click", () => continueSlot(entry.id));
    const remove = el("button", { type: "button", className: "saved-remove", textContent: "✕" });
    remove.setAttribute("aria-label", t("Remove {game} from your games", { game: entry.title }));
    remove.title = t("Remove from your games (can be undone)");
    remove.addEventListener("click", () => {
      setAbandoned(entry.id, true);
      renderSaved();
      notice(t("{game} was removed from your games.", { game: entry.title }), [
        t("Undo"),
        () => {
          setAbandoned(entry.id, false);
          renderSaved();
        },
      ]);
    });
    li.append(remove);
  }
  return li;
}

/** A game's parameter form (declared by the core): fields fill the template's {name} slots. */
function paramForm(gameId, form, error) {
  const node = el("form", { className: "custom", noValidate: true });
  node.append(el("span", { className: "custom-label", textContent: `${form.label}:` }));
  const inputs = form.fields.map((f) => {
    let input;
    if (f.options.length) {
      input = document.createElement("select");
      for (const o of f.options) input.append(new Option(t(o), o, o === f.default, o === f.default));
    } else if (f.low === null || f.low === undefined) {
      // free text (names): checked by the core, which says what it refuses; shown only as text
      input = el("input", { type: "text", value: f.default, maxLength: 120, autocomplete: "off" });
    } else {
      input = el("input", { type: "number", min: f.low, max: f.high, value: f.default, inputMode: "numeric" });
    }
    input.name = f.name;
    node.append(el("label", {}, [el("span", { textContent: `${f.label} ` }), input]));
    return input;
  });
  node.append(el("button", { type: "submit", textContent: t("Play") }));
  node.addEventListener("submit", (e) => {
    e.preventDefault();
    error.hidden = true;
    let params = form.template;
    for (const [i, f] of form.fields.entries()) {
      const input = inputs[i];
      input.removeAttribute("aria-invalid");
      const value = input.value.trim();
      if (!f.options.length && (f.low === null || f.low === undefined)) {
        if (!value) {
          showFieldError(error, input, t("Enter the {field}.", { field: f.label }));
          return;
        }
      } else if (!f.options.length) {
        const n = Number(value);
        if (value === "" || !Number.isInteger(n) || n < f.low || n > f.high) {
          showFieldError(error, input, t("Enter a whole number of {field} from {low} to {high}.", { field: f.label, low: f.low, high: f.high }));
          return;
        }
      }
      params = params.replace(`{${f.name}}`, value);
    }
    newGame(gameId, params, error);
  });
  return node;
}

function showFieldError(error, input, message) {
  text(error, message);
  error.hidden = false;
  if (input) {
    input.setAttribute("aria-invalid", "true");
    input.focus();
  }
}

// -- opening games -----------------------------------------------------------------------

/** Show a game's frame (title, Help) at once; its board comes when the core answers. */
function showFrame(game, title) {
  leaveGame();
  text($("game-title"), title);
  document.title = t("{title} — Pento", { title });
  document.body.dataset.game = game;
  $("view").replaceChildren();
  showScreen("play");
  for (const id of /** @type {const} */ (["new", "undo", "redo", "hint", "solve", "copy-link", "race", "print"])) $(id).disabled = true;
  $("hint").hidden = !features(game).includes("hint");
  $("solve").hidden = !features(game).includes("solve");
  $("race").hidden = !features(game).includes("race");
  $("waiting").hidden = false;
  showLoading();
}

function waitingText() {
  if (core.ready) return t("Preparing the puzzle…");
  if (loading.phase === "start") return t("Starting the puzzle engine…");
  const mb = (n) => formatNumber(n / 1e6, 1);
  return t("Starting the puzzle engine: {loaded} of {total} MB loaded", { loaded: mb(loading.loaded), total: mb(loading.total) });
}

async function openGame(slot, result, { push = false } = {}) {
  const module = await VIEWS[slot.game]();
  stopAnimation();
  if (gameView) gameView.destroy();
  session = {
    ...slot,
    desc: result.desc,
    info: result.info,
    view: result.view,
    picture: result.picture,
  };
  clockStart = session.solved ? null : performance.now();
  $("waiting").hidden = true;
  const title = titleOf(slot.game, result.desc, result.info, slot.params);
  text($("game-title"), title);
  document.title = t("{title} — Pento", { title });
  showScreen("play");
  document.body.dataset.game = slot.game;
  $("new").disabled = false;
  $("copy-link").disabled = false;
  $("race").disabled = false;
  // in a race: no Hint, no Solve, and no new race from a pupil's screen
  for (const id of ["hint", "solve", "race"]) $(id).hidden = !features(slot.game).includes(id) || !!session.race;
  $("print").hidden = !(gameEntry(slot.game) || { print: "" }).print;
  $("print").disabled = false;
  gameView = module.createView({
    root: $("view"),
    info: result.info,
    host: { move: playMove, status, request: longRequest, open: openLink },
  });
  gameView.render(result.view);
  if (!performance.getEntriesByName("pento-board").length) performance.mark("pento-board"); // the first playable board
  updateUrl(push);
  persist();
  refreshButtons();
  if (session.race) status(raceStatus());
  else status(session.solved ? t("Solved. Undo to keep playing, or start another puzzle.") : result.view.summary || "");
}

/** What the status line says in a race: whose race, and the result code once finished. */
function raceStatus() {
  const r = session.race;
  if (r.code) return t("Race {race} finished in {time}. Your result code: {code}", { race: r.id, time: raceTime(Math.round(r.tenths)), code: r.code });
  return t("Race {race}: {name}.", { race: r.id, name: r.name }) + " " + (session.view.summary || "");
}

/** Where a request that failed while opening a game is reported: next to its control, or at the top. */
function openFailed(err, errorEl) {
  if (err.code === "cancelled") return;
  const message = plain(err);
  goHome(false);
  if (errorEl) {
    text(errorEl, message);
    errorEl.hidden = false;
    errorEl.closest(".card")?.scrollIntoView({ block: "nearest" });
  } else notice(message);
}

/** A message for the player: the core's own words, with technical prefixes made plain. */
function plain(err) {
  if (err.code === "load_failed") return t("The puzzle engine could not start: {reason}", { reason: err.message });
  if (err.code === "internal") return t("Something went wrong inside the puzzle engine; your game is safe. Please try again.");
  const m = String(err.message || err);
  return m.charAt(0).toUpperCase() + m.slice(1) + (/[.!?]$/.test(m) ? "" : ".");
}

async function newGame(game, params, errorEl = null) {
  const token = ++opening;
  if (errorEl) errorEl.hidden = true;
  const wasHome = !session;
  showFrame(game, titleOf(game, params));
  try {
    busy(true, waitingText());
    const t0 = performance.now();
    const seed = Math.floor(Math.random() * 2 ** 31);
    const result = await core.request("new", { game, params, seed }, { onProgress: progressText(t("Preparing the board")) });
    performance.measure("pento-new", { start: t0, end: performance.now() }); // read by the benchmarks
    if (token !== opening) return;
    const slot = { id: newId(), game, history: [result.state], at: 0, elapsed: 0, solved: false, assisted: false, params, moves: 0 };
    await openGame(slot, result, { push: true });
    if (!wasHome) status(t("A new puzzle. Your previous one is kept: Back, or the start screen, returns to it."));
  } catch (err) {
    if (token === opening) openFailed(err, errorEl);
  } finally {
    if (token === opening) busy(false);
  }
}

/** Continue a saved game from the start screen. */
async function continueSlot(id) {
  const saved = getSave(id);
  if (!saved) return renderSaved();
  const token = ++opening;
  showFrame(saved.game, saved.title);
  try {
    const result = await core.request("load", { game: saved.game, desc: saved.desc, state: saved.history[saved.at] });
    if (token !== opening) return;
    await openGame(saved, result, { push: true });
  } catch (err) {
    if (token !== opening || err.code === "cancelled") return;
    setAsideSave(id);
    goHome(false);
    notice(t("That saved game could not be opened: {reason} It was set aside; your other games are safe.", { reason: plain(err) }));
  }
}

/** Open what the address names (on load, Back and Forward, or a link followed). */
async function route() {
  const target = parseHash();
  if (target && target.malformed) {
    goHome(false);
    notice(t("That link is damaged (it has broken characters), so it was not opened. Your games are safe."));
    return;
  }
  if (target && target.results !== undefined) return openResults(target);
  if (!target || !target.game) {
    goHome(false);
    return;
  }
  if (!gameEntry(target.game) || !VIEWS[target.game]) {
    goHome(false);
    notice(t("That link names a game this version of Pento does not have."));
    return;
  }
  const sameRace = session && (session.race ? session.race.id : undefined) === target.race;
  if (sameRace && session.game === target.game && session.desc === target.desc && currentState() === target.state) return;
  if (target.race !== undefined) return openRace(target);
  // Which saved game is this? The one this history entry was made for, else one on the same puzzle.
  const slotId = history.state && history.state.slot;
  const saves = listSaves(notice).filter((e) => e.game === target.game && e.desc === target.desc);
  const saved =
    saves.find((e) => e.id === slotId) ||
    saves.find((e) => !e.abandoned && e.history[e.at] === target.state) ||
    saves.find((e) => !e.abandoned) ||
    null;
  const token = ++opening;
  showFrame(target.game, saved ? saved.title : titleOf(target.game, target.desc));
  try {
    const result = await core.request("load", { game: target.game, desc: target.desc, state: target.state });
    if (token !== opening) return;
    let slot;
    if (saved && saved.history[saved.at] === target.state) slot = saved;
    else if (saved) {
      // a link to a position of a puzzle with a save: it becomes a new step, Undo goes back to yours
      const history = saved.history.slice(0, saved.at + 1).concat([result.state]);
      slot = { ...saved, history, at: history.length - 1, solved: false };
    } else {
      slot = { id: newId(), game: target.game, history: [result.state], at: 0, elapsed: 0, solved: false, assisted: false, params: result.desc, moves: 0 };
    }
    if (slot.abandoned) delete slot.abandoned;
    await openGame(slot, result);
  } catch (err) {
    if (token !== opening || err.code === "cancelled") return;
    goHome(false);
    notice(t("That link could not be opened: {reason} Your games are safe.", { reason: plain(err) }));
  }
}

// -- class races ---------------------------------------------------------------------------------

const raceUi = () => ({ core, status, plain, title: "" });

/** A pupil's race link: their race again if this device has it, else their name first. */
async function openRace(target) {
  const saves = listSaves(notice).filter((e) => e.race && e.race.id === target.race && e.game === target.game && e.desc === target.desc);
  const saved = saves.find((e) => !e.abandoned) || saves[0] || null;
  const token = ++opening;
  let race = saved ? saved.race : null;
  if (!race) {
    leaveGame();
    showScreen("home");
    const name = await askName(raceUi(), titleOf(target.game, target.desc));
    if (token !== opening) return;
    if (name === null) return goHome(false);
    race = { id: target.race, name, started: 0 };
  }
  showFrame(target.game, saved ? saved.title : titleOf(target.game, target.desc));
  try {
    const state = saved ? saved.history[saved.at] : target.state;
    const result = await core.request("load", { game: target.game, desc: target.desc, state });
    if (token !== opening) return;
    if (!race.started) race.started = Date.now(); // the clock starts once the board is there
    const slot = saved || { id: newId(), game: target.game, history: [result.state], at: 0, elapsed: 0, solved: false, assisted: false, params: result.desc, moves: 0, race };
    if (slot.abandoned) delete slot.abandoned;
    await openGame(slot, result);
  } catch (err) {
    if (token !== opening || err.code === "cancelled") return;
    goHome(false);
    notice(t("That race link could not be opened: {reason} Your games are safe.", { reason: plain(err) }));
  }
}

/** The teacher's results page of a race. */
async function openResults(target) {
  const token = ++opening;
  leaveGame();
  const title = titleOf(target.game, target.desc);
  text($("game-title"), "");
  document.title = t("Race results: {game} — Pento", { game: title });
  showScreen("results");
  try {
    await showResults({ ...raceUi(), title }, target);
  } catch (err) {
    if (token !== opening || err.code === "cancelled") return;
    goHome(false);
    notice(t("That results link could not be opened: {reason}", { reason: plain(err) }));
  }
}

async function startRace() {
  if (!session || session.race) return;
  const title = $("game-title").textContent;
  try {
    await showRaceDialog({ ...raceUi(), title }, { game: session.game, desc: session.desc, title });
  } catch (err) {
    if (err.code !== "cancelled") status(plain(err), "error");
  }
}

// -- printed sheets ------------------------------------------------------------------------------

/** Print the puzzle (from its start) on paper, with a solution page when asked. */
async function printPuzzle() {
  $("print-dialog").close();
  if (!session) return;
  const mine = session;
  const withSolution = $("print-solution").checked;
  const { game, desc } = mine;
  try {
    const style = gameEntry(game).print;
    const start = await core.request("load", { game, desc, state: "" });
    const link = location.origin + location.pathname + hashFor(game, desc, "");
    const { rows } = await core.request("qr", { text: link });
    let solution = null;
    if (withSolution) {
      const found = await longRequest("solve", { game, desc, state: "", seconds: SOLVE_SECONDS }, { label: t("Solving for the solution page") });
      if (!found.found) {
        status(t("No solution page: {reason}", { reason: plain({ message: found.message }) }), "error");
        return;
      }
      let last = start;
      for (const move of found.moves) last = await core.request("move", { game, desc, state: last.state, move });
      solution = { picture: last.picture, view: last.view, moves: found.moves };
    }
    if (session !== mine) return;
    const goal = (start.info && start.info.goal) || gameEntry(game).description;
    buildSheets($("print-sheet"), { title: $("game-title").textContent, goal, style, info: start.info, picture: start.picture, link, qrRows: rows }, solution);
    document.body.dataset.print = "ready";
    status(withSolution ? t("The sheet and its solution page are ready to print.") : t("The sheet is ready to print."));
    window.print();
  } catch (err) {
    if (session === mine) status(err.code === "cancelled" ? t("Printing stopped.") : plain(err), "error");
  }
}

// -- moves, undo, redo ---------------------------------------------------------------------------

/** Ask the core to play a move; resolves to {ok, message}. Never throws. */
async function playMove(move) {
  if (!session) return { ok: false, message: "no game" };
  const mine = session;
  try {
    const result = await core.request("move", { game: mine.game, desc: mine.desc, state: currentState(), move });
    if (session !== mine) return { ok: false, message: "the game was closed" };
    mine.history = mine.history.slice(0, mine.at + 1);
    mine.history.push(result.state);
    mine.at += 1;
    mine.moves = (mine.moves || 0) + 1;
    showPosition(result);
    return { ok: true };
  } catch (err) {
    if (err.code !== "cancelled" && session === mine) status(plain(err), "error");
    return { ok: false, message: plain(err), code: err.code };
  }
}

function showPosition(result, message = null) {
  session.view = result.view;
  session.picture = result.picture;
  gameView.render(result.view);
  updateUrl();
  status(message || result.view.summary || "");
  if (result.view.complete && !session.solved) {
    session.elapsed = elapsedNow(); // before "solved": a race's clock reads the wall clock until then
    session.solved = true;
    clockStart = null;
    persist();
    finished();
  } else {
    persist();
  }
  refreshButtons();
}

function finished() {
  const time = formatTime(session.elapsed);
  const moves = session.moves || 0;
  const ranked = features(session.game).includes("ranking");
  const timed = features(session.game).includes("timer");
  if (session.view.status.state === "lost") {
    // a game lost (to the computer): no celebration, just the result
    status(session.view.summary, "error");
    return;
  }
  $("race-result").hidden = true;
  if (session.race) {
    session.race.tenths ??= session.elapsed * 10;
    text($("done-title"), t("Finished!"));
    text($("done-text"), `${session.view.summary} ${t("Your time: {time}.", { time: raceTime(Math.round(session.race.tenths)) })}`);
    $("ranking-form").hidden = true;
    $("ranking").hidden = true;
    if (!$("done").open) $("done").showModal();
    celebrate($("confetti"), { quiet: false });
    const mine = session;
    showResult(raceUi(), mine, currentState())
      .then(() => {
        persist();
        if (session === mine) status(raceStatus(), "success");
      })
      .catch((err) => status(plain(err), "error"));
    return;
  }
  if (session.assisted) {
    text($("done-title"), t("Solved with the solver's help"));
    text($("done-text"), t("The solver finished this one, so it is not timed as yours. Try another puzzle on your own!"));
  } else {
    text($("done-title"), t("Well done!"));
    text($("done-text"), [session.view.summary, timed ? t("Time: {time}.", { time }) : "", t("Moves: {n}.", { n: formatNumber(moves) })].filter(Boolean).join(" "));
  }
  status(session.assisted ? t("Solved by the solver (not timed).") : tn("Solved in {time}, {n} move.", "Solved in {time}, {n} moves.", moves, { time }), "success");
  $("ranking-form").hidden = !ranked || session.assisted;
  $("ranking").hidden = !ranked;
  if (ranked) showRanking(loadRanking(session.game, session.desc));
  const dialog = $("done");
  if (!dialog.open) dialog.showModal();
  celebrate($("confetti"), { quiet: session.assisted });
}

function showRanking(list) {
  $("ranking-list").replaceChildren(
    ...list.map((e) => el("li", { textContent: `${e.name} — ${formatTime(e.seconds)}` })), // a name is text, never HTML
  );
  text($("ranking-empty"), list.length ? "" : t("No times on this board yet: be the first."));
}

function saveRanking(event) {
  event.preventDefault();
  if (!session || !session.solved || session.assisted) return;
  const list = addToRanking(session.game, session.desc, {
    name: $("player-name").value.trim(),
    seconds: session.elapsed,
    moves: session.moves || 0,
    state: currentState(),
    at: new Date().toISOString(),
  });
  showRanking(list);
  $("ranking-form").hidden = true;
}

async function go(delta) {
  if (!session || animation) return;
  const mine = session;
  const at = mine.at + delta;
  if (at < 0 || at >= mine.history.length) return;
  try {
    const result = await core.request("load", { game: mine.game, desc: mine.desc, state: mine.history[at] });
    if (session !== mine) return;
    mine.at = at;
    if (!result.view.complete && mine.solved) {
      mine.solved = false; // playing on after a win: the clock goes on from the time it showed
      clockStart = performance.now();
    }
    showPosition(result, delta < 0 ? t("Undone. {summary}", { summary: result.view.summary }) : t("Redone. {summary}", { summary: result.view.summary }));
  } catch (err) {
    if (err.code !== "cancelled") status(plain(err), "error");
  }
}

function refreshButtons() {
  const playing = !!session;
  $("undo").disabled = !playing || session.at === 0 || !!animation;
  $("redo").disabled = !playing || session.at >= session.history.length - 1 || !!animation;
  $("hint").disabled = !playing || !!animation || !!(session && session.view && session.view.complete);
  $("solve").disabled = !playing || !!animation || !!(session && session.view && session.view.complete);
}

// -- hint and solve (long work: progress and Stop) -----------------------------------------

function busy(on, message = "") {
  $("busy").hidden = !on;
  text($("busy-text"), message);
  document.body.dataset.busy = on ? "yes" : "no";
}

function progressText(verb) {
  return (p) => {
    const found = p.new !== undefined ? t("{n} found", { n: formatNumber(p.solutions) }) + ", " : "";
    const tried =
      p.unit === "boards"
        ? tn("{n} board tried", "{n} boards tried", p.nodes, { n: formatNumber(p.nodes) })
        : tn("{n} position tried", "{n} positions tried", p.nodes, { n: formatNumber(p.nodes) });
    text($("busy-text"), `${verb}… ${found}${tried}, ${formatNumber(p.elapsed, 1)} s`);
  };
}

async function hint() {
  if (!session) return;
  const mine = session;
  const t0 = performance.now();
  busy(true, t("Looking for a hint…"));
  try {
    const h = await core.request(
      "hint",
      { game: mine.game, desc: mine.desc, state: currentState(), seconds: HINT_SECONDS },
      { onProgress: progressText(t("Looking for a hint")) },
    );
    if (session !== mine) return;
    gameView.showHint(h);
    status(h.message, h.kind === "blocked" ? "error" : "info");
    performance.measure("pento-hint", { start: t0, end: performance.now() });
  } catch (err) {
    if (session === mine) status(err.code === "cancelled" ? t("Hint stopped. Your position is kept.") : plain(err), "error");
  } finally {
    busy(false);
  }
}

async function solve() {
  if (!session) return;
  const mine = session;
  busy(true, t("Solving…"));
  let solution;
  try {
    solution = await core.request(
      "solve",
      { game: mine.game, desc: mine.desc, state: currentState(), seconds: SOLVE_SECONDS },
      { onProgress: progressText(t("Solving")) },
    );
  } catch (err) {
    if (session === mine) status(err.code === "cancelled" ? t("Solving stopped. Your position is kept.") : plain(err), "error");
    return;
  } finally {
    busy(false);
  }
  if (session !== mine) return;
  status(solution.message, solution.found ? "info" : "error");
  if (!solution.found) return;
  mine.assisted = true; // a game the solver finished is not timed or ranked as the player's
  const moves = (solution.from_empty ? ["clear"] : []).concat(solution.moves);
  animation = { stopped: false };
  refreshButtons();
  $("stop-solve").hidden = false;
  const anim = animation;
  for (const move of moves) {
    if (anim.stopped || session !== mine) break;
    const r = await playMove(move);
    if (!r.ok) break;
    await new Promise((resolve) => setTimeout(resolve, SOLVE_STEP_MS));
  }
  if (animation === anim) stopAnimation();
}

function stopAnimation() {
  if (animation) animation.stopped = true;
  animation = null;
  $("stop-solve").hidden = true;
  if (session) refreshButtons();
}

async function stop() {
  const t0 = performance.now();
  const wasOpening = !session && document.body.dataset.screen === "play";
  busy(false);
  const restarted = core.cancel();
  if (wasOpening) goHome(false);
  else if (session) status(t("Stopped. Your position is kept."));
  await restarted.catch(() => {});
  performance.measure("pento-stop", { start: t0, end: performance.now() }); // Stop to a ready engine (benchmarks)
}

// -- the board in words (for a player who cannot see it) --------------------------------------------

async function describeBoard() {
  if (!session) return;
  const mine = session;
  try {
    const { lines } = await core.request("describe", { game: mine.game, desc: mine.desc, state: currentState() });
    if (session !== mine) return;
    $("words-list").replaceChildren(...lines.map((line) => el("li", { textContent: line })));
    if ($("help").open) $("help").close();
    if (!$("words").open) $("words").showModal();
  } catch (err) {
    if (session === mine) status(plain(err), "error");
  }
}

// -- link and help ----------------------------------------------------------------------------------

async function copyLink() {
  if (!session) return;
  updateUrl();
  const url = location.href;
  try {
    await navigator.clipboard.writeText(url);
    status(t("Link copied: it reopens this exact position."), "success");
  } catch {
    const field = $("link-field");
    field.value = url;
    $("link-dialog").showModal();
    field.select();
  }
}

async function openHelp(game = session ? session.game : null) {
  const g = gameEntry(game);
  if (!g) return;
  text($("help-title"), t("How to play: {game}", { game: g.title }));
  const paragraphs = g.rules.split(/\n\s*\n/).map((p) => el("p", { textContent: p.replace(/\s*\n\s*/g, " ") }));
  const goal = session && session.game === game && session.info && session.info.goal;
  if (goal) paragraphs.unshift(el("p", { className: "help-goal", textContent: t("This puzzle: {goal}", { goal }) }));
  $("help-rules").replaceChildren(...paragraphs);
  let keys = [];
  try {
    keys = (await VIEWS[game]()).KEYS || [];
  } catch {
    keys = [];
  }
  if (keys.length) keys = [...keys.slice(0, -1), ["D", N_("describe the board in words")], keys.at(-1)]; // "?" stays last
  $("help-describe").hidden = !(session && session.game === game);
  $("help-keys").replaceChildren(...keys.flatMap(([k, what]) => [el("dt", { textContent: t(k) }), el("dd", { textContent: t(what) })]));
  $("help-keys-title").hidden = keys.length === 0;
  if (!$("help").open) $("help").showModal();
}

/**
 * A long request on behalf of a view: shows the busy bar with its progress and Stop.
 * Resolves with the result; rejects with a CoreError ("cancelled" when stopped).
 */
/**
 * @param {string} cmd
 * @param {{[name: string]: unknown}} args
 * @param {{label?: string, onProgress?: (p: import("./protocol").Progress) => void, quiet?: boolean}} [options]
 * @returns {Promise<any>}
 */
async function longRequest(cmd, args, { label = t("Working"), onProgress, quiet = false } = {}) {
  if (quiet) return core.request(cmd, args, { onProgress }); // a quick step (a replay frame): no busy bar
  busy(true, `${label}…`);
  const show = progressText(label);
  try {
    return await core.request(cmd, args, {
      onProgress: (p) => {
        show(p);
        if (onProgress) onProgress(p);
      },
    });
  } finally {
    busy(false);
  }
}

/** Open another game on a puzzle (e.g. the workshop's "Play this"): a new history entry. */
function openLink(game, desc) {
  persist();
  history.pushState(null, "", hashFor(game, desc, ""));
  route();
}

// -- the engine's loading state ------------------------------------------------------------------------

function showLoading() {
  const fraction = loading.total ? loading.loaded / loading.total : 0;
  for (const id of /** @type {const} */ (["engine-progress", "waiting-progress"])) $(id).value = core.ready ? 1 : fraction;
  text($("engine-text"), core.ready ? t("The puzzle engine is ready.") : waitingText());
  text($("waiting-text"), waitingText());
  if (document.body.dataset.busy === "yes" && !session) text($("busy-text"), waitingText());
}

function setCoreState(state, detail) {
  document.body.dataset.core = state;
  if (state === "ready") performance.mark("pento-core-ready");
  $("load-error").hidden = state !== "error";
  if (state === "error") {
    text($("load-error-text"), t("The puzzle engine could not start: {reason}. Check the connection and try again.", { reason: detail }));
    if (!session && document.body.dataset.screen === "play") {
      goHome(false);
    }
  }
  if (state === "loading") loading = { loaded: 0, total: 1, phase: "download" };
  showLoading();
  if (state === "ready" && !session && document.body.dataset.screen === "home") status("");
}

function onLoading(p) {
  loading = p;
  showLoading();
}

// -- boot ---------------------------------------------------------------------------------------------

function bindKeys() {
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLSelectElement) return;
    const mod = e.ctrlKey || e.metaKey;
    if (mod && !e.shiftKey && e.key.toLowerCase() === "z") {
      e.preventDefault();
      go(-1);
    } else if (mod && (e.key.toLowerCase() === "y" || (e.shiftKey && e.key.toLowerCase() === "z"))) {
      e.preventDefault();
      go(1);
    } else if (e.key === "?" && !mod && session) {
      if ($("help").open) $("help").close();
      else openHelp();
    } else if (e.key.toLowerCase() === "d" && !mod && !e.altKey && session && !document.querySelector("dialog[open]")) {
      e.preventDefault();
      describeBoard();
    }
  });
}

function bindButtons() {
  $("undo").addEventListener("click", () => go(-1));
  $("redo").addEventListener("click", () => go(1));
  $("hint").addEventListener("click", hint);
  $("solve").addEventListener("click", solve);
  $("stop").addEventListener("click", stop);
  $("stop-solve").addEventListener("click", stopAnimation);
  $("copy-link").addEventListener("click", copyLink);
  $("race").addEventListener("click", startRace);
  $("print").addEventListener("click", () => {
    const solvable = !!session && features(session.game).includes("solve");
    $("print-solution").closest("label").hidden = !solvable; // Last Fit is played, not solved
    if (!solvable) $("print-solution").checked = false;
    $("print-dialog").showModal();
  });
  $("print-go").addEventListener("click", printPuzzle);
  $("print-cancel").addEventListener("click", () => $("print-dialog").close());
  $("race-close").addEventListener("click", () => $("race-dialog").close());
  $("help-button").addEventListener("click", () => openHelp(document.body.dataset.game));
  $("new").addEventListener("click", () => {
    if (session) newGame(session.game, session.params);
  });
  $("home-link").addEventListener("click", (e) => {
    e.preventDefault();
    if (document.body.dataset.screen !== "home") goHome(true);
  });
  $("retry").addEventListener("click", () => core.start().then(() => (parseHash() ? route() : null)).catch(() => {}));
  $("notice-close").addEventListener("click", () => ($("notice").hidden = true));
  $("done-new").addEventListener("click", () => {
    $("done").close();
    if (session) newGame(session.game, session.params);
  });
  $("done-stay").addEventListener("click", () => $("done").close());
  $("ranking-form").addEventListener("submit", saveRanking);
  $("help-close").addEventListener("click", () => $("help").close());
  $("help-describe").addEventListener("click", describeBoard);
  $("words-close").addEventListener("click", () => $("words").close());
  $("link-close").addEventListener("click", () => $("link-dialog").close());
  window.addEventListener("popstate", () => route());
  document.addEventListener("visibilitychange", () => {
    if (!session || session.solved || session.race) return;
    if (document.hidden) {
      session.elapsed = elapsedNow();
      clockStart = null;
      persist();
    } else clockStart = performance.now();
  });
  window.addEventListener("pagehide", () => persist());
  setInterval(() => {
    if (session) text($("timer"), formatTime(session.solved ? session.elapsed : elapsedNow()));
  }, 250);
}

function registerOffline() {
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
  if (new URLSearchParams(location.search).has("nosw")) return;
  navigator.serviceWorker
    .register("./sw.js")
    .then((registration) => {
      // A new build found while this page is open: its files are cached, and this page still runs
      // the old ones. Say so; a reload switches (saves and links are read by every later version).
      registration.addEventListener("updatefound", () => {
        const next = registration.installing;
        if (!next || !navigator.serviceWorker.controller) return; // the first visit: nothing older
        next.addEventListener("statechange", () => {
          if (next.state === "activated") {
            if (session) persist();
            notice(t("A new version of Pento is ready. Your games and links are kept."), [t("Reload"), () => location.reload()]);
          }
        });
      });
      const check = () => registration.update().catch(() => {});
      setInterval(check, 30 * 60 * 1000);
      document.addEventListener("visibilitychange", () => document.hidden || check());
    })
    .catch(() => {});
}

/** Every title, rule, preset and form label of the catalogue, in the page's language (once, at boot). */
function localiseCatalog() {
  for (const g of CATALOG.games) {
    g.title = t(g.title);
    g.description = t(g.description);
    g.rules = t(g.rules);
    for (const p of g.presets) p.label = t(p.label);
    for (const f of g.forms) {
      f.label = t(f.label);
      for (const field of f.fields) field.label = t(field.label);
    }
  }
}

/** The high-contrast boxes (start screen, Help): the choice is kept on this device and in the link
 * when the link named one; the board is drawn again in the new colours at once. */
function bindContrast() {
  for (const box of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll(".contrast-check"))) {
    box.addEventListener("change", () => {
      const value = box.checked ? "high" : "standard";
      setContrast(value, true);
      const url = new URL(location.href);
      if (url.searchParams.has("contrast")) {
        url.searchParams.set("contrast", value);
        history.replaceState(history.state, "", url);
      }
      if (session && gameView && session.view) gameView.render(session.view);
    });
  }
}

export async function boot() {
  setContrast(chooseContrast());
  await setLanguage(chooseLanguage());
  translateDocument();
  localiseCatalog();
  $("language-slot").replaceChildren(languageMenu({ beforeSwitch: () => leaveGame() }));
  // the engine first: its worker boots on another thread while this one draws the start screen
  core = new Core(setCoreState, onLoading, language());
  core.onRestart = () => notice(t("The puzzle engine stopped and was restarted; your game is kept."));
  core.start().catch(() => {});
  bindButtons();
  bindKeys();
  bindContrast();
  renderHome();
  showScreen("home");
  performance.mark("pento-home"); // the start screen is up, before the engine (read by the benchmarks)
  if (embedded()) {
    document.body.dataset.embed = "yes";
    $("full-page").hidden = false;
    updateFullPage();
    window.addEventListener("hashchange", updateFullPage);
  }
  if (!storageAvailable()) {
    notice(
      embedded()
        ? t("Games are not saved in this embedded page; the address keeps your position, and Open in full page takes it along.")
        : t("This page cannot save games here (storage is blocked, as in some embedded pages). The address keeps your position: use Link to keep or share it."),
    );
  }
  /** @type {any} */ (window).pento = {
    // Read-only hooks for tests and curious players: the state of the page, never the rules.
    session: () =>
      session ? { id: session.id, game: session.game, desc: session.desc, state: currentState(), at: session.at, view: session.view, moves: session.moves, assisted: session.assisted, solved: session.solved } : null,
    layout: () => (gameView ? gameView.layout() : null),
    busy: () => core.busy,
    engine: () => ({ ready: core.ready, spare: core.spare ? (core.spare.ready ? "ready" : "booting") : null, loading: { ...loading } }),
  };
  registerOffline();
  route();
}

boot();
