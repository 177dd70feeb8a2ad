// GandaGalo's view: a grid of squares to fill with X and O. It knows no rules: every mark is a
// move the core checks (host.move), and what counts as a mistake, a broken line or a finished
// board comes from the core's view. Tap cycles a square through X, O and empty.
import { button, el } from "../ui/dom.js";
import { N_, t, tn } from "../ui/i18n.js";
import { fitToStage, gridLayout, zoomControls } from "../ui/paint.js";
import { highContrast, ink } from "../ui/theme.js";

const MAX_CELL = 84; // CSS pixels a square: a 6 x 6 board still fills a projector
const SHOW_MISTAKES = "pento.gandagalo.mistakes"; // a setting kept on this device

/** The keys of this view, for the shell's help. */
export const KEYS = [
  [N_("Arrow keys"), N_("move the cursor")],
  ["X / O", N_("put an X or an O in the square")],
  [N_("Space or Enter"), N_("cycle the square: X, O, empty")],
  [N_("Backspace or Delete"), N_("empty the square")],
  ["A", N_("set an anchor")],
  ["B", N_("back to the anchor")],
  ["C", N_("check for mistakes")],
  [N_("Ctrl+Z / Ctrl+Y"), N_("undo / redo")],
  ["?", N_("this help")],
];

function readSetting() {
  try {
    return localStorage.getItem(SHOW_MISTAKES) === "yes";
  } catch {
    return false; // storage blocked (an embedded page): the default
  }
}

function writeSetting(on) {
  try {
    localStorage.setItem(SHOW_MISTAKES, on ? "yes" : "no");
  } catch {
    // storage blocked: the setting lasts as long as the page
  }
}

