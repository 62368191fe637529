// The point of view (view.js) and the root-view narration, on Russell & Norvig's Fig. 5.2 under
// PVS (the golden trace). Expectations are the book's: the MIN node B = 0 has value 3, C = 1
// fails low with 2 <= alpha = 3 and stops after its first leaf (an alpha cutoff).
import "./words.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { load, GOLDEN } from "./helpers.mjs";
import { narrate } from "../stepping/narrate.js";
import { View, defaultView, fmt } from "../tree/view.js";

// Moves named by their path from the root, as the page names tree moves.
const label = (t) => (id, m) => [...t.positionMoves(id), m].join(".");

test("defaults: the textbook view for trees, negamax for chess", () => {
  assert.equal(defaultView("tree"), "root");
  assert.equal(defaultView("chess"), "negamax");
  assert.equal(fmt(32000), "∞");
  assert.equal(fmt(-32000), "-∞");
});

test("root view: MIN nodes flip values and windows, and swap fail-high and fail-low", () => {
  const v = new View("root");
  assert.equal(v.player(0), "max");
  assert.equal(v.player(1), "min");
  assert.equal(v.value(-2, 1), 2);
  assert.equal(v.value(12, 2), 12);
  assert.deepEqual(v.window(-4, -3, 1), [3, 4]);
  assert.deepEqual(v.window(3, 4, 0), [3, 4]);
  // The engine's Cut node at a MIN node: its value is <= alpha in the book.
  assert.equal(v.outcome("cut", "", 1), "fail-low");
  assert.equal(v.outcome("all", "", 1), "fail-high");
  assert.equal(v.outcome("cut", "", 2), "fail-high");
  assert.equal(v.outcome("pv", "", 1), "exact");
  assert.equal(v.outcome("cut", "tt-cutoff", 1), "tt-cutoff");
  assert.equal(v.cutoffName(1), "an alpha cutoff");
  assert.equal(v.cutoffName(0), "a beta cutoff");
  assert.equal(v.failKind("fail-low", 1), "fail-high");
  assert.equal(v.improves(1), "lowers β");
});

test("negamax view: numbers as the events carry them", () => {
  const v = new View("negamax");
  assert.equal(v.value(-2, 1), -2);
  assert.deepEqual(v.window(-4, -3, 1), [-4, -3]);
  assert.equal(v.outcome("cut", "", 1), "fail-high");
  assert.equal(v.player(1), "max");
  assert.equal(v.cutoffName(1), "a beta cutoff");
});

test("root-view narration of R&N under PVS uses the tree's numbers", () => {
  const t = load(GOLDEN);
  const view = new View("root");
  const say = (i) => narrate(t, i, label(t), { view });
  // seq 11: the leaf 0.1 = 12 against B's window (2, 3): it fails high, as the leaf's own colour says.
  assert.equal(say(10), "0.1 fails high with 12 ≥ 3.");
  // seq 19: C is entered as a MIN node with the root's null window (3, 4).
  assert.match(say(18), /^1 \(MIN\) is entered at ply 1, depth 1, with the window \(3, 4\)/);
  // seq 22: C's first leaf is 2 <= alpha = 3: an alpha cutoff at a MIN node.
  assert.equal(say(21), "1.0 scores 2 ≤ α = 3 at 1 (MIN): an alpha cutoff, the remaining moves are pruned.");
  // seq 23: C returns 2 and fails low (<= alpha = 3).
  assert.match(say(22), /^1 returns 2, ≤ α = 3: it fails low/);
  // seq 7: B (MIN) takes 3 from its first leaf: beta comes down from ∞ to 3.
  assert.match(say(6), /^0.0 lowers β from ∞ to 3 at 0 \(MIN\)/);
  // seq 16: B returns 3, exact inside (-∞, ∞).
  assert.equal(say(15), "0 returns 3, inside its window (-∞, ∞): an exact score.");
  // Nowhere a negative number: every value of this tree is positive from the root's side.
  for (let i = 0; i < t.length; i++) assert.doesNotMatch(say(i), /(^|[^∞])-\d/, `seq ${i + 1}: ${say(i)}`);
});

test("negamax narration stays as the events carry it", () => {
  const t = load(GOLDEN);
  assert.equal(narrate(t, 10, label(t), { view: new View("negamax") }), "0.1 fails low with -12 ≤ -3.");
  assert.match(narrate(t, 21, undefined, { view: new View("negamax") }), /^0 scores -2 ≥ -3 at 1: a beta cutoff/);
});
