// Lines kept by reference (lines.js, protocol 3): a chain's lines arrive as pairs and read back whole.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Trace, DEFAULT_HELLO } from "../model/model.js";

const K = (name) => DEFAULT_HELLO.kinds.indexOf(name);

// A chain of n nodes as the server sends it: n enters, then exits with a pv-update each, from
// the deepest up; node i's line is moves i..n, sent as (move i, the line of node i+1).
function chainFrames(n) {
  const ev = { kind: [], node: [], parent: [], move: [] }, pv = [], lines = [];
  const push = (kind, node, parent, move) => { ev.kind.push(K(kind)); ev.node.push(node); ev.parent.push(parent); ev.move.push(move); };
  for (let i = 1; i <= n; i++) push("enter", i, i - 1, i);
  for (let i = n; i >= 1; i--) {
    push("exit", i, 0, 0);
    lines.push(i, n - i); // line n-i+1: move i, then node i+1's line (0, the empty line, for node n)
    pv.push([ev.kind.length, n - i + 1]);
    push("pv-update", i, 0, 0);
  }
  return { type: "events", id: 1, from: 0, count: ev.kind.length, moves: Array.from({ length: n }, (_, i) => `m${i + 1}`), lines, pv, ...ev };
}

test("a chain's lines read back whole from their pairs, and cost a few numbers each", () => {
  const n = 2000, t = new Trace(DEFAULT_HELLO);
  t.start({ type: "started", kind: "chess" });
  t.append(chainFrames(n));
  assert.equal(t.lines.count, n);
  for (let at = 0; at < t.length; at++) {
    const e = t.event(at);
    if (e.kind !== "pv-update") continue;
    assert.deepEqual(e.pv, Array.from({ length: n - e.node + 1 }, (_, j) => `m${e.node + j}`), `node ${e.node}`);
  }
  assert.ok(t.lines.bytes < 64 * n, `${t.lines.bytes} bytes for ${n} lines`);
});

test("a line given as move ids (a trace read by the page) and an empty line", () => {
  const t = new Trace(DEFAULT_HELLO);
  t.start({ type: "started", kind: "chess" });
  t.append({ type: "events", id: 1, from: 0, count: 2, moves: ["e2e4", "e7e5"], kind: [K("root-pv"), K("search-end")], pv: [[0, [1, 2]], [1, []]] });
  assert.deepEqual(t.event(0).pv, ["e2e4", "e7e5"]);
  assert.deepEqual(t.event(1).pv, []);
});

test("a pair whose tail is not yet known is its move alone: no cycle", () => {
  const t = new Trace(DEFAULT_HELLO);
  t.start({ type: "started", kind: "chess" });
  t.append({ type: "events", id: 1, from: 0, count: 1, moves: ["a"], lines: [1, 5, 1, 2], kind: [K("root-pv")], pv: [[0, 2]] });
  assert.deepEqual(t.event(0).pv, ["a"]);
});
