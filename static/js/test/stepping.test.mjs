// Step over / step out / iterations / breakpoints, landing points checked by hand against the
// seq numbers in the JSONL files (landing on event seq s means k' = s).
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { load, split, GOLDEN, fixture } from "./helpers.mjs";
import { Trace, batchFromJSONL } from "../model/model.js";
import { stepOver, stepOut, nextIteration, prevIteration, runToBreakpoint } from "../stepping/stepping.js";

test("step out lands on the exit of the current node (R&N)", () => {
  const t = load(GOLDEN);
  assert.equal(stepOut(t, 4), 16); // in node 2 (entered seq 4) -> its exit is seq 16
  assert.equal(stepOut(t, 10), 16); // still in node 2 after leaf 4 exits at seq 10
  assert.equal(stepOut(t, 20), 21); // in leaf 7 (seq 20) -> exit seq 21
  assert.equal(stepOut(t, 21), 23); // back in node 6 -> exit seq 23
  assert.equal(stepOut(t, 3), 36); // in the root -> exit seq 36
  assert.equal(stepOut(t, 36), 39); // nothing open: the end
  assert.equal(stepOut(t, 39), 39);
});

test("step over runs the next child to its exit (R&N)", () => {
  const t = load(GOLDEN);
  assert.equal(stepOver(t, 4), 6); // node 2's first child, node 3 (seq 5), exits at seq 6
  assert.equal(stepOver(t, 7), 10); // next: probe seq 8, node 4 enters seq 9, exits seq 10
  assert.equal(stepOver(t, 17), 23); // root's next child node 6 (seq 19) exits at seq 23
  assert.equal(stepOver(t, 24), 34); // node 8 (seq 26) exits at seq 34
  assert.equal(stepOver(t, 15), 16); // node 2 has no child left: finish it (seq 16)
  assert.equal(stepOver(t, 0), 36); // before the root: run the whole root
  assert.equal(stepOver(t, 36), 37); // nothing open, nothing to enter: one step
  assert.equal(stepOver(t, 39), 39);
});

test("a half-received child: step over and out go to the end of what is known", () => {
  const t = loadFirst(20); // the first 20 events: node 6 (seq 19) and leaf 7 (seq 20) are open
  assert.equal(t.length, 20);
  assert.equal(stepOut(t, 19), 20); // node 6 has no exit yet: go to n
  assert.equal(stepOver(t, 18), 20); // node 6 is the next child, not finished: n
});

// A trace holding only the first m events of the golden file (a search still streaming).
function loadFirst(m) {
  const { hello, started, batch } = batchFromJSONL(fs.readFileSync(GOLDEN, "utf8"));
  const t = new Trace(hello);
  t.start(started);
  t.append(split(batch, m)[0]);
  return t;
}

test("iterations (R&N with iterative deepening)", () => {
  const t = load(fixture("aima_id_pvs.jsonl"));
  const n = t.length;
  assert.equal(n, 59);
  // iteration-start events are seq 2 (depth 1) and seq 22 (depth 2).
  assert.equal(nextIteration(t, 0), 2);
  assert.equal(nextIteration(t, 2), 22);
  assert.equal(nextIteration(t, 10), 22);
  assert.equal(nextIteration(t, 22), n);
  assert.equal(prevIteration(t, n), 22);
  assert.equal(prevIteration(t, 22), 2);
  assert.equal(prevIteration(t, 10), 2);
  assert.equal(prevIteration(t, 2), 0);
  const its = t.iterations(n);
  assert.deepEqual(its.map((i) => i.depth), [1, 2]);
  assert.deepEqual(its[1], { depth: 2, score: 3, pv: ["0", "0"] }); // R&N
  assert.deepEqual(t.rootPV(22), ["2"]); // the depth-1 line (seq 20) still shows when depth 2 starts
  assert.deepEqual(t.rootPV(37), ["0", "0"]); // the depth-2 root's first pv-update, seq 37
  assert.deepEqual(t.pruned(n).map((p) => p.path).sort(), ["1.1", "1.2"]);
  assert.equal(t.stats(10).depth, 1);
  assert.equal(t.stats(22).depth, 2);
});

test("breakpoints", () => {
  const t = load(fixture("aima_id_pvs.jsonl"));
  const n = t.length;
  assert.equal(runToBreakpoint(t, 0, { reSearch: true }), 15); // re-search seq 15
  assert.equal(runToBreakpoint(t, 15, { reSearch: true }), n);
  assert.equal(runToBreakpoint(t, 0, { rootFailHigh: true }), 14); // fail-high at the root, seq 14
  assert.equal(runToBreakpoint(t, 0, { pvChange: true }), 6); // root line [] -> ["0"], seq 6
  assert.equal(runToBreakpoint(t, 6, { pvChange: true }), 18); // ["0"] -> ["2"], seq 18
  assert.equal(runToBreakpoint(t, 18, { pvChange: true }), 37); // root-pv seq 20 repeats ["2"]; seq 37 -> ["0","0"]
  assert.equal(runToBreakpoint(t, 37, { pvChange: true }), n); // seq 57 and 59 repeat it
  assert.equal(runToBreakpoint(t, 0, { ttCutoff: true }), n);
  assert.equal(runToBreakpoint(t, 0, { reSearch: true, rootFailHigh: true, pvChange: true }), 6);
  assert.equal(runToBreakpoint(t, 0, {}), n);
  const g = load(GOLDEN);
  assert.equal(runToBreakpoint(g, 0, { reSearch: true, rootFailHigh: true }), g.length); // none in R&N
});
