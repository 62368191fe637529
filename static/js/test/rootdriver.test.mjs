// A root driver (MTD(f), MTD-bi) searches the root many times with null windows. The go-to
// box finds a path in any of those root searches, not only the last, and a null-window node is
// shown with no expected type: a derivation from the root calls it PV, which it cannot be.
import "./words.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { Trace, batchFromJSONL } from "../model/model.js";
import { resolvePath, describeNode } from "../tree/nodepath.js";
import { narrate } from "../stepping/narrate.js";
import { View } from "../tree/view.js";

// Two bound searches of the start position at depth 1, windows (9, 10) and (19, 20), each a
// root (parent 0) whose expectations were derived by Knuth and Moore's rule from the root down.
const TRACE = [
  { format: "pvscope-trace", version: 1, meta: { fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" } },
  { kind: "search-start", depth: 1 },
  { kind: "enter", node: 1, ply: 0, depth: 1, alpha: 9, beta: 10, expect: "pv" },
  { kind: "enter", node: 2, parent: 1, move: "d2d4", ply: 1, depth: 0, alpha: -10, beta: -9, expect: "pv" },
  { kind: "exit", node: 2, score: -30, actual: "cut" },
  { kind: "exit", node: 1, score: 30, actual: "cut" },
  { kind: "enter", node: 3, ply: 0, depth: 1, alpha: 19, beta: 20, expect: "pv" },
  { kind: "enter", node: 4, parent: 3, move: "e2e4", ply: 1, depth: 0, alpha: -20, beta: -19, expect: "pv" },
  { kind: "exit", node: 4, score: -25, actual: "cut" },
  { kind: "enter", node: 5, parent: 3, move: "g1f3", ply: 1, depth: 0, alpha: -20, beta: -19, expect: "cut" },
  { kind: "exit", node: 5, score: -5, actual: "all" },
  { kind: "exit", node: 3, score: 25, actual: "cut" },
  { kind: "search-end", depth: 1, score: 25, pv: ["e2e4"] },
].map((x) => JSON.stringify(x)).join("\n");

function load() {
  const { hello, started, batch } = batchFromJSONL(TRACE);
  const t = new Trace(hello);
  t.start(started);
  t.append(batch);
  return t;
}

test("go-to: a path in the shown root search, then in any earlier one", () => {
  const t = load(), k = t.length;
  assert.deepEqual(resolvePath(t, k, "e2e4"), { id: 4 });
  assert.deepEqual(resolvePath(t, k, "d2d4"), { id: 2 }); // only the first root search has it
  assert.deepEqual(resolvePath(t, k, ""), { id: 3 }); // the root shown: the last
  assert.equal(resolvePath(t, k, "c2c4").missing, true);
  // Before the second search starts, the first is the one shown.
  assert.deepEqual(resolvePath(t, 5, "d2d4"), { id: 2 });
  assert.equal(resolvePath(t, 5, "e2e4").missing, true);
});

test("a null-window node shows no expected type, so no broken expectation", () => {
  const t = load(), k = t.length, V = new View("negamax");
  assert.equal(t.node(1).expect, "");
  assert.equal(t.node(4).expect, "");
  assert.equal(t.node(5).expect, "cut"); // Cut and All keep their meaning under a null window
  assert.equal(describeNode(t, k, V, "").expect, null);
  assert.doesNotMatch(narrate(t, 1), /expected/);
  assert.doesNotMatch(narrate(t, 4), /expected/);
  assert.match(narrate(t, 9), /it was expected to be a Cut node/); // node 5: all where cut was expected
  // The raw event keeps what the file says (a saved trace writes it back unchanged).
  assert.equal(t.event(1).expect, "pv");
});
