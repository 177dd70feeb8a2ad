// The page's chrome, shared by the shell's parts: the status line, notices, titles, the busy
// bar, Help. It knows no game: what it shows of one comes from the catalog.
import { CATALOG } from "../catalog.js";
import { byId, el } from "../ui/dom.js";
import { formatNumber, N_, t, tn } from "../ui/i18n.js";
import { app } from "./app.js";
import { viewOf } from "../views/index.js";

const $ = byId;

export function text(el, value) {
  el.textContent = value; // never innerHTML: messages may carry player or URL text
}

export function status(message, kind = "info") {
  const el = $("status");
  text(el, message);
  el.dataset.kind = kind;
}

/** A notice at the top; ``action`` is an optional [label, fn] button (e.g. Undo). */
export function notice(message, action = null) {
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

/**
 * Tell the player what storage set aside while reading (storage.js's ``SetAside``): it keeps
 * data, this says it in words.
 * @param {import("../model/storage.js").SetAside} report
 */
export function setAsideNotice({ what, n }) {
  if (what === "old-saves") notice(t("Some saved games from an older version could not be read; they were set aside."));
  else if (what === "saves") notice(tn("One saved game could not be read and was set aside; your other games are safe.", "{n} saved games could not be read and were set aside; your other games are safe.", n));
  else if (what === "progress") notice(tn("One record of your progress could not be read and was set aside; the rest is safe.", "{n} records of your progress could not be read and were set aside; the rest is safe.", n));
  else notice(t("Something saved on this device could not be read in full. A copy was set aside, and what could be read is kept."));
}

/** The page's own address, without query or fragment: links made here work from any copy of it. */
export const pageBase = () => location.origin + location.pathname;

/** An address's fragment (#a:b:c): each part URI-encoded, so a part may hold any text. */
export const fragment = (parts) => "#" + parts.map((p) => encodeURIComponent(p)).join(":");

/** The part after an assignment's id: "h" (Hint and Solve allowed) or "-", then each name of its
 * class list after a line break (a name holds none; pento_core/cli_teaching.py writes it too). */
const flagsOf = (a) => (a.help ? "h" : "-") + (a.roster || []).map((/** @type {string} */ n) => "\n" + n).join("");

/** The address of ``a``: a pupil's (``kind`` "assign") or the teacher's results ("assign-results"). */
export const assignHash = (a, kind = "assign") => fragment([kind, a.id, flagsOf(a), a.title, ...a.items.flatMap((i) => [i.game, i.desc])]);

/** The link to a position of a game: #game:desc:state. */
export const hashFor = (game, desc, state) => fragment([game, desc, state]);

/** The start screen's address: this page, its query kept, no fragment. */
export const homeUrl = () => location.pathname + location.search;

export function formatTime(seconds) {
  const s = Math.floor(seconds);
  const m = Math.floor(s / 60);
  return `${m}:${String(s % 60).padStart(2, "0")}`;
}

export const gameEntry = (id) => CATALOG.games.find((g) => g.id === id) || null;

export const features = (id) => (gameEntry(id) || { features: [] }).features;

/** Whether Solve applies to this puzzle: its game offers it, and the puzzle's info does not say
 * otherwise (Last Fit solves its blocking puzzle, never a game between players). */
export const solvable = (id, info = null) => features(id).includes("solve") && !(info && info.solvable === false);

export function titleOf(game, desc, info = null, params = null) {
  const g = gameEntry(game);
  if (!g) return game;
  if (info && info.title) return info.title;
  const preset = g.presets.find((p) => p.params === params) || g.presets.find((p) => p.params === desc);
  if (!g.titled_by_board) return g.title; // a game whose presets are not puzzles of their own
  const ladder = g.ladders.find((l) => desc.startsWith(l.params + ":"));
  if (ladder) return t("{game}: {board}, level {n}", { game: g.title, board: ladder.label, n: desc.slice(ladder.params.length + 1) });
  // the page's guess until the engine names it: a board's size, a figure's name as its link writes it
  const named = /^[a-z][a-z0-9-]*$/.test(desc) ? desc[0].toUpperCase() + desc.slice(1).replace(/-/g, " ") : null;
  const board = preset ? preset.label : /[~/]/.test(desc) ? t("custom puzzle") : named || desc.replace(/x/g, " × ");
  return `${g.title}: ${board}`;
}

/** Whether the page shows one game inside another page: the link says ?embed, or it is in a frame. */
export function embedded() {
  if (new URLSearchParams(location.search).has("embed")) return true;
  try {
    return window.self !== window.top;
  } catch {
    return true; // a frame whose parent cannot even be compared
  }
}

/** "Open in full page": this address, position included, without ?embed. */
export function updateFullPage() {
  const link = $("full-page");
  if (link.hidden) return;
  const url = new URL(location.href);
  url.searchParams.delete("embed");
  link.href = url.href;
}

/**
 * What the player reads when the engine could not start, by the error's code (the engine's
 * START_FAILURES, web/engine/core.js); null for any other code.
 * @param {string | undefined} code
 */
export function startFailure(code) {
  if (code === "damaged_copy") return t("The puzzle engine could not start: a file it had kept on this device was damaged. It is removed now, so try again.");
  if (code === "download_failed") return t("The puzzle engine could not start: its files did not all arrive. Check the connection and try again.");
  if (code === "load_failed") return t("The puzzle engine could not start. Check the connection and try again. If it still does not start, try another browser.");
  return null;
}

/**
 * The notice of a game in play whose engine could not start: why (``said``, startFailure's
 * sentence), and the start screen's Try again, which is out of sight.
 * @param {string} said
 */
export function engineDownNotice(said) {
  notice(said, [t("Try again"), () => $("retry").click()]);
}

/**
 * Say in the status line that a request of the game in play failed: the engine's reason, in plain
 * words.  While the engine is down (it could not start), the game's notice says why and offers Try
 * again: it is shown again (the player may have closed it), and the status line says only what
 * became of this request, not the notice's sentence a second time.
 * @param {{ code?: string, message?: string }} err
 */
export function sayFailed(err) {
  const down = startFailure(err.code);
  if (down) engineDownNotice(down);
  status(down ? t("The puzzle engine is not running, so that did not work. Your game is kept.") : plain(err), "error");
}

/**
 * A message for the player: the core's own words, with technical prefixes made plain. Where the
 * caller's own sentence already says the games are safe, ``reassure`` is false, so it is said once.
 */
export function plain(err, reassure = true) {
  const failedStart = startFailure(err.code);
  if (failedStart) return failedStart;
  if (err.code === "internal" && !reassure) return t("Something went wrong inside the puzzle engine. Please try again.");
  if (err.code === "internal") return t("Something went wrong inside the puzzle engine; your game is safe. Please try again.");
  const m = String(err.message || err);
  return m.charAt(0).toUpperCase() + m.slice(1) + (/[.!?]$/.test(m) ? "" : ".");
}

export function busy(on, message = "") {
  $("busy").hidden = !on;
  text($("busy-text"), message);
  document.body.dataset.busy = on ? "yes" : "no";
}

export function progressText(verb) {
  return (p) => {
    const found = p.new !== undefined ? t("{n} found", { n: formatNumber(p.solutions) }) + ", " : "";
    const n = { n: formatNumber(p.nodes) };
    const tried =
      p.unit === "boards"
        ? tn("{n} board tried", "{n} boards tried", p.nodes, n)
        : p.unit === "figures"
          ? tn("{n} figure tried", "{n} figures tried", p.nodes, n)
          : tn("{n} position tried", "{n} positions tried", p.nodes, n);
    text($("busy-text"), `${verb}… ${found}${tried}, ${formatNumber(p.elapsed, 1)} s`);
  };
}

/** What the page says while the engine is still starting (or the puzzle being prepared). */
export function waitingText() {
  if (app.core.ready) return t("Preparing the puzzle…");
  if (app.loading.phase === "start") return t("Starting the puzzle engine…");
  const mb = (n) => formatNumber(n / 1e6, 1);
  return t("Starting the puzzle engine: {loaded} of {total} MB loaded", { loaded: mb(app.loading.loaded), total: mb(app.loading.total) });
}

/** The engine's loading progress, on the start screen and on a game's frame. */
export function showLoading() {
  const fraction = app.loading.total ? app.loading.loaded / app.loading.total : 0;
  for (const id of /** @type {const} */ (["engine-progress", "waiting-progress"])) $(id).value = app.core.ready ? 1 : fraction;
  text($("engine-text"), app.core.ready ? t("The puzzle engine is ready.") : waitingText());
  text($("waiting-text"), waitingText());
  if (document.body.dataset.busy === "yes" && !app.session) text($("busy-text"), waitingText());
}

/**
 * A long request on behalf of a view: shows the busy bar with its progress and Stop.
 * Resolves with the command's reply; rejects with a CoreError ("cancelled" when stopped).
 * `spread`: a listing that may be shared out over extra engines (Core.spread).
 * @template {import("../protocol").Command} K
 * @param {K} cmd
 * @param {{[name: string]: unknown}} args
 * @param {{label?: string, onProgress?: (p: import("../protocol").Progress) => void, quiet?: boolean, spread?: boolean}} [options]
 * @returns {Promise<import("../protocol").Replies[K]>}
 */
export async function longRequest(cmd, args, { label = t("Working"), onProgress, quiet = false, spread = false } = {}) {
  if (quiet) return app.core.request(cmd, args, { onProgress }); // a quick step (a replay frame): no busy bar
  busy(true, `${label}…`);
  const show = progressText(label);
  /** @param {import("../protocol").Progress} p */
  const progress = (p) => {
    show(p);
    if (onProgress) onProgress(p);
  };
  try {
    return await (spread ? app.core.spread(cmd, args, { onProgress: progress }) : app.core.request(cmd, args, { onProgress: progress }));
  } finally {
    busy(false);
  }
}


/** Help: how to play a game, its keys, and (in a game) this puzzle's goal. */
export async function openHelp(game = app.session ? app.session.game : null) {
  const g = gameEntry(game);
  if (!g) return;
  text($("help-title"), t("How to play: {game}", { game: g.title }));
  const paragraphs = g.rules.split(/\n\s*\n/).map((p) => el("p", { textContent: p.replace(/\s*\n\s*/g, " ") }));
  const goal = app.session && app.session.game === game && app.session.info && app.session.info.goal;
  if (goal) paragraphs.unshift(el("p", { className: "help-goal", textContent: t("This puzzle: {goal}", { goal }) }));
  $("help-rules").replaceChildren(...paragraphs);
  let keys = [];
  try {
    keys = (await viewOf(game)).KEYS || [];
  } catch {
    keys = [];
  }
  if (keys.length) keys = [...keys.slice(0, -1), ["D", N_("describe the board in words")], ["N", N_("a new puzzle of this kind (this one stays in your games)")], keys.at(-1)]; // "?" stays last
  $("help-describe").hidden = !(app.session && app.session.game === game);
  $("help-keys").replaceChildren(...keys.flatMap(([k, what]) => [el("dt", { textContent: t(k) }), el("dd", { textContent: t(what) })]));
  $("help-keys-title").hidden = keys.length === 0;
  if (!$("help").open) $("help").showModal();
  // open at the top, on the title: the goal and the rules first, not the last box of the dialog
  $("help").scrollTop = 0;
  $("help-title").focus({ preventScroll: true });
}
