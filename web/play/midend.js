// The mid-end (after sgtpuzzles): one path that opens a game, then moves, undo and redo, saves,
// the win, replay and races, for every game alike. It knows no rules: every move goes to the core.
import { noteWork } from "./live.js";
import { app } from "./app.js";
import { celebrate } from "../ui/celebrate.js";
import { byId, el } from "../ui/dom.js";
import { formatNumber, t, tn } from "../ui/i18n.js";
import { busy, features, formatTime, gameEntry, hashFor, homeUrl, longRequest, notice, pageBase, plain, progressText, sayFailed, setAsideNotice, showLoading, solvable, startFailure, status, text, titleOf, updateFullPage, waitingText } from "./page.js";
import { askName, leaveResults, raceHash, raceTime, showRaceDialog, showResult, showResults } from "./race.js";
import { dailyHash, dailyResult, todayUtc } from "./daily.js";
import { streaks } from "../model/progress_data.js";
import { share } from "../ui/share.js";
import { addToRanking, boundHistory, getSave, listProgress, listSaves, loadRanking, newId, setAsideSave, storageAvailable, trackProgress, writeSave } from "../model/storage.js";
import { viewOf } from "../views/index.js";

const $ = byId;

/**
 * What the mid-end asks of the screens above it, given once by the shell (:func:`connect`): it
 * reaches them only through these, as sgtpuzzles' mid-end reaches its front end.
 * @typedef {object} Screens
 * @property {() => void} home draw the start screen's lists afresh (saved games, today, ladders)
 * @property {(game: string, desc: string) => void} openLink open another game's puzzle (a new history entry)
 * @property {() => number} nextItem the next puzzle of the session's assignment not yet solved, or -1
 */

/** @type {Screens} */
const screens = { home: () => {}, openLink: () => {}, nextItem: () => -1 };

/** Give the mid-end the screens above it (the shell does, once, as the page boots). */
export function connect(/** @type {Screens} */ given) {
  Object.assign(screens, given);
}

/** The clock on the game bar: the game's time so far (its final time once solved). Drawn every
 * 250 ms by the shell, and at once when a game opens: the last game's time is never shown on it. */
export function drawClock() {
  if (!app.session) return;
  const shown = formatTime(app.session.solved ? app.session.elapsed : elapsedNow());
  const timer = $("timer");
  // called four times a second: the page is laid out and painted again only when a second turns
  if (timer.textContent !== shown) text(timer, shown);
}

export function elapsedNow() {
  if (!app.session) return 0;
  // a race's clock is the wall clock from Start: it runs on while the page is hidden or closed
  if (app.session.race && !app.session.solved) return (Date.now() - app.session.race.started) / 1000;
  return app.session.elapsed + (app.clockStart === null ? 0 : (performance.now() - app.clockStart) / 1000);
}

export function currentState() {
  return app.session.history[app.session.at];
}

// Which tab wrote a save, and which of its writes: two tabs on one game never overwrite each
// other's moves (a tab that finds the save changed by another tab keeps its own as a new game).
const TAB = newId();
let writes = 0;

/**
 * Whether ``stored`` holds moves another tab made since this one last read or wrote the save. The
 * same position written by another tab (it only opened the game) is adopted, not a change.
 */
function writtenElsewhere(stored) {
  if (!stored || typeof stored.stamp !== "string" || stored.stamp.startsWith(`${TAB}.`) || stored.stamp === app.session.stamp) return false;
  const same = stored.at === app.session.at && stored.history.length === app.session.history.length && stored.history.every((s, i) => s === app.session.history[i]);
  if (same) app.session.stamp = stored.stamp;
  return !same;
}

/** This tab's game becomes a game of its own: the other tab keeps the save it wrote. */
function forkFromOtherTab() {
  const other = app.session.id;
  app.session.id = newId();
  notice(t("This game was also played in another tab. Your moves here are kept as a game of their own; the other tab's are in your games too."), [
    t("Open the other tab's"),
    () => continueSlot(other),
  ]);
}

