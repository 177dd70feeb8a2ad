// The colours the boards are drawn with, and the high-contrast option.
//
// The page's own colours are CSS custom properties (style.css); high contrast
// is html[data-contrast="high"], which redefines them. The canvases cannot
// read CSS as they draw, so the views take their colours from `ink()`: the
// same roles in two sets. High contrast: white cells, black grid lines and
// outlines drawn thicker, and marks in darker, stronger colours; pieces keep
// their colours and letters (the letters, not the colours, tell them apart).
//
// Which contrast: ?contrast=high (or standard) in the link, else the one chosen
// on this device, else the system's (prefers-contrast: more, forced colours).
import { loadContrast, saveContrast } from "./storage.js";

const STANDARD = {
  cell: "#f4f1ea", // empty board cells, in a checkerboard of two tones
  cellAlt: "#ebe6da",
  grid: "#cfc8b8", // lines between empty cells
  outline: "#1b1b1b", // piece outlines
  outlineScale: 1, // piece outlines are this much thicker
  letter: "rgba(0,0,0,0.72)",
  blocked: "#3b3f4a", // cells that are not part of the board
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
};

const HIGH = {
  cell: "#ffffff",
  cellAlt: "#ffffff",
  grid: "#000000",
  outline: "#000000",
  outlineScale: 1.8,
  letter: "#000000",
  blocked: "#000000",
  ok: "#005a1e",
  okFill: "rgba(0,110,40,0.4)",
  bad: "#a00000",
  badFill: "rgba(200,0,0,0.35)",
  focus: "#0000d0",
  focusWidth: 5,
  table: "#ffffff",
  given: "#c8c8c8",
  thin: "#000000",
  thick: "#000000",
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

/** The colours to draw with now. */
export const ink = () => (highContrast() ? HIGH : STANDARD);

/** Show the page in `value` ("high" or "standard"); `remember` keeps the choice on this device. */
export function setContrast(value, remember = false) {
  const high = value === "high";
  document.documentElement.dataset.contrast = high ? "high" : "standard";
  for (const box of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll(".contrast-check"))) box.checked = high;
  if (remember) saveContrast(high ? "high" : "standard");
}
