// Pentacube boxes' view: the box in 3D (boxes_3d.js, three.js) beside a layer-by-layer view, and a
// tray of pieces. It knows no rules: where a turn takes a piece comes from the core's turn tables,
// and every drop is a move the core checks (host.move), which says why a refused one is refused.
//
// The piece in hand is a ghost: a piece, one of its orientations, and where its least corner is.
// The layer being worked on is the ghost's lowest layer (or the cursor's, with nothing in hand): the
// layer view shows it, and the 3D view shows the layers above it as glass.
import { button, el } from "../ui/dom.js";
import { N_, t } from "../ui/i18n.js";
import { ink } from "../ui/theme.js";
import { createScene, loadThree, webglSupport } from "./boxes_3d.js";
import { colorOf, drawCells, fitToStage, sizeCanvas } from "../ui/paint.js";

/** The keys of this view, for the shell's help. */
export const KEYS = [
  [N_("[ and ] (or , and .)"), N_("choose a piece from the tray")],
  [N_("Shift + letter"), N_("choose that piece (Shift+F for F)")],
  [N_("Arrow keys"), N_("move the piece (or the cursor) in the layer")],
  [N_("Page Up / Page Down"), N_("one layer up / down")],
  ["X / Y / Z", N_("turn the piece a quarter about that axis")],
  [N_("Enter or Space"), N_("drop the piece, or pick up the piece under the cursor")],
  [N_("Delete"), N_("take the piece under the cursor (or in hand) out of the box")],
  [N_("Escape"), N_("let go of the piece")],
  [N_("Shift + arrow keys"), N_("turn the 3D view of the box")],
  [N_("Ctrl+Z / Ctrl+Y"), N_("undo / redo")],
  ["?", N_("this help")],
];

const STEP = Math.PI / 8; // one key press turns the 3D view this much
const DRAG = 0.01; // radians of turn a pixel of drag

/** @typedef {[number, number, number]} Cell */

const key = (/** @type {number[]} */ c) => c.join(",");
const add = (/** @type {Cell} */ a, /** @type {number[]} */ b) => /** @type {Cell} */ ([a[0] + b[0], a[1] + b[1], a[2] + b[2]]);

