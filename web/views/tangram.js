// Tangram's view: a table with the silhouette and a tray with the seven tans. It knows no
// geometry beyond drawing: a drop sends where the tan was let go (decimal table units) and the
// core snaps it to an exact place; turns, flips and the thermometer all come from the core.
import { button, el } from "../ui/dom.js";
import { N_, t } from "../ui/i18n.js";
import { fitToStage } from "../ui/paint.js";
import { ink } from "../ui/theme.js";

const DRAG_SLOP = 6; // pixels before a press becomes a drag
const TOUCH_LIFT = 1.5; // table units: a tan dragged by a finger is drawn this far above it
const TWIST_STEP = Math.PI / 4; // a tan turns by 45 degrees...
const TWIST_AT = Math.PI / 6; // ...once the fingers have twisted 30 degrees past its last turn
const MAX_UNIT = 140; // CSS pixels per table unit (a small triangle's leg)
const TRAY_GAP = 0.35; // units between tans in the tray
const COLORS = { S: "#f4a261", M: "#e76f51", L: "#2a9d8f", Q: "#e9c46a", P: "#8ab17d" };
const COLORS2 = { S: "#f7c59f", L: "#457b9d" }; // the second small and large triangle
const NAMES = { S: N_("small triangle"), M: N_("medium triangle"), L: N_("large triangle"), Q: N_("square"), P: N_("parallelogram") };

/** The keys of this view, for the shell's help. */
export const KEYS = [
  [N_("1 to 7"), N_("choose a tan: the large triangles 1 and 2, the medium one 3, the small ones 4 and 5, the square 6, the parallelogram 7 (the numbers are written on the tans)")],
  [N_("Enter"), N_("put the chosen tan from the tray on the table")],
  [N_("Arrow keys"), N_("move the chosen tan to the next place where one of its corners lines up with a corner or an edge middle (Shift+arrows: half a unit)")],
  [N_("R / Shift+R"), N_("turn the chosen tan by 45 degrees, counter-clockwise / clockwise")],
  ["F", N_("flip the chosen tan over")],
  [N_("Delete or Backspace"), N_("put the chosen tan back in the tray")],
  [N_("Ctrl+Z / Ctrl+Y"), N_("undo / redo")],
  ["?", N_("this help")],
];

function bounds(points) {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

function inside([x, y], poly) {
  let hit = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [ax, ay] = poly[i];
    const [bx, by] = poly[j];
    if (ay > y !== by > y && x < ax + ((y - ay) * (bx - ax)) / (by - ay)) hit = !hit;
  }
  return hit;
}

