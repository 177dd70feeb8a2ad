// Long work: hints and solving with progress and Stop, the engine's loading state.
import { PROTOCOL } from "../config.js";
import { app } from "./app.js";
import { byId } from "../ui/dom.js";
import { t } from "../ui/i18n.js";
import { currentState, engineDown, goHome, persist, playMove, refreshButtons, stopAnimation, track } from "./midend.js";
import { busy, engineDownNotice, notice, progressText, sayFailed, showLoading, startFailure, status, text } from "./page.js";

const $ = byId;

const HINT_SECONDS = 5;

export const SOLVE_SECONDS = 30;

const SOLVE_STEP_MS = 280;

export async function hint() {
  if (!app.session) return;
  const mine = app.session;
  const t0 = performance.now();
  busy(true, t("Looking for a hint…"));
  try {
    const h = await app.core.request(
      "hint",
      { game: mine.game, desc: mine.desc, state: currentState(), seconds: HINT_SECONDS },
      { onProgress: progressText(t("Looking for a hint")) },
    );
    if (app.session !== mine) return;
    app.gameView.showHint(h);
    mine.hints = (mine.hints || 0) + 1;
    track(mine, { hints: 1 });
    persist();
    status(h.message, h.kind === "blocked" ? "error" : "info");
    performance.measure("pento-hint", { start: t0, end: performance.now() });
  } catch (err) {
    if (app.session === mine && err.code === "cancelled") status(t("Hint stopped. Your position is kept."), "error");
    else if (app.session === mine) sayFailed(err);
  } finally {
    busy(false);
  }
}

export async function solve() {
  if (!app.session) return;
  const mine = app.session;
  busy(true, t("Solving…"));
  let solution;
  try {
    solution = await app.core.request(
      "solve",
      { game: mine.game, desc: mine.desc, state: currentState(), seconds: SOLVE_SECONDS },
      { onProgress: progressText(t("Solving")) },
    );
  } catch (err) {
    if (app.session === mine && err.code === "cancelled") status(t("Solving stopped. Your position is kept."), "error");
    else if (app.session === mine) sayFailed(err);
    return;
  } finally {
    busy(false);
  }
  if (app.session !== mine) return;
  status(solution.message, solution.found ? "info" : "error");
  if (!solution.found) return;
  mine.assisted = true; // a game the solver finished is not timed or ranked as the player's
  track(mine, { solves: 1 });
  const moves = (solution.from_empty ? ["clear"] : []).concat(solution.moves);
  app.animation = { stopped: false };
  refreshButtons();
  $("stop-solve").hidden = false;
  const anim = app.animation;
  for (const move of moves) {
    if (anim.stopped || app.session !== mine) break;
    const r = await playMove(move);
    if (!r.ok) break;
    await new Promise((resolve) => setTimeout(resolve, SOLVE_STEP_MS));
  }
  if (app.animation === anim) stopAnimation();
}

export async function stop() {
  const t0 = performance.now();
  const wasOpening = !app.session && document.body.dataset.screen === "play";
  busy(false);
  const restarted = app.core.cancel();
  if (wasOpening) goHome(false);
  else if (app.session) status(t("Stopped. Your position is kept."));
  await restarted.catch(() => {});
  performance.measure("pento-stop", { start: t0, end: performance.now() }); // Stop to a ready engine (benchmarks)
}

// A tab whose engine speaks another protocol than the page (a cache updated in part) reloads once
// for it; this remembers that it did, so that it never reloads in a loop.
const RELOADED = "pento.reloaded-for-protocol";

/** The engine is of another version than the page: reload once, else say so (never half-work). */
function outdated() {
  let again = true;
  try {
    again = sessionStorage.getItem(RELOADED) === String(PROTOCOL);
    sessionStorage.setItem(RELOADED, String(PROTOCOL));
  } catch {
    again = true; // no session storage: a reload could loop, so the player is told instead
  }
  document.body.dataset.outdated = "yes"; // Try again reloads the page (shell.js)
  if (!again) {
    $("load-error").hidden = true; // nothing to do but wait for the reload
    notice(t("Pento was updated while this page was open. Reloading to finish the update…"));
    location.reload();
    return;
  }
  text($("load-error-text"), t("This page and its puzzle engine are from two different versions of Pento. Reload the page to finish the update."));
}

/** @type {() => void} */
let settle = () => {};
/** Resolved once the engine's first boot has ended, ready or not: its downloads are over. */
export const engineSettled = new Promise((resolve) => {
  settle = () => resolve(undefined);
});

/** The link that was opening when the engine failed to start ("" if none: app.linkWhenFailed), once. */
export function takeLinkWhenFailed() {
  const link = app.linkWhenFailed;
  app.linkWhenFailed = "";
  return link;
}

/**
 * The engine's state, as the engine client reports it (``code``: an error's, for "error").
 * @param {"loading" | "ready" | "error"} state
 * @param {any} detail
 * @param {string} [code]
 */
export function setCoreState(state, detail, code) {
  document.body.dataset.core = state;
  if (state !== "loading") settle();
  if (state === "ready") performance.mark("pento-core-ready");
  $("load-error").hidden = state !== "error";
  if (state === "error") {
    const said = startFailure(code) ?? startFailure("load_failed") ?? "";
    if (code === "outdated") outdated();
    else text($("load-error-text"), said);
    // what went wrong, in the engine's own (technical, untranslated) words: folded away, for whoever
    // helps the player
    $("load-error-text").dataset.reason = String(detail);
    text($("load-error-reason"), String(detail));
    $("load-error-details").hidden = !detail;
    if (!app.session && document.body.dataset.screen === "play") {
      engineDown(); // a link was opening: there is no board to show, so the page goes home
    } else if (app.session && code !== "outdated") {
      // a game in play whose engine died and could not start again: the start screen's Try again
      // is out of sight, so the game's notice offers it (and no longer says the engine restarted)
      engineDownNotice(said);
    }
  }
  if (state === "loading") app.loading = { loaded: 0, total: 1, phase: "download" };
  showLoading();
  // while the engine is down its error alone speaks: no progress bar, no "it opens as soon as the
  // engine is ready" under a start screen whose engine will not be
  const row = $("engine-text").parentElement;
  if (row) row.hidden = state === "error";
  if ((state === "ready" || state === "error") && !app.session && document.body.dataset.screen === "home") status("");
}

export function onLoading(p) {
  app.loading = p;
  showLoading();
}
