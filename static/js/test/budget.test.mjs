// The page's budget (model/budget.js): past it the Trace takes no more events and says which
// budget was reached; what arrived before stays.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Trace, DEFAULT_HELLO } from "../model/model.js";
import { PAGE_BUDGET } from "../model/budget.js";

const K = (name) => DEFAULT_HELLO.kinds.indexOf(name);

// n enters of a chain (nodes from+1 .. from+n), one frame.
const enters = (from, n) => ({
  type: "events", id: 1, from, count: n, moves: [],
  kind: Array(n).fill(K("enter")), node: Array.from({ length: n }, (_, i) => from + i + 1), parent: Array.from({ length: n }, (_, i) => from + i),
});

test("the nodes' budget: a frame that would pass it is refused whole, and every later one", () => {
  const t = new Trace(DEFAULT_HELLO, { events: 1000, nodes: 10, lines: 1000 });
  t.start({ type: "started", kind: "chess" });
  t.append(enters(0, 6));
  assert.equal(t.full, null);
  t.append(enters(6, 6)); // 12 nodes > 10
  assert.deepEqual(t.full, { what: "nodes", max: 10 });
  assert.equal(t.length, 6);
  t.append(enters(6, 1)); // would fit, but the search is over the budget already
  assert.equal(t.length, 6);
  t.start({ type: "started", kind: "chess" }); // a new search starts afresh
  assert.equal(t.full, null);
});

test("the events' and the lines' budgets", () => {
  let t = new Trace(DEFAULT_HELLO, { events: 5, nodes: 100, lines: 100 });
  t.start({ type: "started", kind: "chess" });
  t.append(enters(0, 6));
  assert.deepEqual([t.full, t.length], [{ what: "events", max: 5 }, 0]);
  t = new Trace(DEFAULT_HELLO, { events: 100, nodes: 100, lines: 3 });
  t.start({ type: "started", kind: "chess" });
  t.append({ type: "events", id: 1, from: 0, count: 1, moves: ["a", "b"], lines: [1, 0, 2, 1], kind: [K("root-pv")], pv: [[0, 2]] });
  assert.equal(t.full, null);
  t.append({ type: "events", id: 1, from: 1, count: 1, moves: [], lines: [1, 2, 2, 3], kind: [K("root-pv")], pv: [[0, 4]] });
  assert.deepEqual(t.full, { what: "lines", max: 3 });
  assert.deepEqual(t.event(0).pv, ["b", "a"]);
});

test("the page's budget covers what the server sends at most", () => {
  // A trace file keeps 3,000,000 events (session.MaxTraceEvents); a search 1,000,000 nodes.
  assert.ok(PAGE_BUDGET.events >= 3_000_000 && PAGE_BUDGET.nodes >= 1_000_000 && PAGE_BUDGET.lines >= PAGE_BUDGET.events);
});
