// The workshop's view: a board editor, a piece-set editor, the core's verdict on
// the puzzle, and a browser for the tilings the core streams in. Every edit is a
// move checked by the core; every argument and every tiling comes from it.
import { el } from "../ui/dom.js";
import { N_, formatNumber, t, tn } from "../ui/i18n.js";
import { createListing, markFound, searchingText } from "./listing.js";
import { colorOf, drawCells, pieceIcon, sizeCanvas } from "../ui/paint.js";
import { ink } from "../ui/theme.js";

/** The keys of this view, for the shell's help. */
export const KEYS = [
  [N_("Arrow keys"), N_("move the cursor on the board editor")],
  [N_("Space or Enter"), N_("paint or erase the cell under the cursor")],
  [N_("Ctrl+Z / Ctrl+Y"), N_("undo / redo an edit")],
  ["?", N_("this help")],
];

function button(label, onClick, props = {}) {
  const b = el("button", { type: "button", ...props });
  b.textContent = label;
  b.addEventListener("click", onClick);
  return b;
}

function section(title, ...children) {
  const h = el("h2");
  h.textContent = title;
  return el("section", { className: "ws-section" }, [h, ...children]);
}

function label(textValue, control) {
  const l = el("label");
  l.append(control, ` ${textValue}`);
  return l;
}

/** Cells [[r, c]] of each piece in a solution grid "AAB/ACB", by label and touching. */
function piecesOfGrid(grid) {
  const rows = grid.split("/");
  const seen = new Set();
  const out = [];
  rows.forEach((row, r) => {
    [...row].forEach((ch, c) => {
      if (ch === "." || ch === "#" || seen.has(`${r},${c}`)) return;
      const cells = [];
      const stack = [[r, c]];
      seen.add(`${r},${c}`);
      while (stack.length) {
        const [a, b] = stack.pop();
        cells.push([a, b]);
        for (const [da, db] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
          const [x, y] = [a + da, b + db];
          if (rows[x] && rows[x][y] === ch && !seen.has(`${x},${y}`)) {
            seen.add(`${x},${y}`);
            stack.push([x, y]);
          }
        }
      }
      out.push({ label: ch, cells });
    });
  });
  return out;
}

