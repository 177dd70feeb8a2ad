// The cover view's geometry, pure: where the board (or its copies) and the tray go in a stage of
// a given size, and what lies under a point. No DOM and no drawing, so node's test runner checks
// it (tests/js/cover_layout.test.mjs) and the painter and the input controller share it.

export const MAX_CELL = 110; // CSS pixels: large enough for a projector, small enough to keep the tray beside
const TRAY_RATIO = 0.55; // a tray cell, as a share of a board cell
const GAP = 16; // CSS pixels between the board and the tray

/**
 * The board and pieces a view is made for, from the core's info (what never changes with moves).
 * @typedef {object} Model
 * @property {Map<string, any>} pieces the piece tables by name (orientations, rotate, mirror_h, mirror_v, count)
 * @property {string[]} names the pieces in tray order
 * @property {string[]} boardRows rows of "." (a cell) and "#" (none)
 * @property {number} R rows
 * @property {number} C columns
 * @property {number} K copies of the board (the Game of 20 has three)
 * @property {boolean} fixed pieces on the board stay (Last Fit): no take-back, no Clear
 */

/**
 * Where everything is drawn, in CSS pixels of the canvas.
 * @typedef {object} Layout
 * @property {number} s a board cell's side
 * @property {number} ts a tray cell's side
 * @property {{x: number, y: number}[]} boards each copy's top left
 * @property {number} width
 * @property {number} height
 * @property {Map<string, {x: number, y: number, size: number}>} slots each piece's square in the tray
 * @property {number} slot a tray slot's side, in tray cells
 * @property {{x: number, y: number, w: number, h: number}} tray
 */

/**
 * @param {any} info the core's info for a cover-like game
 * @returns {Model}
 */
export function modelOf(info) {
  return {
    pieces: new Map(info.pieces.map((p) => [p.name, p])),
    names: info.pieces.map((p) => p.name),
    boardRows: info.board,
    R: info.rows,
    C: info.cols,
    K: info.copies || 1,
    fixed: !!info.fixed,
  };
}

/**
 * The model of the board turned a quarter clockwise, as an upright phone shows a wide board: its
 * rows are the columns. Pieces keep their tables (a shape is a shape, whichever way the board lies).
 * Core (r, c) is shown at (c, R - 1 - r): see toDisplay and toCore.
 * @param {Model} m @returns {Model}
 */
export function turnedModel(m) {
  const rows = [];
  for (let r = 0; r < m.C; r++) {
    let row = "";
    for (let c = 0; c < m.R; c++) row += m.boardRows[m.R - 1 - c][r];
    rows.push(row);
  }
  return { ...m, R: m.C, C: m.R, boardRows: rows };
}

/** Where the core's cell (r, c) of board model ``m`` is shown on the turned board. @param {Model} m @param {number} r @param {number} c @returns {[number, number]} */
export const toDisplay = (m, r, c) => [c, m.R - 1 - r];

/** The core's cell of the turned board's cell (r, c) (``m`` the core's, unturned model). @param {Model} m @param {number} r @param {number} c @returns {[number, number]} */
export const toCore = (m, r, c) => [m.R - 1 - c, r];

/**
 * A placement's orientation and anchor from its cells: the orientation of piece ``name`` whose
 * cells these are, moved so that the smallest row and column are 0 (the core's convention).
 * @param {Model} m @param {string} name @param {number[][]} cells
 * @returns {{o: number, row: number, col: number}}
 */
export function placementOf(m, name, cells) {
  const row = Math.min(...cells.map(([r]) => r));
  const col = Math.min(...cells.map(([, c]) => c));
  const key = (list) => JSON.stringify([...list].map(([r, c]) => [r, c]).sort((a, b) => a[0] - b[0] || a[1] - b[1]));
  const shape = key(cells.map(([r, c]) => [r - row, c - col]));
  return { o: m.pieces.get(name).orientations.findIndex((o) => key(o) === shape), row, col };
}

export const TURN_GAIN = 1.15; // a board is shown turned only when its cells grow clearly

/**
 * The layout for a stage of W x H: the board as it is, or turned a quarter (``dm``, its turned
 * model) when that makes its cells clearly larger (3 x 20 on an upright phone: 18 to 26 px).
 * @param {Model} m @param {Model} dm @param {number} W @param {number} H
 * @returns {{layout: Layout, turned: boolean}}
 */
export function chooseLayout(m, dm, W, H) {
  const plain = computeLayout(m, W, H);
  // only a board whose long side lies across the screen's short side (a wide board on an upright
  // phone, a tall one on a laptop) is turned: a laptop keeps its 6 x 10 as the books draw it
  const across = (m.C > m.R && H > W) || (m.R > m.C && W > H);
  const turned = across ? computeLayout(dm, W, H) : null;
  return turned && turned.s >= plain.s * TURN_GAIN ? { layout: turned, turned: true } : { layout: plain, turned: false };
}

