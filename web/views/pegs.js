// Peg solitaire's view: holes and pegs on a canvas; drag a peg over its neighbour into a hole,
// or tap the peg and then the hole. It knows no rules: the jumps it offers are the core's list
// (view.moves), and every jump is checked by the core (host.move).
import { el } from "../ui/dom.js";
import { N_, t, tn } from "../ui/i18n.js";
import { drawFinishRing, drawHole, fitToStage, gridLayout } from "../ui/paint.js";
import { highContrast, ink } from "../ui/theme.js";
import { createEditor } from "./pegs_editor.js";

const DRAG_SLOP = 6;
const TOUCH_LIFT = 1.2; // cells: a peg dragged by a finger is drawn above it
const MAX_CELL = 180; // CSS pixels a hole: a 5-row triangle still fills a projector

/** The keys of this view, for the shell's help. */
export const KEYS = [
  [N_("Arrow keys"), N_("move the cursor")],
  [N_("Enter or Space"), N_("choose the peg under the cursor, or jump the chosen peg to the cursor")],
  [N_("Escape"), N_("let go of the chosen peg")],
  [N_("Draw a board"), N_("arrow keys move the cursor, Space or Enter uses the chosen tool, 1 to 4 choose the tool (peg, empty hole, no hole, finish ring)")],
  [N_("Ctrl+Z / Ctrl+Y"), N_("undo / redo")],
  ["?", N_("this help")],
];