export function createView({ root, info, host }) {
  const [tx0, ty0, tx1, ty1] = info.table;
  const tableW = tx1 - tx0;
  const tableH = ty1 - ty0;
  const tans = info.tans; // [{code, name, points}] at turn 0, first corner at 0,0
  const numbered = info.numbered; // the slots of info.tans as the player numbers them (keys 1 to 7)
  const colorOf = (i) => (tans.slice(0, i).some((other) => other.code === tans[i].code) ? COLORS2[tans[i].code] : COLORS[tans[i].code]);
  let view = /** @type {import("../views").TangramView} */ ({ tans: tans.map(() => null), progress: 0, made: "" });
  let chosen = -1;
  let drag = null; // {i, start:[px,py], grab:[dx,dy] px from the anchor, lift (px, a finger's), at:[px,py] pointer, moved}
  let twist = null; // {i, angle, pointers}
  const pointers = new Map();
  let flash = null; // {i, until}
  let layout = null;

  const canvas = el("canvas", { tabIndex: 0, className: "board-canvas" });
  canvas.setAttribute("role", "application");
  canvas.setAttribute("aria-roledescription", t("tangram table"));
  canvas.style.touchAction = "none";
  const describe = el("p", { className: "sr-only" });
  describe.setAttribute("aria-live", "polite");
  const left = button(t("⟲ Turn"), t("Turn the chosen tan 45° counter-clockwise (R)"), () => turn(1));
  const right = button(t("⟳ Turn"), t("Turn the chosen tan 45° clockwise (Shift+R)"), () => turn(-1));
  const flipButton = button(t("Flip"), t("Turn the chosen tan over (F)"), () => flip());
  const trayButton = button(t("To tray"), t("Put the chosen tan back in the tray (Delete)"), () => toTray());
  const save = button(t("Save as puzzle"), t("Make a puzzle of this figure, with a link to share"), () => saveFigure());
  save.className = "primary";
  save.hidden = !info.free;
  const thermo = el("div", { className: "thermo" });
  thermo.setAttribute("role", "progressbar");
  thermo.setAttribute("aria-label", t("How much of the silhouette is made"));
  thermo.setAttribute("aria-valuemin", "0");
  thermo.setAttribute("aria-valuemax", "100");
  const thermoFill = el("div", { className: "thermo-fill" });
  const thermoText = el("span", { className: "thermo-text" });
  thermo.append(thermoFill, thermoText);
  thermo.hidden = !!info.free;
  const tools = el("div", { className: "view-tools", role: "toolbar", ariaLabel: t("Tangram tools") }, [
    left,
    right,
    flipButton,
    trayButton,
    save,
  ]);
  const head = el("div", { className: "view-head" }, [el("p", { className: "goal", textContent: info.goal || "" }), thermo, tools]);
  const stage = el("div", { className: "stage" }, [canvas]);
  root.replaceChildren(head, stage, describe);
  const ctx = canvas.getContext("2d");

  // the tray's slots, in units: each tan at turn 0 in a box; laid out in rows of at most `width`
  const boxes = tans.map((tan) => bounds(tan.points));
  function trayPlan(width) {
    const slots = [];
    let x = TRAY_GAP;
    let y = TRAY_GAP;
    let rowH = 0;
    let w = 0;
    for (const i of numbered) {
      const b = boxes[i];
      const bw = b.x1 - b.x0;
      const bh = b.y1 - b.y0;
      if (x > TRAY_GAP && x + bw + TRAY_GAP > width) {
        x = TRAY_GAP;
        y += rowH + TRAY_GAP;
        rowH = 0;
      }
      slots[i] = { x, y, w: bw, h: bh };
      x += bw + TRAY_GAP;
      w = Math.max(w, x);
      rowH = Math.max(rowH, bh);
    }
    return { slots, w, h: y + rowH + TRAY_GAP };
  }

  // beside the table (a wide stage) or below it (a tall one): whichever gives bigger tans
  function computeLayout() {
    const W = Math.max(160, stage.clientWidth);
    const H = Math.max(160, stage.clientHeight);
    const options = [];
    for (const trayWidth of [4.9, 7.2]) {
      const plan = trayPlan(trayWidth);
      const s = Math.min((W - 12) / (tableW + plan.w), (H - 12) / Math.max(tableH, plan.h), MAX_UNIT);
      options.push({ s, plan, side: true });
    }
    for (const trayWidth of [Math.max(tableW, 7.2), 13]) {
      const plan = trayPlan(trayWidth);
      const s = Math.min((W - 12) / Math.max(tableW, plan.w), (H - 12) / (tableH + plan.h), MAX_UNIT);
      options.push({ s, plan, side: false });
    }
    const best = options.reduce((a, b) => (b.s > a.s + 1e-9 ? b : a));
    const s = Math.floor(best.s);
    const { plan, side } = best;
    const width = Math.ceil(side ? (tableW + plan.w) * s : Math.max(tableW, plan.w) * s) + 8;
    const height = Math.ceil(side ? Math.max(tableH, plan.h) * s : (tableH + plan.h) * s) + 8;
    const table = { x: 4, y: 4, w: tableW * s, h: tableH * s };
    const tray = side
      ? { x: 4 + tableW * s, y: 4, w: plan.w * s, h: Math.max(tableH, plan.h) * s }
      : { x: 4, y: 4 + tableH * s, w: Math.max(tableW, plan.w) * s, h: plan.h * s };
    return { s, width, height, table, tray, plan };
  }

  const fit = fitToStage(stage, canvas, computeLayout, (next) => {
    layout = next;
    draw();
  });

  // table units <-> canvas pixels (y up on the table)
  const px = ([x, y]) => [layout.table.x + (x - tx0) * layout.s, layout.table.y + (ty1 - y) * layout.s];
  const unit = ([x, y]) => [tx0 + (x - layout.table.x) / layout.s, ty1 - (y - layout.table.y) / layout.s];

  // where tan i is drawn, in pixels: on the table, in its tray slot, or under the finger
  function pixelsOf(i) {
    const placed = view.tans[i];
    let points;
    if (placed) points = placed.points.map(px);
    else {
      const slot = layout.plan.slots[i];
      const b = boxes[i];
      points = tans[i].points.map(([x, y]) => [
        layout.tray.x + (slot.x + x - b.x0) * layout.s,
        layout.tray.y + (slot.y + b.y1 - y) * layout.s,
      ]);
    }
    if (drag && drag.i === i && drag.moved) {
      const [ax, ay] = anchorPx(i);
      const dx = drag.at[0] - drag.grab[0] - ax;
      const dy = drag.at[1] - drag.lift - drag.grab[1] - ay;
      points = points.map(([x, y]) => [x + dx, y + dy]);
    }
    return points;
  }

  // the pixel position of tan i's first corner where it lies (not where it is dragged)
  function anchorPx(i) {
    const placed = view.tans[i];
    if (placed) return px(placed.at);
    const slot = layout.plan.slots[i];
    const b = boxes[i];
    return [layout.tray.x + (slot.x - b.x0) * layout.s, layout.tray.y + (slot.y + b.y1) * layout.s];
  }

  function path(points) {
    ctx.beginPath();
    points.forEach(([x, y], k) => (k ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
    ctx.closePath();
  }

  function draw() {
    if (!layout) return;
    const { s, table, tray } = layout;
    ctx.clearRect(0, 0, layout.width, layout.height);
    const colours = ink();
    ctx.fillStyle = colours.table;
    ctx.fillRect(table.x, table.y, table.w, table.h);
    ctx.fillStyle = colours.cellAlt;
    ctx.fillRect(tray.x, tray.y, tray.w, tray.h);
    ctx.strokeStyle = colours.thin;
    ctx.lineWidth = colours.outlineScale;
    ctx.strokeRect(table.x + 0.5, table.y + 0.5, table.w - 1, table.h - 1);
    ctx.strokeRect(tray.x + 0.5, tray.y + 0.5, tray.w - 1, tray.h - 1);
    if (info.outline.length) {
      ctx.beginPath();
      for (const loop of [info.outline, ...info.holes]) {
        loop.map(px).forEach(([x, y], k) => (k ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
        ctx.closePath();
      }
      ctx.fillStyle = view.complete ? colours.ok : colours.blocked;
      ctx.fill("evenodd");
    }
    const order = [...tans.keys()].filter((i) => !(drag && drag.i === i && drag.moved));
    if (drag && drag.moved) order.push(drag.i); // the dragged tan on top
    for (const i of order) {
      const points = pixelsOf(i);
      path(points);
      ctx.fillStyle = colorOf(i);
      ctx.globalAlpha = view.tans[i] || (drag && drag.i === i) ? 0.93 : 1;
      ctx.fill();
      ctx.globalAlpha = 1;
      const lit = i === chosen || (flash && flash.i === i);
      ctx.strokeStyle = lit ? colours.focus : colours.outline;
      ctx.lineWidth = (lit ? Math.max(3, s / 18) : Math.max(1.2, s / 50)) * colours.outlineScale;
      ctx.lineJoin = "round";
      ctx.stroke();
      if (s >= 28) {
        // the tan's key, so that keyboard players and colour-blind players tell them apart
        const c = points.reduce((a, p) => [a[0] + p[0] / points.length, a[1] + p[1] / points.length], [0, 0]);
        ctx.fillStyle = colours.letter;
        ctx.font = `600 ${Math.floor(Math.min(22, s * 0.28))}px system-ui, sans-serif`;
        ctx.textAlign = "center";
        ctx.textBaseline = "middle";
        ctx.fillText(String(numbered.indexOf(i) + 1), c[0], c[1]);
      }
    }
  }

  function hit(x, y) {
    for (let i = tans.length - 1; i >= 0; i--) if (view.tans[i] && inside([x, y], pixelsOf(i))) return i;
    for (let i = 0; i < tans.length; i++) if (!view.tans[i] && inside([x, y], pixelsOf(i))) return i;
    return -1;
  }

  const inTray = ([x, y]) => {
    const tray = layout.tray;
    return x >= tray.x && x <= tray.x + tray.w && y >= tray.y && y <= tray.y + tray.h;
  };

  // moves run one after another, each sent when the last one's position is drawn
  let queue = Promise.resolve();
  /**
   * @param {() => Promise<any>} action
   * @returns {Promise<any>}
   */
  function later(action) {
    queue = queue.then(action, action);
    return queue;
  }
  const send = (move) => later(() => host.move(move));
  const num = (v) => v.toFixed(4);

  function needChosen(onTable) {
    if (chosen < 0) {
      host.status(t("Choose a tan first: tap it, or press 1 to 7."));
      return false;
    }
    if (onTable && !view.tans[chosen]) {
      host.status(t("The {tan} is in the tray: drag it onto the table first (or press Enter).", { tan: t(NAMES[tans[chosen].code]) }));
      return false;
    }
    return true;
  }
  const turn = (step) => needChosen(true) && send(`turn ${chosen} ${step > 0 ? "+1" : "-1"}`);
  const flip = () => needChosen(true) && send(`flip ${chosen}`);
  const toTray = () => needChosen(true) && send(`${chosen}=-`);

  async function saveFigure() {
    if (!view.made) {
      host.status(t("Lay all seven tans into one figure first: touching along their edges, none overlapping."));
      return;
    }
    const desc = view.made;
    try {
      await host.request("load", { game: "tangram", desc, state: "" }, { label: t("Checking the figure") });
    } catch (err) {
      host.status(String(err.message || err), "error");
      return;
    }
    host.open("tangram", desc);
  }

  // a tan dropped with its first corner at pixel (x, y): moved as little as needed to lie wholly on
  // the table (its corners' offsets from the first one are where it lies now, or in the tray)
  function dropAt(i, x, y) {
    const [ux, uy] = unit([x, y]);
    const placed = view.tans[i];
    const offsets = placed ? placed.points.map(([px_, py_]) => [px_ - placed.at[0], py_ - placed.at[1]]) : tans[i].points;
    const b = bounds(offsets);
    const cx = Math.min(tx1 - b.x1, Math.max(tx0 - b.x0, ux));
    const cy = Math.min(ty1 - b.y1, Math.max(ty0 - b.y0, uy));
    return send(`drop ${i} ${num(cx)} ${num(cy)}`);
  }

  function pointerXY(e) {
    const rect = canvas.getBoundingClientRect();
    return [e.clientX - rect.left, e.clientY - rect.top];
  }

  canvas.addEventListener("pointerdown", (e) => {
    if (e.pointerType === "mouse" && e.button !== 0) return;
    e.preventDefault();
    canvas.focus({ preventScroll: true });
    const p = pointerXY(e);
    pointers.set(e.pointerId, p);
    if (pointers.size === 2 && chosen >= 0 && view.tans[chosen]) {
      // a second finger: twist the chosen tan instead of dragging it
      drag = null;
      const [a, b] = [...pointers.values()];
      twist = { i: chosen, angle: Math.atan2(b[1] - a[1], b[0] - a[0]) };
      draw();
      return;
    }
    if (pointers.size > 1) return;
    const i = hit(...p);
    if (i < 0) return;
    chosen = i;
    const [ax, ay] = anchorPx(i);
    // under a finger the tan is drawn (and dropped) above it, where the player can see it
    const lift = e.pointerType === "touch" ? Math.round(layout.s * TOUCH_LIFT) : 0;
    drag = { i, start: p, at: p, grab: [p[0] - ax, p[1] - ay], lift, moved: false };
    canvas.setPointerCapture(e.pointerId);
    describeTable();
    draw();
  });

  canvas.addEventListener("pointermove", (e) => {
    if (!pointers.has(e.pointerId)) return;
    const p = pointerXY(e);
    pointers.set(e.pointerId, p);
    if (twist && pointers.size >= 2) {
      const [a, b] = [...pointers.values()];
      const angle = Math.atan2(b[1] - a[1], b[0] - a[0]);
      let delta = angle - twist.angle;
      if (delta > Math.PI) delta -= 2 * Math.PI;
      if (delta < -Math.PI) delta += 2 * Math.PI;
      if (Math.abs(delta) >= TWIST_AT) {
        twist.angle += Math.sign(delta) * TWIST_STEP; // the tan follows the fingers: 90 degrees, two turns
        // the screen's y runs down: a clockwise twist on screen turns the tan clockwise
        send(`turn ${twist.i} ${delta > 0 ? "-1" : "+1"}`);
      }
      return;
    }
    if (!drag) return;
    drag.at = p;
    if (!drag.moved && Math.hypot(p[0] - drag.start[0], p[1] - drag.start[1]) > DRAG_SLOP) drag.moved = true;
    if (drag.moved) draw();
  });

  function release(e) {
    if (!pointers.has(e.pointerId)) return;
    pointers.delete(e.pointerId);
    if (twist) {
      if (pointers.size === 0) twist = null;
      return;
    }
    const d = drag;
    drag = null;
    if (!d) return;
    if (!d.moved || e.type === "pointercancel") {
      draw();
      if (!view.tans[d.i] && e.type !== "pointercancel") {
        host.status(t("The {tan} is chosen: drag it onto the table.", { tan: t(NAMES[tans[d.i].code]) }));
      }
      return;
    }
    const corner = [d.at[0] - d.grab[0], d.at[1] - d.lift - d.grab[1]];
    if (inTray([d.at[0], d.at[1] - d.lift])) { // where the tan is drawn, not where the finger is
      if (view.tans[d.i]) send(`${d.i}=-`);
      else draw();
      return;
    }
    const dropped = performance.now();
    dropAt(d.i, ...corner).then(() => {
      draw();
      // from letting go to the snapped tan and the thermometer on screen (bench/bench_tangram.py)
      requestAnimationFrame(() => performance.measure("pento-tangram-drop", { start: dropped, end: performance.now() }));
    });
  }
  canvas.addEventListener("pointerup", release);
  canvas.addEventListener("pointercancel", release);
  canvas.addEventListener("dblclick", (e) => {
    const i = hit(...pointerXY(e));
    if (i >= 0 && view.tans[i]) {
      chosen = i;
      send(`turn ${i} +1`);
    }
  });

  canvas.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const k = e.key;
    const steps = { ArrowUp: ["0", "1/2", "up"], ArrowDown: ["0", "-1/2", "down"], ArrowLeft: ["-1/2", "0", "left"], ArrowRight: ["1/2", "0", "right"] };
    if (/^[1-7]$/.test(k)) {
      chosen = numbered[Number(k) - 1];
      describeTable();
      draw();
    } else if (steps[k]) {
      // an arrow goes to the next place where a corner lines up with a snapping mark (the core's
      // "step"): keys alone reach every place a drop snaps to; Shift+arrow moves half a unit
      if (needChosen(true)) send(e.shiftKey ? `shift ${chosen} ${steps[k][0]} ${steps[k][1]}` : `step ${chosen} ${steps[k][2]}`);
    } else if (k === "r" || k === "R") turn(e.shiftKey ? -1 : 1);
    else if (k === "f" || k === "F") flip();
    else if (k === "Delete" || k === "Backspace") toTray();
    else if (k === "Enter" || k === " ") {
      if (!needChosen(false)) return;
      if (view.tans[chosen]) host.status(t("The {tan} is already on the table.", { tan: t(NAMES[tans[chosen].code]) }));
      else send(`drop ${chosen} ${num((tx0 + tx1) / 2)} ${num((ty0 + ty1) / 2)}`); // in the middle, near where tans go
    } else if (k === "Escape") {
      chosen = -1;
      draw();
    } else return;
    e.preventDefault();
  });
  canvas.addEventListener("focus", () => draw());

  function describeTable() {
    const tan = chosen >= 0 ? t(NAMES[tans[chosen].code]) : "";
    const here = chosen < 0 ? "" : " " + (view.tans[chosen] ? t("Chosen: the {tan}, on the table.", { tan }) : t("Chosen: the {tan}, in the tray.", { tan }));
    describe.textContent = `${view.summary || ""}${here}`;
    canvas.setAttribute("aria-label", t("Tangram table: {name}. Keys are listed under Help.", { name: info.name }));
  }

  function sync() {
    const p = view.progress;
    if (p !== null && p !== undefined) {
      thermoFill.style.width = `${p}%`;
      thermoText.textContent = `${p}%`;
      thermo.setAttribute("aria-valuenow", String(p));
      thermo.classList.toggle("full", p === 100);
    }
    save.disabled = !view.made;
  }

  return {
    /** @param {import("../views").TangramView} next */
    render(next) {
      view = next;
      fit.ensure();
      sync();
      describeTable();
      draw();
    },
    showHint(h) {
      if (h.kind !== "place" || !h.move) return;
      const i = Number(h.move.split("=")[0]);
      send(h.move).then((r) => {
        if (!r || !r.ok) return;
        chosen = i;
        flash = { i };
        host.status(h.message);
        draw();
        setTimeout(() => {
          flash = null;
          draw();
        }, 1500);
      });
    },
    layout() {
      const rect = canvas.getBoundingClientRect();
      const tray = {};
      tans.forEach((t, i) => {
        if (view.tans[i]) return;
        const pts = pixelsOf(i);
        const c = pts.reduce((a, p) => [a[0] + p[0] / pts.length, a[1] + p[1] / pts.length], [0, 0]);
        (tray[t.code] ||= []).push({ x: rect.left + c[0], y: rect.top + c[1], index: i });
      });
      return {
        cell: layout.s,
        rows: tableH,
        cols: tableW,
        boards: [{ x: rect.left + layout.table.x, y: rect.top + layout.table.y }],
        table: info.table,
        tray,
        canvas: { x: rect.left, y: rect.top, width: rect.width, height: rect.height },
        chosen,
        progress: view.progress,
        // a table point (units) in page pixels, for tests that drag tans to exact places
        unit: layout.s,
        origin: { x: rect.left + layout.table.x - tx0 * layout.s, y: rect.top + layout.table.y + ty1 * layout.s },
        anchors: tans.map((t, i) => {
          const [x, y] = anchorPx(i);
          return { x: rect.left + x, y: rect.top + y };
        }),
      };
    },
    destroy() {
      fit.disconnect();
      root.replaceChildren();
    },
  };
}
