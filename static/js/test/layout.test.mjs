// The visible tree: counts recounted by hand from the JSONL, collapse rules, incremental reuse,
// and the time to lay out 10k visible nodes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { load, GOLDEN, fixture, synthetic } from "./helpers.mjs";
import { Trace } from "../model/model.js";
import { TreeLayout } from "../tree/layout.js";

const ids = (r, f) => r.nodes.filter(f).map((it) => it.id).sort((a, b) => String(a).localeCompare(String(b), "en", { numeric: true }));

test("R&N at the end: 13 nodes (root, 3 children, 7 searched leaves, 2 pruned)", () => {
  const t = load(GOLDEN);
  const r = new TreeLayout(t).compute(t.length);
  assert.equal(r.count, 13);
  assert.equal(r.nodes.filter((it) => it.kind === "node").length, 11); // enters: seq 3,4,5,9,13,19,20,26,27,29,31
  const pruned = r.nodes.filter((it) => it.kind === "pruned");
  assert.deepEqual(pruned.map((p) => p.pruned.path), ["1.1", "1.2"]);
  for (const p of pruned) { assert.equal(p.parentItem.id, 6); assert.equal(p.outcome, "pruned"); }
  assert.equal(r.links.length, 12);
  // Levels: 1 root, 3 children, 9 grandchildren (7 searched + 2 pruned).
  const byLevel = [0, 1, 2].map((l) => r.nodes.filter((it) => it.level === l).length);
  assert.deepEqual(byLevel, [1, 3, 9]);
  // Leaves in tree order left to right: 0.0 0.1 0.2 1.0 1.1 1.2 2.0 2.1 2.2.
  const leaves = r.nodes.filter((it) => it.level === 2).sort((a, b) => a.x - b.x);
  assert.deepEqual(leaves.map((it) => it.kind === "pruned" ? it.pruned.path : t.positionMoves(it.id).join(".")),
    ["0.0", "0.1", "0.2", "1.0", "1.1", "1.2", "2.0", "2.1", "2.2"]);
  for (let i = 1; i < leaves.length; i++) assert.ok(leaves[i].x - leaves[i - 1].x >= 44 - 1e-9);
  // PV 0 0: the root, node 2 ("0"), node 3 ("0.0").
  assert.deepEqual(ids(r, (it) => it.onPV), [1, 2, 3]);
  // The cutoffs: seq 22 at node 6 by node 7 prunes 1.1 and 1.2 (the book's one pruning); seq 33
  // at node 8 comes at its last move (node 11, "2.2"), prunes nothing and gets no ✂.
  assert.deepEqual(ids(r, (it) => it.cut), [7]);
  // Outcomes from the exits: node 6 and 8 returned "cut" (fail high), node 7 "all".
  const by = new Map(r.nodes.map((it) => [it.id, it]));
  assert.equal(by.get(1).outcome, "exact");
  assert.equal(by.get(6).outcome, "fail-high");
  assert.equal(by.get(7).outcome, "fail-low");
  assert.equal(by.get(9).broken, true); // expected all, returned cut (seq 27/28)
  assert.equal(by.get(4).broken, false);
  assert.ok(r.nodes.every((it) => it.state === "done"));
});

test("R&N at k=20: the open path 1 > 6 > 7, nothing pruned yet", () => {
  const t = load(GOLDEN);
  const r = new TreeLayout(t).compute(20);
  assert.equal(r.count, 7); // nodes 1..7 entered by seq 20
  const by = new Map(r.nodes.map((it) => [it.id, it]));
  assert.deepEqual(ids(r, (it) => it.state === "open"), [1, 6, 7]);
  assert.equal(by.get(7).current, true);
  assert.equal(by.get(2).state, "done");
  assert.deepEqual(ids(r, (it) => it.onPV), [1, 2, 3]); // root line 0 0 since seq 17
});

test("stepping over events that do not change the structure reuses the layout", () => {
  const t = load(GOLDEN);
  const L = new TreeLayout(t);
  L.compute(7);
  const a = L.layouts;
  const r8 = L.compute(8); // seq 8 is a probe: same nodes
  assert.equal(L.layouts, a);
  assert.equal(r8.count, 3);
  L.compute(9); // seq 9 enters node 4
  assert.equal(L.layouts, a + 1);
  // Going back gives the same positions as the first time.
  const again = L.compute(7), fresh = new TreeLayout(t).compute(7);
  assert.deepEqual(again.nodes.map((it) => [it.id, it.x, it.y, it.state]), fresh.nodes.map((it) => [it.id, it.x, it.y, it.state]));
});

test("a re-search is linked to its probe", () => {
  const t = load(fixture("research_pvs.jsonl"));
  const r = new TreeLayout(t).compute(t.length);
  assert.deepEqual(r.reLinks.map((l) => [l.from.id, l.to.id]), [[5, 8]]);
  assert.deepEqual(ids(r, (it) => it.onPV), [1, 8, 9]); // PV 1 0 through the re-search, not the probe
});

test("iterative deepening: both iteration roots side by side", () => {
  const t = load(fixture("aima_id_pvs.jsonl"));
  const r = new TreeLayout(t).compute(t.length);
  // Iteration 1: root + 3 children + the re-search of move 2 (seq 16) = 5; iteration 2: 13.
  assert.equal(r.count, 18);
  assert.deepEqual(r.nodes.filter((it) => it.level === 1).map((it) => it.id), [1, 6]);
});

