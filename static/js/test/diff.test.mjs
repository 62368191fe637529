// The page's search diff (diff.js) on a real chess trace and copies of it with one planted
// change: the first divergence is the planted one, at the path read from the raw file (parent
// links followed here, not by the model), and the marks name the nodes changed.
import { test } from "node:test";
import assert from "node:assert/strict";
import "./words.mjs";
import fs from "node:fs";
import { Trace, batchFromJSONL } from "../model/model.js";
import { diffTraces, iterations, describe } from "../compare/diff.js";
import { fixture } from "./helpers.mjs";

const FILE = fixture("chess_black_d2.jsonl");
const lines = fs.readFileSync(FILE, "utf8").split("\n").filter((l) => l.trim());
const header = lines[0];
const events = lines.slice(1).map((l) => JSON.parse(l));

// Node ids renumbered in enter order (as the server does for a file), then a Trace.
function traceOf(evs) {
  const ids = new Map();
  let next = 1;
  const out = evs.map((e) => {
    const c = { ...e };
    if (c.kind === "enter") ids.set(c.node, next++);
    for (const f of ["node", "parent", "ref"]) if (c[f]) c[f] = ids.get(c[f]) ?? c[f];
    return c;
  });
  const { hello, started, batch } = batchFromJSONL([header, ...out.map((e) => JSON.stringify(e))].join("\n"));
  const t = new Trace(hello);
  t.start(started);
  t.append(batch);
  return t;
}

// From the raw events: each node's enter index, exit index, parent, move, children.
const raw = new Map();
events.forEach((e, i) => {
  if (e.kind === "enter") {
    raw.set(e.node, { id: e.node, enter: i, parent: e.parent, move: e.move, kids: [] });
    if (raw.has(e.parent)) raw.get(e.parent).kids.push(e.node);
  } else if (e.kind === "exit" && raw.has(e.node)) raw.get(e.node).exit = i;
});
const pathOf = (id) => { const p = []; for (let n = raw.get(id); n && n.parent; n = raw.get(n.parent)) p.unshift(n.move); return p; };
const nodes = [...raw.values()];
// A node at ply 1 or 2 with two children of different moves, found in the raw file.
const parent = nodes.find((n) => pathOf(n.id).length === 1 && n.kids.length >= 3 && raw.get(n.kids[1]).move !== raw.get(n.kids[2]).move);
const leaf = nodes.find((n) => pathOf(n.id).length === 2 && n.kids.length === 0);

test("a trace against itself is the same", () => {
  const d = diffTraces(traceOf(events), traceOf(events));
  assert.equal(d.same, true);
  assert.equal(d.first, null);
  assert.equal(d.diffs.length, 0);
  assert.deepEqual(iterations(traceOf(events)).map((it) => it.depth), [1, 2]);
});

test("two children swapped: they part at their parent, and nothing is only in one", () => {
  const [c1, c2] = [raw.get(parent.kids[1]), raw.get(parent.kids[2])];
  const b = [...events.slice(0, c1.enter), ...events.slice(c2.enter, c2.exit + 1), ...events.slice(c1.exit + 1, c2.enter),
    ...events.slice(c1.enter, c1.exit + 1), ...events.slice(c2.exit + 1)];
  const ta = traceOf(events), tb = traceOf(b);
  const d = diffTraces(ta, tb);
  assert.deepEqual(d.first.what, ["next"]);
  assert.deepEqual(d.first.path, pathOf(parent.id));
  assert.deepEqual(d.first.a.path, pathOf(c1.id));
  assert.deepEqual(d.first.b.path, pathOf(c2.id));
  assert.equal(d.first.a.k, c1.enter + 1); // the step just after A's enter of c1
  assert.equal(d.first.b.k, c1.enter + 1); // B enters c2 where A entered c1
  assert.equal(d.diffs.filter((x) => x.what === "only").length, 0);
  assert.match(describe(d.diffs[0]), /They part: A enters .*, B enters /);
});

test("a window changed: the node itself, entered with another window", () => {
  const b = events.map((e, i) => (i === raw.get(parent.kids[1]).enter ? { ...e, alpha: e.alpha - 3 } : e));
  const d = diffTraces(traceOf(events), traceOf(b));
  assert.deepEqual(d.first.what, ["window"]);
  assert.deepEqual(d.first.path, pathOf(parent.kids[1]));
  assert.equal(d.marks.a.get(d.first.a.node), "window");
  assert.equal(d.marks.b.get(d.first.b.node), "window");
});

test("a leaf's score changed: the leaf, left with another score", () => {
  const b = events.map((e, i) => (i === leaf.exit ? { ...e, score: e.score + 7 } : e));
  const d = diffTraces(traceOf(events), traceOf(b));
  assert.deepEqual(d.first.what, ["score"]);
  assert.deepEqual(d.first.path, pathOf(leaf.id));
  assert.equal(d.first.a.k, leaf.exit + 1);
  assert.deepEqual([...d.marks.a.values()], ["score"]);
});

test("a subtree removed: they part at its parent; it is only in A", () => {
  const c = raw.get(parent.kids[1]);
  const b = [...events.slice(0, c.enter), ...events.slice(c.exit + 1)];
  const d = diffTraces(traceOf(events), traceOf(b));
  assert.deepEqual(d.first.what, ["next"]);
  assert.deepEqual(d.first.path, pathOf(parent.id));
  const only = d.diffs.filter((x) => x.what === "only");
  assert.equal(only.length, 1);
  assert.deepEqual(only[0].a.path, pathOf(c.id));
  assert.equal(only[0].b, null);
});
