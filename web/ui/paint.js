// Drawing helpers shared by the game views: piece colours and outlined cells.
import { button } from "./dom.js";
import { t } from "./i18n.js";
import { ink } from "./theme.js";

const COLORS = {
  F: "#e6550d", I: "#3182bd", L: "#31a354", N: "#756bb1", P: "#de2d26", T: "#fdae6b",
  U: "#9ecae1", V: "#a1d99b", W: "#bcbddc", X: "#fc9272", Y: "#fdd0a2", Z: "#c7e9c0",
};
const FALLBACK = [
  "#8dd3c7", "#ffffb3", "#bebada", "#fb8072", "#80b1d3", "#fdb462", "#b3de69", "#fccde5",
  "#d9d9d9", "#bc80bd", "#ccebc5", "#ffed6f",
];

export { PLAYER_COLORS } from "./theme.js";

/** A colour for a piece name or label: the pentominoes have their own, others a stable pick. */
export function colorOf(name) {
  const key = name.length === 1 ? name.toUpperCase() : name;
  if (COLORS[key]) return COLORS[key];
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return FALLBACK[h % FALLBACK.length];
}

/**
 * Fill cells [[r, c], ...] at (x0, y0) with cells of `size` pixels and outline only the
 * shape's own border, so a piece reads as one shape. `letter` is written in its first cell.
 */
