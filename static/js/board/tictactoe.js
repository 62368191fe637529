// tictactoe.js: tic-tac-toe's rules for the board (engine/games/tictactoe.go is the engine's):
// squares a1..c3 like a chessboard (files a-c left to right, ranks 1-3 bottom to top), x first.
// A position is its moves from the empty board ("b2 a1 c3") or the board top rank first, nine
// cells of x, o and . with optional slashes ("x.o/.x./..o").
import { splitMoves, playAll, count, boardCells } from "./gamerules.js";

const LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

export const rules = {
  name: "tictactoe", rows: 3, cols: 3,
  start: () => ({ cells: Array(9).fill("."), side: "x" }),
  sideLetter: (name) => (name === "o" ? "o" : "x"),
  normal: (c) => ({ x: "x", o: "o" })[c.toLowerCase()] || ".",
  // cellOf("b2") -> the cell's index (row by row from the top), -1 for no square.
  cellOf(move) {
    const m = /^([a-c])([1-3])$/.exec(move.toLowerCase());
    return m ? (3 - +m[2]) * 3 + (m[1].charCodeAt(0) - 97) : -1;
  },
  cellName: (i) => String.fromCharCode(97 + (i % 3)) + String(3 - Math.floor(i / 3)),
  winner(cells) {
    for (const [a, b, c] of LINES) {
      const x = cells[cellAt(a)];
      if (x !== "." && x === cells[cellAt(b)] && x === cells[cellAt(c)]) return x;
    }
    return "";
  },
  play(s, move) {
    const i = this.cellOf(move);
    if (i < 0 || s.cells[i] !== "." || this.winner(s.cells)) return null;
    const cells = s.cells.slice();
    cells[i] = s.side;
    return { cells, side: s.side === "x" ? "o" : "x" };
  },
  // moveAt(state, cell) -> the move a click on cell plays, "" when none.
  moveAt(s, i) { const m = this.cellName(i); return this.play(s, m) ? m : ""; },
  parse(text) {
    const t = text.trim();
    if (!t) return this.start();
    const cells = boardCells(t, 9, { x: "x", o: "o", ".": "." });
    if (cells) {
      const d = count(cells, "x") - count(cells, "o");
      if (d !== 0 && d !== 1) throw new Error("counts");
      return { cells, side: d === 0 ? "x" : "o" };
    }
    return playAll(this, this.start(), splitMoves(t));
  },
  write: (s) => [0, 3, 6].map((r) => s.cells.slice(r, r + 3).join("")).join("/"),
  joinMoves: (moves) => moves.join(" "),
  movesOf: (text) => (/^[\sa-c1-3,]*$/i.test(text) ? splitMoves(text) : null),
};

// The lines are numbered as the engine numbers squares (rank by rank from a1); the board's cells
// run from the top rank.
function cellAt(sq) { return (2 - Math.floor(sq / 3)) * 3 + (sq % 3); }
