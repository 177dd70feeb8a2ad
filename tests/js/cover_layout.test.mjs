// The cover view's pure layout and hit-testing, checked without a browser (node --test; the
// README's test command runs it).
import assert from "node:assert/strict";
import { test } from "node:test";

import { boardCellAt, cellRect, computeLayout, MAX_CELL, modelOf, overTray, placementAt, trayOrigin, trayPieceAt } from "../../web/views/cover_layout.js";

const SHAPES = {
  F: [[0, 1], [0, 2], [1, 0], [1, 1], [2, 1]],
  I: [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4]],
  L: [[0, 0], [1, 0], [2, 0], [3, 0], [3, 1]],
  P: [[0, 0], [0, 1], [1, 0], [1, 1], [2, 0]],
  X: [[0, 1], [1, 0], [1, 1], [1, 2], [2, 1]],
};
const info = (rows, cols, copies = 1) => ({
  rows,
  cols,
  copies,
  board: Array.from({ length: rows }, () => ".".repeat(cols)),
  pieces: Object.entries(SHAPES).map(([name, cells]) => ({ name, count: 1, orientations: [cells] })),
});
const SIZES = [
  [390, 500],
  [844, 300],
  [1366, 620],
  [1920, 900],
];
const inside = (box, w, h) => box.x >= 0 && box.y >= 0 && box.x + box.w <= w + 0.5 && box.y + box.h <= h + 0.5;
const apart = (a, b) => a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y;

test("every board fits its stage, and the board and the tray never overlap", () => {
  for (const [rows, cols, copies] of [[6, 10, 1], [3, 20, 1], [8, 8, 1], [5, 5, 3]]) {
    const m = modelOf(info(rows, cols, copies));
    for (const [w, h] of SIZES) {
      const lay = computeLayout(m, w, h);
      assert.ok(lay.width <= Math.max(120, w) && lay.height <= Math.max(120, h), `${rows}x${cols} in ${w}x${h}`);
      assert.ok(lay.s >= 8 && lay.s <= MAX_CELL);
      const boards = lay.boards.map((b) => ({ x: b.x, y: b.y, w: cols * lay.s, h: rows * lay.s }));
      for (const b of boards) assert.ok(inside(b, lay.width, lay.height) && apart(b, lay.tray));
      for (let i = 0; i < boards.length; i++) for (let j = 0; j < i; j++) assert.ok(apart(boards[i], boards[j]));
      for (const slot of lay.slots.values()) assert.ok(inside({ x: slot.x, y: slot.y, w: slot.size, h: slot.size }, lay.width, lay.height));
    }
  }
});

test("the centre of every cell of every copy reads back as that cell", () => {
  const m = modelOf(info(5, 5, 3));
  const lay = computeLayout(m, 1366, 620);
  for (let k = 0; k < 3; k++) {
    for (let r = 0; r < 5; r++) {
      for (let c = 0; c < 5; c++) {
        const [x, y, s] = cellRect(lay, k, r, c);
        assert.deepEqual(boardCellAt(m, lay, x + s / 2, y + s / 2), { k, r, c });
      }
    }
  }
  assert.equal(boardCellAt(m, lay, lay.width + 500, lay.height + 500), null);
});

test("a point on a tray piece picks it, by the cell under the point", () => {
  const m = modelOf(info(6, 10));
  const lay = computeLayout(m, 1366, 620);
  const orient = new Map(m.names.map((n) => [n, 0]));
  const available = Object.fromEntries(m.names.map((n) => [n, 1]));
  for (const name of m.names) {
    const { x0, y0 } = trayOrigin(m, lay, name, 0);
    for (const [r, c] of SHAPES[name]) {
      const hit = trayPieceAt(m, lay, available, orient, x0 + (c + 0.5) * lay.ts, y0 + (r + 0.5) * lay.ts);
      assert.deepEqual(hit, { name, grab: [r, c] });
    }
    assert.ok(overTray(lay, x0, y0));
  }
  available.F = 0; // a piece used up is not there to pick
  const { x0, y0 } = trayOrigin(m, lay, "F", 0);
  assert.equal(trayPieceAt(m, lay, available, orient, x0 + 1.5 * lay.ts, y0 + 0.5 * lay.ts), null);
});

test("the placed piece under a cell is found on its own copy only", () => {
  const view = { placements: [{ piece: "I", copy: 1, cells: [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4]] }] };
  assert.equal(placementAt(view, 1, 0, 3).piece, "I");
  assert.equal(placementAt(view, 0, 0, 3), null);
  assert.equal(placementAt(view, 1, 1, 3), null);
});

test("a wide board is turned on an upright stage when its cells grow clearly, never on a landscape one", async () => {
  const { chooseLayout, turnedModel, toCore, toDisplay, placementOf } = await import("../../web/views/cover_layout.js");
  const m = modelOf(info(3, 20));
  const dm = turnedModel(m);
  assert.equal(dm.R, 20);
  assert.equal(dm.C, 3);
  const phone = chooseLayout(m, dm, 366, 600);
  assert.ok(phone.turned && phone.layout.s >= 1.15 * computeLayout(m, 366, 600).s);
  assert.ok(!chooseLayout(m, dm, 1248, 648).turned); // a laptop keeps the board as the books draw it
  const square = modelOf(info(8, 8));
  assert.ok(!chooseLayout(square, turnedModel(square), 366, 600).turned);
  // a cell and back; a placement's orientation and anchor read from its cells
  for (const [r, c] of [[0, 0], [2, 19], [1, 7]]) assert.deepEqual(toCore(m, ...toDisplay(m, r, c)), [r, c]);
  const x = placementOf(m, "X", [[1, 4], [2, 3], [2, 4], [2, 5], [3, 4]]);
  assert.deepEqual(x, { o: 0, row: 1, col: 3 });
});