/** Whether (r, c) is a cell of the board. @param {Model} m @param {number} r @param {number} c */
export const isCell = (m, r, c) => r >= 0 && c >= 0 && r < m.R && c < m.C && m.boardRows[r][c] !== "#";

/** The cells of piece ``name`` in its orientation ``o`` (the core's table). @param {Model} m @param {string} name @param {number} o @returns {number[][]} */
export const pieceCells = (m, name, o) => m.pieces.get(name).orientations[o];

/** A tray slot's side in tray cells: the largest orientation of any piece, and a cell of margin. @param {Model} m */
export function slotCells(m) {
  let size = 1;
  for (const p of m.pieces.values()) for (const o of p.orientations) for (const [r, c] of o) size = Math.max(size, r + 1, c + 1);
  return size + 1;
}

/**
 * The layout that gives the board the largest cells in a stage of ``W`` x ``H``: the tray beside
 * the board or below it, in 2 to 12 columns, copies in a row or stacked; never overflowing.
 * @param {Model} m
 * @param {number} stageW
 * @param {number} stageH
 * @returns {Layout}
 */
export function computeLayout(m, stageW, stageH) {
  // the tray's pieces at 0.55 of a board cell, or smaller when the board's cells would otherwise be
  // under COMFORT (a phone: Last Fit's 8 x 8 had 28 px squares while its tray took 60 % of the height)
  let chosen = null;
  for (const ratio of TRAY_RATIOS) {
    const found = arrange(m, stageW, stageH, ratio);
    if (found.s * ratio < MIN_TRAY_CELL) continue;
    if (!chosen || found.s > chosen.s + 0.01) chosen = found;
    if (chosen.s >= COMFORT) break;
  }
  return place(m, chosen || arrange(m, stageW, stageH, TRAY_RATIOS[0]));
}

const TRAY_RATIOS = [TRAY_RATIO, 0.45, 0.38, 0.32];
const COMFORT = 36; // CSS pixels: a board cell a finger hits without thinking
const MIN_TRAY_CELL = 9; // CSS pixels: a tray piece stays a target (a pentomino about 45 px)

/** The best arrangement at tray ratio ``ratio``: the tray beside or below, copies in a row or stacked. */
function arrange(m, stageW, stageH, ratio) {
  const W = Math.max(120, stageW);
  const H = Math.max(120, stageH);
  const { R, C, K, names } = m;
  const slot = slotCells(m);
  const n = names.length;
  let best = null;
  for (const stacked of K > 1 ? [false, true] : [false]) {
    // the copies in a row, a cell apart, or stacked
    const bwu = stacked ? C : K * C + (K - 1);
    const bhu = stacked ? K * R + (K - 1) : R;
    for (const side of [true, false]) {
      for (const k of side ? [2, 3, 4] : [3, 4, 6, 12]) {
        const rowsOfSlots = Math.ceil(n / k);
        const wUnits = side ? bwu + k * slot * ratio : Math.max(bwu, k * slot * ratio);
        const hUnits = side ? Math.max(bhu, rowsOfSlots * slot * ratio) : bhu + rowsOfSlots * slot * ratio;
        // the gap lies between the board and the tray: across for a tray beside, down for one below
        const s = Math.min((W - (side ? GAP : 0) - 8) / wUnits, (H - (side ? 0 : GAP) - 8) / hUnits, MAX_CELL);
        if (!best || s > best.s + 0.01) best = { side, k, s, rowsOfSlots, stacked, bwu, bhu, ratio };
      }
    }
  }
  return best;
}

/** The layout of arrangement ``best``, in whole pixels. */
function place(m, best) {
  const { R, C, K, names } = m;
  const slot = slotCells(m);
  const s = Math.max(8, Math.floor(best.s));
  const ts = Math.max(5, Math.floor(s * best.ratio));
  const boardW = best.bwu * s;
  const boardH = best.bhu * s;
  const trayW = best.k * slot * ts;
  const trayH = best.rowsOfSlots * slot * ts;
  const width = best.side ? boardW + GAP + trayW + 8 : Math.max(boardW, trayW) + 8;
  const height = best.side ? Math.max(boardH, trayH) + 8 : boardH + GAP + trayH + 8;
  const bx = 4 + (best.side ? 0 : Math.floor((width - 8 - boardW) / 2));
  const by = 4 + (best.side ? Math.floor((height - 8 - boardH) / 2) : 0); // beside a taller tray: centred
  const tx = best.side ? bx + boardW + GAP : 4 + Math.floor((width - 8 - trayW) / 2);
  const ty = best.side ? 4 + Math.floor((height - 8 - trayH) / 2) : by + boardH + GAP;
  const boards = [];
  for (let j = 0; j < K; j++) {
    boards.push(best.stacked ? { x: bx, y: by + j * (R + 1) * s } : { x: bx + j * (C + 1) * s, y: by });
  }
  const slots = new Map();
  names.forEach((name, i) => {
    const col = i % best.k;
    const row = Math.floor(i / best.k);
    slots.set(name, { x: tx + col * slot * ts, y: ty + row * slot * ts, size: slot * ts });
  });
  return { s, ts, boards, width, height, slots, slot, tray: { x: tx, y: ty, w: trayW, h: trayH } };
}