/** The save of this tab's game was just written by another tab (the storage event). */
export function savedElsewhere(key, value) {
  if (!app.session || key !== `pento.game.${app.session.id}` || value === null) return;
  let stored = null;
  try {
    stored = JSON.parse(value);
  } catch {
    return;
  }
  if (!stored || !Array.isArray(stored.history) || !writtenElsewhere(stored)) return;
  const mine = app.session.history.slice(0, app.session.at + 1);
  const playedOn = mine.length <= stored.history.length && mine.every((s, i) => s === stored.history[i]);
  if (playedOn) {
    // the other tab played on from here: nothing of this tab's is lost; a move here would fork (persist)
    const id = app.session.id;
    notice(t("This game was played on in another tab."), [t("Show those moves"), () => continueSlot(id)]);
    return;
  }
  forkFromOtherTab(); // this tab has moves the other's save lacks: they are kept at once
  persist();
}

export function persist() {
  if (!app.session) return;
  if (writtenElsewhere(getSave(app.session.id))) forkFromOtherTab();
  const bounded = boundHistory(app.session.history, app.session.at);
  app.session.history = bounded.history;
  app.session.at = bounded.at;
  const ok = writeSave({
    id: app.session.id,
    game: app.session.game,
    desc: app.session.desc,
    history: app.session.history,
    at: app.session.at,
    elapsed: elapsedNow(),
    solved: app.session.solved,
    assisted: app.session.assisted,
    params: app.session.params,
    moves: app.session.moves,
    race: app.session.race,
    assignment: app.session.assignment,
    daily: app.session.daily,
    hints: app.session.hints || 0,
    title: $("game-title").textContent,
    picture: app.session.picture,
    summary: app.session.view ? app.session.view.summary : "",
    stamp: (app.session.stamp = `${TAB}.${++writes}`),
  });
  noteWork(app.session, elapsedNow()); // a live lesson's work, sent as it happens
  if (!ok && storageAvailable() && !app.saveWarned) {
    app.saveWarned = true;
    notice(t("This game could not be saved on this device (storage is full). The link keeps your position:"), [
      t("Copy link"),
      copyLink,
    ]);
  }
}

export function showScreen(name) {
  $("home").hidden = name !== "home";
  $("play").hidden = name !== "play";
  $("results").hidden = name !== "results";
  $("progress-page").hidden = name !== "progress";
  $("teach").hidden = name !== "teach";
  $("assign").hidden = name !== "assign";
  $("join").hidden = name !== "join";
  $("board").hidden = name !== "board";
  $("gamebar").hidden = name !== "play";
  $("timer").hidden = name !== "play" || !app.session || !features(app.session.game).includes("timer");
  document.body.dataset.screen = name;
  if (name === "home") {
    text($("game-title"), "");
    document.title = t("Pento — polyomino puzzles");
    screens.home();
    // while the engine is down (it could not start) its error alone speaks: it will not be ready
    const waiting = !(app.core && app.core.ready) && document.body.dataset.core !== "error";
    status(waiting ? t("You can choose a puzzle now: it opens as soon as the engine is ready.") : "");
  }
}

export function leaveGame() {
  stopAnimation();
  if (app.session) {
    if (!app.session.solved) app.session.elapsed = elapsedNow();
    persist();
  }
  app.clockStart = null;
  app.session = null;
  // the game's dialogs go with it: a win's "Well done" must not stay over the next screen
  for (const id of /** @type {const} */ (["done", "help", "words", "print-dialog", "link-dialog", "race-dialog", "more-menu"])) {
    if ($(id).open) $(id).close();
  }
  if (app.gameView) app.gameView.destroy();
  app.gameView = null;
  app.editing = false;
  leaveResults(); // the results page's camera and projector view go with the page
  delete document.body.dataset.game;
}

export function goHome(push = true) {
  app.opening += 1;
  leaveGame();
  if (push) history.pushState(null, "", homeUrl());
  else history.replaceState(null, "", homeUrl());
  showScreen("home");
}

