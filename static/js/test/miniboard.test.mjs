// The mini board in a node of the tree (board/miniboard.js) against positions worked out here by
// hand: each cell's piece, where the board puts it (row by row from the top, named as the big
// board names it) and the shapes that tell tic-tac-toe's x and o apart at a few pixels.
import { test } from "node:test";
import assert from "node:assert/strict";
import { miniBoardSVG } from "../board/miniboard.js";
import { positionAt } from "../board/gamerules.js";
import { rules as ttt } from "../board/tictactoe.js";
import { rules as c4 } from "../board/connect4.js";
import { rules as oth } from "../board/othello.js";

// cellsOf(markup) -> [{i, cell, piece, body}] in the order the markup draws them.
function cellsOf(svg) {
  return [...svg.matchAll(/<g data-i="(\d+)" data-cell="([^"]+)" data-piece="([^"]+)">(.*?)<\/g>/g)]
    .map((m) => ({ i: +m[1], cell: m[2], piece: m[3], body: m[4] }));
}

test("tic-tac-toe: b2 a1 c3 a3 a2 played from the empty board, drawn top rank first", () => {
  const s = positionAt(ttt, ttt.start(), ["b2", "a1", "c3", "a3", "a2"]);
  const svg = miniBoardSVG(ttt, s);
  // By hand, x on b2, c3, a2 and o on a1, a3; o to move. Rank 3: o . x; rank 2: x x .; rank 1: o . .
  const want = { a3: "o", b3: ".", c3: "x", a2: "x", b2: "x", c2: ".", a1: "o", b1: ".", c1: "." };
  const cells = cellsOf(svg);
  assert.deepEqual(cells.map((c) => c.cell), ["a3", "b3", "c3", "a2", "b2", "c2", "a1", "b1", "c1"]);
  assert.deepEqual(Object.fromEntries(cells.map((c) => [c.cell, c.piece])), want);
  assert.match(svg, /data-cells="o\.xxx\.o\.\."/);
  assert.match(svg, /data-side="o"/);
  // x is two strokes, o a ring, empty nothing: told apart by shape, not colour alone.
  for (const c of cells) {
    const lines = (c.body.match(/<line /g) || []).length, rings = (c.body.match(/<circle /g) || []).length;
    assert.deepEqual([lines, rings], c.piece === "x" ? [2, 0] : c.piece === "o" ? [0, 1] : [0, 0], c.cell);
    assert.match(c.body, /class="mini-cell"/);
  }
});

test("Connect Four: 4 4 5 3 fall to the bottom rows, named column:row from the bottom", () => {
  const s = positionAt(c4, c4.start(), ["4", "4", "5", "3"]);
  const cells = cellsOf(miniBoardSVG(c4, s));
  assert.equal(cells.length, 42);
  const filled = Object.fromEntries(cells.filter((c) => c.piece !== ".").map((c) => [c.cell, c.piece]));
  assert.deepEqual(filled, { "4:2": "y", "3:1": "y", "4:1": "r", "5:1": "r" });
  // The bottom row is the last seven cells drawn.
  assert.deepEqual(cells.slice(35).map((c) => c.cell), ["1:1", "2:1", "3:1", "4:1", "5:1", "6:1", "7:1"]);
});

test("Othello: f5 d6 from the start, row 8 at the top", () => {
  const s = positionAt(oth, oth.start(), ["f5", "d6"]);
  const cells = cellsOf(miniBoardSVG(oth, s));
  const filled = Object.fromEntries(cells.filter((c) => c.piece !== ".").map((c) => [c.cell, c.piece]));
  // By hand: black f5 turns e5; white d6 turns d5. White d4 d5 d6, black e4 e5 f5.
  assert.deepEqual(filled, { d6: "w", d5: "w", e5: "b", f5: "b", d4: "w", e4: "b" });
  assert.equal(cells[0].cell, "a8");
});
