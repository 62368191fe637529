// Exercises on a game's tree (teaching/gameexercise.js) and the order exercise's key on the wide
// trees games make (exercise.js's bestOrder, now over sets of children): the key's leaf count
// against every order of every node tried by brute force (an alpha-beta written here), the
// boards drawn cell by cell, the edges named by their moves.
import { test } from "node:test";
import assert from "node:assert/strict";
import "./words.mjs";
import { bestOrder, alphaBeta } from "../teaching/exercise.js";
import { boardSVG, edgeNames, movesTo, caption, gameQuery } from "../teaching/gameexercise.js";
import { treeSVG } from "../teaching/treesvg.js";

// A small seeded generator (an LCG) for the trees.
function rng(seed) {
  let x = seed >>> 0;
  return () => ((x = (x * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}
function randomTree(r, depth, maxKids) {
  if (depth === 0 || (depth < 3 && r() < 0.15)) return Math.floor(r() * 10);
  return Array.from({ length: 1 + Math.floor(r() * maxKids) }, () => randomTree(r, depth - 1, maxKids));
}

// Leaves read by a fail-soft alpha-beta (R&N's, written again here) with each node's children in
// the order orders[path] gives.
function readCount(tree, orders) {
  let n = 0;
  const go = (t, path, a, b, max) => {
    if (!Array.isArray(t)) { n++; return t; }
    let v = max ? -Infinity : Infinity;
    for (const i of orders[path] || t.map((_, k) => k)) {
      const w = go(t[i], path === "" ? String(i) : `${path}.${i}`, a, b, !max);
      if (max) { v = Math.max(v, w); if (v >= b) return v; a = Math.max(a, v); } else { v = Math.min(v, w); if (v <= a) return v; b = Math.min(b, v); }
    }
    return v;
  };
  go(tree, "", -Infinity, Infinity, true);
  return n;
}
function perms(n) {
  if (n === 0) return [[]];
  return perms(n - 1).flatMap((p) => Array.from({ length: n }, (_, i) => [...p.slice(0, i), n - 1, ...p.slice(i)]));
}
// The fewest leaves over every combination of every inner node's order.
function bruteBest(tree) {
  const inner = [];
  const walk = (t, path) => { if (Array.isArray(t)) { inner.push([path, t.length]); t.forEach((c, i) => walk(c, path === "" ? String(i) : `${path}.${i}`)); } };
  walk(tree, "");
  let best = Infinity;
  const choose = (k, orders) => {
    if (k === inner.length) { best = Math.min(best, readCount(tree, orders)); return; }
    for (const p of perms(inner[k][1])) choose(k + 1, { ...orders, [inner[k][0]]: p });
  };
  choose(0, {});
  return best;
}

test("bestOrder: the fewest leaves of every order, and an order that reads them", () => {
  const r = rng(43);
  let tried = 0;
  while (tried < 60) {
    const tree = randomTree(r, 3, 3);
    if (!Array.isArray(tree)) continue;
    let combos = 1;
    const count = (t) => { if (Array.isArray(t)) { for (let k = 2; k <= t.length; k++) combos *= k; t.forEach(count); } };
    count(tree);
    if (combos > 20000) continue;
    tried++;
    const b = bestOrder(tree);
    assert.equal(b.leaves, bruteBest(tree), JSON.stringify(tree));
    assert.equal(alphaBeta(tree, { order: (p, n) => b.order[p] || [...Array(n).keys()] }).read.length, b.leaves, JSON.stringify(tree));
  }
});

test("bestOrder: a tic-tac-toe position's nine moves of eight replies, as minimal as Knuth and Moore allow", () => {
  // Nine MAX moves, eight MIN replies each: the best order reads at least Knuth and Moore's
  // minimal tree, the best move's 8 replies and one refutation for each of the 8 other moves,
  // 16 leaves; here every reply refutes a worse move, so 16 it is. (Every order of 9 moves
  // and 8 replies, as bestOrder tried them before, took half a minute.)
  const tree = Array.from({ length: 9 }, (_, i) => Array.from({ length: 8 }, (_, j) => i * 10 + ((j * 7 + i) % 8)));
  const b = bestOrder(tree);
  assert.equal(b.leaves, 16);
  assert.equal(readCount(tree, b.order), 16);
});

test("boards: a cell per square with its piece, as Board.Cells writes them", () => {
  const c4 = "......./......./......./......./...y.../...r...".replace(/\//g, "");
  const svg = boardSVG("connect4", c4, { testid: "x" });
  const pieces = [...svg.matchAll(/data-piece="(.)"/g)].map((m) => m[1]).join("");
  assert.equal(pieces, c4);
  assert.match(svg, /data-testid="x"/);
  const ttt = "x.o.x...o";
  assert.equal([...boardSVG("tictactoe", ttt).matchAll(/data-piece="(.)"/g)].map((m) => m[1]).join(""), ttt);
  assert.equal((boardSVG("tictactoe", ttt).match(/<path /g) || []).length, 2); // the two x, drawn as crosses
  assert.equal(boardSVG("othello", "b".repeat(63)), ""); // a board of the wrong size is not drawn
  assert.equal(boardSVG("chess", ttt), "");
});

test("a game's tree: moves on the edges, the line to a node, the board's caption", () => {
  const nodes = { "": { cells: ".........", side: "x" }, 0: { move: "a1", cells: "......x..", side: "o" }, "0.0": { move: "b1", cells: "......xo.", side: "x" }, 1: { move: "b2", cells: "....x....", side: "o", end: "" } };
  assert.deepEqual(edgeNames(nodes), { 0: "a1", "0.0": "b1", 1: "b2" });
  assert.deepEqual(movesTo(nodes, "0.0"), ["a1", "b1"]);
  const svg = treeSVG([[3], 4], { edgeNames: edgeNames(nodes) });
  assert.deepEqual([...svg.matchAll(/class="ex-move"[^>]*>([^<]*)</g)].map((m) => m[1]), ["a1", "b1", "b2"]);
  assert.equal(caption({ game: "tictactoe", nodes }, ""), "Tic-tac-toe: x to move");
  assert.equal(caption({ game: "tictactoe", nodes }, "0.0"), "0.0: a1 b1; x to move");
  assert.equal(gameQuery({ game: "connect4", position: "4 4" }, { seed: 2 }), "/tree?game=connect4&position=4+4&depth=2&seed=2");
});