/** Show a game's frame (title, Help) at once; its board comes when the core answers. */
export function showFrame(game, title) {
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
  // its view's modules load while the core works (or the engine still boots: a first visit's link
  // then draws its board a round trip or two sooner); a failure here is met again by openGame
  viewOf(game)?.catch(() => {});
}

export async function openGame(slot, result, { push = false } = {}) {
  const module = await viewOf(slot.game);
  stopAnimation();
  if (app.gameView) app.gameView.destroy();
  app.session = {
    ...slot,
    desc: result.desc,
    info: result.info,
    view: result.view,
    picture: result.picture,
  };
  app.clockStart = app.session.solved ? null : performance.now();
  drawClock();
  $("waiting").hidden = true;
  // a puzzle of the day is titled so, unless the core names its board
  const daily = slot.daily && !(result.info && result.info.title);
  const title = daily ? t("{game}: puzzle of the day", { game: gameEntry(slot.game).title }) : titleOf(slot.game, result.desc, result.info, slot.params);
  text($("game-title"), title);
  document.title = t("{title} — Pento", { title });
  showScreen("play");
  document.body.dataset.game = slot.game;
  $("new").disabled = false;
  $("copy-link").disabled = false;
  $("race").disabled = false;
  // in a race: no Hint, no Solve, and no new race from a pupil's screen; in an assignment, Hint
  // and Solve when the teacher allowed them
  const assigned = app.session.assignment;
  const noHelp = !!app.session.race || (!!assigned && !assigned.help);
  $("hint").hidden = !features(slot.game).includes("hint") || noHelp;
  $("solve").hidden = !solvable(slot.game, result.info) || noHelp;
  $("race").hidden = !features(slot.game).includes("race") || !!app.session.race || !!assigned;
  // an assignment's or a race's puzzle is the one to play: no New there (it would leave it without a word)
  const fixed = !!app.session.race || !!assigned;
  $("new").hidden = fixed;
  $("assign-back").hidden = !assigned;
  $("print").hidden = !(gameEntry(slot.game) || { print: "" }).print;
  $("print").disabled = false;
  app.gameView = module.createView({
    root: $("view"),
    info: result.info,
    // fixed: the puzzle is an assignment's or a race's, so a view offers nothing that makes another
    host: { move: playMove, status, request: longRequest, open: (game, desc) => screens.openLink(game, desc), editing: setEditing, fixed },
  });
  app.gameView.render(result.view);
  // the keyboard starts on the board, not five to sixty Tabs before it (the workshop, a page of
  // forms, starts on its first part: a phone must not open its keyboard for a field)
  const board = /** @type {HTMLElement | null} */ ($("view").querySelector("canvas.board-canvas, [data-board]")); // a view's board
  if (!document.querySelector("dialog[open]")) (board || $("view")).focus({ preventScroll: true });
  if (!performance.getEntriesByName("pento-board").length) performance.mark("pento-board"); // the first playable board
  updateUrl(push);
  persist();
  refreshButtons();
  if (app.session.race) status(raceStatus());
  else status(app.session.solved ? t("Solved. Undo to keep playing, or start another puzzle.") : result.view.summary || "");
}

/** What the status line says in a race: whose race, and the result code once finished. */
function raceStatus() {
  const r = app.session.race;
  if (r.code) return t("Race {race} finished in {time}. Your result code: {code}", { race: r.id, time: raceTime(Math.round(r.tenths)), code: r.code });
  return t("Race {race}: {name}.", { race: r.id, name: r.name }) + " " + (app.session.view.summary || "");
}

/** What opening a link or a game does when the engine could not start: the link being opened (if
 * any) waits for Try again, which opens it once the engine is up; the player is taken to the start
 * screen's own message and its Try again (not shown a second copy of it where they clicked). */
export function engineDown() {
  app.linkWhenFailed = location.hash; // the player's latest wish: "" (a preset, a save) forgets an older link
  goHome(false);
  $("load-error").scrollIntoView({ block: "nearest" });
  $("retry").focus();
}

/** Where a request that failed while opening a game is reported: next to its control (``errorEl``),
 * or at the top; an engine that could not start, at the start screen's own message. */
