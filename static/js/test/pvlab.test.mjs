// The short-PV laboratory's model: method and reason per event (from a server frame's sparse
// cuts and from JSONL), and what each collector reported per iteration as of step k. Expected
// values come from the fixtures' own lines (read raw, not through the model) and by hand.
import "./words.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { load, fixture, rawEvents } from "./helpers.mjs";
import { Trace, DEFAULT_HELLO } from "../model/model.js";
import { pvReports, latestComplete, cutsBefore, methodsOf } from "../pv/pvreports.js";
import { runToBreakpoint } from "../stepping/stepping.js";
import { narrate } from "../stepping/narrate.js";

// pvlab_tree_id.jsonl: ((5 (3 9)) 4 (8 (2 6))) under PVS with iterative deepening and every
// collector (no table in trees: triangular, stack, pvhash). Iteration 2's best move "1" is a
// leaf, so each line stops after 1 move at node 12, reason leaf (seq 61, 63, 65).
const TREE = fixture("pvlab_tree_id.jsonl");

test("a server frame's sparse cuts give pv-line and pv-cut events their method and reason", () => {
  const h = DEFAULT_HELLO, K = (s) => h.kinds.indexOf(s);
  const t = new Trace(h);
  t.start({ kind: "chess", fen: "startpos", options: { "pv-methods": "all", tt: "true" } });
  // As server/encode.go sends them: one column per field, pv and cuts sparse by offset.
  t.append({
    type: "events", from: 0, count: 4, moves: ["e2e4", "e7e5"],
    kind: [K("search-start"), K("pv-line"), K("pv-cut"), K("pv-line")],
    node: [0, 0, 2059, 0], ply: [0, 0, 1, 0], depth: [3, 3, 3, 3], score: [0, 25, 0, 25],
    pv: [[1, [1, 2]], [3, [1]]],
    cuts: [[1, h.methods.indexOf("stack"), 0], [2, h.methods.indexOf("tt"), h.reasons.indexOf("tt-entry-overwritten")],
      [3, h.methods.indexOf("tt"), 0]],
  });
  assert.deepEqual([0, 1, 2, 3].map((i) => [t.event(i).method, t.event(i).reason]),
    [["", ""], ["stack", ""], ["tt", "tt-entry-overwritten"], ["tt", ""]]);
  const [r] = pvReports(t, 4);
  assert.deepEqual(r.lines, { stack: ["e2e4", "e7e5"], tt: ["e2e4"] });
  assert.deepEqual(cutsBefore([r]), [{ method: "tt", reason: "tt-entry-overwritten", node: 2059, ply: 1, depth: 3 }]);
  assert.match(narrate(t, 2), /^The tt walk's line of iteration 3 stops after 1 move, at node 2059: the entry it needed was overwritten by another position\.$/);
});

test("JSONL: every event's method and reason are the file's, whatever the batch size", () => {
  const raw = rawEvents(TREE);
  for (const size of [0, 1, 3, 7]) {
    const t = load(TREE, { batchSize: size });
    assert.equal(t.length, raw.length);
    for (let i = 0; i < raw.length; i++) {
      assert.equal(t.event(i).method, raw[i].method || "", `seq ${i + 1}`);
      assert.equal(t.event(i).reason, raw[i].reason || "", `seq ${i + 1}`);
    }
  }
  assert.equal(raw.filter((e) => e.kind === "pv-cut").length, 3);
});

test("each iteration's lines and cuts as of step k (by hand: iteration 2 of the tree)", () => {
  const t = load(TREE);
  assert.deepEqual(methodsOf(t), ["triangular", "stack", "pvhash"]);
  assert.deepEqual(pvReports(t, 19), []); // root-pv of iteration 1 is seq 20
  // Seq 58: iteration 2 is still being searched; iteration 1 is the newest finished.
  let last = latestComplete(pvReports(t, 58));
  assert.equal(last.depth, 1);
  assert.deepEqual(last.lines, { triangular: ["2"], stack: ["2"], pvhash: ["2"] });
  // Seq 59 root-pv (depth 2, line 1); seq 60 the triangular pv-line; seq 61 its cut.
  last = latestComplete(pvReports(t, 59));
  assert.equal(last.depth, 2);
  assert.deepEqual(last.lines, { triangular: ["1"] });
  assert.deepEqual(last.cuts, []);
  last = latestComplete(pvReports(t, 61));
  assert.deepEqual(last.cuts.map(({ method, reason, node, ply, depth }) => ({ method, reason, node, ply, depth })),
    [{ method: "triangular", reason: "leaf", node: 12, ply: 1, depth: 2 }]);
  // Seek back to before the cut: it is gone. Then to the end: all three, and iteration 3 whole.
  assert.deepEqual(latestComplete(pvReports(t, 60)).cuts, []);
  const end = pvReports(t, t.length);
  assert.deepEqual(end.map((r) => r.depth), [1, 2, 3]);
  assert.deepEqual(end[1].cuts.map((c) => c.method), ["triangular", "stack", "pvhash"]);
  assert.deepEqual(end[2].lines, { triangular: ["2", "1", "1"], stack: ["2", "1", "1"], pvhash: ["2", "1", "1"] });
  assert.deepEqual(end[2].cuts, []);
  assert.equal(t.node(12).move, "1"); // the cut names the leaf the line ends on
  assert.equal(t.node(12).ply, 1);
});

test("cuts and lines at every k agree with a replay of the raw file, in any seek order", () => {
  const raw = rawEvents(TREE), t = load(TREE);
  const expected = (k) => {
    const cuts = raw.filter((e) => e.seq <= k && e.kind === "pv-cut")
      .map((e) => ({ method: e.method, reason: e.reason, node: e.node, ply: e.ply, depth: e.depth }));
    // The newest finished iteration's lines: its root-pv, then the pv-lines seen so far.
    const rootPVs = raw.filter((e) => e.seq <= k && e.kind === "root-pv");
    const lines = {};
    if (rootPVs.length) {
      const d = rootPVs[rootPVs.length - 1].depth;
      lines.triangular = rootPVs[rootPVs.length - 1].pv;
      for (const e of raw) if (e.seq <= k && e.kind === "pv-line" && e.depth === d) lines[e.method] = e.pv;
    }
    return { cuts, lines };
  };
  const got = (k) => {
    const reports = pvReports(t, k), last = latestComplete(reports);
    return { cuts: cutsBefore(reports), lines: last ? last.lines : {} };
  };
  const ks = [...Array(t.length + 1).keys()];
  for (const k of [...ks, ...ks.reverse(), 61, 0, 60, 131, 59]) assert.deepEqual(got(k), expected(k), `k=${k}`);
});

test("MultiPV: the best line stays the root's line; the others are the iteration's extra lines", () => {
  const t = load(fixture("pvlab_multipv.jsonl"));
  const n = t.length;
  // Seq 126 root-pv index 0 (2 1 1, 6), seq 127 index 1 (0 0, 5).
  assert.deepEqual(t.rootPV(127), ["2", "1", "1"]);
  assert.equal(t.rootScore(127), 6);
  assert.deepEqual(t.iterations(n).map((it) => it.pv), [["2"], ["1"], ["2", "1", "1"]]);
  const last = latestComplete(pvReports(t, n));
  // Line 2 ends at a leaf on ply 2 of the depth-3 iteration: its pv-cut (seq 128, index 1)
  // belongs to that line, not to the methods' cuts.
  const cut = { method: "triangular", reason: "leaf", node: 17, ply: 2, depth: 3, at: 127 };
  assert.deepEqual(last.multipv, [{ index: 0, score: 6, pv: ["2", "1", "1"] }, { index: 1, score: 5, pv: ["0", "0"], cut }]);
  assert.deepEqual(last.cuts, []);
  assert.ok(!cutsBefore(pvReports(t, n)).some((c) => c.depth === 3), "line 2's cut is not a method's cut");
  assert.deepEqual(latestComplete(pvReports(t, 126)).multipv.length, 1); // the second line is seq 127
  assert.equal(narrate(t, 126), "MultiPV line 2 of iteration 3 is 0 0, score 5.");
  assert.match(narrate(t, 127), /^MultiPV line 2 of iteration 3 stops after 2 moves, at node 17/);
});

test("a stopped iteration reports search-stopped cuts and no lines", () => {
  const t = load(fixture("pvlab_stopped.jsonl"));
  const reports = pvReports(t, t.length);
  const stopped = reports[reports.length - 1];
  assert.equal(stopped.complete, false);
  assert.deepEqual(stopped.lines, {});
  assert.deepEqual(stopped.cuts.map((c) => [c.method, c.reason, c.node, c.ply, c.depth]),
    [["triangular", "search-stopped", 19, 2, 3], ["stack", "search-stopped", 19, 2, 3], ["pvhash", "search-stopped", 19, 2, 3]]);
  assert.equal(latestComplete(reports).depth, 2); // the snapshot's lines come from iteration 2
  assert.equal(narrate(t, 79), "The triangular table's line of iteration 3 stops after 2 moves, at node 19 (after 0 1): the search was stopped before the line was finished.");
});

test("the triangular table alone: root-pv is its line, and its cut still comes", () => {
  const t = load(fixture("pvlab_triangular.jsonl"));
  assert.deepEqual(methodsOf(t), ["triangular"]);
  const reports = pvReports(t, t.length);
  assert.deepEqual(reports.map((r) => r.lines), [{ triangular: ["2"] }, { triangular: ["1"] }, { triangular: ["2", "1", "1"] }]);
  assert.deepEqual(cutsBefore(reports), [{ method: "triangular", reason: "leaf", node: 12, ply: 1, depth: 2 }]);
});

test("the PV-cut breakpoint lands on each pv-cut in turn (seq 61, 63, 65), then the end", () => {
  const t = load(TREE), only = { pvCut: true };
  assert.equal(runToBreakpoint(t, 0, only), 61);
  assert.equal(runToBreakpoint(t, 61, only), 63);
  assert.equal(runToBreakpoint(t, 63, only), 65);
  assert.equal(runToBreakpoint(t, 65, only), t.length);
  assert.equal(runToBreakpoint(t, 0, {}), t.length); // off: nothing stops
});

test("narration of pv-line and pv-cut", () => {
  const t = load(TREE);
  assert.equal(narrate(t, 59), "The triangular table's line for iteration 2 is 1 (1 move of 2: cut short).");
  assert.equal(narrate(t, 60), "The triangular table's line of iteration 2 stops after 1 move, at node 12 (after 1): the tree has a leaf there, above the horizon.");
  assert.equal(narrate(t, 132), "The stack's line for iteration 3 is 2 1 1 (3 moves, the full depth).");
});
