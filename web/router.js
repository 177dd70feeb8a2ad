// The address: #game:desc:state (each part URI-encoded), history.state = {slot}; what the
// address names is opened through the mid-end's one path.
import { app } from "./play/app.js";
import { openAssignment, openBuilder, parseAssignHash } from "./screens/assign.js";
import { parseDailyHash } from "./play/daily.js";
import { byId } from "./ui/dom.js";
import { t } from "./ui/i18n.js";
import { currentState, engineDown, freshSlot, goHome, leaveGame, openPosition, openRace, openResults, persist, showScreen } from "./play/midend.js";
import { assignHash, busy, gameEntry, hashFor, notice, plain, setAsideNotice, startFailure, status, titleOf } from "./play/page.js";
import { renderProgress } from "./screens/progress.js";
import { openJoin } from "./screens/join.js";
import { openBoard } from "./screens/board.js";
import { parseRaceHash, raceAssignment } from "./play/race.js";
import { listSaves } from "./model/storage.js";

const $ = byId;

export function parseHash() {
  const raw = location.hash.replace(/^#/, "");
  if (!raw) return null;
  if (raw === "progress") return { page: "progress" };
  if (raw === "board") return { page: "board" };
  if (raw === "join" || raw.startsWith("join:")) return { page: "join", pin: raw.slice(5) };
  try {
    const parts = raw.split(":").map((p) => decodeURIComponent(p));
    const assigned = parseAssignHash(parts);
    if (assigned) return assigned;
    const raced = parseRaceHash(parts);
    if (raced) return raced;
    const daily = parseDailyHash(parts);
    if (daily) return daily;
    const [game, desc = "", state = ""] = parts;
    return { game, desc, state };
  } catch {
    return { game: "", desc: "", state: "", malformed: true };
  }
}

/** Open what the address names (on load, Back and Forward, or a link followed). */
export async function route() {
  const target = parseHash();
  if (target && target.malformed) {
    goHome(false);
    notice(t("That link is damaged (it has broken characters), so it was not opened. Your games are safe."));
    return;
  }
  if (target && target.results !== undefined) {
    return openResults({ assignment: raceAssignment(target.results, target.game, target.desc), race: true, code: target.code });
  }
  if (target && target.assignResults) return openResults({ assignment: target.assignResults, race: false, link: assignHash(target.assignResults) });
  if (target && target.assign) return openAssignment(target.assign);
  if (target && target.page === "teach") return openBuilder();
  if (target && target.page === "progress") return openProgressPage();
  if (target && target.page === "join") {
    return openJoin({
      pin: target.pin,
      open: (assignment) => {
        history.replaceState(null, "", assignHash(assignment));
        openAssignment(assignment);
      },
    });
  }
  if (target && target.page === "board") return openBoard();
  if (!target || !target.game) {
    goHome(false);
    return;
  }
  if (!gameEntry(target.game)) {
    goHome(false);
    notice(t("That link names a game this version of Pento does not have."));
    return;
  }
  const sameRace = app.session && (app.session.race ? app.session.race.id : undefined) === target.race;
  if (sameRace && app.session.game === target.game && app.session.desc === target.desc && currentState() === target.state) return;
  if (target.race !== undefined) return openRace(target);
  // a puzzle of the day counts as that day's, when it is the one the core makes for that day
  const puzzleSaves = listSaves(setAsideNotice).filter((e) => e.game === target.game && e.desc === target.desc);
  const daily = target.daily && (await isTheDaily({ game: target.game, desc: target.desc, daily: target.daily }, puzzleSaves)) ? { daily: target.daily } : {};
  // Which saved game is this? The one this history entry was made for, else one on the same puzzle
  // (of the same day, for a puzzle of the day: a daily link never dates an ordinary game, nor the
  // other way round).
  const slotId = history.state && history.state.slot;
  const saves = puzzleSaves.filter((e) => (e.daily || "") === (target.daily || ""));
  const saved =
    saves.find((e) => e.id === slotId) ||
    saves.find((e) => !e.abandoned && e.history[e.at] === target.state) ||
    saves.find((e) => !e.abandoned) ||
    null;
  // A link to the puzzle itself (no position: the workshop's "Play this", a level, a shared puzzle)
  // where a game of it is in progress continues that game, its moves and its clock: the start is
  // in its history (Undo), and opening a puzzle never empties a game.
  const resumed = !!saved && target.state === "" && saved.history[saved.at] !== "";
  const outcome = await openPosition({
    game: target.game,
    title: saved ? saved.title : titleOf(target.game, target.desc),
    request: () => app.core.request("load", { game: target.game, desc: target.desc, state: resumed && saved ? saved.history[saved.at] : target.state }),
    slotFor: (result) => {
      if (saved && (resumed || saved.history[saved.at] === target.state)) return { ...daily, ...saved };
      if (saved) {
        // a link to a position of a puzzle with a save: it becomes a new step, Undo goes back to yours
        const history = saved.history.slice(0, saved.at + 1).concat([result.state]);
        return { ...daily, ...saved, history, at: history.length - 1, solved: false };
      }
      return freshSlot(target.game, result, result.desc, daily);
    },
    failed: (err) => {
      if (startFailure(err.code)) return engineDown();
      goHome(false);
      notice(t("That link could not be opened: {reason} Your games are safe.", { reason: plain(err, false) }));
    },
  });
  if (outcome === "opened" && resumed) status(t("You had already started this puzzle: here is your game as you left it. Undo goes back to the start."));
}

/**
 * Whether a daily link's puzzle is the one the core makes for its date and game (a date the core
 * refuses, 2026-02-30 or one before the first puzzle of the day, is none). A forged or mistyped
 * link opens as an ordinary puzzle, with a word, and never counts on the streak. The puzzle of the
 * day saved on this device was the core's when it was opened: no need to ask again.
 * @param {{game: string, desc: string, daily: string}} target
 * @param {import("./model/storage.js").Save[]} saves this device's saves of the target's puzzle
 * @returns {Promise<boolean>}
 */
async function isTheDaily(target, saves) {
  const { game, desc, daily: date } = target;
  if (saves.some((e) => e.daily === date)) return true;
  busy(true, t("Checking the puzzle of the day…"));
  let same = false;
  try {
    const made = await app.core.request("daily", { game, date });
    same = made.desc === desc;
  } catch {
    same = false; // the core refuses the date or the game has no puzzle of the day
  } finally {
    busy(false);
  }
  if (!same) notice(t("This link is not the puzzle of the day of {date}, so it opens as an ordinary puzzle.", { date }));
  return same;
}

/** My progress (#progress): what this device keeps of the player's games. */
function openProgressPage() {
  app.opening += 1;
  leaveGame();
  showScreen("progress");
  $("game-title").textContent = "";
  status(""); // what the status line said of the game left behind is not about this page
  document.title = t("My progress — Pento");
  renderProgress();
  $("progress-title").focus({ preventScroll: true });
  scrollTo(0, 0);
}

/** Open another game on a puzzle (e.g. the workshop's "Play this"): a new history entry. */
export function openLink(game, desc) {
  persist();
  history.pushState(null, "", hashFor(game, desc, ""));
  route();
}

