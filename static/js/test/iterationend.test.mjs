// Issue 38: the engine's own line written through iteration-end is the root's line on the page,
// as a root-pv's is. The events are tracer/testdata/engines38/iteration_end_other.jsonl as the
// server sends them after completing the minimal trace (its SOURCE): pvscope's derived root-pv
// (the scores lead to 0, worth 3) and search-end, around the engine's iteration-end, whose line is 1.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Trace, batchFromJSONL } from "../model/model.js";
import { pvReports } from "../pv/pvreports.js";

const lines = [
  { format: "pvscope-trace", version: 1, meta: { tree: "(3 1)" } },
  { seq: 1, kind: "search-start", depth: 1, derived: true },
  { seq: 2, kind: "iteration-start", depth: 1 },
  { seq: 3, kind: "enter", node: 1, parent: 0, alpha: -100, beta: 100, depth: 1 },
  { seq: 4, kind: "enter", node: 2, parent: 1, move: "0", ply: 1, alpha: -100, beta: 100, depth: 0 },
  { seq: 5, kind: "exit", node: 2, score: -3 },
  { seq: 6, kind: "enter", node: 3, parent: 1, move: "1", ply: 1, index: 1, alpha: -100, beta: -3, depth: 0 },
  { seq: 7, kind: "exit", node: 3, score: -1 },
  { seq: 8, kind: "exit", node: 1, score: 3 },
  { seq: 9, kind: "root-pv", depth: 1, score: 3, pv: ["0"], derived: true },
  { seq: 10, kind: "iteration-end", depth: 1, score: 3, pv: ["1"] },
  { seq: 11, kind: "search-end", depth: 1, score: 3, pv: ["0"], derived: true },
];

function load(events) {
  const { hello, started, batch } = batchFromJSONL(events.map((e) => JSON.stringify(e)).join("\n") + "\n");
  const t = new Trace(hello);
  t.start(started);
  t.append(batch);
  return t;
}

test("iteration-end's line is the root's line, not the derived root-pv's", () => {
  const t = load(lines);
  assert.deepEqual(t.rootPV(9), ["0"]); // after the derived root-pv, before the engine's line
  assert.deepEqual(t.rootPV(10), ["1"]);
  assert.deepEqual(t.rootPV(t.length), ["1"]); // the derived search-end does not take it back
  assert.deepEqual(t.iterations(t.length), [{ depth: 1, score: 3, pv: ["1"] }]);
  const [r] = pvReports(t, t.length);
  assert.equal(r.complete, true);
  assert.deepEqual(r.multipv.map((l) => l.pv), [["1"]]);
  assert.deepEqual(r.lines.triangular, ["1"]);
});

test("a root-pv the engine wrote stays the line when iteration-end repeats another", () => {
  const own = lines.map((e) => (e.kind === "root-pv" ? { ...e, derived: undefined } : e));
  const t = load(own);
  assert.deepEqual(t.iterations(t.length), [{ depth: 1, score: 3, pv: ["0"] }]);
  assert.deepEqual(t.rootPV(10), ["0"]);
  assert.deepEqual(pvReports(t, t.length)[0].multipv.map((l) => l.pv), [["0"]]);
});
