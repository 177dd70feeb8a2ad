// The box workshop's view: a box editor (its size, and its layers, cell by cell), the solids, the
// core's verdict, and the fillings the core streams in, each shown in 3D (boxes_3d.js). Every edit
// is a move the core checks; every argument and every filling comes from it.
import { el } from "../ui/dom.js";
import { N_, formatNumber, t, tn } from "../ui/i18n.js";
import { ink } from "../ui/theme.js";
import { createScene, loadThree, webglSupport } from "./boxes_3d.js";
import { createListing, markFound, searchingText } from "./listing.js";
import { colorOf, sizeCanvas } from "../ui/paint.js";

/** The keys of this view, for the shell's help. */
export const KEYS = [
  [N_("Arrow keys"), N_("move the cursor in the layer")],
  [N_("Page Up / Page Down"), N_("one layer up / down")],
  [N_("Space or Enter"), N_("take the cell under the cursor out of the box, or put it back")],
  [N_("Ctrl+Z / Ctrl+Y"), N_("undo / redo an edit")],
  ["?", N_("this help")],
];

const SETS = [
  ["planar-pentacubes", N_("the 12 flat pentacubes")],
  ["pentacubes", N_("all 29 pentacubes")],
  ["family:1", N_("the monocube")],
  ["family:2", N_("the dicube")],
  ["family:3", N_("the 2 tricubes")],
  ["family:4", N_("the 8 tetracubes")],
  ["family:6", N_("the 166 hexacubes")],
];

const SIDES = [N_("layers"), N_("rows"), N_("columns")];

function button(label, onClick, props = {}) {
  const b = el("button", { type: "button", textContent: label, ...props });
  b.addEventListener("click", onClick);
  return b;
}

function section(title, ...children) {
  return el("section", { className: "ws-section" }, [el("h2", { textContent: title }), ...children]);
}

/** The blocks of a filling line (layers joined by "|", rows by "/"): each letter's cells. */
function blocksOf(line) {
  const byLetter = new Map();
  line.split("|").forEach((layer, z) =>
    layer.split("/").forEach((row, r) =>
      [...row].forEach((ch, c) => {
        if (ch === "." || ch === "#") return;
        if (!byLetter.has(ch)) byLetter.set(ch, []);
        byLetter.get(ch).push([z, r, c]);
      }),
    ),
  );
  return [...byLetter].map(([piece, cells]) => ({ piece, cells }));
}

