// The shell (the "mid-end"): start screen, routing by URL hash, loading and
// error states, undo/redo, saving, hints and solving for every game.
// It knows no rules: every move is checked by the core, every game draws itself.
import { Core } from "./core.js";
import { addToRanking, loadRanking, loadSave, loadSaveFor, save, setAside } from "./storage.js";
import { VIEWS } from "./views/index.js";

const $ = (id) => document.getElementById(id);
const HINT_SECONDS = 5;
const SOLVE_SECONDS = 30;
const SOLVE_STEP_MS = 280;

let core;
let session = null; // {game, desc, info, history, at, view, elapsed, solved}
let gameView = null;
let clockStart = null;
let animation = null;

// -- small helpers -----------------------------------------------------------------

function text(el, value) {
  el.textContent = value; // never innerHTML: messages may carry player or URL text
}

function status(message, kind = "info") {
  const el = $("status");
  text(el, message);
  el.dataset.kind = kind;
}

function notice(message) {
  const el = $("notice");
  text($("notice-text"), message);
  el.hidden = false;
}

function formatTime(seconds) {
  const s = Math.floor(seconds);
  const m = Math.floor(s / 60);
  return `${m}:${String(s % 60).padStart(2, "0")}`;
}

function elapsedNow() {
  if (!session) return 0;
  return session.elapsed + (clockStart === null ? 0 : (performance.now() - clockStart) / 1000);
}

function currentState() {
  return session.history[session.at];
}

// -- URL hash: #game:desc:state (each part URI-encoded) ---------------------------

