// The tree editor's operations and the comparison's counts, on trees written out by hand.
import { test } from "node:test";
import assert from "node:assert/strict";
import "./words.mjs";
import { parseTreeText } from "../model/model.js";
import {
  nodeAt, treeText, setLeaf, addChild, deleteSubtree, countNodes, horizonLeaves, uniformBranching,
  knuthMoore, height, toPath, MAX_EDIT_NODES,
} from "../teaching/treeops.js";

const AIMA = "((3 12 8) (2 4 6) (14 5 2))";
const WIKI = "((((5 6) (7 4 5)) ((3))) (((6) (6 9)) ((7))) (((5)) ((9 8) (6))))";

test("text round trip: parse, then write, gives the same text", () => {
  for (const text of [AIMA, WIKI, "((5 (3 9)) 4 (8 (2 6)))", "(-7 0 10000)"]) {
    assert.equal(treeText(parseTreeText(text)), text);
  }
});

test("paths: dotted strings and arrays name the same node", () => {
  const t = parseTreeText(AIMA);
  assert.equal(nodeAt(t, "1.2"), 6);
  assert.equal(nodeAt(t, [2, 0]), 14);
  assert.deepEqual(nodeAt(t, ""), t);
  assert.equal(nodeAt(t, "3"), undefined);
  assert.equal(nodeAt(t, "0.0.0"), undefined);
  assert.deepEqual(toPath(""), []);
});

test("setLeaf changes one leaf and leaves the original alone", () => {
  const t = parseTreeText(AIMA);
  const r = setLeaf(t, "1.1", 40);
  assert.equal(treeText(r.tree), "((3 12 8) (2 40 6) (14 5 2))");
  assert.equal(treeText(t), AIMA);
  assert.equal(r.tree[0], t[0]); // untouched branches are shared, not copied
  assert.match(setLeaf(t, "1", 5).error, /not a leaf/);
  assert.match(setLeaf(t, "1.1", 10001).error, /-10000 to 10000/);
  assert.match(setLeaf(t, "1.1", 2.5).error, /whole number/);
  assert.match(setLeaf(t, "4", 1).error, /no node 4/);
});

test("addChild appends a leaf to an inner node, and turns a leaf into an inner node", () => {
  const t = parseTreeText(AIMA);
  assert.equal(treeText(addChild(t, "1").tree), "((3 12 8) (2 4 6 0) (14 5 2))");
  assert.equal(treeText(addChild(t, "").tree), "((3 12 8) (2 4 6) (14 5 2) 0)");
  assert.equal(treeText(addChild(t, "2.1", 7).tree), "((3 12 8) (2 4 6) (14 (5 7) 2))");
  assert.equal(treeText(t), AIMA);
  let big = [0];
  while (countNodes(big) < MAX_EDIT_NODES) big = [...big, 0];
  assert.match(addChild(big, "").error, /as many as the editor draws/);
});

test("deleteSubtree removes a node and everything under it, never the root or a last child", () => {
  const t = parseTreeText(WIKI);
  assert.equal(treeText(deleteSubtree(t, "0.0").tree), "((((3))) (((6) (6 9)) ((7))) (((5)) ((9 8) (6))))");
  assert.equal(treeText(deleteSubtree(t, "2").tree), "((((5 6) (7 4 5)) ((3))) (((6) (6 9)) ((7))))");
  assert.match(deleteSubtree(t, "").error, /root cannot be deleted/);
  assert.match(deleteSubtree(t, "0.1.0").error, /no other child/);
  assert.equal(treeText(t), WIKI);
});

test("counts: height, leaves at a horizon, uniform branching", () => {
  const aima = parseTreeText(AIMA), wiki = parseTreeText(WIKI);
  assert.equal(height(aima), 2);
  assert.equal(height(wiki), 4);
  assert.equal(horizonLeaves(aima, 2), 9);
  assert.equal(horizonLeaves(aima, 1), 3);
  // The Wikipedia figure's 14 leaves (its caption lists them left to right).
  assert.equal(horizonLeaves(wiki, 4), 14);
  assert.equal(uniformBranching(aima, 2), 3);
  assert.equal(uniformBranching(wiki, 4), 0);
  assert.equal(uniformBranching(wiki, 1), 3);
  assert.equal(uniformBranching(parseTreeText("((1 2) 3)"), 2), 0); // a leaf above the horizon
});

test("Knuth and Moore's minimal leaf count: b^ceil(d/2) + b^floor(d/2) - 1", () => {
  // Written out: b=3, d=2: 3 + 3 - 1; b=2, d=3: 4 + 2 - 1; b=40, d=4: 1600 + 1600 - 1.
  assert.equal(knuthMoore(3, 2), 5);
  assert.equal(knuthMoore(2, 3), 5);
  assert.equal(knuthMoore(40, 4), 3199);
  assert.equal(knuthMoore(3, 1), 3);
});