export function createView({ root, info, host }) {
  const R = info.rows;
  const C = info.cols;
  const key = (r, c) => `${r},${c}`;
  const blocked = new Set(info.blocked.map(([r, c]) => key(r, c)));
  const givens = new Map(info.givens.map(([r, c, m]) => [key(r, c), m]));
  let view = /** @type {import("../views").GandaGaloView} */ ({ marks: [], since_anchor: [], broken: [], wrong: [], anchors: 0 });
  let marks = new Map(); // the player's marks, "r,c" -> "X" | "O"
  let since = new Set();
  let cursor = [0, 0];
  let keyboard = false;
  let checking = false; // mistakes shown until the next move (the Check button)
  let showMistakes = readSetting();
  let hint = null; // {target: [r, c], mark, cells, kind}
  let layout = null;

  const canvas = el("canvas", { tabIndex: 0, className: "board-canvas" });
  canvas.setAttribute("role", "application");
  canvas.setAttribute("aria-roledescription", t("GandaGalo board"));
  const describe = el("p", { className: "sr-only" });
  describe.setAttribute("aria-live", "polite");
  const anchorButton = button(t("Anchor"), t("Remember this position before trying a supposition (A)"), () => send("anchor"));
  const backButton = button(t("Back to anchor"), t("Return to the position of the latest anchor (B)"), () => send("back"));
  const keepButton = button(t("Keep"), t("The supposition was right: drop the anchor and keep the marks"), () => send("keep"));
  const checkButton = button(t("Check"), t("Show the mistakes on the board now (C)"), () => check());
  const mistakesBox = el("input", { type: "checkbox", checked: showMistakes });
  mistakesBox.addEventListener("change", () => {
    showMistakes = mistakesBox.checked;
    writeSetting(showMistakes);
    draw();
    if (showMistakes) report();
  });
  const tools = el("div", { className: "view-tools", role: "toolbar", ariaLabel: t("GandaGalo tools") }, [
    anchorButton,
    backButton,
    keepButton,
    checkButton,
    el("label", { className: "gg-setting" }, [mistakesBox, " " + t("Show mistakes")]),
  ]);
  const head = el("div", { className: "view-head" }, [el("p", { className: "goal", textContent: info.goal || "" }), tools]);
  const stage = el("div", { className: "stage" }, [canvas]);
  root.replaceChildren(head, stage, describe);
  const ctx = canvas.getContext("2d");

  // a big board on a phone: zoom buttons beside the tools (and two fingers pinch the page)
  const zoom = zoomControls(stage, () => fit.refresh()); // a new zoom: the layout made again
  tools.append(zoom.element);
  const fit = fitToStage(stage, canvas, () => gridLayout(stage, R, C, 12, MAX_CELL, zoom.zoom()), (next) => {
    layout = next;
    zoom.update(next.fit);
    draw();
  });

  const markAt = (r, c) => givens.get(key(r, c)) || marks.get(key(r, c)) || ".";
  const mistakesShown = () => checking || showMistakes;

  function draw() {
    if (!layout) return;
    const { s, x: x0, y: y0 } = layout;
    ctx.clearRect(0, 0, layout.width, layout.height);
    const colours = ink();
    const wrong = new Set(mistakesShown() ? view.wrong.map(([r, c]) => key(r, c)) : []);
    const broken = new Set(mistakesShown() ? view.broken.map(([r, c]) => key(r, c)) : []);
    const hinted = new Set(hint ? hint.cells.map(([r, c]) => key(r, c)) : []);
    for (let r = 0; r < R; r++) {
      for (let c = 0; c < C; c++) {
        const x = x0 + c * s;
        const y = y0 + r * s;
        const k = key(r, c);
        if (blocked.has(k)) {
          ctx.fillStyle = colours.blocked;
          ctx.fillRect(x, y, s, s);
          ctx.strokeStyle = "rgba(255,255,255,0.16)";
          ctx.lineWidth = 1;
          ctx.beginPath();
          for (let d = s / 4; d < 2 * s; d += s / 4) {
            ctx.moveTo(x + Math.max(0, d - s), y + Math.min(s, d));
            ctx.lineTo(x + Math.min(s, d), y + Math.max(0, d - s));
          }
          ctx.stroke();
          continue;
        }
        ctx.fillStyle = givens.has(k) ? colours.given : colours.table;
        if (wrong.has(k) || broken.has(k)) ctx.fillStyle = colours.wrongFill;
        if (hint && hint.kind === "place" && hint.target[0] === r && hint.target[1] === c) ctx.fillStyle = colours.hintFill;
        else if (hinted.has(k)) ctx.fillStyle = hint.kind === "place" ? colours.namedFill : colours.wrongFill;
        ctx.fillRect(x, y, s, s);
        const mark = markAt(r, c);
        if (mark !== ".") {
          const color = givens.has(k) ? colours.markGiven : since.has(k) ? colours.markAnchor : mark === "X" ? colours.markX : colours.markO;
          // high contrast draws them thicker; X and O differ by shape as well as colour
          drawMark(mark, x, y, s, color, (givens.has(k) ? 0.13 : 0.1) * colours.outlineScale ** 0.5, false);
        } else if (hint && hint.kind === "place" && hint.target[0] === r && hint.target[1] === c) {
          ctx.globalAlpha = highContrast() ? 1 : 0.45; // a dashed mark: the hint, not a move
          drawMark(hint.mark, x, y, s, colours.ok, 0.1, true);
          ctx.globalAlpha = 1;
        }
      }
    }
    // the grid
    ctx.strokeStyle = colours.thin;
    ctx.lineWidth = colours.outlineScale;
    ctx.beginPath();
    for (let r = 0; r <= R; r++) (ctx.moveTo(x0, y0 + r * s), ctx.lineTo(x0 + C * s, y0 + r * s));
    for (let c = 0; c <= C; c++) (ctx.moveTo(x0 + c * s, y0), ctx.lineTo(x0 + c * s, y0 + R * s));
    ctx.stroke();
    ctx.strokeStyle = colours.thick;
    ctx.lineWidth = 2 * colours.outlineScale;
    ctx.strokeRect(x0, y0, C * s, R * s);
    if (mistakesShown() && view.broken.length) strikeBrokenLines(new Set(view.broken.map(([r, c]) => key(r, c))));
    if (keyboard && document.activeElement === canvas) {
      const [r, c] = cursor;
      ctx.strokeStyle = colours.focus;
      ctx.lineWidth = colours.focusWidth;
      ctx.strokeRect(x0 + c * s + 2, y0 + r * s + 2, s - 4, s - 4);
    }
  }

  function drawMark(mark, x, y, s, color, width, dashed) {
    ctx.strokeStyle = color;
    ctx.lineWidth = Math.max(2, s * width);
    ctx.lineCap = "round";
    ctx.setLineDash(dashed ? [Math.max(3, s * 0.12), Math.max(3, s * 0.09)] : []);
    ctx.beginPath();
    const m = s * 0.26;
    if (mark === "X") {
      ctx.moveTo(x + m, y + m);
      ctx.lineTo(x + s - m, y + s - m);
      ctx.moveTo(x + s - m, y + m);
      ctx.lineTo(x + m, y + s - m);
    } else {
      ctx.arc(x + s / 2, y + s / 2, s / 2 - m, 0, 2 * Math.PI);
    }
    ctx.stroke();
    ctx.setLineDash([]);
  }

  // a red line through every three equal marks in a line
  function strikeBrokenLines(cells) {
    const { s, x: x0, y: y0 } = layout;
    ctx.strokeStyle = ink().bad;
    ctx.lineWidth = Math.max(2, s * 0.07);
    ctx.beginPath();
    for (const [r, c] of view.broken) {
      const m = markAt(r, c);
      for (const [dr, dc] of [[0, 1], [1, 0], [1, 1], [1, -1]]) {
        const a = [r + dr, c + dc];
        const b = [r + 2 * dr, c + 2 * dc];
        if (cells.has(key(...a)) && cells.has(key(...b)) && markAt(...a) === m && markAt(...b) === m) {
          ctx.moveTo(x0 + (c + 0.5) * s, y0 + (r + 0.5) * s);
          ctx.lineTo(x0 + (b[1] + 0.5) * s, y0 + (b[0] + 0.5) * s);
        }
      }
    }
    ctx.stroke();
  }

  function cellAt(px, py) {
    const { s, x: x0, y: y0 } = layout;
    const r = Math.floor((py - y0) / s);
    const c = Math.floor((px - x0) / s);
    return r >= 0 && r < R && c >= 0 && c < C ? [r, c] : null;
  }

  /** @param {number[]} square */
  const name = ([r, c]) => `(${r + 1},${c + 1})`;

  function describeBoard() {
    const anchors = view.anchors ? " " + tn("One anchor set.", "{n} anchors set.", view.anchors) : "";
    const [r, c] = cursor;
    const here = blocked.has(key(r, c))
      ? t("blocked")
      : givens.has(key(r, c))
        ? t("given {mark}", { mark: givens.get(key(r, c)) })
        : markAt(r, c) === "."
          ? t("empty")
          : markAt(r, c);
    describe.textContent = `${view.summary || ""}${anchors} ` + t("Cursor at {square}: {here}.", { square: name(cursor), here });
    canvas.setAttribute("aria-label", t("GandaGalo board, {rows} rows by {cols} columns. Keys are listed under Help.", { rows: R, cols: C }));
  }

  function sync() {
    // anchors are numbered as they are set: Back returns to the latest, so the button names it
    backButton.textContent = view.anchors > 1 ? t("Back to anchor {n}", { n: view.anchors }) : t("Back to anchor");
    backButton.disabled = !view.anchors;
    keepButton.disabled = !view.anchors;
  }

  // moves run one after another, each worked out when its turn comes (after the last one's board
  // is drawn), so quick taps cycle a square exactly as far as they were tapped
  let queue = Promise.resolve();
  function later(action) {
    queue = queue.then(action, action);
    return queue;
  }
  const send = (move) => later(() => host.move(move));

  function report() {
    const n = view.wrong.length;
    const b = view.broken.length;
    if (!n && !b) host.status(t("No mistakes so far."), "success");
    else {
      const parts = [];
      if (b) parts.push(t("three equal marks in a line"));
      if (n) parts.push(tn("one mark the solution does not have", "{n} marks the solution does not have", n));
      const and = t(", and ");
      host.status(t("Marked on the board: {what}.", { what: parts.join(and) }), "error");
    }
  }

  function check() {
    checking = true;
    draw();
    report();
  }

  const NEXT = { ".": "X", X: "O", O: "." };
  const PREVIOUS = { ".": "O", X: ".", O: "X" };

  // put `mark` (a function of the square's mark when the move's turn comes) in a square
  /**
   * @param {number[]} square
   * @param {(now: string) => string} mark
   */
  function set([r, c], mark) {
    return later(async () => {
      const k = key(r, c);
      if (blocked.has(k)) return host.status(t("The square at {square} is blocked: nobody plays there.", { square: name([r, c]) }));
      if (givens.has(k)) return host.status(t("The {mark} at {square} is given and stays.", { mark: givens.get(k), square: name([r, c]) }));
      const want = mark(marks.get(k) || ".");
      if ((marks.get(k) || ".") !== want) await host.move(`${r},${c}=${want}`);
    });
  }

  let tap = null; // a finger down on a zoomed board: a tap marks, a drag pans (the browser's)
  canvas.addEventListener("pointerdown", async (e) => {
    if (e.pointerType === "mouse" && e.button !== 0 && e.button !== 2) return;
    if (zoom.zoomed() && e.pointerType === "touch") {
      tap = { id: e.pointerId, x: e.clientX, y: e.clientY };
      return;
    }
    e.preventDefault();
    await press(e.clientX, e.clientY, e.button === 2);
  });
  canvas.addEventListener("pointerup", async (e) => {
    const t0 = tap;
    tap = null;
    if (!t0 || t0.id !== e.pointerId || Math.hypot(e.clientX - t0.x, e.clientY - t0.y) > 10) return;
    await press(t0.x, t0.y, false);
  });
  canvas.addEventListener("pointercancel", () => (tap = null)); // the browser took it as a pan

  async function press(clientX, clientY, backwards) {
    canvas.focus({ preventScroll: true });
    keyboard = false;
    const rect = canvas.getBoundingClientRect();
    const cell = cellAt(clientX - rect.left, clientY - rect.top);
    if (!cell) return;
    cursor = cell;
    await set(cell, (now) => (backwards ? PREVIOUS[now] : NEXT[now]));
  }
  canvas.addEventListener("contextmenu", (e) => e.preventDefault()); // right click cycles backwards

  canvas.addEventListener("keydown", async (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    keyboard = true;
    const steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    if (steps[k]) {
      const [dr, dc] = steps[k];
      cursor = [Math.min(R - 1, Math.max(0, cursor[0] + dr)), Math.min(C - 1, Math.max(0, cursor[1] + dc))];
      describeBoard();
    } else if (k === "x" || k === "o") set(cursor, () => k.toUpperCase());
    else if (k === " " || k === "Enter") set(cursor, (now) => NEXT[now]);
    else if (k === "Backspace" || k === "Delete") set(cursor, () => ".");
    else if (k === "a") send("anchor");
    else if (k === "b") {
      if (view.anchors) send("back");
      else host.status(t("There is no anchor to go back to: press A to set one."));
    } else if (k === "c") check();
    else return;
    e.preventDefault();
    draw();
  });
  canvas.addEventListener("focus", () => draw());
  canvas.addEventListener("blur", () => draw());

  return {
    /** @param {import("../views").GandaGaloView} next */
    render(next) {
      view = next;
      marks = new Map(view.marks.map(([r, c, m]) => [key(r, c), m]));
      since = new Set(view.since_anchor.map(([r, c]) => key(r, c)));
      checking = false;
      hint = null;
      fit.ensure();
      sync();
      describeBoard();
      draw();
    },
    showHint(h) {
      const cells = h.cells || [];
      if (h.kind === "place" && h.move) {
        const [at, mark] = h.move.split("=");
        const target = at.split(",").map(Number);
        hint = { kind: "place", target, mark, cells: cells.slice(1) };
        cursor = target;
      } else hint = cells.length ? { kind: "blocked", target: [-1, -1], mark: "", cells } : null;
      draw();
    },
    layout() {
      const rect = canvas.getBoundingClientRect();
      return {
        cell: layout.s,
        rows: R,
        cols: C,
        boards: [{ x: rect.left + layout.x, y: rect.top + layout.y }],
        tray: {}, // no pieces to place: every square is on the board
        canvas: { x: rect.left, y: rect.top, width: rect.width, height: rect.height },
        cursor,
        mistakesShown: mistakesShown(),
        hint,
      };
    },
    destroy() {
      fit.disconnect();
      root.replaceChildren();
    },
  };
}
