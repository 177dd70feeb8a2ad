// The colours the boards are drawn with, the theme (light, dark, or the system's) and the
// high-contrast option.
//
// The page's own colours are CSS custom properties (style.css); the dark theme is
// html[data-theme="dark"] and high contrast html[data-contrast="high"], each redefining them.
// The canvases cannot read CSS as they draw, so the views take their colours from `ink()`: the
// same roles in three sets. High contrast is drawn light, whatever the theme. High contrast: white cells, black grid lines and
// outlines drawn thicker, and marks in darker, stronger colours; pieces keep
// their colours and letters (the letters, not the colours, tell them apart).
//
// Which contrast: ?contrast=high (or standard) in the link, else the one chosen
// on this device, else the system's (prefers-contrast: more, forced colours).
import { loadColours, loadContrast, loadTheme, saveColours, saveContrast, saveTheme } from "../model/storage.js";

const STANDARD = {
  cell: "#f4f1ea", // empty board cells, in a checkerboard of two tones
  cellAlt: "#ebe6da",
  grid: "#cfc8b8", // lines between empty cells
  outline: "#1b1b1b", // piece outlines
  outlineScale: 1, // piece outlines are this much thicker
  letter: "rgba(0,0,0,0.72)",
  blocked: "#3b3f4a", // cells that are not part of the board
  locked: "#a8a398", // a level's own pieces, which stay where they are
  ok: "#1a7f37", // a hint, a finished board
  okFill: "rgba(26,127,55,0.25)",
  bad: "#c62828", // a clash, a mistake
  badFill: "rgba(198,40,40,0.22)",
  focus: "#0b57d0", // the keyboard cursor
  focusWidth: 3,
  table: "#fbfaf6", // tangram's table and GandaGalo's empty squares
  given: "#e4dfd3", // GandaGalo's given squares
  thin: "#9a9384", // GandaGalo's inner lines, the tangram table's border
  thick: "#4a4538",
  markX: "#1d4ed8", // GandaGalo's marks: X, O, a given one, one made since the anchor
  markO: "#b45309",
  markGiven: "#1b1b1b",
  markAnchor: "#7b1fa2",
  wrongFill: "#f6c9c4", // GandaGalo's squares: a mistake, the hint's square, the squares it names
  hintFill: "#bfe5c8",
  namedFill: "#fbe7a8",
};

// Dark: the board sits dark on a dark page; pieces keep their colours (and their dark outlines and
// letters), cells that are not part of the board and the tangram's silhouette turn a light grey.
const DARK = {
  cell: "#2a2c36",
  cellAlt: "#32353f",
  grid: "#4a4e5c",
  outline: "#0b0c10",
  outlineScale: 1,
  letter: "rgba(0,0,0,0.78)",
  blocked: "#767b8b",
  locked: "#8d919e",
  ok: "#5fd38a",
  okFill: "rgba(95,211,138,0.3)",
  bad: "#ff6b6b",
  badFill: "rgba(255,107,107,0.3)",
  focus: "#8ab4ff",
  focusWidth: 3,
  table: "#1f2129",
  given: "#3a3d4a",
  thin: "#5a5f6e",
  thick: "#a0a6b6",
  markX: "#8ab4ff",
  markO: "#ffb35c",
  markGiven: "#f0f0f5",
  markAnchor: "#d59cff",
  wrongFill: "#6b2b2b",
  hintFill: "#1f5a33",
  namedFill: "#5e4e15",
};

const HIGH = {
  cell: "#ffffff",
  cellAlt: "#ffffff",
  grid: "#000000",
  outline: "#000000",
  outlineScale: 1.8,
  letter: "#000000",
  blocked: "#000000",
  locked: "#b4b4b4",
  ok: "#0050a0",
  okFill: "rgba(0,80,160,0.4)",
  bad: "#b34000",
  badFill: "rgba(230,120,0,0.45)",
  focus: "#0000d0",
  focusWidth: 5,
  table: "#ffffff",
  given: "#c8c8c8",
  thin: "#000000",
  thick: "#000000",
  markX: "#0033cc",
  markO: "#8a3200",
  markGiven: "#000000",
  markAnchor: "#cc0066",
  wrongFill: "#ff8f6b",
  hintFill: "#9cc8f0",
  namedFill: "#ffe680",
};

// Colour-blind safe (light and dark): the marks, the hint and the clash, and GandaGalo's squares in
// Okabe and Ito's colours and lightnesses apart, so that no two of them a player must tell apart
// look alike with protanopia, deuteranopia or tritanopia (tests/js/colour_vision.test.mjs).  A
// hint is blue and a clash orange-red, where the standard theme's green and red look alike to
// one reader in twelve boys.
const SAFE = {
  ...STANDARD,
  ok: "#0072b2",
  okFill: "rgba(0,114,178,0.3)",
  bad: "#d55e00",
  badFill: "rgba(213,94,0,0.3)",
  markX: "#0072b2",
  markO: "#e69f00",
  markGiven: "#1b1b1b",
  markAnchor: "#882255",
  wrongFill: "#f09070",
  hintFill: "#8cc4e8",
  namedFill: "#f2e36b",
};

