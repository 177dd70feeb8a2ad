// The puzzle of the day on the page: today's date (UTC, the same moment for everyone), its link
// (#daily:DATE:GAME:DESC[:STATE]: the puzzle itself travels, so the link opens it in any later
// version), opening it from the start screen, and the short result a player shares.
// The core makes the puzzle (pento_core/daily.py); the page only names the day.
import { app } from "./app.js";
import { t, tn } from "../ui/i18n.js";
import { busy, formatTime, fragment, gameEntry, progressText, status } from "./page.js";
import { utcDate } from "../model/progress_data.js";
import { listSaves } from "../model/storage.js";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Today's date in UTC (YYYY-MM-DD). */
export const todayUtc = () => utcDate(Date.now());

/** The level of a date's puzzle: 1 on a Monday to 7 on a Sunday (pento_core.daily). */
export const levelOf = (date) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** A daily puzzle's address: ``#daily:DATE:GAME:DESC``, and the position when there is one. */
export const dailyHash = (date, game, desc, state = "") => fragment(["daily", date, game, desc, ...(state ? [state] : [])]);

/** A daily link in the address (``parts`` already decoded), or null for any other; a damaged date is malformed. */
export function parseDailyHash(parts) {
  const [kind, date = "", game = "", desc = "", state = ""] = parts;
  if (kind !== "daily") return null;
  if (!DATE.test(date)) return { game: "", desc: "", state: "", malformed: true };
  return { daily: date, game, desc, state };
}

/** The date written the page's language's way ("Monday, 23 November"), in UTC. */
export function longDate(date, lang) {
  try {
    return new Intl.DateTimeFormat(lang, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
  } catch {
    return date;
  }
}

/** The save of ``date``'s puzzle of ``game`` among ``saves`` (this device's), if it was started here. */
export const dailySave = (game, date, saves = listSaves()) => saves.find((e) => e.game === game && e.daily === date && !e.abandoned) || null;

/**
 * Open today's puzzle of ``game``: the game already started on this device, else the core's.
 * ``how`` is the mid-end's (openPosition, continueSlot, freshSlot, openFailed), passed in: the
 * mid-end imports this module, not the other way round.
 */
export async function openDaily(game, how, errorEl = null) {
  const date = todayUtc();
  const saved = dailySave(game, date);
  if (saved) return how.continueSlot(saved.id);
  busy(true, t("Preparing the puzzle of the day…"));
  let level = levelOf(date);
  const outcome = await how.openPosition({
    game,
    title: t("{game}: puzzle of the day", { game: (gameEntry(game) || { title: game }).title }),
    push: true,
    request: async () => {
      const result = await app.core.request("daily", { game, date }, { onProgress: progressText(t("Preparing the board")) });
      level = result.daily.level;
      return result;
    },
    slotFor: (result) => how.freshSlot(game, result, result.daily ? result.daily.params : result.desc, { daily: date }),
    failed: (err) => how.openFailed(err, errorEl),
  });
  if (outcome !== "dropped") busy(false);
  if (outcome === "opened") status(t("Puzzle of the day, level {level} of 7. {summary}", { level, summary: app.session.view.summary }));
  return outcome;
}

/**
 * What a player shares after solving a puzzle of the day: the game, the date, the level, the time
 * and the hints, and the link to the puzzle's start. Nothing of the solution: no move, no position.
 */
export function dailyResult({ title, date, seconds, hints, timed }, base) {
  const lines = [t("Pento, puzzle of the day {date}", { date })];
  const how = hints === 0 ? t("no hints") : tn("{n} hint", "{n} hints", hints);
  const level = t("level {level} of 7", { level: levelOf(date) });
  lines.push(timed ? t("{game} ({level}): {time}, {hints} ★", { game: title, level, time: formatTime(seconds), hints: how }) : t("{game} ({level}): {hints} ★", { game: title, level, hints: how }));
  lines.push(base);
  return lines.join("\n");
}
