// A move the page's chess rules reject (a king stepping into check, which a pseudo-legal engine
// allows) is played as the engine played it: the moves below it keep positions and SAN, and the
// board is told the last legal position and why. Positions and SAN worked out by hand.
import "./words.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { forceMove } from "../board/forcedmove.js";
import { Trace, batchFromJSONL } from "../model/model.js";
import { Notation } from "../board/board.js";

test("forceMove: the piece moves, with captures, castling, en passant and promotion", () => {
  // White's king on e1 steps to e2, on the black rook's rank: into check.
  assert.deepEqual(forceMove("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", "e1e2"),
    { fen: "4k3/8/8/8/8/8/3rK3/8 b - - 1 1", san: "Ke2", why: "the king is in check after it" });
  // Castling through the rook's attack on f1: the rook jumps to f1, both white rights go.
  assert.deepEqual(forceMove("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1").fen, "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
  assert.equal(forceMove("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6").fen, "4k3/8/3P4/8/8/8/8/4K3 b - - 0 1");
  assert.equal(forceMove("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q").san, "a8=Q");
  assert.equal(forceMove("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "d4d5"), null); // no piece there
  assert.equal(forceMove("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e8e7"), null); // not the side to move's
});

test("below a rejected move: SAN and positions go on, the board keeps the last legal position", () => {
  const fen = "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1";
  const TRACE = [
    { format: "pvscope-trace", version: 1, meta: { fen } },
    { kind: "enter", node: 1, ply: 0, depth: 2, alpha: -100, beta: 100 },
    { kind: "enter", node: 2, parent: 1, move: "e1e2", ply: 1, depth: 1, alpha: -100, beta: 100 },
    { kind: "enter", node: 3, parent: 2, move: "d2e2", ply: 2, depth: 0, alpha: -100, beta: 100 },
    { kind: "exit", node: 3, score: 900 },
    { kind: "exit", node: 2, score: -900 },
    { kind: "exit", node: 1, score: 900 },
  ].map((x) => JSON.stringify(x)).join("\n");
  const { hello, started, batch } = batchFromJSONL(TRACE);
  const t = new Trace(hello);
  t.start(started);
  t.append(batch);
  const n = new Notation(t);
  assert.equal(n.lineTo(3), "1.Ke2 Rxe2");
  assert.equal(n.lines.fenAt(t, 3), "4k3/8/8/8/8/8/4r3/8 w - - 0 2");
  const bad = n.lines.rejectedAt(t, 3);
  assert.equal(bad.fen, fen);
  assert.equal(bad.id, 2);
  assert.equal(bad.san, "Ke2");
  assert.equal(n.lines.rejectedAt(t, 1), null);
  assert.deepEqual(n.items(1, ["e1e2", "d2e2"]).moves.map((m) => m.text), ["Ke2", "Rxe2"]);
});