export function openFailed(err, errorEl = null) {
  if (err.code === "cancelled") return;
  if (startFailure(err.code)) return engineDown();
  const message = plain(err);
  goHome(false);
  if (errorEl) {
    text(errorEl, message);
    errorEl.hidden = false;
    errorEl.closest(".card")?.scrollIntoView({ block: "nearest" });
  } else notice(message);
}

/**
 * The one path that opens a game: its frame at once, then the position the core gives for
 * ``request`` (a new puzzle, a save, a link, a race), opened as the slot ``slotFor`` makes of it.
 * A navigation that came meanwhile wins: this one is then dropped. ``failed`` says what went wrong
 * (never for a Stop).
 * @param {{game: string, title: string, request: () => Promise<import("../protocol").Snapshot>,
 *   slotFor: (result: import("../protocol").Snapshot) => import("./app.js").Session, push?: boolean,
 *   failed: (err: any) => void}} how
 * @returns {Promise<"opened" | "failed" | "dropped">} "dropped" when another navigation came meanwhile
 */
export async function openPosition({ game, title, request, slotFor, push = false, failed }) {
  const token = ++app.opening;
  showFrame(game, title);
  try {
    const result = await request();
    if (token !== app.opening) return "dropped";
    const slot = slotFor(result);
    if (slot.abandoned) delete slot.abandoned;
    await openGame(slot, result, { push });
    return "opened";
  } catch (err) {
    if (token !== app.opening) return "dropped";
    if (err.code !== "cancelled") failed(err);
    return "failed";
  }
}

/**
 * Where a session's puzzle stands on a ladder of levels (its info.ladder), or null.
 * @returns {import("../views").LadderPlace | null}
 */
export function ladderOf(session) {
  return (session && session.info && session.info.ladder) || null;
}

/** The params of "another puzzle" after ``session``: the next level on a ladder, else the same params. */
export function anotherParams(session) {
  const ladder = ladderOf(session);
  if (!ladder) return session.params;
  return ladder.next || `${ladder.params}:${ladder.level}`;
}

/** A fresh slot for a position the core just gave. */
export const freshSlot = (game, result, params, extra = {}) => ({
  id: newId(),
  game,
  desc: result.desc,
  history: [result.state],
  at: 0,
  elapsed: 0,
  solved: false,
  assisted: false,
  params,
  moves: 0,
  ...extra,
});

export async function newGame(game, params, errorEl = null) {
  if (errorEl) errorEl.hidden = true;
  const wasHome = !app.session;
  const current = app.session && app.session.game === game ? app.session.desc : null;
  busy(true, waitingText());
  const outcome = await openPosition({
    game,
    title: titleOf(game, params),
    push: true,
    request: async () => {
      const t0 = performance.now();
      let result;
      // "Another puzzle" must be another: a generator with few boards to give (the Game of 20's)
      // may draw the one on screen again; a preset, the same every time, is taken after a few tries
      for (let tries = 0; tries < 4 && (!result || result.desc === current); tries++) {
        const seed = Math.floor(Math.random() * 2 ** 31);
        result = await app.core.request("new", { game, params, seed }, { onProgress: progressText(t("Preparing the board")) });
      }
      performance.measure("pento-new", { start: t0, end: performance.now() }); // read by the benchmarks
      return /** @type {import("../protocol").Opened} */ (result);
    },
    slotFor: (result) => freshSlot(game, result, params),
    failed: (err) => openFailed(err, errorEl),
  });
  if (outcome !== "dropped") busy(false);
  if (outcome === "opened" && !wasHome) status(t("A new puzzle. Your previous one is kept: Back, or the start screen, returns to it."));
}

/** The engine's refusals that say a save itself cannot be played (it does not read, or the rules
 * refuse it): only such a save is set aside (kept, apart), so that it cannot fail every start. */
/** @type {import("../protocol").ErrorCode[]} */
const SAVE_REFUSED_CODES = ["bad_request", "too_large", "invalid", "parse", "unknown_game", "unknown_piece", "impossible", "illegal_move"];
/** @type {Set<string>} */
const SAVE_REFUSED = new Set(SAVE_REFUSED_CODES);

