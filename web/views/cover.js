// The cover game's view: draws the board and the tray on a canvas and turns
// pointer and keyboard gestures into moves. It knows no rules: where a
// rotation takes a piece comes from the core's piece table, and every drop is
// checked by the core (host.move), which says why a refused one is refused.
import { button, el } from "../dom.js";
import { N_, t } from "../i18n.js";
import { colorOf, drawCells, fitToStage } from "./paint.js";
import { ink } from "../theme.js";

const LONG_PRESS_MS = 550;
const DRAG_SLOP = 6;
const MAX_CELL = 110; // CSS pixels: large enough for a projector, small enough to keep the tray beside
const TOUCH_LIFT = 1.7; // cells: a piece dragged by a finger is drawn this far above it, so the finger hides nothing

/** The keys of this view, for the shell's help. */
/** How a printed sheet draws this game (web/print.js). */

export const KEYS = [
  [N_("[ and ] (or , and .)"), N_("choose a piece from the tray")],
  [N_("Shift + letter"), N_("choose that piece (Shift+F for F)")],
  [N_("Arrow keys"), N_("move the cursor on the board")],
  [N_("Enter or Space"), N_("put the piece down at the cursor, or pick up the piece under it")],
  ["R", N_("rotate clockwise")],
  ["H / V", N_("mirror: top and bottom swap / left and right swap")],
  [N_("Delete"), N_("take the piece under the cursor back to the tray")],
  [N_("Ctrl+Z / Ctrl+Y"), N_("undo / redo")],
  [N_("Escape"), N_("let go of the piece")],
  ["?", N_("this help")],
];

