// The comparison's pure half: what ?compare= means, each pane's options, leaf stepping on the
// golden R&N trace (checked against the JSONL read directly), and the counts beside the panes.
import { test } from "node:test";
import assert from "node:assert/strict";
import "./words.mjs";
import { load, GOLDEN, rawEvents } from "./helpers.mjs";
import { parseCompare, planPanes, nextLeaf, prevLeaf, treeCounts, MAX_PANES } from "../compare/compareplan.js";

test("parseCompare: algorithms with options, and sentences for what it cannot use", () => {
  const r = parseCompare("minimax, alphabeta,pvs:tt=false");
  assert.deepEqual(r.panes.map((p) => [p.algo, p.options, p.label]), [
    ["minimax", {}, "Minimax"], ["alphabeta", {}, "Alpha-beta"], ["pvs", { tt: "false" }, "PVS, table off"],
  ]);
  assert.match(parseCompare("pvs").error, /at least two/);
  assert.match(parseCompare("minimax,negascout").error, /"negascout" in the comparison is not an algorithm/);
  assert.match(parseCompare("pvs:tt,pvs").error, /"tt" in the comparison is not an option/);
  assert.match(parseCompare("pvs:algo=minimax,pvs").error, /not an option/);
  assert.match(parseCompare(Array(MAX_PANES + 1).fill("pvs").join(",")).error, /at most 4/);
});

test("planPanes: each pane's algorithm and options over the form's; no quiescence on chess beside minimax", () => {
  const form = { depth: "3", compare: "minimax,pvs", tt: "true" };
  const chess = planPanes(form, [{ algo: "minimax", options: {} }, { algo: "pvs", options: { tt: "false" } }], true);
  assert.deepEqual(chess.map((p) => p.options), [
    { depth: "3", tt: "true", qsearch: "false", algo: "minimax" }, { depth: "3", tt: "false", qsearch: "false", algo: "pvs" },
  ]);
  assert.ok(chess.every((p) => /quiescence off in every pane/.test(p.note)));
  // The form or a pane that says otherwise wins; trees and comparisons without minimax are left alone.
  assert.equal(planPanes({ ...form, qsearch: "true" }, [{ algo: "minimax", options: {} }, { algo: "pvs", options: {} }], true)[0].options.qsearch, "true");
  const own = planPanes(form, [{ algo: "minimax", options: {} }, { algo: "pvs", options: { qsearch: "true" } }], true);
  assert.deepEqual([own[1].options.qsearch, own[1].note], ["true", ""]);
  assert.equal(planPanes(form, [{ algo: "alphabeta", options: {} }, { algo: "pvs", options: {} }], true)[0].options.qsearch, undefined);
  assert.equal(planPanes(form, [{ algo: "minimax", options: {} }, { algo: "pvs", options: {} }], false)[0].options.qsearch, undefined);
});

test("leaf stepping lands just after each static evaluation, in order, and back", () => {
  const t = load(GOLDEN);
  // Read the file itself: the indices of the exits that are evaluations of leaves.
  const leafAt = rawEvents(GOLDEN).flatMap((e, i) => (e.kind === "exit" && (e.end === "leaf" || e.end === "eval") ? [i] : []));
  assert.equal(leafAt.length, 7); // R&N Fig. 5.5: 7 of the 9 leaves are read
  const ks = [];
  for (let k = 0, n = 0; n < 8; n++) ks.push((k = nextLeaf(t, k)));
  assert.deepEqual(ks, [...leafAt.map((i) => i + 1), t.length]); // past the last leaf: the end
  assert.equal(nextLeaf(t, t.length), t.length);
  for (let j = leafAt.length - 1; j > 0; j--) assert.equal(prevLeaf(t, leafAt[j] + 1), leafAt[j - 1] + 1);
  assert.equal(prevLeaf(t, leafAt[0] + 1), 0);
  assert.equal(prevLeaf(t, leafAt[2]), leafAt[1] + 1); // between two leaves: back to the one before
  assert.equal(prevLeaf(t, 0), 0);
});

test("treeCounts: leaves at the horizon and Knuth and Moore's minimum for uniform trees only", () => {
  const aima = { kind: "tree", tree: [[3, 12, 8], [2, 4, 6], [14, 5, 2]], options: { depth: "2" } };
  assert.deepEqual(treeCounts(aima), { leaves: 9, minimal: 5, b: 3, d: 2 });
  assert.deepEqual(treeCounts({ ...aima, options: { depth: "1" } }), { leaves: 3, minimal: 3, b: 3, d: 1 });
  const wiki = { kind: "tree", tree: [[[[5, 6], [7, 4, 5]], [[3]]], [[[6], [6, 9]], [[7]]], [[[5]], [[9, 8], [6]]]], options: { depth: "4" } };
  assert.deepEqual(treeCounts(wiki), { leaves: 14, minimal: 0, b: 0, d: 4 });
  // A generated tree too big to send: the server's minimum, b^d leaves from the form's spec.
  assert.deepEqual(treeCounts({ kind: "tree", minimalLeaves: 3199, options: { depth: "4" } }, "b=40,d=4,seed=1"), { leaves: 2560000, minimal: 3199, b: 40, d: 4 });
  assert.equal(treeCounts({ kind: "chess", options: {} }), null);
});
