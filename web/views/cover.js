// The cover game's view (also the Game of 20's copies and Last Fit's players): it knows no rules.
// Where a rotation takes a piece comes from the core's piece table, and every drop is checked by
// the core (host.move), which says why a refused one is refused. Three parts: the pure layout and
// hit-testing (cover_layout.js), the painter (cover_paint.js) and the input controller
// (cover_input.js); this module holds the view's state and its actions, and builds its controls.
import { button, el } from "../ui/dom.js";
import { N_, t } from "../ui/i18n.js";
import { bindInput } from "./cover_input.js";
import { chooseLayout, computeLayout, modelOf, pieceCells, placementOf, toCore, toDisplay, trayOrigin, turnedModel } from "./cover_layout.js";
import { paint } from "./cover_paint.js";
import { fitToStage, zoomControls } from "../ui/paint.js";

/** The keys of this view, for the shell's help. */
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
  const m = modelOf(info);
  const dm = turnedModel(m); // the board turned a quarter, as an upright phone may show a wide one
  const { R, C, K, names } = m;
  const againstComputer = (info.computer || []).some(Boolean);
  const sfx = (k) => (K > 1 ? `#${k}` : ""); // moves name the copy when there are several
  /** @type {import("./cover_paint.js").State} */
  const st = {
    view: /** @type {import("../views").CoverView} */ ({ placements: [], available: {} }),
    focus: null,
    cursor: { k: 0, r: 0, c: 0 },
    keyboardMode: false,
    drag: null,
    marks: null,
    layout: null,
    trayOrient: new Map(names.map((n) => [n, 0])),
    model: m,
    turned: false,
    coreView: /** @type {import("../views").CoverView} */ ({ placements: [], available: {} }),
  };

  // -- the board turned: everything the view holds is in the board's cells as shown; the core's
  // cells, orientations and anchors are converted on the way in (its view, a hint) and out (moves)
  const shownCells = (cells) => (st.turned ? cells.map(([r, c]) => toDisplay(m, r, c)) : cells);
  const coreCells = (cells) => (st.turned ? cells.map(([r, c]) => toCore(m, r, c)) : cells);
  /** The core's view with its placements as shown (each keeps the core's own in ``core``). */
  function shownView(v) {
    if (!st.turned) return v;
    const placements = v.placements.map((p) => {
      const cells = shownCells(p.cells);
      const { o, row, col } = placementOf(dm, p.piece, cells);
      return { ...p, cells, orientation: o, row, col, core: p };
    });
    return { ...v, placements };
  }
  /** The move's target for piece ``name`` in orientation ``o`` at (row, col) as shown: the core's placement text. */
  function target(name, o, row, col) {
    if (!st.turned) return `${name}${o}@${row},${col}`;
    const cells = coreCells(pieceCells(dm, name, o).map(([a, b]) => [a + row, b + col]));
    const core = placementOf(m, name, cells);
    return `${name}${core.o}@${core.row},${core.col}`;
  }
  /** A placed piece's cell the core names it by (its first cell, in the core's cells). */
  const source = (p) => (p.core || p).cells[0];
  function turn(turned) {
    if (turned === st.turned) return;
    st.turned = turned;
    st.model = turned ? dm : m;
    for (const name of names) {
      // a turn clockwise shows an orientation as its clockwise image; three undo it
      const table = m.pieces.get(name).rotate;
      const o = st.trayOrient.get(name);
      st.trayOrient.set(name, turned ? table[o] : table[table[table[o]]]);
    }
    st.view = shownView(st.coreView);
    st.cursor = { k: 0, r: 0, c: 0 };
    st.focus = null;
    st.marks = null;
    st.drag = null;
  }

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
    ...(m.fixed ? [] : [button(t("Clear"), t("Take every piece off the board"), tool(() => host.move("clear")))]),
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
    players.replaceChildren(
      ...info.players.map((name, i) => {
        const li = el("li", { textContent: name });
        li.dataset.player = String(i); // its colour, the colour of its pieces on the board (style.css)
        return li;
      }),
    );
  }
  const stage = el("div", { className: "stage" }, [canvas]);
  root.replaceChildren(el("div", { className: "view-head" }, [goal, ...(info.players ? [players] : []), tools]), stage, describe, menu);
  const ctx = canvas.getContext("2d");

  const draw = () => paint(ctx, st.model, st, document.activeElement === canvas);
  // a big board on a phone (3 x 20 upright: 26 px squares): zoom buttons beside the tools; zoomed,
  // the board and tray are laid out for a stage that much larger, and the stage scrolls (one
  // finger pans it; tap a piece, then a square, to place it)
  const zoom = zoomControls(stage, () => fit.refresh());
  tools.append(zoom.element);
  // the stage is the space the shell leaves for the board: fill it, never overflow it (a wide board
  // on an upright screen turned a quarter when that makes its cells clearly larger)
  const compute = () => {
    const W = stage.clientWidth;
    const H = stage.clientHeight;
    const chosen = chooseLayout(m, dm, W, H);
    turn(chosen.turned);
    zoom.update(chosen.layout.s);
    const z = zoom.zoom();
    return z > 1 ? computeLayout(chosen.turned ? dm : m, W * z, H * z) : chosen.layout;
  };
  const fit = fitToStage(stage, canvas, compute, (next) => {
    st.layout = next;
    draw();
  });

  function describeBoard() {
    const view = st.view;
    const placed = view.placements.map((p) => p.piece).join(", ") || t("none");
    const f = st.focus ? " " + t("Piece in focus: {piece}.", { piece: st.focus.name }) : "";
    const copies = K > 1 ? " " + t("({n} copies)", { n: K }) : "";
    describe.textContent =
      t("Board {rows} by {cols}{copies}; covered {covered} of {area} cells; placed: {placed}.", { rows: R, cols: C, copies, covered: view.covered, area: view.area, placed }) + f;
    canvas.setAttribute("aria-label", t("Pentomino board, {rows} rows by {cols} columns. Keys are listed under Help.", { rows: R, cols: C }));
  }

  // -- actions ---------------------------------------------------------------------------------------
  function setFocus(f) {
    st.focus = f;
    describeBoard();
    draw();
  }

  async function transform(kind) {
    closeMenu();
    const { drag, focus } = st;
    if (drag && drag.moved) {
      drag.o = m.pieces.get(drag.name)[kind][drag.o];
      draw();
      return;
    }
    if (!focus) {
      host.status(t("Pick a piece first: click it, or press [ and ] to choose one."), "info");
      return;
    }
    const table = m.pieces.get(focus.name)[kind];
    if (focus.from === "tray") {
      st.trayOrient.set(focus.name, table[st.trayOrient.get(focus.name)]);
      draw();
      return;
    }
    const p = focus.placement;
    const next = table[p.orientation];
    const [r0, c0] = source(p);
    const k = p.copy || 0;
    const result = await host.move(`${r0},${c0}${sfx(k)}>${target(p.piece, next, p.row, p.col)}${sfx(k)}`);
    if (!result.ok) flashRefused(k, pieceCells(m, p.piece, next).map(([a, b]) => [a + p.row, b + p.col]));
  }

  function flashRefused(copy, cells) {
    st.marks = { cells, copy, kind: "refused", until: performance.now() + 900 };
    draw();
    setTimeout(draw, 950);
  }

  async function place(name, o, k, row, col, from) {
    const to = `${target(name, o, row, col)}${sfx(k)}`;
    const move = from ? `${source(from)[0]},${source(from)[1]}${sfx(from.copy || 0)}>${to}` : to;
    if (againstComputer) host.status(t("The computer is thinking…"));
    const result = await host.move(move);
    if (result.ok) {
      const placed = st.view.placements.find(
        (p) => p.piece === name && (p.copy || 0) === k && p.row === row && p.col === col && p.orientation === o,
      );
      st.focus = placed ? { name, from: "board", placement: placed } : null;
      describeBoard();
      draw();
      return true;
    }
    flashRefused(k, pieceCells(m, name, o).map(([a, b]) => [a + row, b + col]));
    if (from && result.code === "illegal_move") {
      // a refused drop of a placed piece leaves it where it was
      host.status(t("{message} {name} stays where it was.", { message: result.message, name }), "error");
      draw();
    }
    return false;
  }

  async function takeBack(p) {
    if (m.fixed) return host.status(t("Pieces on the board stay in this game."));
    st.trayOrient.set(p.piece, p.orientation);
    const result = await host.move(`-${source(p)[0]},${source(p)[1]}${sfx(p.copy || 0)}`);
    if (result.ok) setFocus({ name: p.piece, from: "tray" });
  }

  function markTurn() {
    if (!info.players) return;
    [...players.children].forEach((li, i) => {
      const current = !st.view.complete && i === st.view.turn;
      li.classList.toggle("current", current);
      if (current) li.setAttribute("aria-current", "step");
      else li.removeAttribute("aria-current");
    });
  }

  // -- the context menu (right click, long press) ---------------------------------------------------------
  function openMenu(x, y, hit) {
    setFocus(hit.from === "board" ? { name: hit.name, from: "board", placement: hit.placement } : { name: hit.name, from: "tray" });
    const items = [
      [t("Rotate (R)"), () => transform("rotate")],
      [t("Mirror horizontally (H)"), () => transform("mirror_h")],
      [t("Mirror vertically (V)"), () => transform("mirror_v")],
    ];
    if (hit.from === "board" && !m.fixed) items.push([t("Take back"), () => (closeMenu(), takeBack(hit.placement))]);
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

  bindInput(canvas, { st, host, draw, setFocus, place, takeBack, transform, openMenu, closeMenu });

  // -- the interface the shell uses -------------------------------------------------------------------------------
  return {
    /** @param {import("../views").CoverView} next */
    render(next) {
      st.coreView = next;
      fit.ensure(); // the first layout decides whether the board is shown turned
      st.view = shownView(next);
      if (st.marks && st.marks.kind !== "refused") st.marks = null;
      const focus = st.focus;
      if (focus && focus.from === "board") {
        const same = st.view.placements.find((p) => p.text === focus.placement.text);
        st.focus = same ? { ...focus, placement: same } : null;
      }
      if (st.focus && st.focus.from === "tray" && !(next.available[st.focus.name] > 0)) st.focus = null;
      markTurn();
      describeBoard();
      draw();
    },
    showHint(h) {
      const cells = shownCells(h.cells || []);
      st.marks = cells.length ? { cells, copy: h.copy || 0, kind: h.kind === "place" ? "hint" : "blocked" } : null;
      // the hinted piece in the tray turned as the hint lays it, and in focus: Enter or a drag puts
      // it there (the move is a placement as this view writes them: NAME ORIENTATION @ R,C)
      const name = h.kind === "place" && h.move ? names.find((n) => h.move.startsWith(n) && /^\d+@/.test(h.move.slice(n.length))) : null;
      if (name && (st.view.available[name] || 0) > 0 && cells.length) {
        st.trayOrient.set(name, placementOf(st.model, name, cells).o);
        setFocus({ name, from: "tray" });
      }
      draw();
    },
    layout() {
      const lay = st.layout;
      const rect = canvas.getBoundingClientRect();
      const tray = {};
      for (const name of names) {
        const o = st.trayOrient.get(name);
        const { x0, y0 } = trayOrigin(st.model, lay, name, o);
        tray[name] = pieceCells(st.model, name, o).map(([r, c]) => ({
          x: rect.left + x0 + (c + 0.5) * lay.ts,
          y: rect.top + y0 + (r + 0.5) * lay.ts,
          r,
          c,
        }));
      }
      // the board's cells as shown (turned: core (r, c) is shown at (c, rows - 1 - r))
      return {
        turned: st.turned,
        cell: lay.s,
        boardX: rect.left + lay.boards[0].x,
        boardY: rect.top + lay.boards[0].y,
        boards: lay.boards.map((b) => ({ x: rect.left + b.x, y: rect.top + b.y })),
        rows: R,
        cols: C,
        tray,
        canvas: { x: rect.left, y: rect.top, width: rect.width, height: rect.height },
        trayOrientation: Object.fromEntries(st.trayOrient),
        focus: st.focus ? { name: st.focus.name, from: st.focus.from } : null,
      };
    },
    destroy() {
      fit.disconnect();
      document.removeEventListener("pointerdown", outside, true);
      root.replaceChildren();
    },
  };
}