export function createView({ root, info, host }) {
  /** @type {import("../views").WorkshopView | null} */
  let view = null;
  let index = 0;
  let cursor = { r: 0, c: 0 };
  let painting = null; // {mode: "paint" | "erase", cells: Set}

  // -- board editor ------------------------------------------------------------------------------
  const rowsInput = el("input", { type: "number", min: 1, max: info.max_side, value: 6, ariaLabel: t("rows") });
  const colsInput = el("input", { type: "number", min: 1, max: info.max_side, value: 10, ariaLabel: t("columns") });
  const sizeForm = el("form", { className: "ws-size" }, [
    label(t("rows"), rowsInput),
    label(t("columns"), colsInput),
    el("button", { type: "submit", textContent: t("Set size") }),
  ]);
  sizeForm.addEventListener("submit", (e) => {
    e.preventDefault();
    host.move(`size ${rowsInput.value} ${colsInput.value}`);
  });
  const presets = el(
    "div",
    { className: "presets" },
    info.board_presets.map((p) => button(p.label, () => host.move(`board ${p.board}`))),
  );
  presets.append(button(t("Empty R × C"), () => host.move(`board ${rowsInput.value}x${colsInput.value}`)));
  const editor = el("canvas", { tabIndex: 0, className: "ws-editor" });
  editor.setAttribute("role", "application");
  editor.setAttribute("aria-label", t("Board editor: arrow keys move, Space paints or erases a cell"));
  const editorNote = el("p", { className: "ws-note" });
  editorNote.textContent = t("Drag to paint cells (start on a board cell to erase). Keys: arrows and Space.");

  // -- piece editor -------------------------------------------------------------------------------
  const oneSided = el("input", { type: "checkbox" });
  const leftOver = el("input", { type: "checkbox" });
  oneSided.addEventListener("change", () => host.move(`flag o ${oneSided.checked ? 1 : 0}`));
  // a board whose sides are joined: its short sides (a loop, a tube) or both pairs (a torus)
  const WRAPS = [
    ["", t("flat board (no sides joined)")],
    ["c", t("short sides joined (a loop)")],
    ["t", t("both pairs of sides joined (a torus)")],
  ];
  const wrapSelect = el("select", { ariaLabel: t("sides joined") }, WRAPS.map(([value, text]) => el("option", { value, textContent: text })));
  wrapSelect.addEventListener("change", () => {
    const on = wrapSelect.value;
    host.move(on ? `flag ${on} 1` : `flag ${view.wrap === "torus" ? "t" : "c"} 0`);
  });
  leftOver.addEventListener("change", () => host.move(`flag u ${leftOver.checked ? 1 : 0}`));
  const counts = new Map(); // name -> input
  const families = info.catalogue.map((fam) => {
    const list = el("div", { className: "ws-pieces" });
    for (const p of fam.pieces) {
      const input = el("input", { type: "number", min: 0, max: 99, value: 0, ariaLabel: t("copies of {name}", { name: p.name }) });
      input.addEventListener("change", () => host.move(`count ${p.name} ${Math.max(0, Math.min(99, input.valueAsNumber || 0))}`));
      counts.set(p.name, input);
      const name = el("span", { className: "ws-piece-name" });
      name.textContent = p.name;
      list.append(el("div", { className: "ws-piece" }, [pieceIcon(p.name, p.cells), name, input]));
    }
    const summary = el("summary");
    summary.textContent = fam.label;
    return el("details", { open: fam.size === 5 }, [summary, list]);
  });
  const customList = el("div", { className: "ws-pieces" });
  const draw = el("div", { className: "ws-draw" });
  const drawCellsOn = new Set();
  for (let r = 0; r < 5; r++) {
    for (let c = 0; c < 5; c++) {
      const b = el("button", { type: "button", className: "ws-draw-cell", ariaLabel: t("row {row} column {col}", { row: r + 1, col: c + 1 }) });
      b.setAttribute("aria-pressed", "false");
      b.addEventListener("click", () => {
        const key = `${r},${c}`;
        if (drawCellsOn.has(key)) drawCellsOn.delete(key);
        else drawCellsOn.add(key);
        b.setAttribute("aria-pressed", String(drawCellsOn.has(key)));
      });
      draw.append(b);
    }
  }
  const addCustom = button(t("Add this piece"), async () => {
    if (!drawCellsOn.size) return host.status(t("Draw a piece first: click cells of the small grid."), "error");
    const cells = [...drawCellsOn].map((k) => k.split(",").map(Number));
    const r0 = Math.min(...cells.map(([r]) => r));
    const c0 = Math.min(...cells.map(([, c]) => c));
    const h = Math.max(...cells.map(([r]) => r)) - r0 + 1;
    const w = Math.max(...cells.map(([, c]) => c)) - c0 + 1;
    const rows = [];
    for (let r = 0; r < h; r++) {
      let row = "";
      for (let c = 0; c < w; c++) row += drawCellsOn.has(`${r + r0},${c + c0}`) ? "1" : "0";
      rows.push(row);
    }
    const name = `C${rows.join("_")}`;
    const current = view.pieces.find((p) => p.name === name);
    const done = await host.move(`count ${name} ${current ? current.count + 1 : 1}`);
    if (done.ok) {
      drawCellsOn.clear();
      draw.querySelectorAll("button").forEach((b) => b.setAttribute("aria-pressed", "false"));
    }
  });
  const customBox = el("details", {}, [el("summary", { textContent: t("Draw your own piece") }), draw, addCustom, customList]);
  const pieceSummary = el("p", { className: "ws-note" });

  // -- verdict, solving, browsing -------------------------------------------------------------------
  const verdict = el("p", { className: "ws-verdict" });
  verdict.setAttribute("aria-live", "polite");
  const distinct = el("input", { type: "checkbox" });
  const solveButton = button(t("Find all tilings"), () => solveAll(), { className: "primary" });
  const found = el("p", { className: "ws-found" });
  found.setAttribute("aria-live", "polite");
  const first = button(t("« First"), () => show(0));
  const prev = button(t("◀ Previous"), () => show(index - 1));
  const next = button(t("Next ▶"), () => show(index + 1));
  const last = button(t("Last »"), () => show(listing.solutions.length - 1));
  const jump = el("input", { type: "number", min: 1, value: 1, ariaLabel: t("solution number") });
  const jumpForm = el("form", { className: "ws-jump" }, [jump, el("button", { type: "submit", textContent: t("Go") })]);
  jumpForm.addEventListener("submit", (e) => {
    e.preventDefault();
    show((jump.valueAsNumber || 1) - 1);
  });
  const browse = el("div", { className: "presets" }, [first, prev, next, last, jumpForm]);
  const shown = el("canvas", { className: "ws-solution" });
  shown.setAttribute("role", "img");
  const playThis = button(t("Play this puzzle by hand"), () => view.puzzle && host.open("cover", view.puzzle));

  // -- share ------------------------------------------------------------------------------------------
  const exportText = el("textarea", { readOnly: true, rows: 8, className: "ws-text", ariaLabel: t("puzzle as text") });
  const download = el("a", { className: "button-link", textContent: t("Download .txt"), download: "pento-puzzle.txt", href: "#" });
  const importText = el("textarea", { rows: 6, className: "ws-text", ariaLabel: t("puzzle text to import"), placeholder: t("Paste a puzzle text here") });
  const importFile = el("input", { type: "file", accept: ".txt,text/plain", ariaLabel: t("import a puzzle file") });
  importFile.addEventListener("change", async () => {
    const file = importFile.files[0];
    if (!file) return;
    if (file.size > 100_000) return host.status(t("That file is too large to be a puzzle."), "error");
    importText.value = await file.text();
  });
  const importButton = button(t("Import"), async () => {
    const r = await host.move(`import ${importText.value}`);
    if (r.ok) host.status(t("Puzzle imported."), "success");
  });

  const top = el("div", { className: "ws-top" }, [
    verdict,
    el("div", { className: "ws-actions" }, [label(t("distinct up to the board's symmetries"), distinct), solveButton, playThis]),
    found,
  ]);
  const editorWrap = el("div", { className: "ws-editor-wrap" }, [editor]);
  const boardSection = section(t("The board"), editorWrap, editorNote, sizeForm, presets);
  const tilingsSection = section(t("Tilings"), browse, shown);
  const workshop = el("div", { className: "workshop" }, [
    top,
    el("div", { className: "ws-columns" }, [
      boardSection,
      tilingsSection,
      section(
        t("The pieces"),
        el("div", { className: "presets" }, [
          label(t("one-sided (pieces may not be turned over)"), oneSided),
          label(t("pieces may be left over"), leftOver),
          wrapSelect,
        ]),
        pieceSummary,
        ...families,
        customBox,
      ),
      section(t("Share"), exportText, download, el("p", { textContent: t("Import a puzzle text (the board, a line ---, then the pieces):") }), importText, importFile, importButton),
    ]),
  ]);
  root.replaceChildren(workshop);
  distinct.addEventListener("change", () => {
    if (listing.solutions.length || listing.result) solveAll();
  });

  // -- drawing the editor --------------------------------------------------------------------------------
  function editorCell() {
    // as large as the column allows, and short enough to leave the verdict and the buttons in view,
    // but never under a finger's 24 px for want of height (a phone on its side): the page scrolls
    const width = Math.min(editorWrap.clientWidth - 4, 720);
    const height = Math.max(96, root.clientHeight - top.offsetHeight - 80);
    return Math.max(12, Math.min(44, Math.floor(Math.min(width / view.cols, Math.max(24, height / view.rows)))));
  }

  function drawEditor() {
    const s = editorCell();
    const ctx = sizeCanvas(editor, view.cols * s + 2, view.rows * s + 2);
    const colours = ink();
    for (let r = 0; r < view.rows; r++) {
      for (let c = 0; c < view.cols; c++) {
        const on = view.grid[r][c] === "." || (painting && painting.cells.has(`${r},${c}`) && painting.mode === "paint");
        const erased = painting && painting.mode === "erase" && painting.cells.has(`${r},${c}`);
        ctx.fillStyle = on && !erased ? colours.cellAlt : colours.blocked;
        ctx.fillRect(1 + c * s, 1 + r * s, s, s);
        ctx.strokeStyle = colours.grid;
        ctx.strokeRect(1.5 + c * s, 1.5 + r * s, s - 1, s - 1);
      }
    }
    if (document.activeElement === editor) {
      ctx.strokeStyle = colours.focus;
      ctx.lineWidth = colours.focusWidth;
      ctx.strokeRect(2.5 + cursor.c * s, 2.5 + cursor.r * s, s - 3, s - 3);
      ctx.lineWidth = 1;
    }
  }

  function editorAt(e) {
    const rect = editor.getBoundingClientRect();
    const s = editorCell();
    const r = Math.floor((e.clientY - rect.top - 1) / s);
    const c = Math.floor((e.clientX - rect.left - 1) / s);
    return r >= 0 && c >= 0 && r < view.rows && c < view.cols ? { r, c } : null;
  }

  editor.addEventListener("pointerdown", (e) => {
    const at = editorAt(e);
    if (!at) return;
    e.preventDefault();
    editor.setPointerCapture(e.pointerId);
    painting = { mode: view.grid[at.r][at.c] === "." ? "erase" : "paint", cells: new Set([`${at.r},${at.c}`]) };
    drawEditor();
  });
  editor.addEventListener("pointermove", (e) => {
    if (!painting) return;
    const at = editorAt(e);
    if (at && !painting.cells.has(`${at.r},${at.c}`)) {
      painting.cells.add(`${at.r},${at.c}`);
      drawEditor();
    }
  });
  const endPaint = () => {
    if (!painting) return;
    const stroke = painting;
    painting = null;
    host.move(`${stroke.mode} ${[...stroke.cells].join(";")}`);
  };
  editor.addEventListener("pointerup", endPaint);
  editor.addEventListener("pointercancel", () => {
    painting = null;
    drawEditor();
  });
  editor.addEventListener("keydown", (e) => {
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[e.key]) {
      const [dr, dc] = moves[e.key];
      cursor = { r: Math.max(0, Math.min(view.rows - 1, cursor.r + dr)), c: Math.max(0, Math.min(view.cols - 1, cursor.c + dc)) };
    } else if (e.key === " " || e.key === "Enter") {
      host.move(`${view.grid[cursor.r][cursor.c] === "." ? "erase" : "paint"} ${cursor.r},${cursor.c}`);
    } else return;
    e.preventDefault();
    drawEditor();
  });
  editor.addEventListener("focus", drawEditor);
  editor.addEventListener("blur", drawEditor);

  // -- solving and browsing ----------------------------------------------------------------------------------
  const listing = createListing(host, { onFirst: () => firstFound(), onUpdate: updateFound });

  function solveAll() {
    if (!view.puzzle || view.reason) return;
    index = 0;
    const started = listing.start({ game: "workshop", desc: view.puzzle, distinct: distinct.checked }, view.puzzle);
    drawSolution();
    return started;
  }

  function updateFound(running, count = listing.solutions.length, elapsed = 0, engines = 1) {
    const { solutions, result } = listing;
    let msg = "";
    if (running) msg = searchingText(count, elapsed, engines);
    else if (result && result.complete) {
      const count = formatNumber(result.count);
      const seconds = formatNumber(result.elapsed, 2);
      msg = distinct.checked
        ? tn("{n} tiling distinct up to symmetry, all found in {seconds} s.", "{n} tilings distinct up to symmetry, all found in {seconds} s.", result.count, { n: count, seconds })
        : tn("{n} tiling, all found in {seconds} s.", "{n} tilings, all found in {seconds} s.", result.count, { n: count, seconds });
      if (result.count > solutions.length) msg += " " + t("The first {n} are kept for browsing.", { n: formatNumber(solutions.length) });
    } else if (result) msg = t("Stopped after {seconds} s: {count} tilings found so far (kept below).", { seconds: formatNumber(result.elapsed, 1), count: formatNumber(solutions.length) });
    found.textContent = msg;
    markFound(found, running, listing, count);
    const none = !solutions.length;
    first.disabled = prev.disabled = none || index === 0;
    next.disabled = last.disabled = none || index >= solutions.length - 1;
    jump.max = String(Math.max(1, solutions.length));
    solveButton.disabled = !view.puzzle || !!view.reason;
  }

  /** The first tiling found: shown, and scrolled into sight (on a phone it was 1,000 px below). */
  function firstFound() {
    show(0);
    // the Tilings section into sight, at once (a smooth scroll was cut short by the counts changing
    // under it): on a phone the columns stand one under another, the board's between
    tilingsSection.scrollIntoView({ block: "nearest" });
  }

  function show(i) {
    const { solutions } = listing;
    if (!solutions.length) return;
    index = Math.max(0, Math.min(solutions.length - 1, i));
    jump.value = String(index + 1);
    drawSolution();
    updateFound(!listing.result);
  }

  function drawSolution() {
    const grid = listing.solutions[index];
    shown.dataset.index = grid ? String(index + 1) : "0";
    shown.dataset.grid = grid || "";
    if (!grid) {
      sizeCanvas(shown, 1, 1);
      shown.setAttribute("aria-label", t("no tiling shown"));
      return;
    }
    const rows = grid.split("/");
    const width = Math.min(tilingsSection.clientWidth - 40, 640);
    const s = Math.max(10, Math.min(36, Math.floor(Math.min(width / rows[0].length, 420 / rows.length))));
    const ctx = sizeCanvas(shown, rows[0].length * s + 4, rows.length * s + 4);
    for (const piece of piecesOfGrid(grid)) drawCells(ctx, piece.cells, 2, 2, s, colorOf(piece.label), piece.label.length === 1 ? piece.label : "");
    shown.setAttribute("aria-label", t("Tiling {n}: {rows}", { n: index + 1, rows: rows.join(" / ") }));
  }

  let lastWidth = 0;
  const observer = new ResizeObserver(() => {
    const size = workshop.clientWidth * 100000 + root.clientHeight;
    if (view && size !== lastWidth) {
      lastWidth = size;
      drawEditor();
      drawSolution();
    }
  });
  observer.observe(workshop);
  observer.observe(root);

  // -- the interface the shell uses -------------------------------------------------------------------------------
  return {
    /** @param {import("../views").WorkshopView} next */
    render(next) {
      view = next;
      rowsInput.value = String(view.rows);
      colsInput.value = String(view.cols);
      oneSided.checked = view.one_sided;
      leftOver.checked = view.allow_unused;
      wrapSelect.value = view.wrap === "cylinder" ? "c" : view.wrap === "torus" ? "t" : "";
      const have = new Map(view.pieces.map((p) => [p.name, p.count]));
      for (const [name, input] of counts) input.value = String(have.get(name) || 0);
      customList.replaceChildren();
      for (const p of view.pieces) {
        if (counts.has(p.name)) continue;
        const input = el("input", { type: "number", min: 0, max: 99, value: p.count, ariaLabel: t("copies of {name}", { name: p.name }) });
        input.addEventListener("change", () => host.move(`count ${p.name} ${Math.max(0, input.valueAsNumber || 0)}`));
        customList.append(el("div", { className: "ws-piece" }, [pieceIcon(p.name, p.cells), input]));
      }
      const total = view.pieces.reduce((a, p) => a + p.count, 0);
      pieceSummary.textContent = tn("{n} piece covering {covered} cells; the board has {area} cells.", "{n} pieces covering {covered} cells; the board has {area} cells.", total, { covered: view.piece_area, area: view.area });
      if (view.reason) {
        verdict.textContent = t("Impossible before any search: {reason}.", { reason: view.reason });
        verdict.dataset.kind = "impossible";
      } else if (view.warning) {
        verdict.textContent = t("It may be possible: no quick check rules it out. {warning}", { warning: view.warning });
        verdict.dataset.kind = "warning";
      } else {
        verdict.textContent = t("It may be possible: no quick check rules it out. The pieces fit on the board in {n} places. Press Find all tilings to try them all.", { n: formatNumber(view.placements) });
        verdict.dataset.kind = "ok";
      }
      exportText.value = view.text || "";
      if (download.href.startsWith("blob:")) URL.revokeObjectURL(download.href);
      download.href = URL.createObjectURL(new Blob([view.text || ""], { type: "text/plain" }));
      playThis.disabled = !view.puzzle || !!view.reason || !!view.wrap; // the cover game plays flat boards
      if (listing.key !== view.puzzle) {
        // an edit makes the listed tilings stale
        listing.reset();
        drawSolution();
      }
      updateFound(false);
      drawEditor();
    },
    showHint() {},
    layout() {
      const rect = editor.getBoundingClientRect();
      return { editorX: rect.left + 1, editorY: rect.top + 1, cell: editorCell(), rows: view.rows, cols: view.cols, shown: listing.solutions.length, index };
    },
    destroy() {
      observer.disconnect();
      if (download.href.startsWith("blob:")) URL.revokeObjectURL(download.href);
      root.replaceChildren();
    },
  };
}
