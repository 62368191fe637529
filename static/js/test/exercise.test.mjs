// Exercise keys (exercise.js) on the textbook trees of engine/testdata/trees/textbook_trees.json:
// Russell & Norvig's Fig. 5.2/5.5 (C2 and C3 never read, B = 3, C <= 2, D = 2, the root 3) and the
// Wikipedia alpha-beta figure (its leaf counts and pruned leaves as the JSON gives them, 1-based).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import "./words.mjs";
import { keyOf } from "../teaching/exercise.js";
import { grade } from "../teaching/exercisegrade.js";
import { parseValue, parseRange } from "../teaching/exerciseui.js";

const trees = JSON.parse(readFileSync(new URL("../../../engine/testdata/trees/textbook_trees.json", import.meta.url)));
const byId = (id) => trees.find((t) => t.id === id);
const zeroBased = (p) => p.split("=")[0].split(".").map((i) => Number(i) - 1).join(".");

test("Russell & Norvig: prune, values and count keys are the figure's", () => {
  const t = byId("aima_fig5_2").tree;
  assert.deepEqual(keyOf("prune", t), { unread: ["1.1", "1.2"], root: 3 });
  assert.deepEqual(keyOf("values", t), { "": { value: 3, bound: "exact" }, 0: { value: 3, bound: "exact" }, 1: { value: 2, bound: "upper" }, 2: { value: 2, bound: "exact" } });
  assert.deepEqual(keyOf("count", t), { minimax: 9, alphabeta: 7, pvs: byId("aima_fig5_2").derived_here.pvs.leaf_evals });
  assert.equal(grade("prune", t, { unread: ["1.1", "1.2"], root: 3 }).right, true);
  const g = grade("prune", t, { unread: ["1.0", "1.1"], root: 3 });
  assert.equal(g.right, false);
  assert.match(g.mistakes[0], /^Leaf 1\.0 \(2\) is read: its parent's window \(3, ∞\) is still open/);
  assert.match(g.mistakes[1], /^Leaf 1\.2 \(6\) is never evaluated: at node 1 \(MIN\), after 1\.0 its value 2 is already ≤ α = 3/);
});

test("Wikipedia's figure: the leaves alpha-beta prunes, and the counts", () => {
  const e = byId("wikipedia_ab_pruning_svg");
  const key = keyOf("prune", e.tree);
  assert.deepEqual(key.unread, e.derived_here.alphabeta.pruned.map(zeroBased));
  assert.equal(key.root, e.stated_by_source.minimax_value);
  assert.deepEqual(keyOf("count", e.tree), { minimax: e.derived_here.n_leaves, alphabeta: e.derived_here.alphabeta.leaf_evals, pvs: e.derived_here.pvs.leaf_evals });
});

test("typed answers: values with bounds, leaf ranges", () => {
  assert.deepEqual(parseValue("≤ 2"), { value: 2, bound: "upper" });
  assert.deepEqual(parseValue(">=-5"), { value: -5, bound: "lower" });
  assert.deepEqual(parseValue("3"), { value: 3, bound: "exact" });
  assert.equal(parseValue(""), null);
  assert.deepEqual(parseRange("any"), { min: null, max: null });
  assert.deepEqual(parseRange("..3"), { min: null, max: 3 });
  assert.deepEqual(parseRange("≥ 3"), { min: 3, max: null });
  assert.deepEqual(parseRange("-2..5"), { min: -2, max: 5 });
  assert.deepEqual(parseRange("4"), { min: 4, max: 4 });
});

// Issue 28, item 8: each mistake names the node or leaf it is about, so the page can ring it on
// the figure. R&N's tree: alpha-beta never reads 1.1 and 1.2 (node 1, MIN, sees 2 <= alpha 3).
test("a graded answer marks each mistake's node or leaf", () => {
  const RN = [[3, 12, 8], [2, 4, 6], [14, 5, 2]];
  const r = grade("prune", RN, { unread: ["1.0", "1.1"] });
  assert.equal(r.mistakes.length, 3);
  assert.deepEqual(r.marks, ["1.0", "1.2", ""]); // 1.0 is read, 1.2 is not, the root's value is missing
  const v = grade("values", RN, { "": { value: 3, bound: "exact" }, 0: { value: 3, bound: "exact" }, 1: { value: 2, bound: "lower" }, 2: { value: 2, bound: "exact" } });
  assert.deepEqual(v.marks, ["1"]); // C returns 2 after one leaf, an upper bound: "≥ 2" is wrong (issue 39: "2" and "≤ 2" are right)
  assert.equal(grade("count", RN, { minimax: 9, alphabeta: 1, pvs: 7 }).marks.every((m) => m === null), true);
});

// Issue 28, item 10: R&N's D reads all its leaves (14, 5, 2) and returns 2, at or below α = 3: the
// page draws it failing low, so "≤ 2" is as right as the exact 2 (C's ≤ 2 stays a bound only).
test("the values exercise takes the bound an exact value's outcome says", () => {
  const RN = [[3, 12, 8], [2, 4, 6], [14, 5, 2]];
  const answer = (d) => ({ "": { value: 3, bound: "exact" }, 0: { value: 3, bound: "exact" }, 1: { value: 2, bound: "upper" }, 2: d });
  assert.equal(grade("values", RN, answer({ value: 2, bound: "exact" })).right, true);
  assert.equal(grade("values", RN, answer({ value: 2, bound: "upper" })).right, true);
  assert.equal(grade("values", RN, answer({ value: 2, bound: "lower" })).right, false);
  assert.equal(grade("values", RN, answer({ value: 5, bound: "upper" })).right, false);
});
