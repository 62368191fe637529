// The comparison's pure half: what ?compare= means, each pane's options, leaf stepping on the
// golden R&N trace (checked against the JSONL read directly), and the counts beside the panes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { load, GOLDEN, rawEvents } from "./helpers.mjs";
import { parseCompare, paneOptions, nextLeaf, prevLeaf, treeCounts, MAX_PANES } from "../compareplan.js";

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

test("paneOptions: the pane's algorithm and options over the form's; minimax on chess without quiescence", () => {
  const form = { depth: "3", compare: "minimax,pvs", tt: "true" };
  assert.deepEqual(paneOptions(form, { algo: "pvs", options: { tt: "false" } }, true), { options: { depth: "3", tt: "false", algo: "pvs" }, note: "" });
  const mm = paneOptions(form, { algo: "minimax", options: {} }, true);
  assert.equal(mm.options.qsearch, "false");
  assert.match(mm.note, /quiescence off/);
  assert.equal(paneOptions({ ...form, qsearch: "true" }, { algo: "minimax", options: {} }, true).options.qsearch, "true");
  assert.equal(paneOptions(form, { algo: "minimax", options: {} }, false).options.qsearch, undefined); // trees
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
