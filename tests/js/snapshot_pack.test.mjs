// The engine's snapshot as stored (web/engine/snapshot_pack.js): only pages with something in
// them are kept, the memory comes back byte for byte, and a damaged entry is refused, never
// half-restored.
import assert from "node:assert/strict";
import { test } from "node:test";

import { pack, unpack } from "../../web/engine/snapshot_pack.js";

/** A memory of ``length`` bytes, zeros but for the given (offset, value) pairs. */
function memory(length, marks) {
  const m = new Uint8Array(length);
  for (const [at, value] of marks) m[at] = value;
  return m;
}

test("a memory comes back byte for byte, and only its non-zero pages are stored", () => {
  const m = memory(10 * 4096 + 123, [[0, 1], [4096 * 3 + 17, 2], [4096 * 3 + 4095, 3], [10 * 4096 + 122, 4]]);
  const packed = pack(m);
  assert.equal(packed.length, (5 + 3) * 4 + 4096 * 2 + 123); // pages 0, 3 and the short last one
  assert.deepEqual(unpack(packed), m);
});

test("an empty memory and an all-zero memory pack to their header", () => {
  assert.deepEqual(unpack(pack(new Uint8Array(0))), new Uint8Array(0));
  const zeros = new Uint8Array(5 * 4096);
  assert.equal(pack(zeros).length, 20);
  assert.deepEqual(unpack(pack(zeros)), zeros);
});

test("random memories round-trip", () => {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  for (let round = 0; round < 20; round += 1) {
    const length = next() % (20 * 4096);
    const m = new Uint8Array(length);
    for (let k = next() % 40; k > 0 && length; k -= 1) m[next() % length] = 1 + (next() % 255);
    assert.deepEqual(unpack(pack(m)), m);
  }
});

test("anything else is refused", () => {
  const good = pack(memory(3 * 4096, [[5000, 9]]));
  assert.throws(() => unpack(new Uint8Array(4096).fill(7)), /another layout/);
  assert.throws(() => unpack(good.subarray(0, 12)), /too short/);
  assert.throws(() => unpack(good.subarray(0, good.length - 1)), /truncated/);
  assert.throws(() => unpack(new Uint8Array([...good, 0])), /trailing bytes/);
  const badIndex = good.slice();
  new DataView(badIndex.buffer).setUint32(20, 3, true); // page 3 of a 3-page memory
  assert.throws(() => unpack(badIndex), /damaged index/);
});