const SAFE_DARK = {
  ...DARK,
  ok: "#56b4e9",
  okFill: "rgba(86,180,233,0.35)",
  bad: "#e69f00",
  badFill: "rgba(230,159,0,0.35)",
  markX: "#56b4e9",
  markO: "#e69f00",
  markGiven: "#f0f0f5",
  markAnchor: "#ff55bb",
  wrongFill: "#a0441a",
  hintFill: "#1d5b85",
  namedFill: "#8a8a30",
};

/** The players' colours (Last Fit), in turn order: Okabe and Ito's, told apart with any colour vision. */
export const PLAYER_COLORS = ["#0072b2", "#e69f00", "#009e73", "#882255"];

/** Every set of colours the boards are drawn with, by name (the tests read them). */
export const PALETTES = {
  standard: { ...STANDARD, players: PLAYER_COLORS },
  dark: { ...DARK, players: PLAYER_COLORS },
  high: { ...HIGH, players: PLAYER_COLORS },
  safe: { ...SAFE, players: PLAYER_COLORS },
  safeDark: { ...SAFE_DARK, players: PLAYER_COLORS },
};

/**
 * The roles of a palette a player must tell apart, each group from each other (the letters on
 * pieces tell the pieces apart; these have only their colour): checked for every colour vision.
 */
export const TOLD_APART = {
  "hint or clash": ["ok", "bad"],
  "hint or clash, filled": ["okFill", "badFill"],
  "GandaGalo's marks": ["markX", "markO", "markGiven", "markAnchor"],
  "GandaGalo's squares": ["wrongFill", "hintFill", "namedFill", "table"],
  "Last Fit's players": ["players"],
};

const systemHigh = () =>
  typeof matchMedia === "function" && (matchMedia("(prefers-contrast: more)").matches || matchMedia("(forced-colors: active)").matches);

/** The contrast asked for by the link (?contrast=high or standard), or null. */
function linkContrast() {
  const value = new URLSearchParams(location.search).get("contrast");
  return value === "high" || value === "standard" ? value : null;
}

/** The contrast to use: the link, this device's choice, the system's. */
export function chooseContrast() {
  return linkContrast() || loadContrast() || (systemHigh() ? "high" : "standard");
}

export const highContrast = () => document.documentElement.dataset.contrast === "high";

export const darkTheme = () => document.documentElement.dataset.theme === "dark";

/** Whether the colour-blind-safe colours are on. */
export const safeColours = () => document.documentElement.dataset.colours === "safe";

/** The colours to draw with now. */
export const ink = () => (highContrast() ? HIGH : safeColours() ? (darkTheme() ? SAFE_DARK : SAFE) : darkTheme() ? DARK : STANDARD);

// -- the theme: "light", "dark" or "system" (the system's, followed as it changes) ----------------

const THEMES = ["system", "light", "dark"];
const systemDark = () => typeof matchMedia === "function" && matchMedia("(prefers-color-scheme: dark)").matches;

/** The theme asked for by the link (?theme=dark, light or system), this device's choice, or "system". */
export function chooseTheme() {
  const value = new URLSearchParams(location.search).get("theme");
  return THEMES.includes(value) ? value : loadTheme() || "system";
}

/**
 * Show the page in theme ``choice`` (``remember`` keeps it on this device); ``redraw`` is called
 * when the colours change later on their own (the system's theme, under "system").
 */
export function setTheme(choice, remember = false, redraw = () => {}) {
  const root = document.documentElement;
  root.dataset.themeChoice = THEMES.includes(choice) ? choice : "system";
  const apply = () => {
    const dark = root.dataset.themeChoice === "dark" || (root.dataset.themeChoice === "system" && systemDark());
    const changed = root.dataset.theme !== (dark ? "dark" : "light");
    root.dataset.theme = dark ? "dark" : "light";
    return changed;
  };
  apply();
  for (const select of /** @type {NodeListOf<HTMLSelectElement>} */ (document.querySelectorAll(".theme-select"))) select.value = root.dataset.themeChoice;
  if (remember) saveTheme(root.dataset.themeChoice);
  if (!watching && typeof matchMedia === "function") {
    watching = true;
    matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => {
      if (apply()) redraw();
    });
  }
}
let watching = false;

/** Show the page in `value` ("high" or "standard"); `remember` keeps the choice on this device. */
export function setContrast(value, remember = false) {
  const high = value === "high";
  document.documentElement.dataset.contrast = high ? "high" : "standard";
  for (const box of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll(".contrast-check"))) box.checked = high;
  if (remember) saveContrast(high ? "high" : "standard");
}

// -- colours everyone can tell apart: "safe" or "standard" ------------------------------------------

/** The colours asked for by the link (?colours=safe or standard), this device's choice, or "standard". */
export function chooseColours() {
  const value = new URLSearchParams(location.search).get("colours");
  return value === "safe" || value === "standard" ? value : loadColours() || "standard";
}

/** Draw with the colour-blind-safe colours or the standard ones; ``remember`` keeps the choice here. */
export function setColours(value, remember = false) {
  const safe = value === "safe";
  document.documentElement.dataset.colours = safe ? "safe" : "standard";
  for (const box of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll(".colours-check"))) box.checked = safe;
  if (remember) saveColours(safe ? "safe" : "standard");
}
