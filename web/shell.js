// The shell: boots the page and binds its controls to the mid-end, the start screen and the
// long work. The board in words and printing live here. It knows no game: the
// catalog (written at build time from the core's registry) says what games exist.
import { PROTOCOL } from "./config.js";
import { app } from "./play/app.js";
import { backToAssignment, nextItem, playNext } from "./screens/assign.js";
import { CATALOG } from "./catalog.js";
import { Core, offlineWanted, takeEarly } from "./engine/core.js";
import { byId, el, ignoreClicksFromBefore } from "./ui/dom.js";
import { chooseLanguage, language, languageMenu, setLanguage, t, translateDocument } from "./ui/i18n.js";
import { anotherParams, connect, copyLink, currentState, drawClock, elapsedNow, go, goHome, leaveGame, newGame, persist, playMove, replay, savedElsewhere, saveRanking, shareDaily, showScreen, startRace, stopAnimation } from "./play/midend.js";
import { embedded, notice, openHelp, plain, setAsideNotice, solvable, status, updateFullPage } from "./play/page.js";
import { clearAll, exportProgress, importFile } from "./screens/progress.js";
import { openLink, parseHash, route } from "./router.js";
import { findApi, ScormReport } from "./model/scorm.js";
import { renderHome, renderLadders, renderSaved, renderToday } from "./screens/start.js";
import { loadLanguage, saveLanguage, storageState, whenRecordsSetAside } from "./model/storage.js";
import { chooseColours, chooseContrast, chooseTheme, setColours, setContrast, setTheme } from "./ui/theme.js";
import { engineSettled, hint, onLoading, setCoreState, solve, stop, takeLinkWhenFailed } from "./play/work.js";
import { printOne } from "./play/worksheet.js";

const $ = byId;

/** Print the puzzle (from its start) on paper, with a solution page when asked. */
async function printPuzzle() {
  $("print-dialog").close();
  if (!app.session) return;
  const mine = app.session;
  try {
    await printOne(mine.game, mine.desc, $("game-title").textContent, $("print-solution").checked, () => app.session === mine);
  } catch (err) {
    if (app.session === mine) status(err.code === "cancelled" ? t("Printing stopped.") : plain(err), "error");
  }
}

async function describeBoard() {
  if (!app.session) return;
  const mine = app.session;
  try {
    const { lines } = await app.core.request("describe", { game: mine.game, desc: mine.desc, state: currentState() });
    if (app.session !== mine) return;
    $("words-list").replaceChildren(...lines.map((line) => el("li", { textContent: line })));
    if ($("help").open) $("help").close();
    if (!$("words").open) $("words").showModal();
  } catch (err) {
    if (app.session === mine) status(plain(err), "error");
  }
}

/** The toolbar's less used buttons (Link, Race, Print, Help) in a menu: a phone has room for one
 * row of buttons. Each item stands for its toolbar button, which the menu clicks. */