export function createView({ root, host }) {
  /** @type {any} */
  let view = null;
  let layer = 0;
  let cursor = [0, 0];
  let keyboard = false;
  let index = 0; // the filling shown
  let scene = null;
  let sceneKey = "";
  let THREE = null;

  // -- the box ----------------------------------------------------------------------------------
  const sizes = SIDES.map((name) => el("input", { type: "number", min: 1, max: 12, value: 3, ariaLabel: t(name) }));
  const sizeForm = el("form", { className: "ws-size" }, [
    ...sizes.map((input, i) => el("label", {}, [input, " " + t(SIDES[i])])),
    el("button", { type: "submit", textContent: t("Make this box") }),
  ]);
  sizeForm.addEventListener("submit", (e) => {
    e.preventDefault();
    host.move(`size ${sizes.map((s) => s.value).join(" ")}`);
  });
  const tabs = el("div", { className: "layer-tabs", role: "tablist", ariaLabel: t("layers of the box") });
  const editor = el("canvas", { tabIndex: 0, className: "ws-editor board-canvas" }); // the keyboard starts on it
  editor.setAttribute("role", "application");
  const editorNote = el("p", { className: "ws-note", textContent: t("Click a cell to take it out of the box, or to put it back.") });

  // -- the pieces ---------------------------------------------------------------------------------
  const setSelect = el("select", { ariaLabel: t("pieces") }, SETS.map(([value, label]) => el("option", { value, textContent: t(label) })));
  setSelect.addEventListener("change", () => host.move(`pieces ${setSelect.value}`));
  const names = el("input", { type: "text", ariaLabel: t("names of the pieces"), placeholder: "L1,J1,Q,X" });
  const namesForm = el("form", { className: "ws-size" }, [names, el("button", { type: "submit", textContent: t("Use these pieces") })]);
  namesForm.addEventListener("submit", (e) => {
    e.preventDefault();
    if (names.value.trim()) host.move(`pieces ${names.value.trim()}`);
  });
  const pieceNote = el("p", { className: "ws-note" });
  // a pieces file for boxes, pasted: any polycubes of up to 12 cubes (docs/formats.md)
  const drawn = el("textarea", { rows: 5, ariaLabel: t("pieces drawn layer by layer"), placeholder: "##\n#.\n-\n#.\n.." });
  const drawnButton = button(t("Use the pieces drawn here"), () => {
    if (drawn.value.trim()) host.move(`import ${drawn.value}`);
  });
  const drawnNote = el("p", {
    className: "ws-note",
    textContent: t("Draw each piece with #, its layers separated by a line -, and the pieces by an empty line."),
  });

  // -- verdict, counting, browsing ------------------------------------------------------------------
  const verdict = el("p", { className: "ws-verdict" });
  verdict.setAttribute("aria-live", "polite");
  const distinct = el("input", { type: "checkbox" });
  const countButton = button(t("Count all fillings"), () => countAll(), { className: "primary" });
  const playThis = button(t("Play this box"), () => view && view.puzzle && host.open("boxes", view.puzzle));
  const found = el("p", { className: "ws-found" });
  found.setAttribute("aria-live", "polite");
  const prev = button(t("◀ Previous"), () => show(index - 1));
  const next = button(t("Next ▶"), () => show(index + 1));
  const shownText = el("p", { className: "ws-note" });
  const glStage = el("div", { className: "box-3d-stage ws-3d" });
  let drag = null; // a drag on the 3D view turns the box (the listeners are the stage's: each box
  // gets a canvas of its own, since a scene thrown away gives its WebGL context back)
  glStage.addEventListener("pointerdown", (e) => {
    drag = { x: e.clientX, y: e.clientY };
    glStage.setPointerCapture(e.pointerId);
  });
  glStage.addEventListener("pointermove", (e) => {
    if (!drag || !scene) return;
    scene.turn(-(e.clientX - drag.x) * 0.01, (e.clientY - drag.y) * 0.01);
    drag = { x: e.clientX, y: e.clientY };
  });
  glStage.addEventListener("pointerup", () => (drag = null));

  const top = el("div", { className: "ws-top" }, [
    verdict,
    el("div", { className: "ws-actions" }, [el("label", {}, [distinct, " " + t("distinct up to the box's symmetries")]), countButton, playThis]),
    found,
  ]);
  root.replaceChildren(
    el("div", { className: "workshop" }, [
      top,
      el("div", { className: "ws-columns" }, [
        section(t("The box"), sizeForm, tabs, el("div", { className: "ws-editor-wrap" }, [editor]), editorNote),
        section(t("Fillings"), el("div", { className: "presets" }, [prev, next]), shownText, glStage),
        section(t("The pieces"), setSelect, namesForm, pieceNote, drawnNote, drawn, drawnButton),
      ]),
    ]),
  );
  distinct.addEventListener("change", () => {
    if (listing.solutions.length || listing.result) countAll();
  });

  const gl = webglSupport();
  if (gl.webgl) loadThree().then((lib) => ((THREE = lib), drawScene()), () => (glStage.hidden = true));
  else glStage.hidden = true;

  // -- drawing ---------------------------------------------------------------------------------------
  const dims = () => view.dims;
  const inBox = (z, r, c) => view.layers[z][r][c] === ".";

  function drawEditor() {
    const [, R, C] = dims();
    const s = Math.max(24, Math.min(44, Math.floor(Math.min(360 / C, 300 / R))));
    const ctx = sizeCanvas(editor, C * s + 2, R * s + 2);
    const colours = ink();
    for (let r = 0; r < R; r++) {
      for (let c = 0; c < C; c++) {
        ctx.fillStyle = inBox(layer, r, c) ? colours.cell : colours.blocked;
        ctx.fillRect(1 + c * s, 1 + r * s, s, s);
        ctx.strokeStyle = colours.grid;
        ctx.strokeRect(1 + c * s, 1 + r * s, s, s);
      }
    }
    if (keyboard && document.activeElement === editor) {
      ctx.strokeStyle = colours.focus;
      ctx.lineWidth = colours.focusWidth;
      ctx.strokeRect(1 + cursor[1] * s + 2, 1 + cursor[0] * s + 2, s - 4, s - 4);
    }
    editor.dataset.cell = String(s);
    const here = inBox(layer, cursor[0], cursor[1]) ? t("in the box") : t("not in the box");
    editor.setAttribute("aria-label", t("Layer {n} of the box. Cursor at row {row}, column {col}: {here}.", { n: layer + 1, row: cursor[0] + 1, col: cursor[1] + 1, here }));
  }

  function drawTabs() {
    const [L] = dims();
    layer = Math.min(layer, L - 1);
    tabs.replaceChildren(
      el("span", { className: "layer-label", textContent: t("Layer") }),
      ...Array.from({ length: L }, (_, z) => {
        const b = button(String(z + 1), () => {
          layer = z;
          drawTabs();
          drawEditor();
          drawScene();
        });
        b.setAttribute("role", "tab");
        b.setAttribute("aria-label", t("Layer {n}", { n: z + 1 }));
        b.setAttribute("aria-selected", String(z === layer));
        return b;
      }),
    );
  }

  function drawScene() {
    if (!THREE || !view) return;
    const [L, R, C] = dims();
    /** @type {[number, number, number][]} */
    const cells = [];
    for (let z = 0; z < L; z++) for (let r = 0; r < R; r++) for (let c = 0; c < C; c++) if (inBox(z, r, c)) cells.push([z, r, c]);
    const shape = stateOf(view); // a new scene for a new box (its size and its cells)
    if (sceneKey !== shape) {
      if (scene) scene.destroy();
      const canvas = el("canvas", { className: "box-3d" });
      canvas.setAttribute("role", "img");
      canvas.setAttribute("aria-label", t("The box in 3D. Drag it to look from another side."));
      glStage.replaceChildren(canvas);
      scene = createScene(THREE, canvas, { dims: [L, R, C], cells, colorOf, ink }, { smooth: !gl.software });
      sceneKey = shape;
      scene.resize(glStage.clientWidth, glStage.clientHeight);
    }
    const line = listing.solutions[index];
    const blocks = line ? blocksOf(line) : [{ piece: "box", cells, faded: true }];
    scene.show({ blocks, ghost: null, ghostColor: "", bad: false, layer: line ? L : layer, marked: [] });
    glStage.dataset.shown = line ? String(index + 1) : "0";
  }

  // -- editing -------------------------------------------------------------------------------------
  function toggle(r, c) {
    host.move(`${inBox(layer, r, c) ? "erase" : "paint"} ${layer},${r},${c}`);
  }
  editor.addEventListener("pointerdown", (e) => {
    keyboard = false;
    const s = Number(editor.dataset.cell);
    const rect = editor.getBoundingClientRect();
    const r = Math.floor((e.clientY - rect.top - 1) / s);
    const c = Math.floor((e.clientX - rect.left - 1) / s);
    const [, R, C] = dims();
    if (r < 0 || c < 0 || r >= R || c >= C) return;
    cursor = [r, c];
    toggle(r, c);
  });
  editor.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    keyboard = true;
    const [L, R, C] = dims();
    const steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (steps[e.key]) cursor = [Math.max(0, Math.min(R - 1, cursor[0] + steps[e.key][0])), Math.max(0, Math.min(C - 1, cursor[1] + steps[e.key][1]))];
    else if (e.key === "PageUp" || e.key === "PageDown") {
      layer = Math.max(0, Math.min(L - 1, layer + (e.key === "PageUp" ? 1 : -1)));
      drawTabs();
      drawScene();
    } else if (e.key === " " || e.key === "Enter") toggle(cursor[0], cursor[1]);
    else return;
    e.preventDefault();
    drawEditor();
  });
  editor.addEventListener("focus", drawEditor);
  editor.addEventListener("blur", drawEditor);

  // -- counting and browsing ------------------------------------------------------------------------------
  const listing = createListing(host, { onFirst: () => show(0), onUpdate: updateFound });

  function countAll() {
    if (!view.puzzle || view.reason) return;
    index = 0;
    const spec = stateOf(view);
    return listing.start({ game: "boxshop", desc: view.puzzle, state: spec, distinct: distinct.checked }, spec);
  }

  function updateFound(running, count = listing.solutions.length, elapsed = 0, engines = 1) {
    const { solutions, result } = listing;
    let msg = "";
    if (running) msg = searchingText(count, elapsed, engines);
    else if (result && result.complete) {
      const n = formatNumber(result.count);
      const seconds = formatNumber(result.elapsed, 2);
      msg = distinct.checked
        ? tn("{n} filling distinct up to symmetry, all found in {seconds} s.", "{n} fillings distinct up to symmetry, all found in {seconds} s.", result.count, { n, seconds })
        : tn("{n} filling, all found in {seconds} s.", "{n} fillings, all found in {seconds} s.", result.count, { n, seconds });
    } else if (result) msg = t("Stopped after {seconds} s: {count} fillings found so far (kept below).", { seconds: formatNumber(result.elapsed, 1), count: formatNumber(solutions.length) });
    found.textContent = msg;
    markFound(found, running, listing, count);
    shownText.textContent = solutions.length ? t("Filling {n} of {count}", { n: formatNumber(index + 1), count: formatNumber(solutions.length) }) : "";
    prev.disabled = !solutions.length || index === 0;
    next.disabled = !solutions.length || index >= solutions.length - 1;
    countButton.disabled = !view.puzzle || !!view.reason;
  }

  function show(i) {
    const { solutions } = listing;
    if (!solutions.length) return;
    index = Math.max(0, Math.min(solutions.length - 1, i));
    drawScene();
    updateFound(!listing.result);
  }

  return {
    render(next) {
      const changed = !view || stateOf(next) !== stateOf(view);
      view = next;
      sizes.forEach((input, i) => (input.value = String(view.dims[i])));
      if (SETS.some(([value]) => value === view.pieces)) setSelect.value = view.pieces;
      else names.value = view.pieces;
      verdict.textContent = view.reason ? t("This box cannot be filled: {why}.", { why: view.reason }) : view.summary;
      verdict.dataset.state = view.reason ? "impossible" : "ok";
      pieceNote.textContent = view.names.length > 12 ? t("{n} pieces.", { n: view.names.length }) : view.names.join(", ");
      playThis.disabled = !view.puzzle;
      if (changed) {
        listing.reset();
        shownText.textContent = "";
      }
      drawTabs();
      drawEditor();
      drawScene();
      updateFound(false);
    },
    showHint() {},
    layout() {
      const rect = editor.getBoundingClientRect();
      return {
        cell: Number(editor.dataset.cell),
        layer,
        editor: { x: rect.left + 1, y: rect.top + 1 },
        found: found.dataset.state,
        count: Number(found.dataset.count || 0),
        shown: listing.solutions[index] || null,
        three: { ready: THREE ? "yes" : gl.webgl ? "loading" : "no", camera: scene ? scene.camera() : null },
      };
    },
    destroy() {
      if (scene) scene.destroy();
      root.replaceChildren();
    },
  };
}

/** The box a view shows, as the state the core reads (its size, layers and pieces): what a count
 * belongs to. */
function stateOf(v) {
  return `${v.dims.join(",")}~${v.layers.map((l) => l.join("/")).join("|")}~${v.pieces}`;
}
