// Narration: one sentence per event, numbers as the event gives them.
import "./words.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { load, GOLDEN, fixture } from "./helpers.mjs";
import { narrate } from "../stepping/narrate.js";
import { DEFAULT_HELLO } from "../model/model.js";

test("R&N: probe, fail-low and cutoff read as in the file", () => {
  const t = load(GOLDEN);
  // seq 18: probe at the root of move 1 with (3, 4).
  assert.equal(narrate(t, 17), "1 is probed with the null window (3, 4).");
  // seq 24: move 1 fails low with 2 <= 3.
  assert.equal(narrate(t, 23), "1 fails low with 2 ≤ 3.");
  // seq 22: cutoff at node 6 (root child "1"): move 0 scored -2 >= beta -3.
  const cut = narrate(t, 21);
  assert.match(cut, /^0 scores -2 ≥ -3 at 1: a beta cutoff/);
  assert.match(cut, /pruned/);
});

test("the label function prints the moves, given the node they are played from", () => {
  const t = load(GOLDEN);
  const calls = [];
  const label = (nodeId, m) => { calls.push([nodeId, m]); return `[${t.positionMoves(nodeId).concat(m).join(".")}]`; };
  assert.equal(narrate(t, 17, label), "[1] is probed with the null window (3, 4).");
  assert.deepEqual(calls[0], [1, "1"]); // played from the root (node 1)
  assert.equal(narrate(t, 10, label), "[0.1] fails low with -12 ≤ -3."); // seq 11 at node 2
});

test("probe, fail-high and re-search (the spec's example shape)", () => {
  const t = load(fixture("research_pvs.jsonl"));
  assert.equal(narrate(t, 13), "1 is probed with the null window (3, 4)."); // seq 14
  assert.equal(narrate(t, 20), "1 fails high with 5 ≥ 4."); // seq 21
  // seq 22: the probe (node 5) returned -5 from its own side: 5 for the root.
  assert.equal(narrate(t, 21), "5 is inside (3, ∞), so 1 is searched again with the full window (3, ∞).");
  assert.match(narrate(t, 22), /re-search/); // seq 23: the enter of node 8
});

test("every kind has its own sentence", () => {
  const t = load(fixture("aima_id_pvs.jsonl"));
  const seen = new Map();
  for (let i = 0; i < t.length; i++) {
    const s = narrate(t, i);
    assert.match(s, /^[A-Z0-9\[].*[.]$/, `seq ${i + 1}: ${s}`);
    assert.doesNotMatch(s, /undefined|NaN| null[,.)]/, `seq ${i + 1}: ${s}`);
    seen.set(t.event(i).kind, s);
  }
  assert.match(seen.get("root-pv"), /0 0/);
  assert.match(seen.get("search-end"), /score 3/);
  assert.match(narrate(t, 0), /starts/);
  assert.equal(narrate(t, 1), "Iteration 1 starts with the root window (-∞, ∞).");
  assert.equal(narrate(t, 18), "The root returns 14, inside its window (-∞, ∞): an exact score."); // seq 19
});

test("TT, aspiration and stopped events (synthetic)", async () => {
  const { Trace } = await import("../model/model.js");
  const h = DEFAULT_HELLO, K = (s) => h.kinds.indexOf(s);
  const t = new Trace(h);
  t.start({ kind: "chess", fen: "startpos" });
  const rows = [
    // kind, node, parent, alpha, beta, score, depth, bound, end, move
    ["search-start", 0, 0, 0, 0, 0, 3, 0, 0, 0],
    ["enter", 1, 0, -50, 50, 0, 3, 0, 0, 0],
    ["tt-probe", 1, 0, 0, 0, 0, 0, 0, 0, 0],
    ["tt-hit", 1, 0, 0, 0, 30, 2, h.bounds.indexOf("lower"), 0, 1],
    ["tt-store", 1, 0, 0, 0, 30, 3, h.bounds.indexOf("exact"), 0, 1],
    ["tt-cutoff", 1, 0, 0, 0, 30, 0, 0, 0, 0],
    ["exit", 1, 0, 0, 0, 30, 0, 0, h.ends.indexOf("tt-cutoff"), 0],
    ["aspiration-fail", 0, 0, 40, 32000, 60, 3, 0, 0, 0],
    ["iteration-end", 0, 0, 0, 0, 60, 3, 0, h.ends.indexOf("stopped"), 0],
  ];
  const col = (j) => rows.map((r) => (j === 0 ? K(r[0]) : r[j]));
  t.append({ from: 0, count: rows.length, moves: ["e2e4"], kind: col(0), node: col(1), parent: col(2), alpha: col(3),
    beta: col(4), score: col(5), depth: col(6), bound: col(7), end: col(8), move: col(9) });
  assert.equal(narrate(t, 2), "The root is looked up in the transposition table.");
  assert.equal(narrate(t, 3), "The table has an entry for the root: a lower bound of 30 from depth 2, best move e2e4.");
  assert.equal(narrate(t, 4), "The root is stored in the table: an exact score of 30 at depth 3, best move e2e4.");
  assert.equal(narrate(t, 5), "The table entry is enough: the root returns 30 without searching.");
  assert.match(narrate(t, 6), /^The root returns 30 \(a transposition-table cutoff\)/);
  assert.equal(narrate(t, 7), "The root scored 60, outside the aspiration window, so it is searched again with (40, ∞).");
  assert.match(narrate(t, 8), /stopped/);
  assert.equal(t.stats(9).ttCutoffs, 1);
  assert.equal(t.stats(9).ttHits, 1);
});

// Issue 28: a search without iterative deepening (one pass at depth 2) was narrated
// "Iteration 2 starts": there is no iteration 1. Deepening from depth 1 still says iterations.
test("a single pass is the search to its depth, deepening is iterations", async () => {
  const { Trace } = await import("../model/model.js");
  const h = DEFAULT_HELLO, K = (s) => h.kinds.indexOf(s);
  const build = (depths) => {
    const t = new Trace(h);
    t.start({ kind: "tree", tree: "(1 2)" });
    const rows = [["search-start", 0, 0, 0, 0, 0, depths[depths.length - 1]]];
    let id = 0;
    for (const d of depths) {
      rows.push(["iteration-start", 0, 0, 0, 0, 0, d], ["enter", ++id, 0, -32000, 32000, 0, d],
        ["exit", id, 0, 0, 0, 2, 0], ["iteration-end", 0, 0, 0, 0, 2, d]);
    }
    const col = (j) => rows.map((r) => (j === 0 ? K(r[0]) : r[j] ?? 0));
    t.append({ from: 0, count: rows.length, moves: [], kind: col(0), node: col(1), parent: col(2), alpha: col(3),
      beta: col(4), score: col(5), depth: col(6), bound: col(7), end: col(8), move: col(9) });
    return t;
  };
  const pass = build([2]);
  assert.equal(narrate(pass, 1), "The search to depth 2 starts.");
  assert.equal(narrate(pass, 4), "The search to depth 2 is complete with score 2.");
  const deepening = build([1, 2]);
  assert.equal(narrate(deepening, 1), "Iteration 1 starts.");
  assert.equal(narrate(deepening, 5), "Iteration 2 starts.");
  assert.equal(narrate(deepening, 8), "Iteration 2 is complete with score 2.");
});
