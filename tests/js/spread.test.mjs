// A listing shared out over engines (issue 30): runs finish in any order, and an engine may die
// mid-run, yet the view gets every tiling once, in the order one engine lists them.
import assert from "node:assert/strict";
import { test } from "node:test";

import { helpersFor, InOrder, MOST_ENGINES } from "../../web/engine/spread.js";

test("runs finishing out of order come out in order, the first run's items at once", () => {
  const order = new InOrder(3);
  order.add(2, ["c1"]);
  order.add(0, ["a1"]);
  assert.deepEqual(order.take(), ["a1"]); // the first unfinished run streams straight out
  order.add(1, ["b1", "b2"]);
  order.finish(2);
  assert.deepEqual(order.take(), []); // runs 1 and 2 wait for run 0
  order.add(0, ["a2"]);
  order.finish(0);
  assert.deepEqual(order.take(), ["a2", "b1", "b2"]);
  assert.equal(order.done, false);
  order.finish(1);
  assert.deepEqual(order.take(), ["c1"]);
  assert.equal(order.done, true);
  assert.equal(order.count, 5);
});

test("a run listed again after its engine died gives each item once", () => {
  const order = new InOrder(2);
  order.add(0, ["a1", "a2"]);
  order.add(1, ["b1"]);
  order.restart(0); // the engine died: run 0 starts again and repeats a1, a2
  order.restart(1);
  order.add(0, ["a1", "a2", "a3"]);
  order.add(1, ["b1", "b2"]);
  order.finish(0);
  order.finish(1);
  assert.deepEqual(order.take(), ["a1", "a2", "a3", "b1", "b2"]);
  assert.equal(order.count, 5);
});

test("extra engines: one per core beyond the first, bounded, fewer on a device short of memory", () => {
  assert.equal(helpersFor(1), 0);
  assert.equal(helpersFor(2), 1);
  assert.equal(helpersFor(16), MOST_ENGINES - 1);
  assert.equal(helpersFor(undefined), 0);
  assert.equal(helpersFor(8, 2), 1);
  assert.equal(helpersFor(8, 8), MOST_ENGINES - 1);
});
