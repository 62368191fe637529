// The games' rules the board plays (board/tictactoe.js, connect4.js, othello.js) against
// positions worked by hand: Othello's flips in every direction and its passes, Connect Four's
// gravity, tic-tac-toe's marks and its end.
import { test } from "node:test";
import assert from "node:assert/strict";
import { rules as ttt } from "../board/tictactoe.js";
import { rules as c4 } from "../board/connect4.js";
import { rules as oth } from "../board/othello.js";

// An Othello board from 8 rows (row 1 first, as the tests draw them) of . b w; the page keeps
// row 8 first (the top), as the engine does.
const board = (rows, side) => ({ cells: [...rows.slice().reverse().join("")], side });
const at = (s, sq) => s.cells[oth.cellOf(sq)];

test("Othello: the start's four moves for black, each turning one disc", () => {
  const s = oth.start();
  const legal = [];
  for (let i = 0; i < 64; i++) if (oth.moveAt(s, i)) legal.push(oth.cellName(i));
  assert.deepEqual(legal.sort(), ["c4", "d3", "e6", "f5"]);
  const after = oth.play(s, "d3"); // d3-d4(w)-d5(b): d4 turns
  assert.equal(at(after, "d4"), "b");
  assert.equal(after.cells.filter((c) => c === "b").length, 4);
  assert.equal(after.cells.filter((c) => c === "w").length, 1);
  assert.equal(after.side, "w");
});

test("Othello: a disc turns lines in several directions at once, and only closed ones", () => {
  // Black plays d4 into a ring: west c4 w then b4 b (turns c4); north d3 w, d2 w, d1 b (turns
  // both); south-east e5 w, f6 b (turns e5); east e4 w then f4 empty (no turn); south d5 w to the
  // edge of whites ending on d8 w (no turn).
  const s = board([
    "...b....",
    "...w....",
    "...w....",
    ".bw.w...",
    "...ww...",
    "...w.b..",
    "...w....",
    "...w....",
  ], "b");
  const after = oth.play(s, "d4");
  const turned = ["c4", "d3", "d2", "e5"];
  for (const sq of turned) assert.equal(at(after, sq), "b", sq);
  for (const sq of ["e4", "d5", "d6", "d7", "d8"]) assert.equal(at(after, sq), "w", sq);
  assert.equal(at(after, "d4"), "b");
  assert.deepEqual(oth.flips(s.cells, oth.cellOf("d4"), "b").map(oth.cellName).sort(), turned.sort());
});

test("Othello: a side with no disc to place passes, and only then", () => {
  // Black a1, white b1, white to move: a white disc would need a black one between it and a
  // white one, and the only black disc sits in the corner (a2 up to a1 and b2 diagonally to a1
  // run off the board). Black has c1 (c1-b1(w)-a1(b)).
  const t = board(["bw......", "........", "........", "........", "........", "........", "........", "........"], "w");
  assert.equal(oth.hasMove(t.cells, "w"), false);
  assert.equal(oth.hasMove(t.cells, "b"), true);
  assert.equal(oth.play(t, "c1"), null, "white cannot play c1");
  const p = oth.play(t, "pass");
  assert.deepEqual(p, { cells: t.cells, side: "b" });
  const c1 = oth.play(p, "c1");
  assert.equal(at(c1, "b1"), "b");
  assert.equal(c1.side, "w");
  // With black discs only, neither side can place one: the game is over and no pass is legal.
  const over = board(["bb......", "........", "........", "........", "........", "........", "........", "........"], "w");
  assert.equal(oth.play(over, "pass"), null);
  // From the start black has moves: a pass is refused.
  assert.equal(oth.play(oth.start(), "pass"), null);
});

test("Othello: the position string, as moves or as 64 squares and the side to move", () => {
  const a = oth.parse("f5 d6");
  const b = oth.parse(oth.write(a));
  assert.deepEqual(b, a);
  assert.equal(a.side, "b");
  assert.equal(at(a, "d5"), "w");
  assert.throws(() => oth.parse("a1"), /cannot be played/);
});

test("Connect Four: discs fall to the lowest empty cell of their column, a full column refuses", () => {
  let s = c4.start();
  for (const m of "4444") s = c4.play(s, m);
  // Column 4 from the bottom: red, yellow, red, yellow; rows 5 and 6 (from the bottom) empty.
  const col4 = [5, 4, 3, 2, 1, 0].map((r) => s.cells[r * 7 + 3]);
  assert.deepEqual(col4, ["r", "y", "r", "y", ".", "."]);
  s = c4.play(c4.play(s, "4"), "4");
  assert.equal(s.cells[3], "y", "the sixth disc fills the top row");
  assert.equal(c4.play(s, "4"), null, "a full column takes no disc");
  assert.equal(c4.play(s, "8"), null);
  assert.deepEqual(c4.parse("4453").cells, c4.parse("4 4 5 3").cells);
  const p = c4.parse("4453");
  assert.equal(p.cells[5 * 7 + 3], "r");
  assert.equal(p.cells[4 * 7 + 3], "y");
  assert.equal(p.cells[5 * 7 + 4], "r");
  assert.equal(p.cells[5 * 7 + 2], "y");
  assert.equal(p.side, "r");
});

test("Connect Four: four in a row ends the game", () => {
  const s = c4.parse("1212121"); // red's column 1 has four: 1, 1, 1, 1 with yellow's 2s between
  assert.equal(c4.winner(s.cells), "r");
  assert.equal(c4.play(s, "3"), null);
});

test("tic-tac-toe: marks by turn, squares a1..c3 with rank 3 on top, no move after a line", () => {
  const s = ttt.parse("b2 a1 c3");
  assert.equal(ttt.write(s), "..x/.x./o..");
  assert.equal(s.side, "o");
  assert.equal(ttt.play(s, "b2"), null, "a taken square");
  const won = ttt.parse("a1 b1 b2 c1 c3"); // x: a1 b2 c3, the diagonal
  assert.equal(ttt.winner(won.cells), "x");
  assert.equal(ttt.play(won, "a3"), null);
  assert.deepEqual(ttt.parse("..x/.x./o..").cells, s.cells);
});