export function createView({ root, info, host }) {
  const [L, R, C] = info.dims;
  const boxRows = info.box; // each layer's rows: "." a cell, "#" no cell
  const isCell = (/** @type {number[]} */ [z, r, c]) => z >= 0 && r >= 0 && c >= 0 && z < L && r < R && c < C && boxRows[z][r][c] === ".";
  /** @type {Cell[]} */
  const boxCells = [];
  for (let z = 0; z < L; z++) for (let r = 0; r < R; r++) for (let c = 0; c < C; c++) if (isCell([z, r, c])) boxCells.push([z, r, c]);
  const pieces = new Map(info.pieces.map((p) => [p.name, p]));
  const names = info.pieces.map((p) => p.name);
  const trayOrient = new Map(names.map((n) => [n, 0]));

  /** @type {import("../views").BoxesView} */
  let view = { placements: [], available: {}, filled: 0, volume: info.volume, complete: false, summary: "", status: { state: "playing", reason: "" } };
  /** @type {Map<string, import("../views").PlacedBlock>} */
  let owner = new Map(); // "z,r,c" -> the block filling it
  /** @type {{name: string, o: number, at: Cell, from: Cell | null} | null} */
  let hand = null; // the piece held: from the tray (from = null) or lifted from the box (from = one of its cells)
  /** @type {Cell} */
  let cursor = [0, 0, 0];
  let keyboard = false;
  let bad = false; // the last drop was refused: the ghost shows red until it moves
  /** @type {Cell[]} */
  let marked = []; // cells a hint names
  /** @type {string | null} a cell of the block just dropped: a tap on it right after only selects it */
  let settled = null;
  let layout = null; // the layer canvas's grid
  let scene = null; // the 3D scene, once three.js has loaded (null where there is no WebGL)

  const shape = (name, o) => /** @type {Cell[]} */ (pieces.get(name).orientations[o]);
  /** The first cube of a shape, layer, then row, then column: the one that sits on the layer worked on. */
  const lowest = (name, o) => shape(name, o).reduce((a, b) => ((b[0] - a[0] || b[1] - a[1] || b[2] - a[2]) < 0 ? b : a));
  const ghostCells = () => (hand ? shape(hand.name, hand.o).map((d) => add(hand.at, d)) : null);
  const layer = () => (hand ? hand.at[0] : cursor[0]);
  const blockAt = (/** @type {number[]} */ cell) => owner.get(key(cell)) || null;

  // -- DOM ----------------------------------------------------------------------------------
  const tool = (fn) => () => {
    canvas.focus({ preventScroll: true });
    fn();
  };
  const turnButtons = ["x", "y", "z"].map((axis) =>
    button(t("⟳ {axis}", { axis: axis.toUpperCase() }), t("Turn the piece a quarter about the {axis} axis ({key})", { axis: axis.toUpperCase(), key: axis.toUpperCase() }), tool(() => turnPiece(axis))),
  );
  turnButtons.forEach((b, i) => (b.dataset.action = `turn-${"xyz"[i]}`));
  const dropButton = button(t("Drop"), t("Put the piece in the box where the ghost is (Enter)"), tool(() => drop()));
  dropButton.dataset.action = "drop";
  const outButton = button(t("Take out"), t("Take the piece in hand or under the cursor out of the box (Delete)"), tool(() => takeOut()));
  outButton.dataset.action = "take-out";
  const clearButton = button(t("Clear"), t("Take every piece out of the box"), tool(() => host.move("clear")));
  clearButton.dataset.action = "clear";
  const tools = el("div", { className: "view-tools", role: "toolbar", ariaLabel: t("piece tools") }, [...turnButtons, dropButton, outButton, clearButton]);
  const goal = el("p", { className: "goal", textContent: info.goal || "" });
  const head = el("div", { className: "view-head" }, [goal, tools]);

  const glCanvas = el("canvas", { tabIndex: 0, className: "box-3d" });
  glCanvas.setAttribute("role", "img");
  glCanvas.setAttribute("aria-label", t("The box in 3D. Drag it, or use Shift and the arrow keys, to look from another side."));
  const glNote = el("p", { className: "box-3d-note", hidden: true });
  const viewTools = el("div", { className: "view-tools box-3d-tools" }, [
    button("⟲", t("Turn the box to the left"), () => scene && scene.turn(-STEP, 0)),
    button("⟳", t("Turn the box to the right"), () => scene && scene.turn(STEP, 0)),
    button("⤒", t("Look from higher up"), () => scene && scene.turn(0, STEP / 2)),
    button("⤓", t("Look from lower down"), () => scene && scene.turn(0, -STEP / 2)),
  ]);
  const glStage = el("div", { className: "box-3d-stage" }, [glCanvas, glNote, viewTools]);

  const tabs = el("div", { className: "layer-tabs", role: "tablist", ariaLabel: t("layers of the box") });
  const tabButtons = [];
  for (let z = 0; z < L; z++) {
    const b = el("button", { type: "button", textContent: String(z + 1), title: t("Layer {n}", { n: z + 1 }) });
    b.setAttribute("role", "tab");
    b.setAttribute("aria-label", t("Layer {n}", { n: z + 1 }));
    b.addEventListener("click", () => {
      setLayer(z);
      canvas.focus({ preventScroll: true });
    });
    tabButtons.push(b);
  }
  tabs.replaceChildren(el("span", { className: "layer-label", textContent: t("Layer") }), ...tabButtons);
  const canvas = el("canvas", { tabIndex: 0, className: "board-canvas" });
  canvas.setAttribute("role", "application");
  canvas.setAttribute("aria-roledescription", t("layer of the box"));
  const describe = el("p", { className: "sr-only", id: "board-description" });
  describe.setAttribute("aria-live", "polite");
  canvas.setAttribute("aria-describedby", "board-description");
  const layerStage = el("div", { className: "stage layer-stage" }, [canvas]);
  const tray = el("div", { className: "box-tray", role: "group", ariaLabel: t("pieces") });
  const trayButtons = new Map();
  for (const name of names) {
    const b = el("button", { type: "button", className: "tray-piece" });
    b.dataset.piece = name;
    b.addEventListener("click", () => {
      pick(name);
      canvas.focus({ preventScroll: true });
    });
    trayButtons.set(name, b);
    tray.append(b);
  }
  // every turning of the piece in hand, each one tap away (turning by X, Y and Z alone took up to
  // 18 presses to reach the one wanted); shown while a piece is held
  // beside the layer tabs, and with no piece in hand kept in its place, out of sight and of reach
  // (inert): under the layer and hidden, it gave its room back as a piece dropped, and the layer's
  // squares grew and moved under the finger (a second tap on the same spot met another square)
  const turnings = el("div", { className: "box-turnings idle", role: "group", ariaLabel: t("turnings of the piece in hand") });
  turnings.inert = true;
  /** @type {string | null} the piece whose turnings the strip shows */
  let turningsOf = null;
  const controls = el("div", { className: "box-controls" }, [tabs, turnings]);
  const side = el("div", { className: "box-side" }, [controls, layerStage, tray]);
  const body = el("div", { className: "box-body" }, [glStage, side]);
  root.replaceChildren(head, body, describe);

  const fit = fitToStage(
    layerStage,
    canvas,
    () => {
      const W = Math.max(80, layerStage.clientWidth);
      const H = Math.max(80, layerStage.clientHeight);
      const s = Math.max(14, Math.floor(Math.min((W - 8) / C, (H - 8) / R, 110)));
      return { s, x: 4, y: 4, width: C * s + 8, height: R * s + 8 };
    },
    (next) => {
      layout = next;
      drawLayer();
    },
  );

  // -- the 3D view, once three.js is loaded ---------------------------------------------------------
  const glObserver = new ResizeObserver(() => scene && scene.resize(glStage.clientWidth, glStage.clientHeight));
  const gl = webglSupport();
  if (gl.webgl) {
    loadThree().then(
      (THREE) => {
        if (!root.contains(glCanvas)) return; // the game was closed meanwhile
        scene = createScene(THREE, glCanvas, { dims: info.dims, cells: boxCells, colorOf, ink }, { smooth: !gl.software });
        scene.resize(glStage.clientWidth, glStage.clientHeight);
        glObserver.observe(glStage);
        draw3d();
        glStage.dataset.ready = "yes";
      },
      () => noGl(t("The 3D view could not be loaded. The layer view has everything you need.")),
    );
  } else noGl(t("This browser cannot draw in 3D. The layer view has everything you need."));
  function noGl(message) {
    glCanvas.hidden = true;
    viewTools.hidden = true;
    glNote.textContent = message;
    glNote.hidden = false;
    glStage.dataset.ready = "no";
  }

  // -- drawing -----------------------------------------------------------------------------
  function draw3d() {
    if (!scene) return;
    const lifted = hand && hand.from ? blockAt(hand.from) : null;
    scene.show({
      blocks: view.placements.map((p) => ({ piece: p.piece, cells: p.cells, faded: p === lifted })),
      ghost: ghostCells(),
      ghostColor: hand ? colorOf(hand.name) : "#888",
      bad,
      layer: layer(),
      marked,
    });
  }

  function drawLayer() {
    if (!layout) return;
    const { s, x: x0, y: y0 } = layout;
    const ctx = sizeCanvas(canvas, layout.width, layout.height);
    const colours = ink();
    const z = layer();
    ctx.clearRect(0, 0, layout.width, layout.height);
    for (let r = 0; r < R; r++) {
      for (let c = 0; c < C; c++) {
        ctx.fillStyle = !isCell([z, r, c]) ? colours.blocked : (r + c) % 2 ? colours.cellAlt : colours.cell;
        ctx.fillRect(x0 + c * s, y0 + r * s, s, s);
      }
    }
    ctx.strokeStyle = colours.grid;
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let r = 0; r <= R; r++) (ctx.moveTo(x0, y0 + r * s), ctx.lineTo(x0 + C * s, y0 + r * s));
    for (let c = 0; c <= C; c++) (ctx.moveTo(x0 + c * s, y0), ctx.lineTo(x0 + c * s, y0 + R * s));
    ctx.stroke();
    const lifted = hand && hand.from ? blockAt(hand.from) : null;
    for (const p of view.placements) {
      const here = p.cells.filter(([cz]) => cz === z).map(([, r, c]) => [r, c]);
      if (!here.length) continue;
      ctx.globalAlpha = p === lifted ? 0.3 : 1;
      drawCells(ctx, here, x0, y0, s, colorOf(p.piece), p.piece, { lineWidth: Math.max(1.5, s / 16) });
      ctx.globalAlpha = 1;
    }
    // the ghost: its cells in this layer, and a mark where it reaches the layers above or below
    const ghost = ghostCells();
    if (ghost) {
      const here = ghost.filter(([gz]) => gz === z).map(([, r, c]) => [r, c]);
      const colour = bad ? colours.bad : colorOf(hand.name);
      drawCells(ctx, here, x0, y0, s, colour, "", { alpha: 0.5, dash: [Math.max(3, s / 6), Math.max(3, s / 8)], stroke: bad ? colours.bad : colours.outline, lineWidth: Math.max(2, s / 12) });
      ctx.fillStyle = colours.outline;
      ctx.font = `700 ${Math.floor(s * 0.42)}px system-ui, sans-serif`;
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      const above = new Set(ghost.filter(([gz]) => gz > z).map(([, r, c]) => `${r},${c}`));
      for (const k of above) {
        const [r, c] = k.split(",").map(Number);
        ctx.fillText("▲", x0 + (c + 0.5) * s, y0 + (r + 0.5) * s);
      }
    }
    for (const [mz, r, c] of marked) {
      if (mz !== z) continue;
      ctx.strokeStyle = colours.ok;
      ctx.lineWidth = Math.max(3, s / 10);
      ctx.strokeRect(x0 + c * s + 3, y0 + r * s + 3, s - 6, s - 6);
    }
    if (keyboard && document.activeElement === canvas) {
      const [, r, c] = hand ? lowestCell() : cursor;
      ctx.strokeStyle = colours.focus;
      ctx.lineWidth = colours.focusWidth;
      ctx.strokeRect(x0 + c * s + 2, y0 + r * s + 2, s - 4, s - 4);
    }
  }

  const lowestCell = () => add(hand.at, lowest(hand.name, hand.o));

  function drawTray() {
    for (const [name, b] of trayButtons) {
      const left = view.available[name] ?? 0;
      const icon = solidIcon(name, shape(name, trayOrient.get(name)));
      const label = left > 1 ? `${name} ×${left}` : name;
      b.replaceChildren(icon, el("span", { textContent: label }));
      b.disabled = left <= 0;
      b.setAttribute("aria-pressed", String(!!hand && hand.name === name && !hand.from));
      b.setAttribute("aria-label", left > 1 ? t("piece {name}, {n} left", { name, n: left }) : t("piece {name}", { name }));
    }
  }

  function drawTurnings() {
    turnings.classList.toggle("idle", !hand);
    turnings.inert = !hand;
    if (!hand) return;
    const { name } = hand;
    if (turningsOf !== name) {
      turningsOf = name;
      const count = pieces.get(name).orientations.length;
      turnings.replaceChildren(
        ...pieces.get(name).orientations.map((/** @type {Cell[]} */ cells, /** @type {number} */ o) => {
          const b = el("button", { type: "button", className: "turning" }, [solidIcon(name, cells, 6)]);
          b.dataset.orientation = String(o);
          b.setAttribute("aria-label", t("{name}, turning {n} of {count}", { name, n: o + 1, count }));
          b.addEventListener("click", () => {
            turnTo(o);
            canvas.focus({ preventScroll: true });
          });
          return b;
        }),
      );
    }
    for (const b of /** @type {HTMLButtonElement[]} */ ([...turnings.children])) {
      const on = Number(b.dataset.orientation) === hand.o;
      b.setAttribute("aria-pressed", String(on));
      if (on && turnings.scrollWidth > turnings.clientWidth) {
        // the turning held in sight within the strip alone (scrollIntoView would scroll the page too)
        const here = b.getBoundingClientRect();
        const strip = turnings.getBoundingClientRect();
        if (here.left < strip.left || here.right > strip.right) turnings.scrollLeft += here.left - strip.left - (strip.width - here.width) / 2;
      }
    }
  }

  function syncTools() {
    for (const b of [...turnButtons, dropButton]) b.disabled = !hand;
    outButton.disabled = !(hand ? hand.from : blockAt(cursor));
    clearButton.disabled = !view.placements.length;
    tabButtons.forEach((b, z) => b.setAttribute("aria-selected", String(z === layer())));
  }

  function draw() {
    drawLayer();
    draw3d();
    drawTray();
    drawTurnings();
    syncTools();
    describeBoard();
  }

  /** A name for a cell the player reads: layer, row, column counted from 1. */
  const cellName = ([z, r, c]) => t("layer {layer}, row {row}, column {col}", { layer: z + 1, row: r + 1, col: c + 1 });

  function describeBoard() {
    const z = layer();
    let here;
    if (hand) here = t("Holding {name}; its lowest cube is at {cell}.", { name: hand.name, cell: cellName(lowestCell()) });
    else {
      const b = blockAt(cursor);
      here = t("Cursor at {cell}: {what}.", { cell: cellName(cursor), what: b ? b.piece : t("empty") });
    }
    describe.textContent = `${view.summary || ""} ${here}`;
    canvas.setAttribute("aria-label", t("Layer {n} of {layers} of the box, {rows} rows by {cols} columns. Keys are listed under Help.", { n: z + 1, layers: L, rows: R, cols: C }));
  }

  // -- actions -------------------------------------------------------------------------------
  /** Keep the ghost's box of cells inside the box where it fits. */
  function clampHand() {
    const cells = shape(hand.name, hand.o);
    const size = [0, 1, 2].map((i) => Math.max(...cells.map((p) => p[i])) + 1);
    const dims = [L, R, C];
    hand.at = /** @type {Cell} */ (hand.at.map((v, i) => Math.max(0, Math.min(v, dims[i] - size[i]))));
  }

  /** Hold ``name`` from the tray, its lowest cube at the cursor. */
  function pick(name) {
    if (!(view.available[name] > 0)) {
      host.status(t("Every {name} is already in the box.", { name }));
      return;
    }
    if (hand && hand.name === name && !hand.from) return;
    settled = null;
    const o = trayOrient.get(name);
    hand = { name, o, at: /** @type {Cell} */ (add(cursor, lowest(name, o).map((v) => -v))), from: null };
    clampHand();
    bad = false;
    marked = [];
    // short enough for two lines of a phone's status, so that the board above does not move
    if (keyboard) host.status(t("{name} in hand: turn it with X, Y and Z, move it with the arrows and drop it with Enter.", { name }));
    else if (matchMedia("(pointer: coarse)").matches) host.status(t("{name} in hand: choose its turning beside the layers, then tap a square twice to put it there.", { name }));
    else host.status(t("{name} in hand: choose its turning beside the layers, then click a square twice to put it there.", { name }));
    draw();
  }

  /** Pick up the block filling ``cell`` to move it (it stays in the box until dropped elsewhere). */
  function lift(cell) {
    const b = blockAt(cell);
    if (!b) return false;
    settled = null;
    hand = { name: b.piece, o: b.orientation, at: /** @type {Cell} */ ([...b.at]), from: /** @type {Cell} */ ([...b.cells[0]]) };
    bad = false;
    marked = [];
    host.status(t("{name} picked up: move it and drop it, or press Delete to take it out.", { name: b.piece }));
    draw();
    return true;
  }

  function letGo() {
    if (!hand) return;
    cursor = lowestCell();
    hand = null;
    bad = false;
    draw();
  }

  function turnPiece(axis) {
    if (!hand) {
      host.status(t("Choose a piece in the tray first."));
      return;
    }
    turnTo(pieces.get(hand.name).turn[axis][hand.o]);
  }

  /** Turn the piece in hand to its turning ``o``, its lowest cube where it was. */
  function turnTo(o) {
    if (!hand) return;
    const start = performance.now();
    const before = lowestCell();
    hand.o = o;
    if (!hand.from) trayOrient.set(hand.name, hand.o);
    hand.at = /** @type {Cell} */ (add(before, lowest(hand.name, hand.o).map((v) => -v)));
    clampHand();
    bad = false;
    draw();
    measureFrom("pento-boxes-turn", start);
  }

  function moveHand(d) {
    hand.at = add(hand.at, d);
    clampHand();
    bad = false;
    draw();
  }

  function setLayer(z) {
    z = Math.max(0, Math.min(L - 1, z));
    if (hand) moveHand([z - hand.at[0], 0, 0]);
    else {
      cursor = [z, cursor[1], cursor[2]];
      draw();
    }
  }

  /** A performance measure ``name`` from ``start`` to the next frame (both views drawn by then):
   * what a player waits for, read by bench/bench_boxes.py. */
  function measureFrom(name, start) {
    requestAnimationFrame(() => performance.measure(name, { start })); // after the 3D frame queued before it
  }

  async function drop() {
    if (!hand) {
      host.status(t("Choose a piece in the tray first."));
      return;
    }
    const start = performance.now();
    const held = hand;
    const put = `${held.name}:${held.o}@${held.at.join(",")}`;
    const move = held.from ? `${held.from.join(",")}>${put}` : put;
    const result = await host.move(move);
    const ok = !!(result && result.ok);
    // the view the core sent may have let go of the piece already (its last copy is in the box);
    // another piece taken meanwhile stays in hand
    if (hand === held || (ok && hand === null)) {
      if (ok) {
        cursor = add(held.at, lowest(held.name, held.o));
        settled = key(cursor);
        hand = null;
      }
      bad = !ok;
      draw();
    }
    measureFrom("pento-boxes-drop", start);
  }

  async function takeOut() {
    const cell = hand ? hand.from : blockAt(cursor) ? cursor : null;
    if (!cell) {
      host.status(t("There is no piece here to take out."));
      return;
    }
    hand = null;
    await host.move(`-${cell.join(",")}`);
  }

  /** Choose the next (+1) or previous (-1) piece of the tray that has a copy left. */
  function cycle(step) {
    const open = names.filter((n) => view.available[n] > 0);
    if (!open.length) return;
    const i = hand ? open.indexOf(hand.name) : -1;
    const next = open[(i + step + open.length) % open.length];
    if (hand && !hand.from) hand = null;
    pick(next);
  }

  // -- the layer view: pointer and keys ---------------------------------------------------------------
  function layerCellAt(clientX, clientY) {
    if (!layout) return null;
    const rect = canvas.getBoundingClientRect();
    const r = Math.floor((clientY - rect.top - layout.y) / layout.s);
    const c = Math.floor((clientX - rect.left - layout.x) / layout.s);
    return r >= 0 && r < R && c >= 0 && c < C ? /** @type {Cell} */ ([layer(), r, c]) : null;
  }

  /** A tap or click on ``cell`` of the layer being worked on (either view); ``mouse``: a click,
   *  which the messages call one (a finger taps). */
  function press(cell, mouse = false) {
    if (hand) {
      if (key(lowestCell()) === key(cell)) return drop(); // the same square again: put it there
      hand.at = add(cell, lowest(hand.name, hand.o).map((v) => -v));
      clampHand();
      bad = false;
      draw();
      return;
    }
    cursor = cell;
    const here = blockAt(cell);
    if (here && settled && here.cells.some((x) => key(x) === settled)) {
      // the tap right after a drop, on the piece just put down (a second tap on the square that
      // dropped it): it stays; a deliberate tap picks it up
      settled = null;
      const again = mouse ? t("{name} is in place. Click it again to pick it up.", { name: here.piece }) : t("{name} is in place. Tap it again to pick it up.", { name: here.piece });
      host.status(again);
      draw();
      return;
    }
    if (!lift(cell)) {
      host.status(t("Choose a piece in the tray first."));
      draw();
    }
  }

  canvas.addEventListener("pointerdown", (e) => {
    if (e.pointerType === "mouse" && e.button !== 0) return;
    e.preventDefault();
    keyboard = false;
    canvas.focus({ preventScroll: true });
    const cell = layerCellAt(e.clientX, e.clientY);
    if (cell) press(cell, e.pointerType === "mouse");
  });

  canvas.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    keyboard = true;
    const steps = { ArrowUp: [0, -1, 0], ArrowDown: [0, 1, 0], ArrowLeft: [0, 0, -1], ArrowRight: [0, 0, 1] };
    const k = e.key;
    if (steps[k] && e.shiftKey) {
      if (scene) scene.turn(k === "ArrowLeft" ? -STEP : k === "ArrowRight" ? STEP : 0, k === "ArrowUp" ? STEP / 2 : k === "ArrowDown" ? -STEP / 2 : 0);
    } else if (steps[k]) {
      if (hand) moveHand(steps[k]);
      else {
        const [z, r, c] = add(cursor, steps[k]);
        cursor = [z, Math.max(0, Math.min(R - 1, r)), Math.max(0, Math.min(C - 1, c))];
        draw();
      }
    } else if (k === "PageUp") setLayer(layer() + 1);
    else if (k === "PageDown") setLayer(layer() - 1);
    else if (e.shiftKey && k.length === 1 && names.some((n) => n.toUpperCase() === k.toUpperCase())) {
      pick(names.find((n) => n.toUpperCase() === k.toUpperCase()));
    } else if (k === "x" || k === "y" || k === "z" || k === "X" || k === "Y" || k === "Z") turnPiece(k.toLowerCase());
    else if (k === "Enter" || k === " ") {
      if (hand) drop();
      else if (!lift(cursor)) host.status(t("Choose a piece in the tray first."));
    } else if (k === "Delete" || k === "Backspace") takeOut();
    else if (k === "Escape") letGo();
    else if (k === "]" || k === ".") cycle(1);
    else if (k === "[" || k === ",") cycle(-1);
    else return;
    e.preventDefault();
  });
  canvas.addEventListener("focus", () => drawLayer());
  canvas.addEventListener("blur", () => drawLayer());

  // -- the 3D view: drag turns the box, a click drops or picks up, the wheel changes the layer ------------
  let drag = null;
  glCanvas.addEventListener("pointerdown", (e) => {
    if (!scene || (e.pointerType === "mouse" && e.button !== 0)) return;
    e.preventDefault();
    glCanvas.setPointerCapture(e.pointerId);
    drag = { id: e.pointerId, x: e.clientX, y: e.clientY, moved: false };
  });
  glCanvas.addEventListener("pointermove", (e) => {
    if (!scene) return;
    if (drag && drag.id === e.pointerId) {
      const dx = e.clientX - drag.x;
      const dy = e.clientY - drag.y;
      if (drag.moved || Math.hypot(dx, dy) > 6) {
        drag.moved = true;
        scene.turn(-dx * DRAG, dy * DRAG);
        drag.x = e.clientX;
        drag.y = e.clientY;
      }
      return;
    }
    if (!hand || e.pointerType !== "mouse") return;
    const rect = glCanvas.getBoundingClientRect();
    const cell = scene.cellAt(e.clientX - rect.left, e.clientY - rect.top, layer());
    if (!cell) return;
    const at = add(cell, lowest(hand.name, hand.o).map((v) => -v));
    if (key(at) === key(hand.at)) return;
    hand.at = at;
    clampHand();
    bad = false;
    draw();
  });
  glCanvas.addEventListener("pointerup", (e) => {
    const d = drag;
    drag = null;
    if (!scene || !d || d.id !== e.pointerId || d.moved) return;
    const rect = glCanvas.getBoundingClientRect();
    const x = e.clientX - rect.left;
    const y = e.clientY - rect.top;
    if (hand) {
      const cell = scene.cellAt(x, y, layer());
      if (cell) press(cell, e.pointerType === "mouse");
      return;
    }
    const hit = scene.blockAt(x, y);
    if (hit) {
      cursor = hit;
      lift(hit);
    }
  });
  glCanvas.addEventListener("pointercancel", () => (drag = null));
  glCanvas.addEventListener("wheel", (e) => {
    if (!scene) return;
    e.preventDefault();
    if (hand) setLayer(layer() + (e.deltaY < 0 ? 1 : -1));
    else scene.zoomBy(e.deltaY < 0 ? 1.1 : 1 / 1.1);
  }, { passive: false });
  glCanvas.addEventListener("keydown", (e) => {
    const turns = { ArrowLeft: [-STEP, 0], ArrowRight: [STEP, 0], ArrowUp: [0, STEP / 2], ArrowDown: [0, -STEP / 2] };
    if (!scene || !turns[e.key]) return;
    e.preventDefault();
    scene.turn(...turns[e.key]);
  });

  return {
    /** @param {import("../views").BoxesView} next */
    render(next) {
      view = next;
      owner = new Map();
      for (const p of view.placements) for (const cell of p.cells) owner.set(key(cell), p);
      if (hand && hand.from && !blockAt(hand.from)) hand = null; // undone or taken out meanwhile
      if (hand && !hand.from && !(view.available[hand.name] > 0)) hand = null;
      marked = [];
      fit.ensure();
      draw();
    },
    showHint(h) {
      marked = (h.cells || []).map((c) => /** @type {Cell} */ ([c[0], c[1], c[2]]));
      if (h.kind === "place" && h.move) {
        // the hinted piece in hand, where it goes: Enter drops it
        const [name, rest] = h.move.split(":");
        const [o, at] = rest.split("@");
        hand = { name, o: Number(o), at: /** @type {Cell} */ (at.split(",").map(Number)), from: null };
        bad = false;
      }
      draw();
    },
    layout() {
      const rect = canvas.getBoundingClientRect();
      const gl = glCanvas.getBoundingClientRect();
      const points = {};
      if (scene) for (const cell of boxCells) points[key(cell)] = scene.floorPoint(cell).map((v, i) => v + (i ? gl.top : gl.left));
      return {
        cell: layout ? layout.s : 0,
        dims: [L, R, C],
        layer: layer(),
        boards: [{ x: rect.left + (layout ? layout.x : 0), y: rect.top + (layout ? layout.y : 0) }],
        tray: Object.fromEntries([...trayButtons].map(([n, b]) => [n, b.getBoundingClientRect().toJSON()])),
        canvas: { x: rect.left, y: rect.top, width: rect.width, height: rect.height },
        hand: hand ? { ...hand, cells: ghostCells() } : null,
        cursor,
        bad,
        marked,
        // the 3D view: ready ("yes", "no" without WebGL), where each cell's floor is drawn on the
        // page, the camera, and when its last frames were drawn
        three: { ready: glStage.dataset.ready || "loading", floor: points, camera: scene ? scene.camera() : null, frames: scene ? scene.frameTimes() : [] },
      };
    },
    destroy() {
      fit.disconnect();
      glObserver.disconnect();
      if (scene) scene.destroy();
      root.replaceChildren();
    },
  };
}

