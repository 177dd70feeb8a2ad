// The start screen: every game of the catalog with its presets and forms, and the saved games.
import { CATALOG } from "../catalog.js";
import { byId, el } from "../ui/dom.js";
import { formatNumber, language, t, tn } from "../ui/i18n.js";
import { dailySave, levelOf, longDate, openDaily, todayUtc } from "../play/daily.js";
import { continueSlot, freshSlot, newGame, openFailed, openPosition } from "../play/midend.js";
import { gameEntry, notice, openHelp, setAsideNotice, status, text } from "../play/page.js";
import { pictureElement } from "../ui/picture.js";
import { ladderPlace, streaks } from "../model/progress_data.js";
import { listProgress, listSaves, setAbandoned } from "../model/storage.js";

const $ = byId;
/** How many of a game's presets a phone shows before "Show more puzzles" (one row of three). */
const FIRST_ROW = 3;

export function renderHome() {
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
    const ladders = g.ladders.length ? [el("div", { className: "ladders" })] : [];
    // a phone shows a card's first row of puzzles; the rest (more presets, the levels, the forms)
    // one tap away, so that the start screen is a few screens long, not ten (style.css)
    const more = g.presets.length > FIRST_ROW || ladders.length > 0 || g.forms.length > 0;
    const toggle = more ? [el("button", { type: "button", className: "card-toggle link-button", textContent: t("Show more puzzles") })] : [];
    const card = el("section", { className: "card" }, [head, presets, ...toggle, ...ladders, ...g.forms.map((f) => paramForm(g.id, f, error)), error]);
    card.dataset.game = g.id;
    for (const button of toggle) {
      button.setAttribute("aria-expanded", "false");
      button.addEventListener("click", () => {
        const open = card.classList.toggle("open");
        button.setAttribute("aria-expanded", String(open));
        button.textContent = open ? t("Show fewer puzzles") : t("Show more puzzles");
      });
    }
    list.append(card);
  }
  renderLadders();
}

/**
 * Each game's ladders of levels, under its presets: one button a ladder, which opens the player's
 * next level on it (the one after the highest solved on this device), with how many are solved.
 */
export function renderLadders() {
  const records = listProgress(setAsideNotice);
  for (const g of CATALOG.games) {
    const box = document.querySelector(`.card[data-game="${g.id}"] .ladders`);
    if (!box) continue;
    const error = /** @type {HTMLElement} */ (box.parentElement.querySelector(".field-error"));
    const buttons = g.ladders.map((ladder) => {
      const { solved, next } = ladderPlace(records, g.id, ladder);
      const filled = el("span");
      filled.style.width = `${(100 * solved) / ladder.size}%`;
      const b = el("button", { type: "button", className: "ladder" }, [
        el("strong", { textContent: ladder.label }),
        el("span", { className: "ladder-level", textContent: t("Level {n}", { n: formatNumber(next) }) }),
        el("span", { className: "ladder-solved", textContent: t("{solved} of {size} solved", { solved: formatNumber(solved), size: formatNumber(ladder.size) }) }),
        el("span", { className: "ladder-bar" }, [filled]),
      ]);
      b.dataset.params = ladder.params;
      b.addEventListener("click", () => newGame(g.id, `${ladder.params}:${next}`, error));
      return b;
    });
    box.replaceChildren(el("h4", { className: "ladders-title", textContent: t("Levels, from easy to hard") }), el("div", { className: "ladder-list" }, buttons));
  }
}

/**
 * Today's puzzles, first on the start screen: one button per game that has a puzzle of the day,
 * marked once solved on this device, and the streak of days.
 */
export function renderToday() {
  const date = todayUtc();
  const level = levelOf(date);
  const records = listProgress(setAsideNotice);
  const solvedToday = new Set(records.filter((r) => r.daily === date && r.solved).map((r) => r.game));
  const saves = listSaves(setAsideNotice);
  text($("today-date"), t("{date} · level {level} of 7", { date: longDate(date, language()), level }));
  const { current } = streaks(records, date);
  $("today-streak").hidden = current === 0;
  text($("today-streak"), tn("Your streak: {n} day in a row with the puzzle of the day.", "Your streak: {n} days in a row with the puzzle of the day.", current));
  const error = $("today-error");
  const items = CATALOG.games
    .filter((g) => g.daily)
    .map((g) => {
      const solved = solvedToday.has(g.id);
      const started = !solved && dailySave(g.id, date, saves) !== null;
      const state = solved ? t("Solved ✓") : started ? t("Started") : t("Play");
      const b = el("button", { type: "button", className: "today-game" }, [el("strong", { textContent: g.title }), el("span", { className: "today-state", textContent: state })]);
      b.dataset.game = g.id;
      if (solved) b.dataset.solved = "yes";
      b.addEventListener("click", () => {
        error.hidden = true;
        openDaily(g.id, { continueSlot, openPosition, freshSlot, openFailed }, error);
      });
      return el("li", {}, [b]);
    });
  $("today-list").replaceChildren(...items);
}

function timeAgo(ms) {
  const s = (Date.now() - ms) / 1000;
  if (s < 90) return t("just now");
  if (s < 5400) return tn("{n} minute ago", "{n} minutes ago", Math.round(s / 60));
  if (s < 129600) return tn("{n} hour ago", "{n} hours ago", Math.round(s / 3600));
  return tn("{n} day ago", "{n} days ago", Math.round(s / 86400));
}

export function renderSaved() {
  const saves = listSaves(setAsideNotice);
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
      f.options.forEach((o, i) => input.append(new Option(f.option_labels[i], o, o === f.default, o === f.default)));
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
