// The cover view's input controller: pointer (drag, tap a piece then a cell, long press or right
// click for the menu) and keyboard (cursor, choose, turn, put down, take back) become the
// view's actions, which send moves to the core. It changes the view's state and draws nothing.
import { t } from "../ui/i18n.js";
import { boardCellAt, dragLift, isCell, overTray, placementAt, trayPieceAt } from "./cover_layout.js";

const LONG_PRESS_MS = 550;
const DRAG_SLOP = 6;

/**
 * What the controller works with: the state (its model is the board as shown), and the view's actions.
 * @typedef {object} Controls
 * @property {import("./cover_paint.js").State} st
 * @property {any} host the shell's host: move, status
 * @property {() => void} draw
 * @property {(focus: any) => void} setFocus
 * @property {(name: string, o: number, k: number, row: number, col: number, from: any) => Promise<boolean>} place
 * @property {(placement: any) => Promise<void>} takeBack
 * @property {(kind: string) => Promise<void>} transform
 * @property {(x: number, y: number, hit: any) => void} openMenu
 * @property {() => void} closeMenu
 */

/** What a player reads on touching a level's own piece. */
const LOCKED = () => t("The grey pieces are part of the puzzle: they stay where they are. Place the others.");

/**
 * Bind the canvas's pointer and keyboard events to the view's actions.
 * @param {HTMLCanvasElement} canvas
 * @param {Controls} ctl
 */
