// Saved games in localStorage, versioned; corrupt or foreign data is set aside, never fatal.
// One save per puzzle (the most recent ones), so opening a link never loses another game.
const KEY = "pento.save";
const VERSION = 2;
const KEEP = 20;

function valid(entry) {
  return (
    entry &&
    typeof entry === "object" &&
    typeof entry.game === "string" &&
    typeof entry.desc === "string" &&
    Array.isArray(entry.history) &&
    entry.history.length > 0 &&
    entry.history.every((s) => typeof s === "string") &&
    Number.isInteger(entry.at) &&
    entry.at >= 0 &&
    entry.at < entry.history.length
  );
}

/** All saves {v, current, games: {key: save}}, or null after setting bad data aside (onNotice says so). */
function readAll(onNotice) {
  let raw = null;
  try {
    raw = localStorage.getItem(KEY);
  } catch {
    return null; // storage blocked (private mode, embedded page): play without saving
  }
  if (raw === null) return null;
  try {
    const data = JSON.parse(raw);
    if (!data || data.v !== VERSION || typeof data.games !== "object" || !data.games) throw new Error("unknown save version");
    for (const [key, entry] of Object.entries(data.games)) {
      if (!valid(entry)) delete data.games[key];
      else entry.elapsed = Number.isFinite(entry.elapsed) ? entry.elapsed : 0;
    }
    return data;
  } catch {
    setAside(raw);
    onNotice("Your saved game could not be read and was set aside; a new game was started.");
    return null;
  }
}

const keyOf = (game, desc) => `${game}:${desc}`;

/** The game played last, or null. */
export function loadSave(onNotice) {
  const all = readAll(onNotice);
  return (all && all.games[all.current]) || null;
}

/** The save of one puzzle, or null. */
export function loadSaveFor(game, desc, onNotice) {
  const all = readAll(onNotice);
  return (all && all.games[keyOf(game, desc)]) || null;
}

export function setAside(raw) {
  try {
    localStorage.setItem(`${KEY}.corrupt.${Date.now()}`, raw);
    localStorage.removeItem(KEY);
  } catch {
    /* nothing more we can do */
  }
}

/** Save a game {game, desc, history: [state strings], at, elapsed, solved, ...} as the current one. */
export function save(game) {
  try {
    const all = readAll(() => {}) || { v: VERSION, current: null, games: {} };
    const key = keyOf(game.game, game.desc);
    all.games[key] = { ...game, touched: Date.now() };
    all.current = key;
    const keys = Object.keys(all.games).sort((a, b) => all.games[b].touched - all.games[a].touched);
    for (const old of keys.slice(KEEP)) delete all.games[old];
    localStorage.setItem(KEY, JSON.stringify(all));
    return true;
  } catch {
    return false;
  }
}

const RANKING = "pento.ranking";
const RANKING_SIZE = 10;

/** The local ranking of a game: [{name, seconds, desc, state, at}], fastest first. */
export function loadRanking(game) {
  try {
    const all = JSON.parse(localStorage.getItem(RANKING) || "{}");
    const list = Array.isArray(all[game]) ? all[game] : [];
    return list.filter((e) => e && typeof e.name === "string" && Number.isFinite(e.seconds));
  } catch {
    return [];
  }
}

/** Add an entry (the name is cut to 40 characters) and keep the fastest ten; returns the list. */
export function addToRanking(game, entry) {
  let all = {};
  try {
    all = JSON.parse(localStorage.getItem(RANKING) || "{}");
    if (!all || typeof all !== "object" || Array.isArray(all)) all = {};
  } catch {
    all = {};
  }
  const list = loadRanking(game);
  list.push({ ...entry, name: String(entry.name).slice(0, 40) || "Anonymous" });
  list.sort((a, b) => a.seconds - b.seconds);
  all[game] = list.slice(0, RANKING_SIZE);
  try {
    localStorage.setItem(RANKING, JSON.stringify(all));
  } catch {
    /* storage full or blocked: the ranking is shown but not kept */
  }
  return all[game];
}