test("big trees collapse finished subtrees; counts add up; expand and the off switch", () => {
  const s = synthetic(3, 7); // 3280 nodes
  const t = new Trace(s.hello);
  t.start(s.started);
  for (const b of s.batches) t.append(b);
  const L = new TreeLayout(t);
  const weight = (r) => r.nodes.reduce((sum, it) => sum + (it.kind === "summary" ? it.count : 1), 0);
  for (const k of [0, 100, 1000, 5000, 8000, t.length]) {
    const r = L.compute(k);
    assert.equal(weight(r), t.nodeCount(k), `k=${k}`);
    if (t.nodeCount(k) >= 400) {
      assert.ok(r.count < 40, `k=${k}: ${r.count} visible`);
      for (const it of r.nodes) if (it.kind === "summary") assert.equal(it.state, "done");
      for (const id of t.path(t.current(k))) assert.equal(r.byId.get(id).kind, "node"); // the open path stays
    } else assert.equal(r.count, t.nodeCount(k));
  }
  const end = L.compute(t.length);
  assert.deepEqual(end.nodes.map((it) => it.kind), ["node", "summary", "summary", "summary"]);
  assert.equal(end.nodes[1].count, (3 ** 7 - 1) / 2);
  const opened = L.compute(t.length, { expanded: new Set([2]), version: 1 });
  assert.equal(opened.count, 4 + 3);
  const all = L.compute(t.length, { collapse: false, version: 2 });
  assert.equal(all.count, s.nodes);
});

// Times are printed, not asserted (no timing assertions in tests: a busy CI machine
// would fail them); the browser benchmarks measure speed.
test("10k visible nodes lay out, every node placed", () => {
  const s = synthetic(4, 6); // 5461 nodes
  const s2 = synthetic(10, 4); // 11111 nodes
  for (const x of [s, s2]) {
    const t = new Trace(x.hello);
    t.start(x.started);
    for (const b of x.batches) t.append(b);
    const L = new TreeLayout(t);
    L.compute(t.length, { collapse: false }); // warm up the JIT
    const t0 = performance.now();
    const r = new TreeLayout(t).compute(t.length, { collapse: false });
    const ms = performance.now() - t0;
    const t1 = performance.now();
    L.compute(t.length - 1, { collapse: false }); // same structure: decorate only
    const ms2 = performance.now() - t1;
    console.log(`# layout of ${r.count} nodes: ${ms.toFixed(1)} ms; same structure at another k: ${ms2.toFixed(1)} ms`);
    assert.equal(r.count, x.nodes);
  }
});

test("a finished big tree shown whole keeps one layout: stepping moves no node and hides what is not entered yet", () => {
  const s = synthetic(4, 7); // 21845 nodes
  const t = new Trace(s.hello);
  t.start(s.started);
  for (const b of s.batches) t.append(b);
  const L = new TreeLayout(t);
  const whole = { collapse: false };
  const end = L.compute(t.length, whole);
  const at = new Map(end.nodes.map((it) => [it.id, [it.x, it.y]]));
  const layouts = L.layouts;
  for (const k of [t.length - 1, t.length - 777, 30000, 20000, 15000, t.length]) {
    const r = L.compute(k, whole);
    // Nodes entered among the first k events, counted from the generated events themselves.
    const entered = s.expCount[k];
    assert.ok(entered >= 5000, `k=${k}: ${entered} nodes`);
    const shown = r.nodes.filter((it) => it.state !== "unseen");
    assert.equal(shown.length, entered, `k=${k}`);
    assert.ok(shown.every((it) => it.nodeId <= entered), `k=${k}: a node entered later is shown`);
    assert.equal(r.hideUnseen, true, `k=${k}: the nodes not entered yet are drawn`);
    for (const it of r.nodes) assert.deepEqual([it.x, it.y], at.get(it.id), `k=${k}: node ${it.id} moved`);
  }
  assert.equal(L.layouts, layouts, "stepping laid the tree out again");
  // A few hundred nodes in: the tree grows as it is searched (only what is entered is laid out).
  const early = L.compute(2000, whole);
  assert.equal(early.count, s.expCount[2000]);
  assert.equal(early.hideUnseen, false);
});

test("a step decorates only what it touches, and the tree drawn is the one a fresh decoration gives", () => {
  const fields = (it) => [it.state, it.outcome, it.score, it.current, it.onPV, it.onPath, it.cut, it.broken, it.count,
    it.inLink && [it.inLink.onPV, it.inLink.onPath, it.inLink.cut, it.inLink.pruned]];
  for (const name of ["chess_black_d2.jsonl", "research_pvs.jsonl", "pvlab_tree_id.jsonl"]) {
    const t = load(fixture(name));
    for (const opts of [{ collapse: false }, { collapse: true }]) {
      const L = new TreeLayout(t, { threshold: 50 });
      // A walk of small steps both ways, with a few jumps, as → ← and the timeline do.
      let k = 0, seed = 7;
      const rnd = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
      for (let i = 0; i < 400; i++) {
        k = i % 50 === 49 ? rnd(t.length + 1) : Math.max(0, Math.min(t.length, k + rnd(7) - 2));
        const r = L.compute(k, opts);
        const fresh = new TreeLayout(t, { threshold: 50 }).compute(k, opts);
        assert.equal(r.nodes.length, fresh.nodes.length, `${name} k=${k}`);
        r.nodes.forEach((it, j) => assert.deepEqual(fields(it), fields(fresh.nodes[j]), `${name} k=${k} item ${it.id}`));
        assert.equal(r.shown, fresh.nodes.filter((it) => it.state !== "unseen").length, `${name} k=${k} shown`);
      }
    }
  }
});
