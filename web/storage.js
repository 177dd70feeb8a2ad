// Saved games in localStorage, versioned; corrupt or foreign data is set aside, never fatal.
const KEY = "pento.save";
const VERSION = 1;

/** Load the saved game, or null. Calls onNotice(text) when data had to be set aside. */
export function loadSave(onNotice) {
  let raw = null;
  try {
    raw = localStorage.getItem(KEY);
  } catch {
    return null; // storage blocked (private mode, embedded page): play without saving
  }
  if (raw === null) return null;
  try {
    const data = JSON.parse(raw);
    if (!data || typeof data !== "object" || data.v !== VERSION) throw new Error("unknown save version");
    if (typeof data.game !== "string" || typeof data.desc !== "string") throw new Error("missing fields");
    if (!Array.isArray(data.history) || !data.history.every((s) => typeof s === "string")) {
      throw new Error("bad history");
    }
    if (!Number.isInteger(data.at) || data.at < 0 || data.at >= data.history.length) throw new Error("bad position");
    data.elapsed = Number.isFinite(data.elapsed) ? data.elapsed : 0;
    return data;
  } catch (err) {
    setAside(raw);
    onNotice("Your saved game could not be read and was set aside; a new game was started.");
    return null;
  }
}

export function setAside(raw) {
  try {
    localStorage.setItem(`${KEY}.corrupt.${Date.now()}`, raw);
    localStorage.removeItem(KEY);
  } catch {
    /* nothing more we can do */
  }
}

/** Save the game: {game, desc, history: [state strings], at, elapsed, solved}. */
export function save(game) {
  try {
    localStorage.setItem(KEY, JSON.stringify({ v: VERSION, ...game }));
    return true;
  } catch {
    return false;
  }
}

export function clearSave() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    /* ignore */
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
