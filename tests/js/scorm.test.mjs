// Reporting to a school's platform (web/model/scorm.js), against a stand-in SCORM 1.2 API.
import assert from "node:assert/strict";
import { test } from "node:test";

import { findApi, readSuspended, ScormReport, timespan } from "../../web/model/scorm.js";

function platform(status = "not attempted") {
  const values = { "cmi.core.lesson_status": status };
  const calls = [];
  const api = {
    LMSInitialize: () => (calls.push("init"), "true"),
    LMSGetValue: (k) => values[k] ?? "",
    LMSSetValue: (k, v) => ((values[k] = v), "true"),
    LMSCommit: () => (calls.push("commit"), "true"),
    LMSFinish: () => (calls.push("finish"), "true"),
  };
  return { api, values, calls };
}

test("a time span is written HHHH:MM:SS.SS", () => {
  assert.equal(timespan(0), "0000:00:00.00");
  assert.equal(timespan(3723.456), "0001:02:03.46");
  assert.equal(timespan(-5), "0000:00:00.00");
});

test("the launched puzzle solved completes the lesson with its score and time; another puzzle does not", () => {
  const { api, values, calls } = platform();
  let now = 1000;
  const report = new ScormReport(api, { game: "cover", desc: "1x5" }, () => now);
  assert.equal(values["cmi.core.lesson_status"], "incomplete");
  report.solved("cover", "6x10");
  assert.equal(values["cmi.core.lesson_status"], "incomplete");
  now += 65_500;
  report.solved("cover", "1x5");
  assert.equal(values["cmi.core.lesson_status"], "completed");
  assert.equal(values["cmi.core.score.raw"], "100");
  assert.equal(values["cmi.core.session_time"], "0000:01:05.50");
  report.finish();
  report.finish();
  assert.deepEqual(calls.filter((c) => c === "finish"), ["finish"]);
});

test("an assignment's score rises with each of its puzzles solved, and completes with the last", () => {
  const { api, values } = platform();
  const items = [
    { game: "cover", desc: "1x5" },
    { game: "pegs", desc: "oo." },
    { game: "cover", desc: "1x5" },
  ];
  const report = new ScormReport(api, { items });
  const seen = [];
  for (const [game, desc] of [["pegs", "oo."], ["pegs", "oo."], ["tangram", "swan"], ["cover", "1x5"], ["cover", "1x5"]]) {
    report.solved(game, desc);
    seen.push([values["cmi.core.score.raw"], values["cmi.core.lesson_status"]]);
  }
  // a puzzle solved again, or one not in the assignment, changes nothing; the same puzzle twice in it counts twice
  assert.deepEqual(seen, [
    ["33", "incomplete"],
    ["33", "incomplete"],
    ["33", "incomplete"],
    ["67", "incomplete"],
    ["100", "completed"],
  ]);
});

test("a lesson already completed stays so, and the start screen's launch counts any puzzle", () => {
  const done = platform("completed");
  new ScormReport(done.api, null).solved("pegs", "english");
  assert.equal(done.values["cmi.core.lesson_status"], "completed");
  assert.equal(done.values["cmi.core.score.raw"], undefined);
  const open = platform();
  new ScormReport(open.api, null).solved("pegs", "english");
  assert.equal(open.values["cmi.core.lesson_status"], "completed");
});

test("the API is found in a parent frame, and not at all in a frame of another site", () => {
  const { api } = platform();
  const top = { API: api };
  top.parent = top;
  const child = { parent: top };
  assert.equal(findApi(child), api);
  const foreign = {};
  Object.defineProperty(foreign, "API", {
    get() {
      throw new Error("SecurityError");
    },
  });
  assert.equal(findApi({ parent: foreign }), null);
  const alone = {};
  alone.parent = alone;
  assert.equal(findApi(alone), null);
});

test("an assignment over three launches: each keeps what the ones before solved, and the last completes it", () => {
  // issue 46: the score went 25, 25, 50 and stayed incomplete (only the current launch counted)
  const { api, values } = platform();
  const items = [
    { game: "cover", desc: "1x5" },
    { game: "pegs", desc: "oo." },
    { game: "tangram", desc: "cat" },
    { game: "cover", desc: "6x10" },
  ];
  const seen = [];
  for (const launch of [[["cover", "1x5"]], [["pegs", "oo."]], [["tangram", "cat"], ["cover", "6x10"]]]) {
    const report = new ScormReport(api, { items });
    for (const [game, desc] of launch) report.solved(game, desc);
    report.finish();
    seen.push([values["cmi.core.score.raw"], values["cmi.core.lesson_status"], values["cmi.core.exit"]]);
  }
  assert.deepEqual(seen, [
    ["25", "incomplete", "suspend"],
    ["50", "incomplete", "suspend"],
    ["100", "completed", ""],
  ]);
  assert.equal(values["cmi.suspend_data"], "pento1:0,1,2,3");
});

test("suspend data that is not ours, or out of the launch, is left out", () => {
  assert.deepEqual(readSuspended("pento1:0,2", 4), [0, 2]);
  assert.deepEqual(readSuspended("pento1:0,9,x,-1,1e3", 4), [0]);
  assert.deepEqual(readSuspended("bookmark=7", 4), []);
  assert.deepEqual(readSuspended(undefined, 4), []);
});

test("the platform's name of the learner is offered as a pupil writes it", () => {
  const { api, values } = platform();
  values["cmi.core.student_name"] = "Silva,  Ana Maria";
  assert.equal(new ScormReport(api, null).studentName(), "Ana Maria Silva");
  values["cmi.core.student_name"] = "Lena";
  assert.equal(new ScormReport(api, null).studentName(), "Lena");
  values["cmi.core.student_name"] = "";
  assert.equal(new ScormReport(api, null).studentName(), "");
});
