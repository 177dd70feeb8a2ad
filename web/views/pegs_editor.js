// The peg solitaire board editor: draw holes, pegs and the finish ring on a grid, then play it.
// It knows no rules: it writes board text (o a peg, . an empty hole, # no hole, ~R,C the finish)
// and the core checks it before the board opens; a refused board stays here to be mended.
import { el } from "../ui/dom.js";
import { N_, t } from "../ui/i18n.js";
import { drawFinishRing, drawHole, fitToStage, sizeCanvas } from "../ui/paint.js";
import { ink } from "../ui/theme.js";

const MIN_SIDE = 3;
const MAX_SIDE = 15; // a board a player draws by hand; text boards may be larger
const TOOLS = [
  ["o", N_("Peg")],
  [".", N_("Empty hole")],
  ["#", N_("No hole")],
  ["finish", N_("Finish ring")],
];

/**
 * @param {object} o
 * @param {HTMLElement} o.head   where the tools go
 * @param {HTMLElement} o.stage  where the grid goes
 * @param {{rows:number, cols:number, holes:number[][], pegs:number[][], finish:number[]|null}} o.start
 * @param {(desc:string, anyway:boolean) => Promise<string|null>} o.play   open the board (rejects with the
 *   core's reason); unless `anyway`, a board that cannot be won stays, and its reason comes back
 * @param {() => void} o.done   leave the editor
 * @param {(text:string, kind?:string) => void} o.status
 */