export function bindInput(canvas, ctl) {
  const { st, host } = ctl;
  const pointerPos = (e) => {
    const rect = canvas.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  };

  /** The board cell under (x, y) and the placed piece covering it ({at: null} off the board). */
  function boardAt(x, y) {
    const m = st.model;
    const at = boardCellAt(m, st.layout, x, y);
    return { at, placed: at && isCell(m, at.r, at.c) ? placementAt(st.view, at.k, at.r, at.c) : null };
  }

  /** The piece under (x, y): a placed one (unless pieces stay, or it is a level's own) or one in the tray. */
  function pickAt(x, y) {
    const m = st.model;
    const { at, placed: p } = boardAt(x, y);
    if (p && !m.fixed && !p.locked) {
      const grab = [at.r - p.row, at.c - p.col];
      return { name: p.piece, o: p.orientation, grab, from: "board", placement: p };
    }
    const inTray = trayPieceAt(m, st.layout, st.view.available, st.trayOrient, x, y);
    if (inTray) return { name: inTray.name, o: st.trayOrient.get(inTray.name), grab: inTray.grab, from: "tray", placement: null };
    return null;
  }

  /** Tap a piece, then tap a board cell: the piece goes there, by the cell that was tapped on it. */
  async function tapPlace(x, y) {
    const m = st.model;
    const at = boardCellAt(m, st.layout, x, y);
    const focus = st.focus;
    if (!focus || !at || !isCell(m, at.r, at.c)) return false;
    const grab = focus.grab || [0, 0];
    if (focus.from === "tray") {
      await ctl.place(focus.name, st.trayOrient.get(focus.name), at.k, at.r - grab[0], at.c - grab[1], null);
    } else {
      const p = focus.placement;
      await ctl.place(p.piece, p.orientation, at.k, at.r - grab[0], at.c - grab[1], p);
    }
    return true;
  }

  canvas.addEventListener("pointerdown", async (e) => {
    if (e.button !== 0 && e.pointerType === "mouse") return;
    ctl.closeMenu();
    st.keyboardMode = false;
    const { x, y } = pointerPos(e);
    const hit = pickAt(x, y);
    if (!hit) {
      if (!(await tapPlace(x, y))) {
        ctl.setFocus(null);
        const { placed } = boardAt(x, y);
        if (placed && placed.locked) host.status(LOCKED());
      }
      return;
    }
    e.preventDefault();
    canvas.focus({ preventScroll: true });
    canvas.setPointerCapture(e.pointerId);
    ctl.setFocus(
      hit.from === "board"
        ? { name: hit.name, from: "board", placement: hit.placement, grab: hit.grab }
        : { name: hit.name, from: "tray", grab: hit.grab },
    );
    if (hit.from === "tray") host.status(t("{name} chosen: drag it onto the board, or tap the cell where it should go.", { name: hit.name }));
    st.drag = { ...hit, x, y, startX: x, startY: y, moved: false, pointerId: e.pointerId, pointerType: e.pointerType, timer: null };
    canvas.style.cursor = "grabbing";
    if (e.pointerType !== "mouse") {
      const d = st.drag;
      d.timer = setTimeout(() => {
        if (st.drag === d && !d.moved) {
          st.drag = null;
          ctl.openMenu(x, y, hit);
        }
      }, LONG_PRESS_MS);
    }
  });

  canvas.addEventListener("pointermove", (e) => {
    const m = st.model;
    if (!st.drag && e.pointerType === "mouse" && st.layout) {
      const { x, y } = pointerPos(e);
      const at = boardCellAt(m, st.layout, x, y);
      canvas.style.cursor = pickAt(x, y) ? "grab" : st.focus && at && isCell(m, at.r, at.c) ? "pointer" : "default";
    }
    const drag = st.drag;
    if (!drag || e.pointerId !== drag.pointerId) return;
    const { x, y } = pointerPos(e);
    drag.x = x;
    drag.y = y;
    if (!drag.moved && Math.hypot(x - drag.startX, y - drag.startY) > DRAG_SLOP) {
      drag.moved = true;
      clearTimeout(drag.timer);
    }
    if (drag.moved) ctl.draw();
  });

  async function endDrag(e, cancelled) {
    const m = st.model;
    const d = st.drag;
    if (!d || e.pointerId !== d.pointerId) return;
    const dropped = performance.now();
    st.drag = null;
    clearTimeout(d.timer);
    if (!d.moved || cancelled) {
      ctl.draw();
      return;
    }
    canvas.style.cursor = "default";
    const { x, y } = pointerPos(e);
    const at = boardCellAt(m, st.layout, x, y - dragLift(st.layout, d));
    if (at) {
      await ctl.place(d.name, d.o, at.k, at.r - d.grab[0], at.c - d.grab[1], d.placement);
    } else if (d.from === "board" && overTray(st.layout, x, y)) {
      await ctl.takeBack(d.placement);
    } else if (d.from === "board") {
      host.status(t("{name} stays where it was: drop it on the board, or on the tray to take it off.", { name: d.name }));
      ctl.draw();
    } else {
      st.trayOrient.set(d.name, d.o);
      // put back on the tray on purpose says nothing; a drop beside the board says why it did not go
      if (!overTray(st.layout, x, y)) host.status(t("{name} missed the board: drop it where its squares lie on the board's squares.", { name: d.name }), "error");
      ctl.draw();
    }
    // pointer-up to the frame that shows the checked result (read by bench/bench_browser.py)
    requestAnimationFrame(() => performance.measure("pento-drop", { start: dropped, end: performance.now() }));
  }

  canvas.addEventListener("pointerup", (e) => endDrag(e, false));
  canvas.addEventListener("pointercancel", (e) => endDrag(e, true));
  canvas.addEventListener("pointerleave", () => {
    if (!st.drag) canvas.style.cursor = "default";
  });
  canvas.addEventListener("contextmenu", (e) => {
    e.preventDefault();
    const { x, y } = pointerPos(e);
    const hit = pickAt(x, y);
    if (st.drag) clearTimeout(st.drag.timer);
    st.drag = null;
    if (hit) ctl.openMenu(x, y, hit);
  });

  /** The next (or previous) piece in the tray into focus. */
  function cycle(step) {
    const m = st.model;
    const avail = m.names.filter((n) => st.view.available[n] > 0);
    if (!avail.length) return;
    const i = st.focus && st.focus.from === "tray" ? avail.indexOf(st.focus.name) : -1;
    const next = avail[(i + step + avail.length) % avail.length];
    ctl.setFocus({ name: next, from: "tray" });
    host.status(t("{next} in hand: move with the arrow keys, Enter to place.", { next }));
  }

  canvas.addEventListener("keydown", async (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    st.keyboardMode = true;
    const m = st.model;
    const { R, C, K } = m;
    const cursor = st.cursor;
    const k = e.key;
    const lower = k.toLowerCase();
    let handled = true;
    if (k === "ArrowUp") cursor.r = Math.max(0, cursor.r - 1);
    else if (k === "ArrowDown") cursor.r = Math.min(R - 1, cursor.r + 1);
    else if (k === "ArrowLeft") {
      if (cursor.c > 0) cursor.c -= 1;
      else if (cursor.k > 0) st.cursor = { k: cursor.k - 1, r: cursor.r, c: C - 1 }; // on to the previous copy
    } else if (k === "ArrowRight") {
      if (cursor.c < C - 1) cursor.c += 1;
      else if (cursor.k < K - 1) st.cursor = { k: cursor.k + 1, r: cursor.r, c: 0 };
    } else if (!e.shiftKey && lower === "r") ctl.transform("rotate");
    else if (!e.shiftKey && lower === "h") ctl.transform("mirror_h");
    else if (!e.shiftKey && lower === "v") ctl.transform("mirror_v");
    else if (k === "]" || k === "PageDown" || k === ".") cycle(1);
    else if (k === "[" || k === "PageUp" || k === ",") cycle(-1);
    else if (e.shiftKey && k.length === 1 && m.pieces.has(k.toUpperCase()) && st.view.available[k.toUpperCase()] > 0) {
      ctl.setFocus({ name: k.toUpperCase(), from: "tray" });
    } else if (k === "Enter" || k === " ") {
      const here = placementAt(st.view, cursor.k, cursor.r, cursor.c);
      const focus = st.focus;
      if (focus && focus.from === "tray") {
        await ctl.place(focus.name, st.trayOrient.get(focus.name), cursor.k, cursor.r, cursor.c, null);
      } else if (focus && focus.from === "board" && !(here && here.text === focus.placement.text)) {
        const p = focus.placement;
        await ctl.place(p.piece, p.orientation, cursor.k, cursor.r, cursor.c, p);
      } else if (here && m.fixed) host.status(t("Pieces on the board stay in this game."));
      else if (here && here.locked) host.status(LOCKED());
      else if (here) {
        ctl.setFocus({ name: here.piece, from: "board", placement: here });
        st.cursor = { k: here.copy || 0, r: here.row, c: here.col };
        host.status(t("{piece} picked up: move it with the arrow keys, Enter to put it down.", { piece: here.piece }));
      }
    } else if (k === "Delete" || k === "Backspace") {
      const here = placementAt(st.view, cursor.k, cursor.r, cursor.c) || (st.focus && st.focus.from === "board" ? st.focus.placement : null);
      if (here && here.locked) host.status(LOCKED());
      else if (here) await ctl.takeBack(here);
    } else if (k === "Escape") {
      ctl.closeMenu();
      ctl.setFocus(null);
    } else handled = false;
    if (handled) {
      e.preventDefault();
      ctl.draw();
    }
  });
  canvas.addEventListener("focus", () => ctl.draw());
  canvas.addEventListener("blur", () => ctl.draw());
}
