// Long work: hints and solving with progress and Stop, the engine's loading state.
import { app } from "./app.js";
import { byId } from "./dom.js";
import { t } from "./i18n.js";
import { currentState, goHome, persist, playMove, refreshButtons, track, waitingText } from "./midend.js";
import { busy, plain, progressText, status, text } from "./page.js";

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
    if (app.session === mine) status(err.code === "cancelled" ? t("Hint stopped. Your position is kept.") : plain(err), "error");
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
    if (app.session === mine) status(err.code === "cancelled" ? t("Solving stopped. Your position is kept.") : plain(err), "error");
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

export function stopAnimation() {
  if (app.animation) app.animation.stopped = true;
  app.animation = null;
  $("stop-solve").hidden = true;
  if (app.session) refreshButtons();
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

/**
 * A long request on behalf of a view: shows the busy bar with its progress and Stop.
 * Resolves with the result; rejects with a CoreError ("cancelled" when stopped).
 */
/**
 * @param {string} cmd
 * @param {{[name: string]: unknown}} args
 * `spread`: a listing that may be shared out over extra engines (Core.spread).
 * @param {{label?: string, onProgress?: (p: import("./protocol").Progress) => void, quiet?: boolean, spread?: boolean}} [options]
 * @returns {Promise<any>}
 */
export async function longRequest(cmd, args, { label = t("Working"), onProgress, quiet = false, spread = false } = {}) {
  if (quiet) return app.core.request(cmd, args, { onProgress }); // a quick step (a replay frame): no busy bar
  busy(true, `${label}…`);
  const show = progressText(label);
  /** @param {import("./protocol").Progress} p */
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

export function showLoading() {
  const fraction = app.loading.total ? app.loading.loaded / app.loading.total : 0;
  for (const id of /** @type {const} */ (["engine-progress", "waiting-progress"])) $(id).value = app.core.ready ? 1 : fraction;
  text($("engine-text"), app.core.ready ? t("The puzzle engine is ready.") : waitingText());
  text($("waiting-text"), waitingText());
  if (document.body.dataset.busy === "yes" && !app.session) text($("busy-text"), waitingText());
}

export function setCoreState(state, detail) {
  document.body.dataset.core = state;
  if (state === "ready") performance.mark("pento-core-ready");
  $("load-error").hidden = state !== "error";
  if (state === "error") {
    text($("load-error-text"), t("The puzzle engine could not start: {reason}. Check the connection and try again.", { reason: detail }));
    if (!app.session && document.body.dataset.screen === "play") {
      goHome(false);
    }
  }
  if (state === "loading") app.loading = { loaded: 0, total: 1, phase: "download" };
  showLoading();
  if (state === "ready" && !app.session && document.body.dataset.screen === "home") status("");
}

export function onLoading(p) {
  app.loading = p;
  showLoading();
}