/** Continue a saved game from the start screen. */
export async function continueSlot(id) {
  const saved = getSave(id);
  if (!saved) return screens.home();
  await openPosition({
    game: saved.game,
    title: saved.title,
    push: true,
    request: () => app.core.request("load", { game: saved.game, desc: saved.desc, state: saved.history[saved.at] }),
    slotFor: () => saved,
    failed: (err) => {
      // the engine's trouble (it could not start, it died, a bug in it), not the save's: the save
      // stays where it is, to be continued once the engine is back
      if (!SAVE_REFUSED.has(err.code)) return openFailed(err);
      setAsideSave(id);
      goHome(false);
      notice(t("That saved game could not be opened: {reason} It was set aside; your other games are safe.", { reason: plain(err, false) }));
    },
  });
}

const raceUi = () => ({ core: app.core, status, plain, title: "" });

/** The title the engine gives each puzzle of ``items`` ("GandaGalo: 10 × 10, hard"), or the page's
 * guess from the link ("GandaGalo: custom puzzle") where the engine cannot answer.
 * @param {{game: string, desc: string}[]} items @returns {Promise<string[]>} */
export function puzzleTitles(items) {
  return Promise.all(
    items.map(({ game, desc }) =>
      app.core.request("load", { game, desc, state: "" }).then(
        (result) => titleOf(game, desc, result.info),
        () => titleOf(game, desc),
      ),
    ),
  );
}

/** A pupil's race link: their race again if this device has it, else their name first. */
export async function openRace(target) {
  const saves = listSaves(setAsideNotice).filter((e) => e.race && e.race.id === target.race && e.game === target.game && e.desc === target.desc);
  const saved = saves.find((e) => !e.abandoned) || saves[0] || null;
  let race = saved ? saved.race : null;
  if (!race) {
    const token = ++app.opening;
    leaveGame();
    showScreen("home");
    // the puzzle is checked while the pupil types: a broken link says so at once, never after a name
    /** @type {any} */
    let broken = null;
    const loaded = app.core.request("load", { game: target.game, desc: target.desc, state: target.state });
    const better = loaded.then((result) => titleOf(target.game, target.desc, result.info), () => titleOf(target.game, target.desc));
    const abort = loaded.then(
      () => new Promise(() => {}), // a puzzle that loads never aborts the question
      (err) => {
        broken = err;
      },
    );
    const name = await askName(raceUi(), titleOf(target.game, target.desc), "", better, abort);
    if (token !== app.opening) return;
    if (broken) {
      goHome(false);
      notice(t("That race link could not be opened: {reason} Your games are safe.", { reason: plain(broken, false) }));
      return;
    }
    if (name === null) return goHome(false);
    race = { id: target.race, name, started: 0 };
  }
  await openPosition({
    game: target.game,
    title: saved ? saved.title : titleOf(target.game, target.desc),
    request: () => app.core.request("load", { game: target.game, desc: target.desc, state: saved ? saved.history[saved.at] : target.state }),
    slotFor: (result) => {
      if (!race.started) race.started = Date.now(); // the clock starts once the board is there
      return saved || freshSlot(target.game, result, result.desc, { race });
    },
    failed: (err) => {
      if (startFailure(err.code)) return engineDown();
      goHome(false);
      notice(t("That race link could not be opened: {reason} Your games are safe.", { reason: plain(err, false) }));
    },
  });
}

/** The teacher's results page of an assignment or a race ({assignment, race, code?, link?}). */
export async function openResults(target) {
  const token = ++app.opening;
  leaveGame();
  text($("game-title"), "");
  const a = target.assignment;
  const titles = await puzzleTitles(a.items);
  if (token !== app.opening) return;
  const heading = target.race ? t("Race results: {game}", { game: titles[0] }) : t("Results: {title}", { title: a.title || t("Assignment") });
  document.title = t("{title} — Pento", { title: heading });
  showScreen("results");
  try {
    await showResults({ ...raceUi(), heading, titles }, target);
  } catch (err) {
    if (token !== app.opening || err.code === "cancelled") return;
    goHome(false);
    notice(t("That results link could not be opened: {reason}", { reason: plain(err) }));
  }
}