/** A board cell's rectangle [x, y, w, h]. @param {Layout} lay @param {number} k @param {number} r @param {number} c */
export function cellRect(lay, k, r, c) {
  const b = lay.boards[k];
  return [b.x + c * lay.s, b.y + r * lay.s, lay.s, lay.s];
}

/**
 * Where a tray piece's cell (0,0) is drawn (its slot, centred), at tray cell size.
 * @param {Model} m @param {Layout} lay @param {string} name @param {number} o its orientation in the tray
 * @returns {{x0: number, y0: number}}
 */
export function trayOrigin(m, lay, name, o) {
  const slot = lay.slots.get(name);
  const cells = pieceCells(m, name, o);
  const h = Math.max(...cells.map(([r]) => r)) + 1;
  const w = Math.max(...cells.map(([, c]) => c)) + 1;
  return { x0: slot.x + (slot.size - w * lay.ts) / 2, y0: slot.y + (slot.size - h * lay.ts) / 2 };
}

/** The placed piece covering (r, c) of copy ``k``, or null. @param {{placements: any[]}} view @param {number} k @param {number} r @param {number} c */
export function placementAt(view, k, r, c) {
  return view.placements.find((p) => (p.copy || 0) === k && p.cells.some(([a, b]) => a === r && b === c)) || null;
}

/**
 * The copy and cell under (x, y), or null when the point is not over (or within half a cell of) a
 * board; between copies, the nearer one.
 * @param {Model} m @param {Layout} lay @param {number} x @param {number} y
 * @returns {{k: number, r: number, c: number} | null}
 */
export function boardCellAt(m, lay, x, y) {
  const { s } = lay;
  const half = s / 2;
  /** @type {{d: number, k: number, r: number, c: number} | null} */
  let best = null;
  lay.boards.forEach((b, k) => {
    if (x < b.x - half || y < b.y - half || x > b.x + m.C * s + half || y > b.y + m.R * s + half) return;
    const d = Math.abs(x - (b.x + (m.C * s) / 2)) + Math.abs(y - (b.y + (m.R * s) / 2));
    if (!best || d < best.d) best = { d, k, r: Math.floor((y - b.y) / s), c: Math.floor((x - b.x) / s) };
  });
  return best && { k: best.k, r: best.r, c: best.c };
}

/**
 * The tray piece under (x, y) (one still available), and which of its cells is grabbed: the one
 * nearest the point.
 * @param {Model} m @param {Layout} lay @param {{[name: string]: number}} available
 * @param {Map<string, number>} trayOrient @param {number} x @param {number} y
 * @returns {{name: string, grab: number[]} | null}
 */
export function trayPieceAt(m, lay, available, trayOrient, x, y) {
  for (const name of m.names) {
    if (!(available[name] > 0)) continue;
    const slot = lay.slots.get(name);
    if (x < slot.x || y < slot.y || x >= slot.x + slot.size || y >= slot.y + slot.size) continue;
    const { x0, y0 } = trayOrigin(m, lay, name, trayOrient.get(name));
    const cells = pieceCells(m, name, trayOrient.get(name));
    let bestCell = cells[0];
    let bestD = Infinity;
    for (const [r, c] of cells) {
      const d = (x0 + (c + 0.5) * lay.ts - x) ** 2 + (y0 + (r + 0.5) * lay.ts - y) ** 2;
      if (d < bestD) [bestD, bestCell] = [d, [r, c]];
    }
    return { name, grab: bestCell };
  }
  return null;
}

/** Whether (x, y) is over the tray (with a margin for a sloppy drop). @param {Layout} lay @param {number} x @param {number} y */
export function overTray(lay, x, y) {
  const t = lay.tray;
  return x >= t.x - 8 && y >= t.y - 8 && x <= t.x + t.w + 8 && y <= t.y + t.h + 8;
}

const TOUCH_LIFT = 1.7; // cells: a piece dragged by a finger is drawn this far above it, so the finger hides nothing

/** How far above the pointer a dragged piece is drawn. @param {Layout} lay @param {{pointerType: string}} drag */
export const dragLift = (lay, drag) => (drag.pointerType === "touch" ? TOUCH_LIFT * lay.s : 0);

/**
 * The piece in focus and its cells in its current orientation (the tray's, or where it lies).
 * @param {Model} m @param {any} focus @param {Map<string, number>} trayOrient
 * @returns {{name: string, cells: number[][]} | null}
 */
export function focusShape(m, focus, trayOrient) {
  if (!focus) return null;
  const o = focus.from === "tray" ? trayOrient.get(focus.name) : focus.placement.orientation;
  return { name: focus.name, cells: pieceCells(m, focus.name, o) };
}
