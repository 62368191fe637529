// connect4.js: Connect Four's rules for the board: 7 columns of 6 rows, a disc dropped in a
// column falls to its lowest empty cell; red moves first. Moves are columns "1".."7" (left to
// right). A position is its moves ("4453" or "4 4 5 3") or the board top row first, 42 cells of
// r (or x), y (or o) and . with optional slashes; the side to move follows from the counts.
import { splitMoves, playAll, count, boardCells } from "./gamerules.js";

const ROWS = 6, COLS = 7;
const LETTERS = { r: "r", x: "r", y: "y", o: "y", ".": ".", "-": ".", "0": "." };

export const rules = {
  name: "connect4", rows: ROWS, cols: COLS,
  start: () => ({ cells: Array(ROWS * COLS).fill("."), side: "r" }),
  sideLetter: (name) => (/^(y|o|yellow)/i.test(name) ? "y" : "r"),
  normal: (c) => LETTERS[c.toLowerCase()] || ".",
  cellName: (i) => String((i % COLS) + 1),
  // landing(cells, col) -> the cell a disc dropped in col (0-based) falls to, -1 when it is full.
  landing(cells, col) {
    for (let r = ROWS - 1; r >= 0; r--) if (cells[r * COLS + col] === ".") return r * COLS + col;
    return -1;
  },
  cellOf(move, s) { const c = +move - 1; return /^[1-7]$/.test(move) && s ? this.landing(s.cells, c) : -1; },
  winner(cells) {
    for (let r = 0; r < ROWS; r++) for (let c = 0; c < COLS; c++) {
      const x = cells[r * COLS + c];
      if (x === ".") continue;
      for (const [dr, dc] of [[0, 1], [1, 0], [1, 1], [1, -1]]) {
        let k = 1;
        while (k < 4) {
          const rr = r + dr * k, cc = c + dc * k;
          if (rr < 0 || rr >= ROWS || cc < 0 || cc >= COLS || cells[rr * COLS + cc] !== x) break;
          k++;
        }
        if (k === 4) return x;
      }
    }
    return "";
  },
  play(s, move) {
    const m = String(move).trim();
    if (!/^[1-7]$/.test(m) || this.winner(s.cells)) return null;
    const at = this.landing(s.cells, +m - 1);
    if (at < 0) return null;
    const cells = s.cells.slice();
    cells[at] = s.side;
    return { cells, side: s.side === "r" ? "y" : "r" };
  },
  moveAt(s, i) { const m = this.cellName(i); return this.play(s, m) ? m : ""; },
  parse(text) {
    const t = text.trim();
    if (!t) return this.start();
    const moves = this.movesOf(t);
    if (moves) return playAll(this, this.start(), moves);
    const cells = boardCells(t, ROWS * COLS, LETTERS);
    if (!cells) throw new Error("not a board");
    const d = count(cells, "r") - count(cells, "y");
    if (d !== 0 && d !== 1) throw new Error("counts");
    return { cells, side: d === 0 ? "r" : "y" };
  },
  write: (s) => Array.from({ length: ROWS }, (_, r) => s.cells.slice(r * COLS, (r + 1) * COLS).join("")).join("/"),
  joinMoves: (moves) => moves.join(""),
  movesOf: (text) => (/^[1-7\s,]*$/.test(text) ? (/[\s,]/.test(text.trim()) ? splitMoves(text) : [...text.trim()]) : null),
};
