// The page's search diff on traces written by hand: an enter that differs only in its reduced
// or extended plies is where two searches part (as tracer/diff.go's enterDiffers says), and an
// iteration one search has no root search in is compared without reading before its roots.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Trace, batchFromJSONL } from "../model/model.js";
import { diffTraces } from "../compare/diff.js";

const HEADER = JSON.stringify({ format: "pvscope-trace", version: 1, meta: { tree: "((1 2) (3 4))" } });

function traceOf(events) {
  const evs = events.map((e, i) => ({ seq: i + 1, ...e }));
  const { hello, started, batch } = batchFromJSONL([HEADER, ...evs.map((e) => JSON.stringify(e))].join("\n"));
  const t = new Trace(hello);
  t.start(started);
  t.append(batch);
  return t;
}

// A root (node 1) with children a (node 2) and b (node 3); b's enter gets extra fields.
const search = (bFields = {}) => [
  { kind: "search-start", depth: 2 },
  { kind: "enter", node: 1, depth: 2, alpha: -100, beta: 100 },
  { kind: "enter", node: 2, parent: 1, move: "a", depth: 1, alpha: -100, beta: 100 },
  { kind: "exit", node: 2, score: -1 },
  { kind: "enter", node: 3, parent: 1, move: "b", depth: 1, alpha: -100, beta: 1, ...bFields },
  { kind: "exit", node: 3, score: -3 },
  { kind: "exit", node: 1, score: 1 },
  { kind: "search-end", depth: 2, score: 1 },
];

for (const [field, plies] of [["reduced", 1], ["extended", 1]]) {
  test(`two searches part where one enters b ${field} by ${plies} ply`, () => {
    const ta = traceOf(search()), tb = traceOf(search({ [field]: plies, why: field === "reduced" ? "late-move" : "check" }));
    const d = diffTraces(ta, tb);
    assert.equal(d.same, false);
    assert.deepEqual(d.first.what, [field]);
    assert.deepEqual(d.first.path, ["b"]);
    // b's enter is the fifth event of both (k counts events shown: its index + 1).
    assert.deepEqual([d.first.a.node, d.first.a.k, d.first.b.node, d.first.b.k], [3, 5, 3, 5]);
  });
}

test("an iteration B has no root search in: B's step is leaving that iteration, not rb[-1]", () => {
  const root = [
    { kind: "enter", node: 1, depth: 1, alpha: -100, beta: 100 },
    { kind: "exit", node: 1, score: 1 },
  ];
  const a = [{ kind: "search-start", depth: 2 }, { kind: "iteration-start", depth: 1 }, ...root, { kind: "iteration-end", depth: 1, score: 1 },
    { kind: "iteration-start", depth: 2 }, { kind: "enter", node: 2, depth: 2, alpha: -100, beta: 100 }, { kind: "exit", node: 2, score: 1 },
    { kind: "iteration-end", depth: 2, score: 1 }, { kind: "search-end", depth: 2, score: 1 }];
  // B: the depth-1 iteration is stopped before its root search (events 2 and 3).
  const b = [{ kind: "search-start", depth: 2 }, { kind: "iteration-start", depth: 1 }, { kind: "iteration-end", depth: 1, end: "stopped" },
    { kind: "iteration-start", depth: 2 }, { kind: "enter", node: 1, depth: 2, alpha: -100, beta: 100 }, { kind: "exit", node: 1, score: 1 },
    { kind: "iteration-end", depth: 2, score: 1 }, { kind: "search-end", depth: 2, score: 1 }];
  const d = diffTraces(traceOf(a), traceOf(b));
  assert.deepEqual(d.first.what, ["next"]);
  // A enters its root (event 3); B leaves the iteration at its iteration-end (event 3).
  assert.deepEqual(d.first.a, { node: 1, event: "enter", k: 3, path: [] });
  assert.deepEqual(d.first.b, { node: 0, event: "exit", k: 3, path: [] });
  assert.deepEqual(d.diffs.filter((x) => x.what === "only").map((x) => x.a && x.a.node), [1]);
});