function parseHash() {
  const raw = location.hash.replace(/^#/, "");
  if (!raw) return null;
  const parts = raw.split(":");
  try {
    const [game, desc = "", state = ""] = parts.map((p) => decodeURIComponent(p));
    return { game, desc, state };
  } catch {
    return { game: "", desc: "", state: "", malformed: true };
  }
}

function hashFor(game, desc, state) {
  return "#" + [game, desc, state].map((p) => encodeURIComponent(p)).join(":");
}

function updateHash() {
  const h = hashFor(session.game, session.desc, currentState());
  if (location.hash !== h) history.replaceState(null, "", h);
}

// -- saving --------------------------------------------------------------------------

function persist() {
  if (!session) return;
  save({
    game: session.game,
    desc: session.desc,
    history: session.history,
    at: session.at,
    elapsed: elapsedNow(),
    solved: session.solved,
    assisted: session.assisted,
    params: session.params,
  });
}

// -- screens -------------------------------------------------------------------------------

function showScreen(name) {
  $("home").hidden = name !== "home";
  $("play").hidden = name !== "play";
  $("gamebar").hidden = name !== "play";
  document.body.dataset.screen = name;
}

function renderHome(hello) {
  const list = $("game-list");
  list.replaceChildren();
  for (const g of hello.games) {
    const card = document.createElement("section");
    card.className = "card";
    const h = document.createElement("h2");
    text(h, g.title);
    const p = document.createElement("p");
    text(p, g.description);
    const presets = document.createElement("div");
    presets.className = "presets";
    for (const preset of g.presets) {
      const b = document.createElement("button");
      b.type = "button";
      text(b, preset.label);
      b.addEventListener("click", () => newGame(g.id, preset.params));
      presets.append(b);
    }
    card.append(h, p, presets, ...g.forms.map((f) => paramForm(g.id, f)));
    card.dataset.game = g.id;
    list.append(card);
  }
}

/** A game's parameter form (declared by the core): fields fill the template's {name} slots. */
function paramForm(gameId, form) {
  const el = document.createElement("form");
  el.className = "custom";
  const label = document.createElement("span");
  text(label, `${form.label}: `);
  el.append(label);
  const inputs = form.fields.map((f) => {
    let input;
    if (f.options.length) {
      input = document.createElement("select");
      for (const o of f.options) input.append(new Option(o, o, o === f.default, o === f.default));
    } else {
      input = Object.assign(document.createElement("input"), { type: "number", min: f.low, max: f.high, value: f.default });
    }
    input.name = f.name;
    input.setAttribute("aria-label", f.label);
    const wrap = document.createElement("label");
    wrap.append(input);
    const caption = document.createElement("span");
    text(caption, ` ${f.label} `);
    wrap.append(caption);
    el.append(wrap);
    return input;
  });
  const go = Object.assign(document.createElement("button"), { type: "submit" });
  text(go, "Play");
  el.append(go);
  el.addEventListener("submit", (e) => {
    e.preventDefault();
    let params = form.template;
    form.fields.forEach((f, i) => (params = params.replace(`{${f.name}}`, inputs[i].value)));
    newGame(gameId, params);
  });
  return el;
}

// -- opening games -----------------------------------------------------------------------

async function openGame(game, result, history = null, at = 0, elapsed = 0, solved = false, assisted = false, params = null) {
  stopAnimation();
  const makeView = VIEWS[game];
  if (!makeView) throw new Error(`no view for game ${game}`);
  if (gameView) gameView.destroy();
  const module = await makeView();
  session = {
    game,
    desc: result.desc,
    info: result.info,
    history: history || [result.state],
    at: history ? at : 0,
    view: result.view,
    elapsed,
    solved,
    assisted,
    params: params || result.desc, // what "New" asks for: a fresh puzzle of the same kind
  };
  clockStart = solved ? null : performance.now();
  showScreen("play");
  const has = features(game);
  $("hint").hidden = !has.includes("hint");
  $("solve").hidden = !has.includes("solve");
  $("timer").hidden = !has.includes("timer");
  document.body.dataset.game = game;
  gameView = module.createView({
    root: $("view"),
    info: result.info,
    host: { move: playMove, status, request: longRequest, open: openLink },
  });
  gameView.render(result.view);
  text($("game-title"), result.info.title || titleOf(game, result.desc));
  updateHash();
  persist();
  refreshButtons();
  status(solved ? "Solved. Start a new game, or undo to keep playing." : gameView.greeting || "");
}

function titleOf(game, desc) {
  const g = core.hello.games.find((x) => x.id === game);
  const preset = g && g.presets.find((p) => p.params === desc);
  const board = preset ? preset.label : desc.includes("/") || desc.includes("~") ? "custom puzzle" : desc.replace("x", " × ");
  return game === "workshop" ? g.title : `${g ? g.title : game}: ${board}`;
}

async function newGame(game, params) {
  try {
    busy(true, "Preparing the board…");
    const t0 = performance.now();
    const seed = Math.floor(Math.random() * 2 ** 31);
    const result = await core.request("new", { game, params, seed }, { onProgress: progressText("Preparing the board") });
    performance.measure("pento-new", { start: t0, end: performance.now() }); // read by the benchmarks
    await openGame(game, result, null, 0, 0, false, false, params);
  } catch (err) {
    if (err.code !== "cancelled") status(err.message, "error");
  } finally {
    busy(false);
  }
}

async function loadGame(game, desc, state, history = null, at = 0, elapsed = 0, solved = false, assisted = false, params = null) {
  const result = await core.request("load", { game, desc, state });
  await openGame(game, result, history, at, elapsed, solved, assisted, params);
}

async function route() {
  const target = parseHash();
  if (!target || !target.game) {
    const saved = loadSave(notice);
    if (saved && VIEWS[saved.game]) {
      try {
        await loadGame(saved.game, saved.desc, saved.history[saved.at], saved.history, saved.at, saved.elapsed, saved.solved, !!saved.assisted, saved.params);
        return;
      } catch (err) {
        setAside(JSON.stringify(saved));
        notice(`Your saved game could not be opened (${err.message}); it was set aside.`);
      }
    }
    showScreen("home");
    session = null;
    return;
  }
  if (!VIEWS[target.game]) {
    notice("That link names a game this version of Pento does not have.");
    history.replaceState(null, "", location.pathname + location.search);
    showScreen("home");
    return;
  }
  const saved = loadSaveFor(target.game, target.desc, notice);
  try {
    if (saved && saved.history[saved.at] === target.state) {
      await loadGame(target.game, target.desc, target.state, saved.history, saved.at, saved.elapsed, saved.solved, !!saved.assisted, saved.params);
    } else if (saved) {
      // a link to a puzzle with a save: its position becomes a new step, Undo goes back to yours
      const history = saved.history.slice(0, saved.at + 1).concat([target.state]);
      await loadGame(target.game, target.desc, target.state, history, history.length - 1, saved.elapsed, false, !!saved.assisted, saved.params);
    } else {
      await loadGame(target.game, target.desc, target.state);
    }
  } catch (err) {
    notice(`That link could not be opened: ${err.message}`);
    history.replaceState(null, "", location.pathname + location.search);
    if (session) updateHash();
    else showScreen("home");
  }
}

// -- moves, undo, redo ---------------------------------------------------------------------------

/** Ask the core to play a move; resolves to {ok, message}. Never throws. */
async function playMove(move) {
  if (!session) return { ok: false, message: "no game" };
  try {
    const result = await core.request("move", { game: session.game, desc: session.desc, state: currentState(), move });
    session.history = session.history.slice(0, session.at + 1);
    session.history.push(result.state);
    session.at += 1;
    showPosition(result.view);
    return { ok: true };
  } catch (err) {
    if (err.code !== "cancelled") status(err.message, "error");
    return { ok: false, message: err.message, code: err.code };
  }
}

function showPosition(view) {
  session.view = view;
  gameView.render(view);
  updateHash();
  if (view.complete && !session.solved) {
    session.solved = true;
    session.elapsed = elapsedNow();
    clockStart = null;
    persist();
    finished();
  } else {
    persist();
  }
  refreshButtons();
}

function features(game) {
  return (core.hello.games.find((g) => g.id === game) || { features: [] }).features;
}

function finished() {
  const time = formatTime(session.elapsed);
  text($("done-text"), `The board is covered! Time: ${time}.`);
  status(`Solved in ${time}.`, "success");
  const ranked = features(session.game).includes("ranking");
  $("ranking-form").hidden = !ranked || session.assisted;
  if (ranked && session.assisted) text($("done-text"), `The board is covered (by the solver, so not ranked). Time: ${time}.`);
  $("ranking").hidden = !ranked;
  if (ranked) showRanking(loadRanking(session.game));
  const dialog = $("done");
  if (!dialog.open) dialog.showModal();
}

function showRanking(list) {
  const ol = $("ranking-list");
  ol.replaceChildren(
    ...list.map((e) => {
      const li = document.createElement("li");
      text(li, `${e.name} — ${formatTime(e.seconds)}`); // a player's name is text, never HTML
      return li;
    }),
  );
  text($("ranking-empty"), list.length ? "" : "No times yet: be the first.");
}

function saveRanking(event) {
  event.preventDefault();
  if (!session || !session.solved) return;
  const name = $("player-name").value.trim();
  const list = addToRanking(session.game, {
    name,
    seconds: session.elapsed,
    desc: session.desc,
    state: currentState(),
    at: new Date().toISOString(),
  });
  showRanking(list);
  $("ranking-form").hidden = true;
}

async function go(delta) {
  if (!session || animation) return;
  const at = session.at + delta;
  if (at < 0 || at >= session.history.length) return;
  try {
    const result = await core.request("load", { game: session.game, desc: session.desc, state: session.history[at] });
    session.at = at;
    showPosition(result.view);
    status(delta < 0 ? "Undone." : "Redone.");
  } catch (err) {
    if (err.code !== "cancelled") status(err.message, "error");
  }
}

function refreshButtons() {
  const playing = !!session;
  $("undo").disabled = !playing || session.at === 0 || !!animation;
  $("redo").disabled = !playing || session.at >= session.history.length - 1 || !!animation;
  $("hint").disabled = !playing || !!animation;
  $("solve").disabled = !playing || !!animation;
}

// -- hint and solve (long work: progress and Stop) -----------------------------------------

function busy(on, message = "") {
  $("busy").hidden = !on;
  text($("busy-text"), message);
  document.body.dataset.busy = on ? "yes" : "no";
}

function progressText(verb) {
  return (p) => {
    const found = p.new !== undefined ? `${p.solutions.toLocaleString()} found, ` : "";
    text($("busy-text"), `${verb}… ${found}${p.nodes.toLocaleString()} ${p.unit || "positions"} tried, ${p.elapsed.toFixed(1)} s`);
  };
}

async function hint() {
  if (!session) return;
  const t0 = performance.now();
  busy(true, "Looking for a hint…");
  try {
    const h = await core.request(
      "hint",
      { game: session.game, desc: session.desc, state: currentState(), seconds: HINT_SECONDS },
      { onProgress: progressText("Looking for a hint") },
    );
    gameView.showHint(h);
    status(h.message, h.kind === "blocked" ? "error" : "info");
    performance.measure("pento-hint", { start: t0, end: performance.now() });
  } catch (err) {
    status(err.code === "cancelled" ? "Hint stopped." : err.message, "error");
  } finally {
    busy(false);
  }
}

async function solve() {
  if (!session) return;
  busy(true, "Solving…");
  let solution;
  try {
    solution = await core.request(
      "solve",
      { game: session.game, desc: session.desc, state: currentState(), seconds: SOLVE_SECONDS },
      { onProgress: progressText("Solving") },
    );
  } catch (err) {
    status(err.code === "cancelled" ? "Solving stopped." : err.message, "error");
    return;
  } finally {
    busy(false);
  }
  status(solution.message, solution.found ? "info" : "error");
  if (!solution.found) return;
  session.assisted = true; // a game the solver finished is not ranked
  const moves = (solution.from_empty ? ["clear"] : []).concat(solution.moves);
  animation = { stopped: false };
  refreshButtons();
  $("stop-solve").hidden = false;
  const mine = animation;
  for (const move of moves) {
    if (mine.stopped) break;
    const r = await playMove(move);
    if (!r.ok) break;
    await new Promise((resolve) => setTimeout(resolve, SOLVE_STEP_MS));
  }
  stopAnimation();
}

function stopAnimation() {
  if (animation) animation.stopped = true;
  animation = null;
  $("stop-solve").hidden = true;
  if (session) refreshButtons();
}

async function stop() {
  status("Stopping…");
  await core.cancel().catch(() => {});
  if (session) status("Stopped. Your position is kept.");
}

// -- copy link --------------------------------------------------------------------------------------

async function copyLink() {
  if (!session) return;
  updateHash();
  const url = location.href;
  try {
    await navigator.clipboard.writeText(url);
    status("Link copied: it reopens this exact position.", "success");
  } catch {
    const field = $("link-field");
    field.value = url;
    field.hidden = false;
    field.select();
    status("Copy the link from the box above (Ctrl+C).");
  }
}

/**
 * A long request on behalf of a view: shows the busy bar with its progress and Stop.
 * Resolves with the result; rejects with a CoreError ("cancelled" when stopped).
 */
async function longRequest(cmd, args, { label = "Working", onProgress } = {}) {
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

/** Open another game on a puzzle (e.g. the workshop's "Play this"). */
function openLink(game, desc) {
  persist();
  location.hash = hashFor(game, desc, "");
}

// -- boot ---------------------------------------------------------------------------------------------

function setCoreState(state, detail) {
  document.body.dataset.core = state;
  if (state === "ready") performance.mark("pento-core-ready");
  $("loading").hidden = state === "ready";
  $("load-error").hidden = state !== "error";
  if (state === "error") text($("load-error-text"), `The puzzle engine failed to load: ${detail}`);
  if (state === "loading") text($("loading-text"), "Loading the puzzle engine…");
}

function bindKeys() {
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
    const mod = e.ctrlKey || e.metaKey;
    if (mod && !e.shiftKey && e.key.toLowerCase() === "z") {
      e.preventDefault();
      go(-1);
    } else if (mod && (e.key.toLowerCase() === "y" || (e.shiftKey && e.key.toLowerCase() === "z"))) {
      e.preventDefault();
      go(1);
    } else if (e.key === "?" && !mod) {
      const help = $("help");
      if (help.open) help.close();
      else help.showModal();
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
  $("new").addEventListener("click", () => {
    if (session) newGame(session.game, session.params);
  });
  $("home-link").addEventListener("click", (e) => {
    e.preventDefault();
    persist();
    stopAnimation();
    history.replaceState(null, "", location.pathname + location.search);
    session = null;
    if (gameView) gameView.destroy();
    gameView = null;
    showScreen("home");
  });
  $("retry").addEventListener("click", () => start().catch(() => {}));
  $("notice-close").addEventListener("click", () => ($("notice").hidden = true));
  $("done-new").addEventListener("click", () => {
    $("done").close();
    newGame(session.game, session.params);
  });
  $("done-stay").addEventListener("click", () => $("done").close());
  $("ranking-form").addEventListener("submit", saveRanking);
  $("help-close").addEventListener("click", () => $("help").close());
  window.addEventListener("hashchange", () => {
    const t = parseHash();
    if (!session || !t || t.game !== session.game || t.desc !== session.desc || t.state !== currentState()) route();
  });
  document.addEventListener("visibilitychange", () => {
    if (!session || session.solved) return;
    if (document.hidden) {
      session.elapsed = elapsedNow();
      clockStart = null;
      persist();
    } else clockStart = performance.now();
  });
  setInterval(() => {
    if (session) text($("timer"), formatTime(session.solved ? session.elapsed : elapsedNow()));
  }, 250);
}

function registerOffline() {
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
  if (new URLSearchParams(location.search).has("nosw")) return;
  navigator.serviceWorker.register("./sw.js").catch(() => {});
}

export async function boot() {
  bindButtons();
  bindKeys();
  showScreen("loading");
  core = new Core(setCoreState);
  window.pento = {
    // Read-only hooks for tests and curious players: the state of the page, never the rules.
    session: () => (session ? { game: session.game, desc: session.desc, state: currentState(), at: session.at, view: session.view } : null),
    layout: () => (gameView ? gameView.layout() : null),
  };
  registerOffline();
  try {
    await start();
  } catch {
    /* the error screen is showing, with Retry */
  }
}

async function start() {
  const hello = await core.start();
  renderHome(hello);
  await route();
}

boot();
