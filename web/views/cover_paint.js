// The cover view's painter: the board (or its copies), the pieces, the marks of a hint or a refused
// drop, the tray, the keyboard cursor and the dragged piece, drawn from the view's state alone.
import { ink } from "../ui/theme.js";
import { boardCellAt, cellRect, dragLift, focusShape, isCell, pieceCells, trayOrigin } from "./cover_layout.js";
import { colorOf, drawCells, PLAYER_COLORS } from "../ui/paint.js";

/**
 * What the painter draws from (the view's state, which the input controller changes).
 * @typedef {object} State
 * @property {import("../views").CoverView} view the core's view of the position
 * @property {any} focus {name, from: "tray"} | {name, from: "board", placement}, or null
 * @property {{k: number, r: number, c: number}} cursor the keyboard cursor
 * @property {boolean} keyboardMode the cursor is shown (the last input was a key)
 * @property {any} drag the piece being dragged, or null
 * @property {any} marks {cells, copy, kind: "hint" | "blocked" | "refused", until?}, or null
 * @property {import("./cover_layout.js").Layout | null} layout
 * @property {Map<string, number>} trayOrient each tray piece's orientation
 * @property {import("./cover_layout.js").Model} model the board as shown (turned on an upright phone)
 * @property {boolean} turned whether it is shown turned a quarter
 * @property {import("../views").CoverView} coreView the core's view, in the core's cells
 */

/**
 * Draw everything on ``ctx``.
 * @param {CanvasRenderingContext2D} ctx
 * @param {import("./cover_layout.js").Model} m
 * @param {State} st
 * @param {boolean} focused the canvas has the keyboard focus
 */
