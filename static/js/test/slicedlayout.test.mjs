// A far seek into a deep chain laid out in parts (issue 44): TreeLayout.compute with a budget of
// items makes and decorates at most that many a call, and the calls at the same step end on the
// picture one whole layout draws; a seek elsewhere meanwhile ends on that step's. The node's name
// in a sentence (positionEnds) is its path's first and last moves, as the whole path gives them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Trace, batchFromJSONL } from "../model/model.js";
import { TreeLayout } from "../tree/layout.js";

// A chain of n nodes, node i the only child of node i - 1, each entered then all exited.
function chain(n) {
  const ev = [];
  for (let i = 1; i <= n; i++) ev.push({ kind: "enter", node: i, parent: i - 1, move: "m" + i, ply: i - 1, depth: n - i });
  for (let i = n; i >= 1; i--) ev.push({ kind: "exit", node: i, score: i % 2 });
  const text = [JSON.stringify({ format: "pvscope-trace", version: 1, meta: { algo: "minimax" } }), ...ev.map((e, i) => JSON.stringify({ seq: i + 1, ...e }))].join("\n");
  const { hello, started, batch } = batchFromJSONL(text);
  const t = new Trace(hello);
  t.start(started);
  t.append(batch);
  return t;
}

const drawn = (r) => r.nodes.map((it) => [it.kind, it.id, it.x, it.y, it.level, it.parentItem ? it.parentItem.id : null,
  it.state, it.current, it.onPath, it.onPV, it.count, it.inLink ? [it.inLink.from.id, it.inLink.onPath, it.inLink.onPV] : null]);

// compute at k with the budget until done; returns the result and the number of calls.
function settle(L, k, budget) {
  let r, calls = 0;
  do { r = L.compute(k, {}, budget); calls++; } while (!r.done && calls < 1000);
  return { r, calls };
}

test("a far seek into a 3,000-node chain, 100 items a call: each call makes or decorates at most 100, and the end is the whole layout's", () => {
  const n = 3000, t = chain(n), budget = 100;
  const L = new TreeLayout(t, {});
  let r = settle(L, t.length, Infinity).r; // at the end: the root and its finished chain, a summary
  const mid = n + n / 2; // half the nodes exited: 1,500 open
  let before = r.count, calls = 1;
  r = L.compute(mid, {}, budget);
  while (!r.done) {
    assert.ok(r.count - before <= budget, `call ${calls} made ${r.count - before} items`);
    before = r.count;
    r = L.compute(mid, {}, budget); calls++;
  }
  assert.ok(calls >= 1500 / budget, `${calls} calls`);
  const whole = new TreeLayout(t, {}).compute(mid);
  assert.equal(r.count, 1501); // 1,500 open nodes and the finished one under them, a summary
  assert.deepEqual(drawn(r), drawn(whole));
  assert.equal(r.shown, whole.shown);
  // And from there, a step is one call, the same as a whole layout's.
  const next = L.compute(mid + 1, {}, budget);
  assert.ok(next.done);
  assert.deepEqual(drawn(next), drawn(new TreeLayout(t, {}).compute(mid + 1)));
});

test("a second seek while the first is laid out in parts ends where the second asked", () => {
  const n = 2000, t = chain(n), budget = 64;
  const L = new TreeLayout(t, {});
  settle(L, t.length, Infinity);
  for (let i = 0; i < 5; i++) assert.ok(!L.compute(n + 200, {}, budget).done); // toward 1,800 open nodes
  for (const k of [n + 1500, 900, n + 10, n + 1999]) {
    L.compute(k, {}, budget);
    L.compute(k, {}, budget);
  }
  const { r } = settle(L, n + 700, budget);
  assert.deepEqual(drawn(r), drawn(new TreeLayout(t, {}).compute(n + 700)));
  assert.equal(r.count, 1301);
});

// Home then End (the End key after the Home key): at step 0 nothing is shown, and the chain's
// 1,500 open nodes at mid are made in parts from there, as from any step of the chain: the whole
// chain of 100,000 was laid out in one task of 0.6 s (1.8 s at a load of 9) where the seek from a
// step already laid out took 55 ms.
test("a far seek from the first step (nothing shown) is laid out in parts too, to the whole layout's picture", () => {
  const n = 3000, t = chain(n), budget = 100;
  const L = new TreeLayout(t, {});
  settle(L, t.length, Infinity);
  assert.equal(settle(L, 0, budget).r.count, 0);
  const mid = n + n / 2;
  let r = L.compute(mid, {}, budget), calls = 1, before = 0;
  while (!r.done) {
    assert.ok(r.count - before <= budget, `call ${calls} made ${r.count - before} items`);
    before = r.count;
    r = L.compute(mid, {}, budget); calls++;
  }
  assert.ok(calls >= 1500 / budget, `the seek from step 0 took ${calls} calls: laid out whole in one`);
  assert.deepEqual(drawn(r), drawn(new TreeLayout(t, {}).compute(mid)));
});

test("positionEnds names a deep node by the first and last moves of its whole path", () => {
  const t = chain(500);
  for (const id of [1, 2, 20, 33, 34, 35, 40, 41, 42, 60, 499]) {
    const whole = t.positionMoves(id), e = t.positionEnds(id, 8, 24);
    assert.equal(e.count, whole.length, `node ${id}`);
    if (whole.length <= 32) assert.deepEqual([e.head, e.tail], [[], whole]);
    else assert.deepEqual([e.head, e.tail], [whole.slice(0, 8), whole.slice(-24)], `node ${id}`);
  }
});