export async function startRace() {
  if (!app.session || app.session.race) return;
  const title = $("game-title").textContent;
  try {
    await showRaceDialog({ ...raceUi(), title }, { game: app.session.game, desc: app.session.desc, title });
  } catch (err) {
    if (err.code !== "cancelled") sayFailed(err);
  }
}

/** Ask the core to play a move; resolves to {ok, message}. Never throws. */
export async function playMove(move) {
  if (!app.session) return { ok: false, message: "no game" };
  if (app.replaying) app.replaying.stop = true; // a move ends a replay: the game's position comes back
  const mine = app.session;
  try {
    const result = await app.core.request("move", { game: mine.game, desc: mine.desc, state: currentState(), move });
    if (app.session !== mine) return { ok: false, message: "the game was closed" };
    mine.history = mine.history.slice(0, mine.at + 1);
    mine.history.push(result.state);
    mine.at += 1;
    mine.moves = (mine.moves || 0) + 1;
    if (mine.moves === 1) track(mine); // a puzzle played: it has a place in my progress
    showPosition(result);
    return { ok: true };
  } catch (err) {
    if (err.code !== "cancelled" && app.session === mine) sayFailed(err);
    return { ok: false, message: plain(err), code: err.code };
  }
}

function showPosition(result, message = null) {
  app.session.view = result.view;
  app.session.picture = result.picture;
  app.gameView.render(result.view);
  updateUrl();
  status(message || result.view.summary || "");
  if (result.view.complete && !app.session.solved) {
    app.session.elapsed = elapsedNow(); // before "solved": a race's clock reads the wall clock until then
    app.session.solved = true;
    app.clockStart = null;
    persist();
    finished();
  } else {
    persist();
  }
  refreshButtons();
}

/** Add ``change`` (hints, solves, a win) to my progress on ``session``'s puzzle, kept on this device. */
export function track(session, change = {}) {
  const title = session === app.session ? $("game-title").textContent : session.game;
  trackProgress(session.game, session.desc, title, session.daily || null, change);
}

export function finished() {
  const time = formatTime(app.session.elapsed);
  // the moves of the winning line, as the game counts them: not the ones undone on the way
  const moves = app.session.view.counted_moves ?? app.session.at;
  const ranked = features(app.session.game).includes("ranking");
  const timed = features(app.session.game).includes("timer");
  if (app.session.view.status.state === "lost") {
    // a game lost (to the computer): no celebration, just the result
    status(app.session.view.summary, "error");
    return;
  }
  if (!app.session.assisted) {
    const hints = app.session.hints || 0;
    track(app.session, { win: { at: Date.now(), seconds: app.session.elapsed, moves, hints } });
    if (app.scorm) app.scorm.solved(app.session.game, app.session.desc); // the school's platform, when there is one
  }
  $("done-share").hidden = !app.session.daily || app.session.assisted;
  // a puzzle of an assignment leads on to the next, or back to the list
  const assigned = !!app.session.assignment;
  $("done-next").hidden = !assigned || screens.nextItem() < 0;
  $("done-assignment").hidden = !assigned;
  // a level leads on to the next level of its ladder (none after the last)
  const ladder = ladderOf(app.session);
  $("done-level").hidden = assigned || !ladder || !ladder.next;
  $("done-new").hidden = assigned || !!ladder;
  $("race-result").hidden = true;
  if (app.session.race) {
    app.session.race.tenths ??= app.session.elapsed * 10;
    text($("done-title"), t("Finished!"));
    const yourTime = t("Your time: {time}.", { time: raceTime(Math.round(app.session.race.tenths)) });
    text($("done-text"), `${app.session.view.summary} ${yourTime}`);
    $("ranking-form").hidden = true;
    $("ranking").hidden = true;
    if (!$("done").open) $("done").showModal();
    celebrate($("confetti"), { quiet: false });
    const mine = app.session;
    showResult(raceUi(), mine, currentState())
      .then(() => {
        persist();
        if (app.session === mine) status(raceStatus(), "success");
      })
      .catch((err) => sayFailed(err));
    return;
  }
  if (app.session.assisted) {
    text($("done-title"), t("Solved with the solver's help"));
    text($("done-text"), t("The solver finished this one, so it is not timed as yours. Try another puzzle on your own!"));
  } else {
    text($("done-title"), t("Well done!"));
    text($("done-text"), [app.session.view.summary, timed ? t("Time: {time}.", { time }) : "", t("Moves: {n}.", { n: formatNumber(moves) }), dailyLine()].filter(Boolean).join(" "));
  }
  let line = app.session.view.summary; // a game of players (Last Fit) says who won, not a time
  if (app.session.assisted) line = t("Solved by the solver (not timed).");
  else if (timed) line = tn("Solved in {time}, {n} move.", "Solved in {time}, {n} moves.", moves, { time });
  status(line, "success");
  $("ranking-form").hidden = !ranked || app.session.assisted;
  $("ranking").hidden = !ranked;
  if (ranked) showRanking(loadRanking(app.session.game, app.session.desc));
  const dialog = $("done");
  if (!dialog.open) dialog.showModal();
  celebrate($("confetti"), { quiet: app.session.assisted });
}

