// Results as CSV (web/model/csv.js): quoting, numbers, and a pupil's name that would be a formula.
import assert from "node:assert/strict";
import { test } from "node:test";

import { csvField, csvText } from "../../web/model/csv.js";

test("fields are quoted only when they must be", () => {
  assert.equal(csvField("Ana"), "Ana");
  assert.equal(csvField("Silva, Ana"), '"Silva, Ana"');
  assert.equal(csvField('Ana "A"'), '"Ana ""A"""');
  assert.equal(csvField("two\nlines"), '"two\nlines"');
  assert.equal(csvField(12.5), "12.5");
  assert.equal(csvField(Number.NaN), "");
  assert.equal(csvField("Zoë"), "Zoë");
});

test("a name a spreadsheet would run is kept as text", () => {
  for (const name of ["=1+1", "+SUM(A1)", "-2", "@cmd", "\tx"]) assert.equal(csvField(name).replace(/^"/, "")[0], "'", name);
  assert.equal(csvField("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
});

test("a file has a byte order mark, a header and CRLF line ends", () => {
  const text = csvText([
    ["name", "seconds"],
    ["Ana", 61.2],
  ]);
  assert.equal(text, "\uFEFFname,seconds\r\nAna,61.2\r\n");
});