function openMoreMenu() {
  const items = [.../** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll("#gamebar .overflow"))]
    .filter((b) => !b.hidden)
    .map((b) => {
      const item = el("button", { type: "button", textContent: b.textContent, title: b.title, disabled: b.disabled });
      item.addEventListener("click", () => {
        $("more-menu").close();
        b.click();
      });
      return item;
    });
  $("more-items").replaceChildren(...items);
  $("more-menu").showModal();
  if (items.length) items[0].focus();
}

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
    } else if (e.key === "?" && !mod && app.session) {
      if ($("help").open) $("help").close();
      else openHelp();
    } else if (e.key.toLowerCase() === "d" && !mod && !e.altKey && app.session && !document.querySelector("dialog[open]")) {
      e.preventDefault();
      describeBoard();
    } else if (e.key === "n" && !mod && !e.altKey && app.session && !document.querySelector("dialog[open]") && !$("new").disabled && !$("new").hidden) {
      // N: a new puzzle of the same kind (on a ladder, the next level), as the New button (this one
      // stays in the player's games)
      e.preventDefault();
      newGame(app.session.game, anotherParams(app.session));
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
  $("replay").addEventListener("click", replay);
  $("copy-link").addEventListener("click", copyLink);
  $("race").addEventListener("click", startRace);
  $("print").addEventListener("click", () => {
    const withSolution = !!app.session && solvable(app.session.game, app.session.info);
    $("print-solution").closest("label").hidden = !withSolution; // a Last Fit game is played, not solved
    if (!withSolution) $("print-solution").checked = false;
    $("print-dialog").showModal();
  });
  $("print-go").addEventListener("click", printPuzzle);
  $("print-cancel").addEventListener("click", () => $("print-dialog").close());
  $("race-close").addEventListener("click", () => $("race-dialog").close());
  $("help-button").addEventListener("click", () => openHelp(document.body.dataset.game));
  $("more").addEventListener("click", openMoreMenu);
  $("more-close").addEventListener("click", () => $("more-menu").close());
  $("new").addEventListener("click", () => {
    if (app.session) newGame(app.session.game, anotherParams(app.session));
  });
  $("home-link").addEventListener("click", (e) => {
    e.preventDefault();
    if (document.body.dataset.screen !== "home") goHome(true);
  });
  $("retry").addEventListener("click", () => {
    if (document.body.dataset.outdated) location.reload(); // an engine of another version: the page must update too
    else {
      app.core
        .start()
        .then(() => {
          const link = takeLinkWhenFailed(); // the game a link was opening when the engine failed (kept until a start succeeds)
          if (link && !location.hash && document.body.dataset.screen === "home") history.replaceState(null, "", link);
          return parseHash() ? route() : null;
        })
        .catch(() => {});
    }
  });
  $("notice-close").addEventListener("click", () => ($("notice").hidden = true));
  ignoreClicksFromBefore($("done")); // a finishing drop opens it under the finger
  $("done-new").addEventListener("click", () => {
    $("done").close();
    if (app.session) newGame(app.session.game, app.session.params);
  });
  $("done-level").addEventListener("click", () => {
    $("done").close();
    if (app.session) newGame(app.session.game, anotherParams(app.session));
  });
  $("done-stay").addEventListener("click", () => $("done").close());
  $("done-next").addEventListener("click", () => {
    $("done").close();
    playNext();
  });
  $("done-assignment").addEventListener("click", () => {
    $("done").close();
    backToAssignment();
  });
  $("assign-back").addEventListener("click", backToAssignment);
  $("done-share").addEventListener("click", shareDaily);
  $("progress-export").addEventListener("click", exportProgress);
  $("progress-import").addEventListener("click", () => $("progress-file").click());
  $("progress-file").addEventListener("change", () => {
    const file = $("progress-file").files && $("progress-file").files[0];
    if (file) importFile(file).finally(() => ($("progress-file").value = ""));
  });
  $("progress-clear").addEventListener("click", () => $("clear-dialog").showModal());
  $("clear-no").addEventListener("click", () => $("clear-dialog").close());
  $("clear-yes").addEventListener("click", () => {
    $("clear-dialog").close();
    clearAll();
  });
  $("progress-back").addEventListener("click", (e) => {
    e.preventDefault();
    goHome(true);
  });
  $("ranking-form").addEventListener("submit", saveRanking);
  $("help-close").addEventListener("click", () => $("help").close());
  $("help-describe").addEventListener("click", describeBoard);
  $("words-close").addEventListener("click", () => $("words").close());
  $("link-close").addEventListener("click", () => $("link-dialog").close());
  window.addEventListener("popstate", () => route());
  document.addEventListener("visibilitychange", () => {
    if (!app.session || app.session.solved || app.session.race) return;
    if (document.hidden) {
      app.session.elapsed = elapsedNow();
      app.clockStart = null;
      persist();
    } else if (!app.editing) app.clockStart = performance.now();
  });
  window.addEventListener("pagehide", () => persist());
  window.addEventListener("storage", (e) => savedElsewhere(e.key, e.newValue)); // another tab wrote a save
  setInterval(drawClock, 250);
}

/** The offline cache's service worker, where the page keeps one (engine/core.js's offlineWanted). */
function registerOffline() {
  if (!offlineWanted()) return;
  // once the engine's first boot is over: the engine has put what it downloaded in the offline
  // cache (worker.js), and the service worker's install adds only the rest
  engineSettled
    .then(() => navigator.serviceWorker.register("./sw.js"))
    .then((registration) => {
      // A new build found while this page is open: its files are cached, and this page still runs
      // the old ones. Say so; a reload switches (saves and links are read by every later version).
      registration.addEventListener("updatefound", () => {
        const next = registration.installing;
        if (!next || !navigator.serviceWorker.controller) return; // the first visit: nothing older
        next.addEventListener("statechange", () => {
          if (next.state === "activated") {
            if (app.session) persist();
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

/** Every title, rule, preset, ladder and form label of the catalogue, in the page's language (once, at boot). */
function localiseCatalog() {
  for (const g of CATALOG.games) {
    g.title = t(g.title);
    g.description = t(g.description);
    g.rules = t(g.rules);
    for (const p of g.presets) p.label = t(p.label);
    for (const l of g.ladders) l.label = t(l.label);
    for (const f of g.forms) {
      f.label = t(f.label);
      for (const field of f.fields) {
        field.label = t(field.label);
        field.option_labels = field.option_labels.map((label) => t(label));
      }
    }
  }
}

/** The board drawn again in the colours of now (a theme or contrast changed). */
function redraw() {
  if (app.session && app.gameView && app.session.view) app.gameView.render(app.session.view);
  if (document.body.dataset.screen === "home") {
    renderHome(); // the pictures of the presets and of the saved games, in the new colours
    renderSaved();
  }
}

/** The theme menus (start screen, Help): light, dark, or as on this device; kept on this device, and
 * in the link when the link named one. */
function bindTheme() {
  for (const select of /** @type {NodeListOf<HTMLSelectElement>} */ (document.querySelectorAll(".theme-select"))) {
    select.addEventListener("change", () => {
      setTheme(select.value, true, redraw);
      const url = new URL(location.href);
      if (url.searchParams.has("theme")) {
        url.searchParams.set("theme", select.value);
        history.replaceState(history.state, "", url);
      }
      redraw();
    });
  }
}

/**
 * The display boxes of the start screen and Help (``selector``): ticked, ``on`` is shown, else
 * "standard" (``set`` keeps the choice on this device); the link keeps it too when it named one
 * (``param``); the board is drawn again in the new colours at once.
 * @param {string} selector
 * @param {string} param
 * @param {string} on
 * @param {(value: string, remember: boolean) => void} set
 */
function bindDisplayBox(selector, param, on, set) {
  for (const box of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll(selector))) {
    box.addEventListener("change", () => {
      const value = box.checked ? on : "standard";
      set(value, true);
      const url = new URL(location.href);
      if (url.searchParams.has(param)) {
        url.searchParams.set(param, value);
        history.replaceState(history.state, "", url);
      }
      redraw();
    });
  }
}

/** Launched from a SCORM package (?scorm): report to the platform's API when there is one. */
function connectPlatform() {
  if (!new URLSearchParams(location.search).has("scorm")) return;
  const api = findApi(window);
  if (!api) return; // opened outside a platform: the game plays, nothing is reported
  const target = parseHash();
  const launched = !target || target.malformed ? null : target.assign ? { items: target.assign.items } : target.game ? { game: target.game, desc: target.desc } : null;
  app.scorm = new ScormReport(api, launched);
  window.addEventListener("pagehide", () => app.scorm && app.scorm.finish());
}

/**
 * Run one part of the boot so that its failure (a stored record nobody foresaw, a bug) is logged
 * and told, and never keeps the other parts from running: the start screen, a link, the platform
 * (SCORM) and the offline cache each come up on their own.
 * @param {() => unknown} run
 */
function bootPart(run) {
  const failed = (/** @type {unknown} */ err) => {
    console.error(err);
    notice(t("Part of the page could not be shown. Your games are kept: try again, or reload the page."));
  };
  try {
    const done = run();
    if (done instanceof Promise) done.catch(failed);
  } catch (err) {
    failed(err);
  }
}

export async function boot() {
  setContrast(chooseContrast());
  setColours(chooseColours());
  setTheme(chooseTheme(), false, redraw);
  await setLanguage(chooseLanguage(loadLanguage()));
  translateDocument();
  localiseCatalog();
  $("language-slot").replaceChildren(languageMenu({ beforeSwitch: () => leaveGame(), remember: saveLanguage }));
  // the mid-end reaches the screens above it through these alone
  connect({
    home: () => {
      bootPart(renderSaved); // each part of the start screen alone: one that fails leaves the others
      bootPart(renderToday);
      bootPart(renderLadders);
    },
    openLink,
    nextItem,
  });
  // the engine first: its worker boots on another thread while this one draws the start screen
  app.core = new Core(setCoreState, onLoading, language(), PROTOCOL, offlineWanted());
  app.core.onRestart = () => notice(t("The puzzle engine stopped and was restarted; your game is kept."));
  app.core.start(takeEarly(language(), offlineWanted())).catch(() => {}); // web/early.js's, where it speaks the page's language
  bindButtons();
  bindKeys();
  bindDisplayBox(".contrast-check", "contrast", "high", setContrast); // high contrast
  bindDisplayBox(".colours-check", "colours", "safe", setColours); // colour-blind friendly (theme.js's safe palettes)
  bindTheme();
  whenRecordsSetAside(setAsideNotice); // before anything reads a ranking, a draft or codes
  bootPart(renderHome);
  // served by a class server (pento_class marks the page it serves): the way into a live lesson
  $("live-entry").hidden = document.body.dataset.classServer !== "yes";
  bootPart(() => showScreen("home"));
  performance.mark("pento-home"); // the start screen is up, before the engine (read by the benchmarks)
  if (embedded()) {
    document.body.dataset.embed = "yes";
    $("full-page").hidden = false;
    updateFullPage();
    window.addEventListener("hashchange", updateFullPage);
  }
  const storage = storageState();
  if (storage === "blocked") {
    notice(
      embedded()
        ? t("Games are not saved in this embedded page; the address keeps your position, and Open in full page takes it along.")
        : t("This page cannot save games here (storage is blocked, as in some embedded pages). The address keeps your position: use Link to keep or share it."),
    );
  } else if (storage === "full") {
    // what is there still reads and plays; new things are kept only until the page is closed
    notice(t("The space for Pento on this device is full: new games and progress are kept only until you close the page. To make room, clear your progress in My progress."));
  }
  /** @type {any} */ (window).pento = {
    // Read-only hooks for tests and curious players: the state of the page, never the rules.
    session: () =>
      app.session ? { id: app.session.id, game: app.session.game, desc: app.session.desc, state: currentState(), at: app.session.at, view: app.session.view, moves: app.session.moves, assisted: app.session.assisted, solved: app.session.solved } : null,
    layout: () => (app.gameView ? app.gameView.layout() : null),
    // a move sent as a view sends one (the core still decides): for tests that are about anything but input
    play: (move) => playMove(String(move)),
    busy: () => app.core.busy,
    engine: () => ({
      ready: app.core.ready,
      language: app.core.hello ? app.core.hello.language : null, // the language the engine speaks
      boot: app.core.engine ? app.core.engine.boot : null,
      kept: app.core.engine ? app.core.engine.kept : null, // a full boot's report once its snapshot is kept
      spare: app.core.spare ? (app.core.spare.ready ? "ready" : "booting") : null,
      loading: { ...app.loading },
      helpers: app.core.helpers.size, // the extra engines of a listing shared out, booting or working
      spread: { ...app.core.spreadStats },
    }),
  };
  bootPart(registerOffline);
  bootPart(connectPlatform);
  bootPart(route);
}

boot();