export function createView({ root, info, host }) {
  const pieces = new Map(info.pieces.map((p) => [p.name, p]));
  const names = info.pieces.map((p) => p.name);
  const boardRows = info.board;
  const R = info.rows;
  const C = info.cols;
  const K = info.copies || 1; // copies of the board (the Game of 20 has three)
  const fixed = !!info.fixed; // pieces on the board stay (Last Fit): no take-back, no Clear
  const againstComputer = (info.computer || []).some(Boolean);
  const sfx = (k) => (K > 1 ? `#${k}` : ""); // moves name the copy when there are several
  const isCell = (r, c) => r >= 0 && c >= 0 && r < R && c < C && boardRows[r][c] !== "#";

  const trayOrient = new Map(names.map((n) => [n, 0]));
  let view = { placements: [], available: {} };
  let focus = null; // {name, from: "tray"} | {name, from: "board", placement}
  let cursor = { k: 0, r: 0, c: 0 };
  let keyboardMode = false;
  let drag = null;
  let marks = null; // {cells, kind: "hint" | "blocked" | "refused", until?}
  let layout = null;

  // -- DOM --------------------------------------------------------------------------------
  const canvas = el("canvas", { tabIndex: 0, className: "board-canvas" });
  canvas.setAttribute("role", "application");
  canvas.setAttribute("aria-roledescription", t("pentomino board"));
  const describe = el("p", { className: "sr-only", id: "board-description" });
  describe.setAttribute("aria-live", "polite");
  canvas.setAttribute("aria-describedby", "board-description");
  // Tool buttons hand the keyboard back to the board, so keys keep working after a click.
  const tool = (fn) => () => {
    canvas.focus({ preventScroll: true });
    fn();
  };
  const tools = el("div", { className: "view-tools" }, [
    button(t("⟳ Rotate"), t("Rotate the piece in focus clockwise (R)"), tool(() => transform("rotate"))),
    button(t("⇅ Mirror H"), t("Mirror in the horizontal axis: top and bottom swap (H)"), tool(() => transform("mirror_h"))),
    button(t("⇆ Mirror V"), t("Mirror in the vertical axis: left and right swap (V)"), tool(() => transform("mirror_v"))),
    ...(fixed ? [] : [button(t("Clear"), t("Take every piece off the board"), tool(() => host.move("clear")))]),
  ]);
  if (K > 1) {
    for (let k = 0; k < K; k++) {
      tools.append(button(t("Empty copy {copy}", { copy: k + 1 }), t("Take the pieces of copy {copy} back", { copy: k + 1 }), tool(() => host.move(`clear#${k}`))));
    }
  }
  tools.querySelectorAll("button").forEach((b, i) => (b.dataset.action = ["rotate", "mirror_h", "mirror_v", "clear"][i]));
  const menu = el("div", { className: "context-menu", hidden: true });
  menu.setAttribute("role", "menu");
  const goal = el("p", { className: "goal", textContent: info.goal || "" });
  // the players in turn order (Last Fit): whose turn it is is marked; names are text, never markup
  const players = el("ol", { className: "players", ariaLabel: t("players") });
  if (info.players) {
    players.replaceChildren(...info.players.map((name) => el("li", { textContent: name })));
  }
  const stage = el("div", { className: "stage" }, [canvas]);
  root.replaceChildren(el("div", { className: "view-head" }, [goal, ...(info.players ? [players] : []), tools]), stage, describe, menu);
  const ctx = canvas.getContext("2d");

  // -- geometry of the layout ---------------------------------------------------------------
  function pieceCells(name, o) {
    return pieces.get(name).orientations[o];
  }

  function slotCells() {
    let m = 1;
    for (const p of info.pieces) for (const o of p.orientations) for (const [r, c] of o) m = Math.max(m, r + 1, c + 1);
    return m + 1;
  }

  function computeLayout() {
    // the stage is the space the shell leaves for the board: fill it, never overflow it
    const W = Math.max(120, stage.clientWidth);
    const H = Math.max(120, stage.clientHeight);
    const slot = slotCells();
    const n = names.length;
    const ratio = 0.55;
    let best = null;
    for (const stacked of K > 1 ? [false, true] : [false]) {
      // the copies in a row, a cell apart, or stacked
      const bwu = stacked ? C : K * C + (K - 1);
      const bhu = stacked ? K * R + (K - 1) : R;
      for (const side of [true, false]) {
        for (const k of side ? [2, 3, 4] : [3, 4, 6, 12]) {
          const rowsOfSlots = Math.ceil(n / k);
          const gap = 16;
          const wUnits = side ? bwu + k * slot * ratio : Math.max(bwu, k * slot * ratio);
          const hUnits = side ? Math.max(bhu, rowsOfSlots * slot * ratio) : bhu + rowsOfSlots * slot * ratio;
          const s = Math.min((W - gap - 8) / wUnits, (H - gap - 8) / hUnits, MAX_CELL);
          if (!best || s > best.s + 0.01) best = { side, k, s, rowsOfSlots, stacked, bwu, bhu };
        }
      }
    }
    const s = Math.max(8, Math.floor(best.s));
    const ts = Math.max(5, Math.floor(s * ratio));
    const gap = 16;
    const boardW = best.bwu * s;
    const boardH = best.bhu * s;
    const trayW = best.k * slot * ts;
    const trayH = best.rowsOfSlots * slot * ts;
    const width = best.side ? boardW + gap + trayW + 8 : Math.max(boardW, trayW) + 8;
    const height = best.side ? Math.max(boardH, trayH) + 8 : boardH + gap + trayH + 8;
    const bx = 4 + (best.side ? 0 : Math.floor((width - 8 - boardW) / 2));
    const by = 4 + (best.side ? Math.floor((height - 8 - boardH) / 2) : 0); // beside a taller tray: centred
    const tx = best.side ? bx + boardW + gap : 4 + Math.floor((width - 8 - trayW) / 2);
    const ty = best.side ? 4 + Math.floor((height - 8 - trayH) / 2) : by + boardH + gap;
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
    const tray = { x: tx, y: ty, w: trayW, h: trayH };
    return { s, ts, boards, width, height, slots, slot, tray };
  }

  const fit = fitToStage(stage, canvas, computeLayout, (next) => {
    layout = next;
    draw();
  });

  /** Where a tray piece's cells are drawn: {x0, y0} of its cell (0,0) at size ts. */
  function trayOrigin(name) {
    const slot = layout.slots.get(name);
    const cells = pieceCells(name, trayOrient.get(name));
    const h = Math.max(...cells.map(([r]) => r)) + 1;
    const w = Math.max(...cells.map(([, c]) => c)) + 1;
    return { x0: slot.x + (slot.size - w * layout.ts) / 2, y0: slot.y + (slot.size - h * layout.ts) / 2 };
  }

  function placementAt(k, r, c) {
    return view.placements.find((p) => (p.copy || 0) === k && p.cells.some(([a, b]) => a === r && b === c)) || null;
  }

  /** The copy and cell under (x, y), or null when the point is not over (or near) a board. */
  function boardCellAt(x, y) {
    const { s } = layout;
    const m = s / 2;
    /** @type {{d: number, k: number, r: number, c: number} | null} */
    let best = null;
    layout.boards.forEach((b, k) => {
      if (x < b.x - m || y < b.y - m || x > b.x + C * s + m || y > b.y + R * s + m) return;
      const d = Math.abs(x - (b.x + (C * s) / 2)) + Math.abs(y - (b.y + (R * s) / 2));
      if (!best || d < best.d) best = { d, k, r: Math.floor((y - b.y) / s), c: Math.floor((x - b.x) / s) };
    });
    return best && { k: best.k, r: best.r, c: best.c };
  }

  function trayPieceAt(x, y) {
    for (const name of names) {
      if (!(view.available[name] > 0)) continue;
      const slot = layout.slots.get(name);
      if (x < slot.x || y < slot.y || x >= slot.x + slot.size || y >= slot.y + slot.size) continue;
      const { x0, y0 } = trayOrigin(name);
      const cells = pieceCells(name, trayOrient.get(name));
      // grab the piece's cell nearest to the pointer
      let bestCell = cells[0];
      let bestD = Infinity;
      for (const [r, c] of cells) {
        const d = (x0 + (c + 0.5) * layout.ts - x) ** 2 + (y0 + (r + 0.5) * layout.ts - y) ** 2;
        if (d < bestD) [bestD, bestCell] = [d, [r, c]];
      }
      return { name, grab: bestCell };
    }
    return null;
  }

  // -- drawing ------------------------------------------------------------------------------------
  function cellRect(k, r, c) {
    const b = layout.boards[k];
    return [b.x + c * layout.s, b.y + r * layout.s, layout.s, layout.s];
  }

  const drawPieceCells = (...args) => drawCells(ctx, ...args);

  function draw() {
    if (!layout) return;
    const { s, ts } = layout;
    ctx.clearRect(0, 0, layout.width, layout.height);
    const colours = ink();
    // the board (each copy), a covered copy outlined in green
    for (let k = 0; k < K; k++) {
      const done = K > 1 && view.copies && view.copies[k] && view.copies[k].complete;
      for (let r = 0; r < R; r++) {
        for (let c = 0; c < C; c++) {
          if (!isCell(r, c)) continue;
          const [x, y] = cellRect(k, r, c);
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
      const focused = focus && focus.from === "board" && focus.placement && focus.placement.text === p.text;
      const b = layout.boards[p.copy || 0];
      drawPieceCells(p.cells, b.x, b.y, s, colorOf(p.piece), p.piece, {
        lineWidth: focused ? Math.max(3, s / 7) : undefined,
        stroke: focused ? "#000" : undefined,
      });
    }
    // a covered copy (the Game of 20): a green frame and a tick above the pieces, so it shows
    for (let k = 0; K > 1 && k < K; k++) {
      if (!(view.copies && view.copies[k] && view.copies[k].complete)) continue;
      const b = layout.boards[k];
      ctx.strokeStyle = colours.ok;
      ctx.lineWidth = Math.max(4, s / 6);
      ctx.strokeRect(b.x - 2, b.y - 2, C * s + 4, R * s + 4);
      const badge = Math.max(18, s * 0.9);
      ctx.fillStyle = colours.ok;
      ctx.beginPath();
      ctx.arc(b.x + C * s, b.y, badge / 2, 0, 2 * Math.PI);
      ctx.fill();
      ctx.fillStyle = "#fff";
      ctx.font = `700 ${Math.floor(badge * 0.7)}px system-ui, sans-serif`;
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillText("✓", b.x + C * s, b.y + 1);
    }
    // hint / blocked / refused marks
    if (marks && (!marks.until || performance.now() < marks.until)) {
      const color = marks.kind === "hint" ? colours.ok : colours.bad;
      const b = layout.boards[marks.copy || 0];
      drawPieceCells(marks.cells, b.x, b.y, s, color, "", {
        alpha: marks.kind === "hint" ? 0.35 : 0.25,
        stroke: color,
        lineWidth: Math.max(3, s / 8),
        dash: [s / 5, s / 8],
      });
    }
    // tray
    ctx.font = `500 ${Math.max(10, Math.floor(ts * 0.8))}px system-ui, sans-serif`;
    for (const name of names) {
      const slot = layout.slots.get(name);
      const left = view.available[name] ?? 0;
      const isFocus = focus && focus.from === "tray" && focus.name === name;
      if (isFocus) {
        ctx.fillStyle = "rgba(49,130,189,0.15)";
        ctx.fillRect(slot.x + 1, slot.y + 1, slot.size - 2, slot.size - 2);
        ctx.strokeStyle = colours.focus;
        ctx.lineWidth = colours.focusWidth - 1;
        ctx.strokeRect(slot.x + 1, slot.y + 1, slot.size - 2, slot.size - 2);
      }
      if (left <= 0 || (drag && drag.from === "tray" && drag.name === name && drag.moved && left === 1)) continue;
      const { x0, y0 } = trayOrigin(name);
      drawPieceCells(pieceCells(name, trayOrient.get(name)), x0, y0, ts, colorOf(name), name);
      if (pieces.get(name).count > 1) {
        ctx.fillStyle = colours.letter;
        ctx.textAlign = "right";
        ctx.textBaseline = "top";
        ctx.fillText(`×${left}`, slot.x + slot.size - 3, slot.y + 2);
      }
    }
    // keyboard cursor and the focused piece's ghost
    if (keyboardMode && document.activeElement === canvas) {
      const [x, y] = cellRect(cursor.k, cursor.r, cursor.c);
      ctx.strokeStyle = colours.focus;
      ctx.lineWidth = colours.focusWidth;
      ctx.strokeRect(x + 1.5, y + 1.5, s - 3, s - 3);
      const g = focusShape();
      if (g) {
        const cells = g.cells.map(([r, c]) => [r + cursor.r, c + cursor.c]);
        const b = layout.boards[cursor.k];
        drawPieceCells(cells, b.x, b.y, s, colorOf(g.name), "", { alpha: 0.45, dash: [4, 4] });
      }
    }
    // the piece being dragged, and where it would snap
    if (drag && drag.moved) {
      const cells = pieceCells(drag.name, drag.o);
      const [gr, gc] = drag.grab;
      const lift = dragLift(drag);
      const at = boardCellAt(drag.x, drag.y - lift);
      if (at) {
        const snapped = cells.map(([a, b]) => [a - gr + at.r, b - gc + at.c]);
        const b = layout.boards[at.k];
        const off = snapped.filter(([r, c]) => !isCell(r, c));
        drawPieceCells(snapped, b.x, b.y, s, "#ffffff", "", { alpha: 0.5, dash: [5, 4], stroke: "#555" });
        if (off.length) {
          // hanging off the board: the cells that stick out are marked in red
          drawPieceCells(off, b.x, b.y, s, "#c62828", "", { alpha: 0.35, dash: [4, 3], stroke: "#c62828", lineWidth: 3 });
        }
      }
      const x0 = drag.x - (gc + 0.5) * s;
      const y0 = drag.y - lift - (gr + 0.5) * s;
      ctx.shadowColor = "rgba(0,0,0,0.3)";
      ctx.shadowBlur = 8;
      drawPieceCells(cells, x0, y0, s, colorOf(drag.name), drag.name, { alpha: 0.9 });
      ctx.shadowBlur = 0;
    }
  }

  function describeBoard() {
    const placed = view.placements.map((p) => p.piece).join(", ") || t("none");
    const f = focus ? " " + t("Piece in focus: {piece}.", { piece: focus.name }) : "";
    const copies = K > 1 ? " " + t("({n} copies)", { n: K }) : "";
    describe.textContent =
      t("Board {rows} by {cols}{copies}; covered {covered} of {area} cells; placed: {placed}.", { rows: R, cols: C, copies, covered: view.covered, area: view.area, placed }) + f;
    canvas.setAttribute("aria-label", t("Pentomino board, {rows} rows by {cols} columns. Keys are listed under Help.", { rows: R, cols: C }));
  }

  // -- focus and transforms ---------------------------------------------------------------------------
  function focusShape() {
    if (!focus) return null;
    if (focus.from === "tray") return { name: focus.name, cells: pieceCells(focus.name, trayOrient.get(focus.name)) };
    return { name: focus.name, cells: pieceCells(focus.name, focus.placement.orientation) };
  }

  function setFocus(f) {
    focus = f;
    describeBoard();
    draw();
  }

  async function transform(kind) {
    closeMenu();
    if (drag && drag.moved) {
      drag.o = pieces.get(drag.name)[kind][drag.o];
      draw();
      return;
    }
    if (!focus) {
      host.status(t("Pick a piece first: click it, or press [ and ] to choose one."), "info");
      return;
    }
    const table = pieces.get(focus.name)[kind];
    if (focus.from === "tray") {
      trayOrient.set(focus.name, table[trayOrient.get(focus.name)]);
      draw();
      return;
    }
    const p = focus.placement;
    const next = table[p.orientation];
    const [r0, c0] = p.cells[0];
    const k = p.copy || 0;
    const result = await host.move(`${r0},${c0}${sfx(k)}>${p.piece}${next}@${p.row},${p.col}${sfx(k)}`);
    if (!result.ok) flashRefused(k, pieceCells(p.piece, next).map(([a, b]) => [a + p.row, b + p.col]));
  }

  function flashRefused(copy, cells) {
    marks = { cells, copy, kind: "refused", until: performance.now() + 900 };
    draw();
    setTimeout(draw, 950);
  }

  // -- moves -----------------------------------------------------------------------------------------------
  async function place(name, o, k, row, col, from) {
    const to = `${name}${o}@${row},${col}${sfx(k)}`;
    const move = from ? `${from.cells[0][0]},${from.cells[0][1]}${sfx(from.copy || 0)}>${to}` : to;
    if (againstComputer) host.status(t("The computer is thinking…"));
    const result = await host.move(move);
    if (result.ok) {
      const placed = view.placements.find(
        (p) => p.piece === name && (p.copy || 0) === k && p.row === row && p.col === col && p.orientation === o,
      );
      focus = placed ? { name, from: "board", placement: placed } : null;
      describeBoard();
      draw();
      return true;
    }
    flashRefused(k, pieceCells(name, o).map(([a, b]) => [a + row, b + col]));
    if (from && result.code === "illegal_move") {
      // a refused drop of a placed piece leaves it where it was
      host.status(t("{message} {name} stays where it was.", { message: result.message, name }), "error");
      draw();
    }
    return false;
  }

  function markTurn() {
    if (!info.players) return;
    [...players.children].forEach((li, i) => {
      const current = !view.complete && i === view.turn;
      li.classList.toggle("current", current);
      if (current) li.setAttribute("aria-current", "step");
      else li.removeAttribute("aria-current");
    });
  }

  async function takeBack(p) {
    if (fixed) return host.status(t("Pieces on the board stay in this game."));
    trayOrient.set(p.piece, p.orientation);
    const result = await host.move(`-${p.cells[0][0]},${p.cells[0][1]}${sfx(p.copy || 0)}`);
    if (result.ok) setFocus({ name: p.piece, from: "tray" });
  }

  // -- pointer input ------------------------------------------------------------------------------------------
  function pointerPos(e) {
    const rect = canvas.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  }

  function pickAt(x, y) {
    const at = boardCellAt(x, y);
    const p = at && isCell(at.r, at.c) ? placementAt(at.k, at.r, at.c) : null;
    if (p && !fixed) {
      const { r, c } = at;
      const grab = [r - p.row, c - p.col];
      return { name: p.piece, o: p.orientation, grab, from: "board", placement: p };
    }
    const inTray = trayPieceAt(x, y);
    if (inTray) return { name: inTray.name, o: trayOrient.get(inTray.name), grab: inTray.grab, from: "tray", placement: null };
    return null;
  }

  function dragLift(d) {
    return d.pointerType === "touch" ? TOUCH_LIFT * layout.s : 0;
  }

  /** Tap a piece, then tap a board cell: the piece goes there, by the cell that was tapped on it. */
  async function tapPlace(x, y) {
    const at = boardCellAt(x, y);
    if (!focus || !at || !isCell(at.r, at.c)) return false;
    const grab = focus.grab || [0, 0];
    if (focus.from === "tray") {
      await place(focus.name, trayOrient.get(focus.name), at.k, at.r - grab[0], at.c - grab[1], null);
    } else {
      const p = focus.placement;
      await place(p.piece, p.orientation, at.k, at.r - grab[0], at.c - grab[1], p);
    }
    return true;
  }

  canvas.addEventListener("pointerdown", async (e) => {
    if (e.button !== 0 && e.pointerType === "mouse") return;
    closeMenu();
    keyboardMode = false;
    const { x, y } = pointerPos(e);
    const hit = pickAt(x, y);
    if (!hit) {
      if (!(await tapPlace(x, y))) setFocus(null);
      return;
    }
    e.preventDefault();
    canvas.focus({ preventScroll: true });
    canvas.setPointerCapture(e.pointerId);
    setFocus(
      hit.from === "board"
        ? { name: hit.name, from: "board", placement: hit.placement, grab: hit.grab }
        : { name: hit.name, from: "tray", grab: hit.grab },
    );
    if (hit.from === "tray") host.status(t("{name} chosen: drag it onto the board, or tap the cell where it should go.", { name: hit.name }));
    drag = { ...hit, x, y, startX: x, startY: y, moved: false, pointerId: e.pointerId, pointerType: e.pointerType, timer: null };
    canvas.style.cursor = "grabbing";
    if (e.pointerType !== "mouse") {
      const d = drag;
      d.timer = setTimeout(() => {
        if (drag === d && !d.moved) {
          drag = null;
          openMenu(x, y, hit);
        }
      }, LONG_PRESS_MS);
    }
  });

  canvas.addEventListener("pointermove", (e) => {
    if (!drag && e.pointerType === "mouse" && layout) {
      const { x, y } = pointerPos(e);
      const at = boardCellAt(x, y);
      canvas.style.cursor = pickAt(x, y) ? "grab" : focus && at && isCell(at.r, at.c) ? "pointer" : "default";
    }
    if (!drag || e.pointerId !== drag.pointerId) return;
    const { x, y } = pointerPos(e);
    drag.x = x;
    drag.y = y;
    if (!drag.moved && Math.hypot(x - drag.startX, y - drag.startY) > DRAG_SLOP) {
      drag.moved = true;
      clearTimeout(drag.timer);
    }
    if (drag.moved) draw();
  });

  async function endDrag(e, cancelled) {
    if (!drag || e.pointerId !== drag.pointerId) return;
    const dropped = performance.now();
    const d = drag;
    drag = null;
    clearTimeout(d.timer);
    if (!d.moved || cancelled) {
      draw();
      return;
    }
    canvas.style.cursor = "default";
    const { x, y } = pointerPos(e);
    const at = boardCellAt(x, y - dragLift(d));
    const tray = layout.tray;
    const overTray = x >= tray.x - 8 && y >= tray.y - 8 && x <= tray.x + tray.w + 8 && y <= tray.y + tray.h + 8;
    if (at) {
      await place(d.name, d.o, at.k, at.r - d.grab[0], at.c - d.grab[1], d.placement);
    } else if (d.from === "board" && overTray) {
      await takeBack(d.placement);
    } else if (d.from === "board") {
      host.status(t("{name} stays where it was: drop it on the board, or on the tray to take it off.", { name: d.name }));
      draw();
    } else {
      trayOrient.set(d.name, d.o);
      draw();
    }
    // pointer-up to the frame that shows the checked result (read by bench/bench_browser.py)
    requestAnimationFrame(() => performance.measure("pento-drop", { start: dropped, end: performance.now() }));
  }

  canvas.addEventListener("pointerup", (e) => endDrag(e, false));
  canvas.addEventListener("pointercancel", (e) => endDrag(e, true));
  canvas.addEventListener("pointerleave", () => {
    if (!drag) canvas.style.cursor = "default";
  });
  canvas.addEventListener("contextmenu", (e) => {
    e.preventDefault();
    const { x, y } = pointerPos(e);
    const hit = pickAt(x, y);
    if (drag) clearTimeout(drag.timer);
    drag = null;
    if (hit) openMenu(x, y, hit);
  });

  // -- context menu -----------------------------------------------------------------------------------------
  function openMenu(x, y, hit) {
    setFocus(hit.from === "board" ? { name: hit.name, from: "board", placement: hit.placement } : { name: hit.name, from: "tray" });
    const items = [
      [t("Rotate (R)"), () => transform("rotate")],
      [t("Mirror horizontally (H)"), () => transform("mirror_h")],
      [t("Mirror vertically (V)"), () => transform("mirror_v")],
    ];
    if (hit.from === "board" && !fixed) items.push([t("Take back"), () => (closeMenu(), takeBack(hit.placement))]);
    menu.replaceChildren(
      ...items.map(([label, fn]) => {
        const b = button(label, label, fn);
        b.setAttribute("role", "menuitem");
        return b;
      }),
    );
    const rect = canvas.getBoundingClientRect();
    const rootRect = root.getBoundingClientRect();
    menu.style.left = `${rect.left - rootRect.left + x}px`;
    menu.style.top = `${rect.top - rootRect.top + y}px`;
    menu.hidden = false;
    menu.querySelector("button").focus();
  }

  function closeMenu() {
    if (!menu.hidden) {
      menu.hidden = true;
      canvas.focus({ preventScroll: true });
    }
  }

  menu.addEventListener("keydown", (e) => {
    if (e.key === "Escape") closeMenu();
  });
  const outside = (e) => {
    if (!menu.hidden && !menu.contains(e.target)) menu.hidden = true;
  };
  document.addEventListener("pointerdown", outside, true);

  // -- keyboard ---------------------------------------------------------------------------------------------------
  function cycle(step) {
    const avail = names.filter((n) => view.available[n] > 0);
    if (!avail.length) return;
    const i = focus && focus.from === "tray" ? avail.indexOf(focus.name) : -1;
    const next = avail[(i + step + avail.length) % avail.length];
    setFocus({ name: next, from: "tray" });
    host.status(t("{next} in hand: move with the arrow keys, Enter to place.", { next }));
  }

  canvas.addEventListener("keydown", async (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    keyboardMode = true;
    const k = e.key;
    const lower = k.toLowerCase();
    let handled = true;
    if (k === "ArrowUp") cursor.r = Math.max(0, cursor.r - 1);
    else if (k === "ArrowDown") cursor.r = Math.min(R - 1, cursor.r + 1);
    else if (k === "ArrowLeft") {
      if (cursor.c > 0) cursor.c -= 1;
      else if (cursor.k > 0) cursor = { k: cursor.k - 1, r: cursor.r, c: C - 1 }; // on to the previous copy
    } else if (k === "ArrowRight") {
      if (cursor.c < C - 1) cursor.c += 1;
      else if (cursor.k < K - 1) cursor = { k: cursor.k + 1, r: cursor.r, c: 0 };
    }
    else if (!e.shiftKey && lower === "r") transform("rotate");
    else if (!e.shiftKey && lower === "h") transform("mirror_h");
    else if (!e.shiftKey && lower === "v") transform("mirror_v");
    else if (k === "]" || k === "PageDown" || k === ".") cycle(1);
    else if (k === "[" || k === "PageUp" || k === ",") cycle(-1);
    else if (e.shiftKey && k.length === 1 && pieces.has(k.toUpperCase()) && view.available[k.toUpperCase()] > 0) {
      setFocus({ name: k.toUpperCase(), from: "tray" });
    } else if (k === "Enter" || k === " ") {
      const here = placementAt(cursor.k, cursor.r, cursor.c);
      if (focus && focus.from === "tray") {
        await place(focus.name, trayOrient.get(focus.name), cursor.k, cursor.r, cursor.c, null);
      } else if (focus && focus.from === "board" && !(here && here.text === focus.placement.text)) {
        const p = focus.placement;
        await place(p.piece, p.orientation, cursor.k, cursor.r, cursor.c, p);
      } else if (here && fixed) host.status(t("Pieces on the board stay in this game."));
      else if (here) {
        setFocus({ name: here.piece, from: "board", placement: here });
        cursor = { k: here.copy || 0, r: here.row, c: here.col };
        host.status(t("{piece} picked up: move it with the arrow keys, Enter to put it down.", { piece: here.piece }));
      }
    } else if (k === "Delete" || k === "Backspace") {
      const here = placementAt(cursor.k, cursor.r, cursor.c) || (focus && focus.from === "board" ? focus.placement : null);
      if (here) await takeBack(here);
    } else if (k === "Escape") {
      closeMenu();
      setFocus(null);
    } else handled = false;
    if (handled) {
      e.preventDefault();
      draw();
    }
  });
  canvas.addEventListener("focus", () => draw());
  canvas.addEventListener("blur", () => draw());


  // -- the interface the shell uses -------------------------------------------------------------------------------
  return {
    render(next) {
      view = next;
      if (marks && marks.kind !== "refused") marks = null;
      if (focus && focus.from === "board") {
        const same = view.placements.find((p) => p.text === focus.placement.text);
        focus = same ? { ...focus, placement: same } : null;
      }
      if (focus && focus.from === "tray" && !(view.available[focus.name] > 0)) focus = null;
      markTurn();
      fit.ensure();
      describeBoard();
      draw();
    },
    showHint(h) {
      marks = h.cells && h.cells.length ? { cells: h.cells, copy: h.copy || 0, kind: h.kind === "place" ? "hint" : "blocked" } : null;
      draw();
    },
    layout() {
      const rect = canvas.getBoundingClientRect();
      const tray = {};
      for (const name of names) {
        const { x0, y0 } = trayOrigin(name);
        tray[name] = pieceCells(name, trayOrient.get(name)).map(([r, c]) => ({
          x: rect.left + x0 + (c + 0.5) * layout.ts,
          y: rect.top + y0 + (r + 0.5) * layout.ts,
          r,
          c,
        }));
      }
      return {
        cell: layout.s,
        boardX: rect.left + layout.boards[0].x,
        boardY: rect.top + layout.boards[0].y,
        boards: layout.boards.map((b) => ({ x: rect.left + b.x, y: rect.top + b.y })),
        rows: R,
        cols: C,
        tray,
        canvas: { x: rect.left, y: rect.top, width: rect.width, height: rect.height },
        trayOrientation: Object.fromEntries(trayOrient),
        focus: focus ? { name: focus.name, from: focus.from } : null,
      };
    },
    destroy() {
      fit.disconnect();
      document.removeEventListener("pointerdown", outside, true);
      root.replaceChildren();
    },
  };
}