export function createView({ root, info, host }) {
  const R = info.rows;
  const C = info.cols;
  const holes = new Set(info.holes.map(([r, c]) => `${r},${c}`));
  const finish = info.finish;
  let view = /** @type {import("../views").PegsView} */ ({ pegs: [], moves: [] });
  let pegSet = new Set();
  let chosen = null; // [r, c] of the chosen peg
  let drag = null;
  let cursor = [...info.holes[0]];
  let keyboard = false;
  let marks = null; // {cells, kind}
  let layout = null;

  const canvas = el("canvas", { tabIndex: 0, className: "board-canvas" });
  canvas.setAttribute("role", "application");
  canvas.setAttribute("aria-roledescription", t("peg solitaire board"));
  const describe = el("p", { className: "sr-only" });
  describe.setAttribute("aria-live", "polite");
  const stage = el("div", { className: "stage" }, [canvas]);
  const drawButton = el("button", { type: "button", textContent: t("Draw a board"), className: "draw-board", hidden: !!host.fixed }); // not in an assignment or a race
  const head = el("div", { className: "view-head" }, [el("p", { className: "goal", textContent: info.goal || "" }), drawButton]);
  root.replaceChildren(head, stage, describe);
  const ctx = canvas.getContext("2d");

  // on the triangular board rows are shifted by half a cell, so the lattice's six directions show
  const xOf = (r, c) => layout.x + (c + (info.triangular ? (R - 1 - r) / 2 : 0) + 0.5) * layout.s;
  const yOf = (r) => layout.y + (r + 0.5) * layout.s;

  const fit = fitToStage(stage, canvas, () => gridLayout(stage, R, C, 16, MAX_CELL), (next) => {
    layout = next;
    draw();
  });

  const targetsOf = (r, c) => view.moves.filter(([a, b]) => a === r && b === c).map(([, , x, y]) => [x, y]);

  function draw() {
    if (!layout) return;
    const { s } = layout;
    ctx.clearRect(0, 0, layout.width, layout.height);
    const colours = ink();
    const targets = chosen ? targetsOf(...chosen) : [];
    const marked = new Set((marks && marks.cells ? marks.cells : []).map(([r, c]) => `${r},${c}`));
    for (const [r, c] of info.holes) {
      const x = xOf(r, c);
      const y = yOf(r);
      if (marked.has(`${r},${c}`)) {
        ctx.fillStyle = marks.kind === "hint" ? colours.okFill : colours.badFill;
        ctx.fillRect(x - s / 2 + 1, y - s / 2 + 1, s - 2, s - 2);
      }
      drawHole(ctx, x, y, s);
      if (finish && finish[0] === r && finish[1] === c) drawFinishRing(ctx, x, y, s);
      if (targets.some(([a, b]) => a === r && b === c)) {
        ctx.beginPath();
        ctx.arc(x, y, s * 0.32, 0, 2 * Math.PI);
        ctx.strokeStyle = colours.ok;
        ctx.setLineDash([4, 3]);
        ctx.lineWidth = colours.focusWidth;
        ctx.stroke();
        ctx.setLineDash([]);
      }
    }
    for (const [r, c] of view.pegs) {
      if (drag && drag.moved && drag.from[0] === r && drag.from[1] === c) continue;
      peg(xOf(r, c), yOf(r), chosen && chosen[0] === r && chosen[1] === c);
    }
    for (const [r, c, label] of (marks && marks.labels) || []) badge(xOf(r, c), yOf(r), label);
    if (keyboard && document.activeElement === canvas) {
      const [r, c] = cursor;
      ctx.strokeStyle = colours.focus;
      ctx.lineWidth = colours.focusWidth;
      ctx.strokeRect(xOf(r, c) - s / 2 + 2, yOf(r) - s / 2 + 2, s - 4, s - 4);
    }
    if (drag && drag.moved) peg(drag.x, drag.y - lift(drag), true, 0.9);
  }

  function peg(x, y, highlighted, alpha = 1) {
    const { s } = layout;
    ctx.globalAlpha = alpha;
    ctx.beginPath();
    ctx.arc(x, y, s * 0.36, 0, 2 * Math.PI);
    const g = ctx.createRadialGradient(x - s * 0.1, y - s * 0.12, s * 0.05, x, y, s * 0.36);
    g.addColorStop(0, highlighted ? "#7fb2ff" : "#d9886a");
    g.addColorStop(1, highlighted ? "#0b57d0" : "#9c3d1f");
    ctx.fillStyle = g;
    ctx.fill();
    ctx.lineWidth = (highlighted ? 3 : 1.5) * ink().outlineScale;
    ctx.strokeStyle = highContrast() ? "#000" : highlighted ? "#062f70" : "#5a2211";
    ctx.stroke();
    ctx.globalAlpha = 1;
  }

  // a proof's number on a hole (a pagoda function's value): a badge at the hole's upper right,
  // readable over a peg and over an empty hole
  function badge(x, y, label) {
    const { s } = layout;
    const bx = x + s * 0.27;
    const by = y - s * 0.27;
    const radius = Math.max(8, s * 0.17);
    ctx.beginPath();
    ctx.arc(bx, by, radius, 0, 2 * Math.PI);
    ctx.fillStyle = "#4a148c";
    ctx.fill();
    ctx.fillStyle = "#fff";
    ctx.font = `bold ${Math.round(radius * (label.length > 1 ? 1.1 : 1.4))}px system-ui, sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(label, bx, by + 1);
  }

  const lift = (d) => (d.pointerType === "touch" ? TOUCH_LIFT * layout.s : 0);

  function holeAt(x, y) {
    const { s } = layout;
    const r = Math.floor((y - layout.y) / s);
    if (r < 0 || r >= R) return null;
    const c = Math.floor((x - layout.x) / s - (info.triangular ? (R - 1 - r) / 2 : 0));
    return holes.has(`${r},${c}`) ? [r, c] : null;
  }

  function describeBoard() {
    const left = tn("{n} peg left.", "{n} pegs left.", view.left);
    const chosenText = chosen ? t("Peg at row {row}, column {col} chosen.", { row: chosen[0] + 1, col: chosen[1] + 1 }) : "";
    describe.textContent = chosen ? `${left} ${chosenText}` : left;
    canvas.setAttribute("aria-label", t("Peg solitaire board, {holes} holes. Keys are listed under Help.", { holes: info.holes.length }));
  }

  function choose(cell) {
    chosen = cell;
    if (cell) {
      const n = targetsOf(...cell).length;
      host.status(
        n
          ? tn("Peg chosen: one jump is marked. Tap or drag it there.", "Peg chosen: {n} jumps are marked. Tap or drag it there.", n)
          : t("That peg cannot jump now."),
      );
    }
    describeBoard();
    draw();
  }

  async function jump(from, to) {
    const result = await host.move(`${from[0]},${from[1]}-${to[0]},${to[1]}`);
    if (result.ok) {
      // keep the same peg chosen when it can jump again (a multi-jump move)
      chosen = targetsOf(...to).length ? to : null;
      describeBoard();
      draw();
    }
    return result.ok;
  }

  const hasPeg = (cell) => cell && pegSet.has(`${cell[0]},${cell[1]}`);

  function pos(e) {
    const rect = canvas.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  }

  canvas.addEventListener("pointerdown", async (e) => {
    if (e.button !== 0 && e.pointerType === "mouse") return;
    keyboard = false;
    const { x, y } = pos(e);
    const cell = holeAt(x, y);
    if (hasPeg(cell)) {
      e.preventDefault();
      canvas.focus({ preventScroll: true });
      canvas.setPointerCapture(e.pointerId);
      choose(cell);
      drag = { from: cell, x, y, startX: x, startY: y, moved: false, pointerId: e.pointerId, pointerType: e.pointerType };
      canvas.style.cursor = "grabbing";
    } else if (cell && chosen) {
      await jump(chosen, cell); // tap the peg, then the hole
    } else choose(null);
  });
  canvas.addEventListener("pointermove", (e) => {
    const { x, y } = pos(e);
    if (!drag) {
      if (e.pointerType === "mouse" && layout) canvas.style.cursor = hasPeg(holeAt(x, y)) ? "grab" : "default";
      return;
    }
    if (e.pointerId !== drag.pointerId) return;
    drag.x = x;
    drag.y = y;
    if (!drag.moved && Math.hypot(x - drag.startX, y - drag.startY) > DRAG_SLOP) drag.moved = true;
    if (drag.moved) draw();
  });
  canvas.addEventListener("pointerup", async (e) => {
    if (!drag || e.pointerId !== drag.pointerId) return;
    const d = drag;
    drag = null;
    canvas.style.cursor = "default";
    if (!d.moved) return draw();
    const { x, y } = pos(e);
    const to = holeAt(x, y - lift(d));
    if (to && !(to[0] === d.from[0] && to[1] === d.from[1])) await jump(d.from, to);
    draw();
  });
  canvas.addEventListener("pointercancel", () => {
    drag = null;
    draw();
  });

  canvas.addEventListener("keydown", async (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    keyboard = true;
    const steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (steps[e.key]) {
      const [dr, dc] = steps[e.key];
      for (let k = 1; k < Math.max(R, C); k++) {
        const next = [cursor[0] + dr * k, cursor[1] + dc * k];
        if (holes.has(`${next[0]},${next[1]}`)) {
          cursor = next;
          break;
        }
      }
    } else if (e.key === "Enter" || e.key === " ") {
      if (hasPeg(cursor)) choose([...cursor]);
      else if (chosen) await jump(chosen, [...cursor]);
    } else if (e.key === "Escape") choose(null);
    else return;
    e.preventDefault();
    draw();
  });
  // -- the board editor: it takes the head and the stage over until the board is played or cancelled
  let editor = null;
  const closeEditor = () => {
    if (editor) editor.destroy();
    editor = null;
    host.editing(false); // the game's buttons and clock again
    drawButton.focus();
  };
  drawButton.addEventListener("click", () => {
    // a triangular board cannot be drawn on the square grid: start from the English board's shape
    const square = !info.triangular;
    const english = [];
    for (let r = 0; r < 7; r++) for (let c = 0; c < 7; c++) if ((r >= 2 && r <= 4) || (c >= 2 && c <= 4)) english.push([r, c]);
    host.editing(true); // Hint, Solve, Undo and the clock rest while the game is hidden
    editor = createEditor({
      head,
      stage,
      start: {
        rows: square ? R : 7,
        cols: square ? C : 7,
        holes: square ? info.holes : english,
        pegs: square ? view.pegs : english.filter(([r, c]) => r !== 3 || c !== 3),
        finish: square ? finish : null,
      },
      play: async (desc, anyway) => {
        await host.request("load", { game: "pegs", desc, state: "" }, { label: t("Checking the board") });
        if (!anyway) {
          // a board no sequence of jumps wins is said before it opens, with the reason
          const verdict = await host.request("hint", { game: "pegs", desc, state: "", seconds: 3 }, { label: t("Checking the board") });
          if (verdict.kind === "blocked") return verdict.message;
        }
        closeEditor();
        host.open("pegs", desc);
        return null;
      },
      done: closeEditor,
      status: host.status,
    });
  });

  canvas.addEventListener("focus", () => draw());
  canvas.addEventListener("blur", () => draw());

  return {
    /** @param {import("../views").PegsView} next */
    render(next) {
      view = next;
      pegSet = new Set(view.pegs.map(([r, c]) => `${r},${c}`));
      marks = null;
      if (chosen && !hasPeg(chosen)) chosen = null;
      fit.ensure();
      describeBoard();
      draw();
    },
    showHint(h) {
      const labels = h.labels || [];
      const cells = h.cells || [];
      marks = cells.length || labels.length ? { cells, labels, kind: h.kind === "place" ? "hint" : "blocked" } : null;
      draw();
    },
    layout() {
      if (editor) return { editor: editor.layout(), text: editor.text() };
      const rect = canvas.getBoundingClientRect();
      const at = ([r, c]) => ({ x: rect.left + xOf(r, c), y: rect.top + yOf(r), r, c });
      return {
        cell: layout.s,
        rows: R,
        cols: C,
        holes: info.holes.map(at),
        boards: [{ x: rect.left + layout.x, y: rect.top + layout.y }],
        tray: {},
        canvas: { x: rect.left, y: rect.top, width: rect.width, height: rect.height },
        chosen,
        labels: (marks && marks.labels) || [],
      };
    },
    destroy() {
      if (editor) editor.destroy();
      fit.disconnect();
      root.replaceChildren();
    },
  };
}
