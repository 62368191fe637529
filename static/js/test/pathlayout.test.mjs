// A deep chain stepped through (issue 44): the path's layout extended or trimmed at each step
// (pathlayout.js) draws what a fresh layout at that step draws, and the fresh layout's positions
// are the tidy tree's, computed here by d3 on the whole visible tree (its top spine included).
import { test } from "node:test";
import assert from "node:assert/strict";
import { Trace, batchFromJSONL } from "../model/model.js";
import { TreeLayout } from "../tree/layout.js";
import { hierarchy, tree } from "../../vendor/d3-hierarchy/d3-hierarchy.js";

function traceOf(events) {
  const text = [JSON.stringify({ format: "pvscope-trace", version: 1, meta: { algo: "minimax" } }), ...events.map((e, i) => JSON.stringify({ seq: i + 1, ...e }))].join("\n");
  const { hello, started, batch } = batchFromJSONL(text);
  const t = new Trace(hello);
  t.start(started);
  t.append(batch);
  return t;
}

// A chain of n nodes; below node fork, two chains of m nodes each, the second entered after the
// first exits (the tree is a path until the second one enters).
function forkedChain(n, fork, m) {
  const ev = [];
  let id = 0;
  const chain = (parent, len) => {
    const ids = [];
    for (let i = 0; i < len; i++) { id++; ev.push({ kind: "enter", node: id, parent: i ? id - 1 : parent, move: String(i ? 0 : ids.length), ply: 0, depth: 1 }); ids.push(id); }
    return ids;
  };
  const exit = (ids) => { for (const x of [...ids].reverse()) ev.push({ kind: "exit", node: x, score: x % 3 }); };
  const top = chain(0, n);
  exit(chain(top[fork - 1], m));
  exit(chain(top[fork - 1], m));
  exit(top);
  return traceOf(ev);
}

// The drawn tree as plain values, in drawing order.
const drawn = (r) => r.nodes.map((it) => [it.kind, it.id, it.x, it.y, it.level, it.parentItem ? it.parentItem.id : null,
  it.state, it.current, it.onPath, it.count, it.inLink ? it.inLink.from.id : null, it.kids ? it.kids.map((c) => c.id) : null]);

// The reference: d3's tidy tree over the whole visible tree, as layout.js configures it.
function reference(r, L) {
  const root = hierarchy(r.nodes[0], (it) => it.kids);
  const wide = (d) => d.data.kind === "summary";
  tree().nodeSize([L.nodeWidth, L.levelHeight]).separation((a, b) => (a.parent === b.parent ? 1 : 1.3) + (wide(a) || wide(b) ? 0.8 : 0))(root);
  const at = new Map();
  root.each((d) => at.set(d.data.id, [d.x, d.y]));
  return at;
}

for (const threshold of [20, Infinity]) {
  test(`a forked chain stepped forward, back and by jumps (collapse from ${threshold} nodes): the extended path is the fresh layout, and the tidy tree's`, () => {
    const t = forkedChain(60, 30, 8);
    const L = new TreeLayout(t, { threshold });
    const ks = [];
    for (let k = 0; k <= t.length; k++) ks.push(k);
    for (let k = t.length; k >= 0; k--) ks.push(k);
    ks.push(5, 150, 70, t.length, 40, 41, 0, 100);
    for (const k of ks) {
      const got = L.compute(k);
      const fresh = new TreeLayout(t, { threshold }).compute(k);
      assert.deepEqual(drawn(got), drawn(fresh), `k=${k}`);
      assert.equal(got.shown, fresh.shown, `k=${k}: shown`);
      assert.deepEqual([got.minX, got.maxX, got.maxY, got.count], [fresh.minX, fresh.maxX, fresh.maxY, fresh.count], `k=${k}: bounds`);
      if (!fresh.nodes.length) continue;
      const at = reference(fresh, L);
      for (const it of fresh.nodes) assert.deepEqual([it.x, it.y], at.get(it.id), `k=${k}: node ${it.id}`);
    }
    assert.ok(L.extends > 100, `${L.extends} steps extended the path`); // the chain's steps
  });
}