/** After a puzzle of the day solved on its day: the streak of days. */
function dailyLine() {
  if (!app.session.daily || app.session.daily !== todayUtc()) return "";
  const { current } = streaks(listProgress(), todayUtc());
  return current > 1 ? tn("Puzzle of the day: {n} day in a row!", "Puzzle of the day: {n} days in a row!", current) : t("Puzzle of the day: solved today.");
}

/** Share the result of a puzzle of the day: game, date, level, time and hints, and its link (not its solution). */
export async function shareDaily() {
  const s = app.session;
  if (!s || !s.daily) return;
  const link = pageBase() + dailyHash(s.daily, s.game, s.desc);
  const timed = features(s.game).includes("timer");
  const result = dailyResult({ title: $("game-title").textContent, date: s.daily, seconds: s.elapsed, hints: s.hints || 0, timed }, link);
  const how = await share({ title: t("Pento, puzzle of the day"), text: result }, result);
  if (how === "shared") status(t("Result shared."), "success");
  else if (how === "copied") status(t("Result copied: paste it in a message."), "success");
  else if (how === "failed") status(result);
}

function showRanking(list) {
  $("ranking-list").replaceChildren(
    ...list.map((e) => el("li", { textContent: `${e.name} — ${formatTime(e.seconds)}` })), // a name is text, never HTML
  );
  text($("ranking-empty"), list.length ? "" : t("No times on this board yet: be the first."));
}

export function saveRanking(event) {
  event.preventDefault();
  if (!app.session || !app.session.solved || app.session.assisted) return;
  const list = addToRanking(app.session.game, app.session.desc, {
    name: $("player-name").value.trim(),
    seconds: app.session.elapsed,
    moves: app.session.moves || 0,
    state: currentState(),
    at: new Date().toISOString(),
  });
  showRanking(list);
  $("ranking-form").hidden = true;
}

export async function go(delta) {
  if (!app.session || app.animation || app.editing) return;
  const mine = app.session;
  const at = mine.at + delta;
  if (at < 0 || at >= mine.history.length) return;
  try {
    const result = await app.core.request("load", { game: mine.game, desc: mine.desc, state: mine.history[at] });
    if (app.session !== mine) return;
    mine.at = at;
    if (!result.view.complete && mine.solved) {
      mine.solved = false; // playing on after a win: the clock goes on from the time it showed
      app.clockStart = performance.now();
    }
    showPosition(result, delta < 0 ? t("Undone. {summary}", { summary: result.view.summary }) : t("Redone. {summary}", { summary: result.view.summary }));
  } catch (err) {
    if (err.code !== "cancelled") sayFailed(err);
  }
}

const REPLAY_STEP_MS = 700;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Replay, for every game: the finished game again, a step of its history at a time, drawn by the
 * game's view from the core's positions; the game's own history is never touched.  Pressed again
 * (Stop replay), or by any move, it ends and the game's position is drawn again.
 */
