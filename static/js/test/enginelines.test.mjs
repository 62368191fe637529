// The engine panel's words for an external engine's lines (enginelines.js). The inputs are
// lines as the server sends them (engine/uci's Line, its flag sentences as that package
// writes them); the expected texts are written by hand.
import { test } from "node:test";
import assert from "node:assert/strict";
import "./words.mjs";
import { scoreText, nodesText, numbered, flagName, warningName, rowsOf, describe } from "../engines/enginelines.js";

test("scores: pawns with a sign and two decimals, mates as #N, bounds as ≥ and ≤", () => {
  assert.equal(scoreText({ score: 35, mate: null, bound: "exact" }), "+0.35");
  assert.equal(scoreText({ score: -120, mate: null, bound: "exact" }), "−1.20");
  assert.equal(scoreText({ score: 0, mate: null }), "0.00");
  assert.equal(scoreText({ score: null, mate: 3, bound: "exact" }), "#3");
  assert.equal(scoreText({ score: null, mate: -2, bound: "upper" }), "≤#-2");
  assert.equal(scoreText({ score: 7, mate: null, bound: "lower" }), "≥+0.07");
});

test("node counts: exact below 10,000, then k and M", () => {
  assert.equal(nodesText(950), "950");
  assert.equal(nodesText(12345), "12.3k");
  assert.equal(nodesText(127945), "128k");
  assert.equal(nodesText(4560000), "4.56M");
  assert.equal(nodesText(undefined), "–");
});

test("moves are numbered from the searched position's side to move and move number", () => {
  assert.deepEqual(numbered(["e4", "e5", "Nf3"], ""), ["1.e4", "e5", "2.Nf3"]);
  assert.deepEqual(numbered(["e4", "e5"], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), ["1.e4", "e5"]);
  assert.deepEqual(numbered(["Qd7", "Rd1", "Rfe8"], "8/8/8/8/8/8/8/8 b - - 3 12"), ["12…Qd7", "13.Rd1", "Rfe8"]);
  // A verified tail after an 11-move line from Kiwipete (white, move 1): black's 6th move.
  const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  assert.deepEqual(numbered(["Qb4+", "c3"], kiwipete, 11), ["6…Qb4+", "7.c3"]);
  assert.deepEqual(numbered(["Nf3"], kiwipete, 2), ["2.Nf3"]);
});

test("flags get short names; the short flag is the ✂ marker's, not a chip", () => {
  assert.equal(flagName("illegal: move 3 (e2e5) is not legal in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), "illegal move");
  assert.equal(flagName("multipv: first move e2e4 is also line 1's"), "duplicate first move");
  assert.equal(flagName("multipv: scores cp 30, above line 1 (cp 20)"), "scores out of order");
  assert.equal(flagName("verify: its end scores cp -200 from the root's side, the root cp 35 (margin 50)"), "verify disagrees");
  assert.equal(flagName("no pv"), "no pv");
  assert.equal(flagName("short: 5 moves at depth 8, and the game goes on"), "");
  assert.equal(warningName("depth 3: line 3 of 3 is missing"), "missing line");
  assert.equal(warningName("the engine reported no line with a score"), "");
});

test("rows: deepest first, the engine's order within a depth", () => {
  const lines = [1, 1, 2, 2, 3].map((depth, i) => ({ depth, multipv: (i % 2) + 1 }));
  assert.deepEqual(rowsOf(lines).map((r) => r.index), [4, 2, 3, 0, 1]);
});

test("a row: length against the depth, the ✂ when short, the end, the flags, moves past an illegal one", () => {
  const short = describe({ depth: 8, seldepth: 12, multipv: 2, score: -58, mate: null, bound: "exact", nodes: 127945,
    pv: ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"], san: ["e4", "e5", "Nf3", "Nc6", "Bb5"], length: 5, end: "quiet",
    flags: ["short: 5 moves at depth 8, and the game goes on", "multipv: first move e2e4 is also line 1's"] }, "");
  assert.equal(short.depth, "8/12");
  assert.equal(short.multipv, "2");
  assert.equal(short.score, "−0.58");
  assert.equal(short.nodes, "128k");
  assert.equal(short.length, "5/8");
  assert.ok(short.short.startsWith("short: 5 moves"));
  assert.equal(short.end, "quiet");
  assert.deepEqual(short.moves, ["1.e4", "e5", "2.Nf3", "Nc6", "3.Bb5"]);
  assert.deepEqual(short.flags.map((f) => f.name), ["duplicate first move"]);
  const illegal = describe({ depth: 3, multipv: 1, score: 10, pv: ["e2e4", "e2e5", "d2d4"], san: ["e4"], length: 3,
    end: "illegal move", flags: ["illegal: move 2 (e2e5) is not legal in somewhere"] }, "");
  assert.deepEqual(illegal.moves, ["1.e4"]);
  assert.deepEqual(illegal.rest, ["e2e5", "d2d4"]);
  assert.equal(illegal.short, "");
  assert.deepEqual(illegal.flags.map((f) => f.name), ["illegal move"]);
});
