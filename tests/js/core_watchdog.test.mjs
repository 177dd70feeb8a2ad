// The watchdog knows each request's budget (issue 24, item 8): a hint of 5 s whose engine died is
// noticed after its budget and a margin, not after the 90 s allowed to work with no budget.
import assert from "node:assert/strict";
import { test } from "node:test";

import { quietLimit } from "../../web/engine/core.js";

test("a request's own budget sets how long its engine may be silent", () => {
  assert.equal(quietLimit([{ cmd: "hint", seconds: 5 }]), 15000);
  assert.equal(quietLimit([{ cmd: "solve", seconds: 30 }]), 40000);
});

test("work with no budget keeps the long limits, quick commands the short one", () => {
  assert.equal(quietLimit([{ cmd: "new" }]), 90000);
  assert.equal(quietLimit([{ cmd: "move" }]), 15000);
  assert.equal(quietLimit([{ cmd: "move" }, { cmd: "hint", seconds: 5 }]), 15000);
  assert.equal(quietLimit([{ cmd: "move" }, { cmd: "solutions", seconds: 3600 }]), 3610000);
  assert.equal(quietLimit([{ cmd: "hint", seconds: Number.NaN }]), 90000);
});
