// R&N's value ranges (ranges.js) on hand-built items of Russell & Norvig's Figure 5.5 tree,
// ((3 12 8) (2 4 6) (14 5 2)) under alpha-beta. The expected ranges are worked by hand: a read
// leaf [v, v], an unread or pruned child [−∞, +∞], MAX the largest of each end, MIN the smallest;
// in the negamax view every node is MAX over its children's negated ranges.
import "./words.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { View } from "../tree/view.js";
import { rangeLabels } from "../tree/ranges.js";

const TREE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]];
let ids = 0;
// A searched node: score is negamax (from its side to move), null while it is open.
const node = (ply, score, kids = [], sub) => ({ kind: "node", state: score === null ? "open" : "done", ply, score, kids,
  nodeId: ++ids, end: kids.length ? "" : "leaf", sub });
const leaf = (ply, v) => node(ply, ply % 2 ? -v : v); // v from the root player's side
const pruned = () => ({ kind: "pruned", state: "done", kids: [] });

function label(mode, root) {
  const treeOf = {};
  const walk = (it) => { if (it.sub) treeOf[it.nodeId] = it.sub; for (const k of it.kids) walk(k); };
  walk(root);
  const view = { v: new View(mode), trace: { treeOf }, shownOutcome: () => "exact" };
  return rangeLabels(view);
}

test("after leaf 3 (the book's a), with the unread children not drawn", () => {
  const B = node(1, null, [leaf(2, 3)], TREE[0]);
  const A = node(0, null, [B], TREE);
  const r = label("root", A);
  assert.equal(r(B), "[−∞, 3]");
  assert.equal(r(A), "[−∞, +∞]");
});

test("at the end, in the root view and in negamax", () => {
  const B = node(1, -3, TREE[0].map((v) => leaf(2, v)), TREE[0]);
  const C = node(1, -2, [leaf(2, 2), pruned(), pruned()], TREE[1]);
  const D = node(1, -2, TREE[2].map((v) => leaf(2, v)), TREE[2]);
  const A = node(0, 3, [B, C, D], TREE);
  const root = label("root", A);
  assert.deepEqual([A, B, C, D].map(root), ["[3, 3]", "[3, 3]", "[−∞, 2]", "[2, 2]"]);
  assert.equal(root(pruned()), "");
  const nega = label("negamax", A);
  assert.deepEqual([A, B, C, D].map(nega), ["[3, 3]", "[−3, −3]", "[−2, +∞]", "[−2, −2]"]);
});