export async function replay() {
  if (app.replaying) {
    app.replaying.stop = true;
    return;
  }
  const mine = app.session;
  if (!mine) return;
  const frames = mine.history.slice(0, mine.at + 1);
  const final = mine.view;
  const token = (app.replaying = { stop: false });
  text($("replay"), t("Stop replay"));
  refreshButtons();
  const live = () => !token.stop && app.session === mine;
  try {
    for (let k = 0; k < frames.length && live(); k++) {
      const r = await app.core.request("load", { game: mine.game, desc: mine.desc, state: frames[k] });
      if (!live()) break;
      app.gameView.render(r.view);
      status(k === 0 ? t("Replay: the start.") : t("Replay: step {k} of {n}.", { k, n: frames.length - 1 }));
      await sleep(REPLAY_STEP_MS);
    }
  } catch (err) {
    if (app.session === mine) sayFailed(err);
  } finally {
    app.replaying = null;
    text($("replay"), t("Replay"));
    if (app.session === mine) {
      app.gameView.render(final);
      status(final.summary);
      refreshButtons();
    }
  }
}

/** A view's editor (peg solitaire's board editor) hides the game: its buttons rest and its clock
 * stands until the editor closes. */
export function setEditing(on) {
  app.editing = on;
  if (app.session && !app.session.solved) {
    if (on && app.clockStart !== null) {
      app.session.elapsed = elapsedNow();
      app.clockStart = null;
    } else if (!on && app.clockStart === null) app.clockStart = performance.now();
  }
  refreshButtons();
}

export function stopAnimation() {
  if (app.animation) app.animation.stopped = true;
  app.animation = null;
  $("stop-solve").hidden = true;
  if (app.session) refreshButtons();
}


/** Put the current position in the address bar (a new history entry when ``push``). */
export function updateUrl(push = false) {
  const { race, daily, game, desc } = app.session;
  const h = race ? raceHash(race.id, game, desc, currentState()) : daily ? dailyHash(daily, game, desc, currentState()) : hashFor(game, desc, currentState());
  const entry = { slot: app.session.id };
  if (push) history.pushState(entry, "", h);
  else if (location.hash !== h || !history.state || history.state.slot !== app.session.id) history.replaceState(entry, "", h);
  updateFullPage();
}

/** Copy a link to this very position (Link): to the clipboard, or shown to copy by hand. */
export async function copyLink() {
  if (!app.session) return;
  updateUrl();
  const url = location.href;
  const how = await share({ title: document.title, url }, url); // a phone's share sheet, else the clipboard
  if (how === "shared") status(t("Link shared: it reopens this exact position."), "success");
  else if (how === "copied") status(t("Link copied: it reopens this exact position."), "success");
  else if (how === "failed") {
    const field = $("link-field");
    field.value = url;
    $("link-dialog").showModal();
    field.select();
  }
}

export function refreshButtons() {
  const playing = !!app.session && !app.editing;
  $("undo").disabled = !playing || app.session.at === 0 || !!app.animation || !!app.replaying;
  $("redo").disabled = !playing || app.session.at >= app.session.history.length - 1 || !!app.animation || !!app.replaying;
  $("hint").disabled = !playing || !!app.animation || !!(app.session && app.session.view && app.session.view.complete);
  $("solve").disabled = !playing || !!app.animation || !!(app.session && app.session.view && app.session.view.complete);
  // Replay: once a game is over, when it has steps to show
  const over = playing && !!app.session.view && app.session.view.status.state !== "playing";
  $("replay").hidden = !(over && app.session.at > 0) && !app.replaying;
  $("replay").disabled = !!app.animation || !playing;
  // Replay takes Hint's and Solve's place: on a phone they go under More, so that the bar keeps to
  // one row and the board stays where it was (elsewhere the class changes nothing)
  for (const id of /** @type {const} */ (["hint", "solve"])) $(id).classList.toggle("overflow", !$("replay").hidden);
  $("new").disabled = !!app.editing;
}