export function createEditor({ head, stage, start, play, done, status }) {
  let rows = Math.min(MAX_SIDE, Math.max(MIN_SIDE, start.rows));
  let cols = Math.min(MAX_SIDE, Math.max(MIN_SIDE, start.cols));
  const grid = new Map(); // "r,c" -> "o" | "."
  for (const [r, c] of start.holes) grid.set(`${r},${c}`, ".");
  for (const [r, c] of start.pegs) grid.set(`${r},${c}`, "o");
  let finish = start.finish;
  let tool = "o";
  let painting = null;
  let layout = null;
  let cursor = [0, 0]; // the keyboard's cell: arrows move it, Space or Enter uses the tool there
  let keyboard = false;
  let unwinnable = null; // the drawing the core said cannot be won (Play again opens it anyway)

  const canvas = el("canvas", { tabIndex: 0, className: "board-canvas pegs-editor" });
  canvas.setAttribute("role", "application");
  canvas.setAttribute("aria-roledescription", t("board editor"));
  const ctx = canvas.getContext("2d");
  const toolButtons = TOOLS.map(([id, label]) => {
    const b = el("button", { type: "button", textContent: t(label), className: "tool" });
    b.addEventListener("click", () => {
      tool = id;
      syncTools();
    });
    b.dataset.tool = id;
    return b;
  });
  const sizeInput = (label, value, set) => {
    const input = el("input", { type: "number", min: MIN_SIDE, max: MAX_SIDE, value, ariaLabel: t("drawn board {label}", { label: t(label) }), className: "side" });
    input.addEventListener("change", () => {
      const n = Math.round(input.valueAsNumber);
      if (!(n >= MIN_SIDE && n <= MAX_SIDE)) {
        status(t("A drawn board has {low} to {high} {label}.", { low: MIN_SIDE, high: MAX_SIDE, label: t(label) }), "error");
        input.value = String(label === "rows" ? rows : cols);
        return;
      }
      set(n);
      relayout();
      changed();
    });
    return el("label", { className: "side-label" }, [`${t(label)} `, input]);
  };
  const playButton = el("button", { type: "button", textContent: t("Play this board"), className: "primary" });
  const cancelButton = el("button", { type: "button", textContent: t("Cancel") });
  const clearButton = el("button", { type: "button", textContent: t("A peg in every hole") });
  const tools = el("div", { className: "editor-tools", role: "toolbar", ariaLabel: t("board editor") }, [
    ...toolButtons,
    sizeInput(N_("rows"), rows, (n) => resize(n, cols)),
    sizeInput(N_("columns"), cols, (n) => resize(rows, n)),
    clearButton,
    playButton,
    cancelButton,
  ]);
  const previous = [...head.childNodes];
  head.replaceChildren(el("p", { className: "goal", textContent: t("Draw a board: choose a tool, then tap or drag over the grid.") }), tools);
  const previousStage = [...stage.childNodes];
  stage.replaceChildren(canvas);

  function syncTools() {
    for (const b of toolButtons) b.setAttribute("aria-pressed", String(b.dataset.tool === tool));
  }

  function compute() {
    const W = Math.max(120, stage.clientWidth);
    const H = Math.max(120, stage.clientHeight);
    const s = Math.max(14, Math.floor(Math.min((W - 8) / cols, (H - 8) / rows, 120)));
    return { s, width: cols * s + 8, height: rows * s + 8 };
  }
  const fit = fitToStage(stage, canvas, compute, (next) => {
    layout = next;
    draw();
  });
  function relayout() {
    cursor = [Math.min(cursor[0], rows - 1), Math.min(cursor[1], cols - 1)];
    layout = compute();
    sizeCanvas(canvas, layout.width, layout.height);
    draw();
  }

  const at = (r, c) => grid.get(`${r},${c}`);

  /** Move every hole by (dr, dc) (the finish ring with them). */
  function shift(dr, dc) {
    const moved = [...grid.entries()].map(([k, v]) => {
      const [r, c] = k.split(",").map(Number);
      return [`${r + dr},${c + dc}`, v];
    });
    grid.clear();
    for (const [k, v] of moved) grid.set(k, v);
    if (finish) finish = [finish[0] + dr, finish[1] + dc];
  }

  /** The grid made `nr` by `nc`: a smaller one loses the edge row or column with fewer holes first
   * (on a tie the far and the near edge take turns), so a board in the middle keeps its middle; a
   * larger one grows at the bottom and right. */
  function resize(nr, nc) {
    const holesIn = (test) => [...grid.keys()].filter((k) => test(...k.split(",").map(Number))).length;
    let end = true; // on a tie, the end and the start take turns: a board in the middle stays there
    while (rows > nr) {
      const top = holesIn((r, c) => r === 0 && c < cols);
      const bottom = holesIn((r, c) => r === rows - 1 && c < cols);
      if (top < bottom || (top === bottom && !end)) shift(-1, 0);
      if (top === bottom) end = !end;
      rows -= 1;
    }
    end = true;
    while (cols > nc) {
      const left = holesIn((r, c) => c === 0 && r < rows);
      const right = holesIn((r, c) => c === cols - 1 && r < rows);
      if (left < right || (left === right && !end)) shift(0, -1);
      if (left === right) end = !end;
      cols -= 1;
    }
    rows = nr;
    cols = nc;
    for (const k of [...grid.keys()]) {
      const [r, c] = k.split(",").map(Number);
      if (!inside(r, c)) grid.delete(k);
    }
    if (finish && !inside(...finish)) finish = null;
  }
  const inside = (r, c) => r >= 0 && c >= 0 && r < rows && c < cols;

  function draw() {
    if (!layout) return;
    const { s } = layout;
    ctx.clearRect(0, 0, layout.width, layout.height);
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const x = 4 + (c + 0.5) * s;
        const y = 4 + (r + 0.5) * s;
        const kind = at(r, c);
        if (!kind) {
          ctx.strokeStyle = "#d8d2c4";
          ctx.setLineDash([3, 3]);
          ctx.lineWidth = 1;
          ctx.strokeRect(x - s / 2 + 2, y - s / 2 + 2, s - 4, s - 4);
          ctx.setLineDash([]);
          continue;
        }
        drawHole(ctx, x, y, s);
        if (kind === "o") {
          ctx.beginPath();
          ctx.arc(x, y, s * 0.34, 0, 2 * Math.PI);
          ctx.fillStyle = "#b4532f";
          ctx.fill();
          ctx.strokeStyle = "#5a2211";
          ctx.lineWidth = 1.5;
          ctx.stroke();
        }
        if (finish && finish[0] === r && finish[1] === c) drawFinishRing(ctx, x, y, s);
      }
    }
    if (keyboard && document.activeElement === canvas) {
      const colours = ink();
      ctx.strokeStyle = colours.focus;
      ctx.lineWidth = colours.focusWidth;
      ctx.strokeRect(4 + cursor[1] * s + 2, 4 + cursor[0] * s + 2, s - 4, s - 4);
    }
    const holes = [...grid.keys()].filter((k) => inside(...k.split(",").map(Number))).length;
    const pegs = [...grid.entries()].filter(([k, v]) => v === "o" && inside(...k.split(",").map(Number))).length;
    const here = at(...cursor) === "o" ? t("a peg") : at(...cursor) === "." ? t("an empty hole") : t("no hole");
    canvas.setAttribute(
      "aria-label",
      t("Board being drawn: {rows} by {cols}, {holes} holes, {pegs} pegs.", { rows, cols, holes, pegs }) +
        " " +
        t("Cursor at row {row}, column {col}: {here}. Arrow keys move it; Space or Enter uses the chosen tool; 1 to 4 choose the tool.", {
          row: cursor[0] + 1,
          col: cursor[1] + 1,
          here,
        }),
    );
  }

  function cellAt(e) {
    const rect = canvas.getBoundingClientRect();
    const r = Math.floor((e.clientY - rect.top - 4) / layout.s);
    const c = Math.floor((e.clientX - rect.left - 4) / layout.s);
    return inside(r, c) ? [r, c] : null;
  }

  function paint(cell) {
    const [r, c] = cell;
    const key = `${r},${c}`;
    if (tool === "finish") {
      if (!grid.has(key)) return status(t("The finish ring goes on a hole."), "error");
      finish = finish && finish[0] === r && finish[1] === c ? null : cell;
    } else if (tool === "#") {
      grid.delete(key);
      if (finish && finish[0] === r && finish[1] === c) finish = null;
    } else grid.set(key, tool);
    changed();
    draw();
  }

  /** The drawing changed: a verdict on the old one no longer holds. */
  function changed() {
    unwinnable = null;
    playButton.textContent = t("Play this board");
  }

  canvas.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (steps[e.key]) {
      const [dr, dc] = steps[e.key];
      cursor = [Math.min(rows - 1, Math.max(0, cursor[0] + dr)), Math.min(cols - 1, Math.max(0, cursor[1] + dc))];
    } else if (e.key === " " || e.key === "Enter") paint(cursor);
    else if (/^[1-4]$/.test(e.key)) {
      tool = TOOLS[Number(e.key) - 1][0];
      syncTools();
      status(t("Tool: {tool}.", { tool: t(TOOLS[Number(e.key) - 1][1]) }));
    } else return;
    e.preventDefault();
    keyboard = true;
    draw();
  });
  canvas.addEventListener("focus", draw);
  canvas.addEventListener("blur", draw);

  canvas.addEventListener("pointerdown", (e) => {
    keyboard = false;
    const cell = layout && cellAt(e);
    if (!cell) return;
    e.preventDefault();
    canvas.setPointerCapture(e.pointerId);
    painting = tool === "finish" ? null : e.pointerId;
    paint(cell);
  });
  canvas.addEventListener("pointermove", (e) => {
    if (painting !== e.pointerId) return;
    const cell = cellAt(e);
    if (cell) paint(cell);
  });
  const stop = () => (painting = null);
  canvas.addEventListener("pointerup", stop);
  canvas.addEventListener("pointercancel", stop);

  /** The drawn board as the game's text: rows joined by "/", then "~R,C" for the finish. */
  function text() {
    const lines = [];
    for (let r = 0; r < rows; r++) {
      let line = "";
      for (let c = 0; c < cols; c++) line += at(r, c) || "#";
      lines.push(line);
    }
    const ring = finish && inside(...finish) ? `~${finish[0]},${finish[1]}` : "";
    return lines.join("/") + ring;
  }

  clearButton.addEventListener("click", () => {
    for (const key of grid.keys()) grid.set(key, "o");
    changed();
    draw();
  });
  playButton.addEventListener("click", async () => {
    const drawn = text();
    try {
      const reason = await play(drawn, unwinnable === drawn);
      if (reason) {
        unwinnable = drawn;
        playButton.textContent = t("Play it anyway");
        status(t("{reason} Change the board, or play it anyway.", { reason }), "error");
      }
    } catch (err) {
      status(t("This board cannot be played: {message}", { message: err.message }), "error"); // the drawing stays as it is
    }
  });
  cancelButton.addEventListener("click", () => done());

  syncTools();
  fit.ensure();

  return {
    text,
    layout() {
      const rect = canvas.getBoundingClientRect();
      return { cell: layout.s, x: rect.left + 4, y: rect.top + 4, rows, cols };
    },
    destroy() {
      fit.disconnect();
      head.replaceChildren(...previous);
      stage.replaceChildren(...previousStage);
    },
  };
}
