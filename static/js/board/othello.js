// othello.js: Othello's rules for the board: 8x8, columns a-h left to right and rows 8 to 1 from
// the top (a1 bottom left, as the engine's Othello names squares: engine/games/othello.go), black
// first from d5 and e4 black, d4 and e5 white. A disc is placed where it outflanks a line of the
// opponent's discs, which turn; a side with no such place passes ("pass"). A position is its
// moves from the start ("f5 d6 c3") or the 64 cells row 8 first (as the engine writes them),
// of b (or x, *), w (or o) and . (or -), with optional slashes, then the side to move (b or w,
// black or white; x or o; black when left out).
import { playAll, boardCells } from "./gamerules.js";

const N = 8;
const LETTERS = { b: "b", x: "b", "*": "b", w: "w", o: "w", ".": ".", "-": "." };
const DIRS = [[-1, -1], [-1, 0], [-1, 1], [0, -1], [0, 1], [1, -1], [1, 0], [1, 1]];

export const rules = {
  name: "othello", rows: N, cols: N,
  start() {
    const cells = Array(N * N).fill(".");
    cells[3 * N + 3] = "b"; cells[3 * N + 4] = "w"; cells[4 * N + 3] = "w"; cells[4 * N + 4] = "b"; // d5 e5 / d4 e4
    return { cells, side: "b" };
  },
  sideLetter: (name) => (/^(w|o|white)/i.test(name) ? "w" : "b"),
  normal: (c) => LETTERS[c.toLowerCase()] || ".",
  cellOf(move) {
    const m = /^([a-h])([1-8])$/.exec(String(move).toLowerCase());
    return m ? (N - +m[2]) * N + (m[1].charCodeAt(0) - 97) : -1;
  },
  cellName: (i) => String.fromCharCode(97 + (i % N)) + String(N - Math.floor(i / N)),
  // flips(cells, i, side) -> the cells a disc of side placed on cell i turns over.
  flips(cells, i, side) {
    if (cells[i] !== ".") return [];
    const other = side === "b" ? "w" : "b", out = [];
    const r0 = Math.floor(i / N), c0 = i % N;
    for (const [dr, dc] of DIRS) {
      const run = [];
      let r = r0 + dr, c = c0 + dc;
      while (r >= 0 && r < N && c >= 0 && c < N && cells[r * N + c] === other) { run.push(r * N + c); r += dr; c += dc; }
      if (run.length && r >= 0 && r < N && c >= 0 && c < N && cells[r * N + c] === side) out.push(...run);
    }
    return out;
  },
  hasMove(cells, side) {
    for (let i = 0; i < N * N; i++) if (this.flips(cells, i, side).length) return true;
    return false;
  },
  // play(state, "d3" | "pass"): a pass is legal only when the side to move has no disc to place
  // and the opponent has (the game is not over).
  play(s, move) {
    const other = s.side === "b" ? "w" : "b";
    if (String(move).toLowerCase() === "pass") {
      return !this.hasMove(s.cells, s.side) && this.hasMove(s.cells, other) ? { cells: s.cells, side: other } : null;
    }
    const i = this.cellOf(move);
    const turned = i < 0 ? [] : this.flips(s.cells, i, s.side);
    if (!turned.length) return null;
    const cells = s.cells.slice();
    cells[i] = s.side;
    for (const j of turned) cells[j] = s.side;
    return { cells, side: other };
  },
  moveAt(s, i) { const m = this.cellName(i); return this.play(s, m) ? m : ""; },
  parse(text) {
    const t = text.trim();
    if (!t) return this.start();
    const moves = this.movesOf(t);
    if (moves) return playAll(this, this.start(), moves);
    const m = /^(.*?)\s*(black|white|[bwxo])?\s*$/is.exec(t);
    let board = m[1], side = m[2] || "b";
    let cells = boardCells(board, N * N, LETTERS);
    if (!cells && t.replace(/[\s/]+/g, "").length === N * N) { cells = boardCells(t, N * N, LETTERS); side = "b"; }
    if (!cells) throw new Error("not a board");
    return { cells, side: this.sideLetter(side) };
  },
  write: (s) => Array.from({ length: N }, (_, r) => s.cells.slice(r * N, (r + 1) * N).join("")).join("/") + " " + s.side,
  joinMoves: (moves) => moves.join(" "),
  movesOf: (text) => (/^(\s|,|[a-h][1-8]|pass)*$/i.test(text) ? text.match(/[a-h][1-8]|pass/gi) || [] : null),
};