export function drawCells(ctx, cells, x0, y0, size, color, letter, options = {}) {
  const set = new Set(cells.map(([r, c]) => `${r},${c}`));
  ctx.fillStyle = color;
  ctx.globalAlpha = options.alpha ?? 1;
  for (const [r, c] of cells) ctx.fillRect(x0 + c * size, y0 + r * size, size, size);
  ctx.globalAlpha = 1;
  const colours = ink();
  ctx.strokeStyle = options.stroke || colours.outline;
  ctx.lineWidth = (options.lineWidth || Math.max(1.5, size / 14)) * colours.outlineScale;
  ctx.setLineDash(options.dash || []);
  ctx.beginPath();
  for (const [r, c] of cells) {
    const x = x0 + c * size;
    const y = y0 + r * size;
    if (!set.has(`${r - 1},${c}`)) (ctx.moveTo(x, y), ctx.lineTo(x + size, y));
    if (!set.has(`${r + 1},${c}`)) (ctx.moveTo(x, y + size), ctx.lineTo(x + size, y + size));
    if (!set.has(`${r},${c - 1}`)) (ctx.moveTo(x, y), ctx.lineTo(x, y + size));
    if (!set.has(`${r},${c + 1}`)) (ctx.moveTo(x + size, y), ctx.lineTo(x + size, y + size));
  }
  ctx.stroke();
  ctx.setLineDash([]);
  if (letter && size >= 9) {
    const [r, c] = cells.reduce((a, b) => (a[0] * 1000 + a[1] <= b[0] * 1000 + b[1] ? a : b));
    ctx.fillStyle = colours.letter;
    ctx.font = `600 ${Math.floor(size * 0.5)}px system-ui, sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(letter, x0 + (c + 0.5) * size, y0 + (r + 0.5) * size);
  }
}

/** Size a canvas for CSS pixels width x height on this screen; returns its 2D context. */
export function sizeCanvas(canvas, width, height) {
  const dpr = window.devicePixelRatio || 1;
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  canvas.width = Math.round(width * dpr);
  canvas.height = Math.round(height * dpr);
  const ctx = canvas.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  return ctx;
}

/** Draw a small piece icon into a new canvas. */
export function pieceIcon(name, cells, cell = 9) {
  const h = Math.max(...cells.map(([r]) => r)) + 1;
  const w = Math.max(...cells.map(([, c]) => c)) + 1;
  const canvas = document.createElement("canvas");
  const ctx = sizeCanvas(canvas, w * cell + 2, h * cell + 2);
  drawCells(ctx, cells, 1, 1, cell, colorOf(name), "", { lineWidth: 1 });
  canvas.setAttribute("role", "img");
  canvas.setAttribute("aria-label", name);
  return canvas;
}

/**
 * Keep a canvas laid out to the stage that holds it: ``compute()`` returns a layout with
 * ``width`` and ``height`` (CSS pixels) from the stage's size; ``onLayout(layout)`` takes it
 * and redraws. Runs again whenever the stage's size changes (a window resized, a phone
 * turned, a notice or the busy bar coming and going). Returns {ensure, disconnect}: ensure()
 * lays out once if not yet done.
 */
export function fitToStage(stage, canvas, compute, onLayout) {
  let size = "";
  let done = false;
  const apply = () => {
    size = `${stage.clientWidth}x${stage.clientHeight}`;
    const layout = compute();
    sizeCanvas(canvas, layout.width, layout.height);
    done = true;
    onLayout(layout);
  };
  // A new layout while a finger or the mouse holds a piece would move the board under it (the
  // status line wrapping to a second line shrinks the stage): it waits for the drop.
  const held = new Set(); // the pointers pressed on the canvas and not yet let go (anywhere)
  let pending = false;
  const hold = (e) => held.add(e.pointerId);
  const release = (e) => {
    held.delete(e.pointerId);
    if (!held.size && pending) {
      pending = false;
      setTimeout(() => `${stage.clientWidth}x${stage.clientHeight}` !== size && apply()); // after the drop is handled
    }
  };
  canvas.addEventListener("pointerdown", hold);
  window.addEventListener("pointerup", release, true);
  window.addEventListener("pointercancel", release, true);
  const observer = new ResizeObserver(() => {
    if (!done || `${stage.clientWidth}x${stage.clientHeight}` === size) return;
    if (held.size) pending = true;
    else apply();
  });
  observer.observe(stage);
  return {
    ensure() {
      if (!done) apply();
    },
    /** Lay out again now, though the stage kept its size (the view's zoom changed). */
    refresh: () => apply(),
    disconnect: () => {
      observer.disconnect();
      canvas.removeEventListener("pointerdown", hold);
      window.removeEventListener("pointerup", release, true);
      window.removeEventListener("pointercancel", release, true);
    },
  };
}

/** The layout of a grid of rows x cols square cells filling the stage: cells of s CSS pixels
 *  (from minCell to maxCell) and a margin of 4 pixels, as fitToStage's compute() returns it;
 *  ``zoom`` (zoomControls) makes the cells that much larger than the stage allows. ``fit`` is the
 *  cell the stage allows. */
export function gridLayout(stage, rows, cols, minCell, maxCell, zoom = 1) {
  const W = Math.max(120, stage.clientWidth);
  const H = Math.max(120, stage.clientHeight);
  const fit = Math.max(minCell, Math.floor(Math.min((W - 8) / cols, (H - 8) / rows, maxCell)));
  const s = Math.floor(fit * zoom);
  return { s, fit, x: 4, y: 4, width: cols * s + 8, height: rows * s + 8 };
}

export const COMFORT_CELL = 36; // CSS pixels: a square a finger hits without thinking
const ZOOMS = [1, 1.5, 2, 3];

/**
 * Zoom buttons for a board whose squares the screen makes smaller than COMFORT_CELL (GandaGalo's
 * 20 x 20 on a phone: 18 px): shown only then. Zoomed, the stage scrolls (one finger pans it, a
 * tap still plays) and ``relayout`` lays the board out again at zoom().
 * @param {HTMLElement} stage @param {() => void} relayout
 */
export function zoomControls(stage, relayout) {
  let level = 0;
  const set = (next) => {
    level = Math.max(0, Math.min(ZOOMS.length - 1, next));
    stage.classList.toggle("zoomed", level > 0);
    out.disabled = level === 0;
    inn.disabled = level === ZOOMS.length - 1;
    relayout();
  };
  const out = button("−", t("Zoom out"), () => set(level - 1));
  const inn = button("+", t("Zoom in: larger squares; drag to move around the board"), () => set(level + 1));
  out.setAttribute("aria-label", t("Zoom out"));
  inn.setAttribute("aria-label", t("Zoom in"));
  out.disabled = true;
  const group = /** @type {HTMLElement} */ (document.createElement("span"));
  group.className = "zoom";
  group.append(out, inn);
  return {
    element: group,
    zoom: () => ZOOMS[level],
    zoomed: () => level > 0,
    /** Shown when the stage makes the squares small, or while zoomed. @param {number} fit the cell the stage allows */
    update(fit) {
      group.hidden = fit >= COMFORT_CELL && level === 0;
    },
  };
}

/** A peg board's empty hole at (x, y), for a cell of s pixels. */
export function drawHole(ctx, x, y, s) {
  ctx.beginPath();
  ctx.arc(x, y, s * 0.18, 0, 2 * Math.PI);
  ctx.fillStyle = ink().grid;
  ctx.fill();
}

/** The ring around the hole the last peg must end in. */
export function drawFinishRing(ctx, x, y, s) {
  ctx.beginPath();
  ctx.arc(x, y, s * 0.42, 0, 2 * Math.PI);
  ctx.strokeStyle = ink().focus;
  ctx.lineWidth = Math.max(2, s / 14);
  ctx.stroke();
}