export function paint(ctx, m, st, focused) {
  const lay = st.layout;
  if (!lay) return;
  const { view, focus, drag, marks } = st;
  const { s, ts } = lay;
  const { R, C, K } = m;
  const cells = (...args) => drawCells(ctx, ...args);
  ctx.clearRect(0, 0, lay.width, lay.height);
  const colours = ink();
  // the board (each copy), a covered copy outlined in green
  for (let k = 0; k < K; k++) {
    const done = K > 1 && view.copies && view.copies[k] && view.copies[k].complete;
    for (let r = 0; r < R; r++) {
      for (let c = 0; c < C; c++) {
        if (!isCell(m, r, c)) continue;
        const [x, y] = cellRect(lay, k, r, c);
        ctx.fillStyle = (r + c) % 2 ? colours.cell : colours.cellAlt;
        ctx.fillRect(x, y, s, s);
        ctx.strokeStyle = done ? colours.ok : colours.grid;
        ctx.lineWidth = done ? 3 : 1;
        ctx.strokeRect(x + 0.5, y + 0.5, s - 1, s - 1);
      }
    }
  }
  // placed pieces
  for (const p of view.placements) {
    if (drag && drag.from === "board" && drag.moved && drag.placement === p) continue;
    const isFocus = focus && focus.from === "board" && focus.placement && focus.placement.text === p.text;
    const b = lay.boards[p.copy || 0];
    // a game of players (Last Fit) colours a piece by who placed it, else by the piece
    // (a level's own pieces are grey: they belong to the puzzle)
    const colour = p.locked ? colours.locked : p.player === undefined ? colorOf(p.piece) : PLAYER_COLORS[p.player % PLAYER_COLORS.length];
    cells(p.cells, b.x, b.y, s, colour, p.piece, {
      lineWidth: isFocus ? Math.max(3, s / 7) : undefined,
      stroke: isFocus ? "#000" : undefined,
    });
  }
  // a covered copy (the Game of 20): a green frame and a tick above the pieces, so it shows
  for (let k = 0; K > 1 && k < K; k++) {
    if (!(view.copies && view.copies[k] && view.copies[k].complete)) continue;
    const b = lay.boards[k];
    ctx.strokeStyle = colours.ok;
    ctx.lineWidth = Math.max(4, s / 6);
    ctx.strokeRect(b.x - 2, b.y - 2, C * s + 4, R * s + 4);
    // the tick sits inside the board's top right corner: on its corner it was cut off by the
    // canvas's edge when the copy stood at the top
    const badge = Math.max(18, s * 0.9);
    const bx = b.x + C * s - badge / 2 - 2;
    const by = b.y + badge / 2 + 2;
    ctx.fillStyle = colours.ok;
    ctx.beginPath();
    ctx.arc(bx, by, badge / 2, 0, 2 * Math.PI);
    ctx.fill();
    ctx.fillStyle = "#fff";
    ctx.font = `700 ${Math.floor(badge * 0.7)}px system-ui, sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText("✓", bx, by + 1);
  }
  // hint / blocked / refused marks
  if (marks && (!marks.until || performance.now() < marks.until)) {
    const color = marks.kind === "hint" ? colours.ok : colours.bad;
    const b = lay.boards[marks.copy || 0];
    cells(marks.cells, b.x, b.y, s, color, "", {
      alpha: marks.kind === "hint" ? 0.35 : 0.25,
      stroke: color,
      lineWidth: Math.max(3, s / 8),
      dash: [s / 5, s / 8],
    });
  }
  // tray
  ctx.font = `500 ${Math.max(10, Math.floor(ts * 0.8))}px system-ui, sans-serif`;
  for (const name of m.names) {
    const slot = lay.slots.get(name);
    const left = view.available[name] ?? 0;
    if (focus && focus.from === "tray" && focus.name === name) {
      ctx.fillStyle = "rgba(49,130,189,0.15)";
      ctx.fillRect(slot.x + 1, slot.y + 1, slot.size - 2, slot.size - 2);
      ctx.strokeStyle = colours.focus;
      ctx.lineWidth = colours.focusWidth - 1;
      ctx.strokeRect(slot.x + 1, slot.y + 1, slot.size - 2, slot.size - 2);
    }
    if (left <= 0 || (drag && drag.from === "tray" && drag.name === name && drag.moved && left === 1)) continue;
    const { x0, y0 } = trayOrigin(m, lay, name, st.trayOrient.get(name));
    cells(pieceCells(m, name, st.trayOrient.get(name)), x0, y0, ts, colorOf(name), name);
    if (m.pieces.get(name).count > 1) {
      ctx.fillStyle = colours.letter;
      ctx.textAlign = "right";
      ctx.textBaseline = "top";
      ctx.fillText(`×${left}`, slot.x + slot.size - 3, slot.y + 2);
    }
  }
  // keyboard cursor and the focused piece's ghost
  if (st.keyboardMode && focused) {
    const { cursor } = st;
    const [x, y] = cellRect(lay, cursor.k, cursor.r, cursor.c);
    ctx.strokeStyle = colours.focus;
    ctx.lineWidth = colours.focusWidth;
    ctx.strokeRect(x + 1.5, y + 1.5, s - 3, s - 3);
    const g = focusShape(m, focus, st.trayOrient);
    if (g) {
      const ghost = g.cells.map(([r, c]) => [r + cursor.r, c + cursor.c]);
      const b = lay.boards[cursor.k];
      cells(ghost, b.x, b.y, s, colorOf(g.name), "", { alpha: 0.45, dash: [4, 4] });
    }
  }
  // the piece being dragged, and where it would snap
  if (drag && drag.moved) {
    const shape = pieceCells(m, drag.name, drag.o);
    const [gr, gc] = drag.grab;
    const lift = dragLift(lay, drag);
    const at = boardCellAt(m, lay, drag.x, drag.y - lift);
    if (at) {
      const snapped = shape.map(([a, b]) => [a - gr + at.r, b - gc + at.c]);
      const b = lay.boards[at.k];
      const off = snapped.filter(([r, c]) => !isCell(m, r, c));
      cells(snapped, b.x, b.y, s, "#ffffff", "", { alpha: 0.5, dash: [5, 4], stroke: "#555" });
      if (off.length) {
        // hanging off the board: the cells that stick out are marked in red
        cells(off, b.x, b.y, s, "#c62828", "", { alpha: 0.35, dash: [4, 3], stroke: "#c62828", lineWidth: 3 });
      }
    }
    const x0 = drag.x - (gc + 0.5) * s;
    const y0 = drag.y - lift - (gr + 0.5) * s;
    ctx.shadowColor = "rgba(0,0,0,0.3)";
    ctx.shadowBlur = 8;
    cells(shape, x0, y0, s, colorOf(drag.name), drag.name, { alpha: 0.9 });
    ctx.shadowBlur = 0;
  }
}