/** A small drawing of a solid seen from above and to the side, for the tray. */
function solidIcon(name, cells, unit = 9) {
  const canvas = document.createElement("canvas");
  // each cube drawn as an isometric block: x to the right-down, rows to the left-down, layers up
  const px = ([z, r, c]) => [(c - r) * unit * 0.87, (c + r) * unit * 0.5 - z * unit];
  const pts = cells.map(px);
  const minX = Math.min(...pts.map((p) => p[0])) - unit * 0.87;
  const maxX = Math.max(...pts.map((p) => p[0])) + unit * 0.87;
  const minY = Math.min(...pts.map((p) => p[1])) - unit * 1.6;
  const maxY = Math.max(...pts.map((p) => p[1])) + unit * 0.6;
  const ctx = sizeCanvas(canvas, Math.ceil(maxX - minX) + 2, Math.ceil(maxY - minY) + 2);
  const color = colorOf(name);
  const h = unit;
  const w = unit * 0.87;
  // back to front: the cubes farthest from the eye (least layer + row + column) first
  const order = [...cells].sort((a, b) => a[0] + a[1] + a[2] - (b[0] + b[1] + b[2]) || a[0] - b[0]);
  for (const cell of order) {
    const [x, y] = px(cell).map((v, i) => v - (i ? minY : minX) + 1);
    const faces = [
      { shade: 1.15, pts: [[x, y - h / 2], [x + w, y - h], [x, y - 1.5 * h], [x - w, y - h]] }, // top
      { shade: 0.85, pts: [[x - w, y - h], [x, y - h / 2], [x, y + h / 2], [x - w, y]] }, // left
      { shade: 0.7, pts: [[x, y - h / 2], [x + w, y - h], [x + w, y], [x, y + h / 2]] }, // right
    ];
    for (const { shade, pts: corners } of faces) {
      ctx.beginPath();
      corners.forEach(([fx, fy], i) => (i ? ctx.lineTo(fx, fy) : ctx.moveTo(fx, fy)));
      ctx.closePath();
      ctx.fillStyle = color;
      ctx.fill();
      ctx.fillStyle = shade > 1 ? "rgba(255,255,255,0.25)" : `rgba(0,0,0,${(1 - shade).toFixed(2)})`;
      ctx.fill();
      ctx.strokeStyle = "rgba(0,0,0,0.6)";
      ctx.lineWidth = 1;
      ctx.stroke();
    }
  }
  canvas.setAttribute("aria-hidden", "true");
  return canvas;
}
