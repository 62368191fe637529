// Notation.lineTo names a node by its numbered line from the root, built from cached parents.
// Expected texts are made here independently: every node's path replayed with chess.js from
// the root and numbered by hand from the FEN's side to move and move number.
import test from "node:test";
import assert from "node:assert/strict";
import { Chess } from "../../vendor/chess.js/chess.js";
import "./words.mjs";
import { Notation } from "../board/board.js";
import { load, fixture } from "./helpers.mjs";

function expectedLine(fen, ucis) {
  const c = new Chess(fen);
  const parts = fen.split(" ");
  let white = parts[1] === "w", number = +parts[5];
  return ucis.map((u, i) => {
    const m = c.move({ from: u.slice(0, 2), to: u.slice(2, 4), promotion: u[4] });
    const text = white ? `${number}.${m.san}` : i === 0 ? `${number}…${m.san}` : m.san;
    if (!white) number++;
    white = !white;
    return text;
  }).join(" ");
}

test("lineTo names every node of a search from a black-to-move root as its whole line", () => {
  const t = load(fixture("chess_black_d2.jsonl"));
  const fen = t.started.fen;
  assert.match(fen, / b /);
  const n = new Notation(t);
  let checked = 0;
  // In reverse id order too, so a deep node is named before its parents are cached.
  const ids = [...Array(t.totalNodes).keys()].map((i) => i + 1);
  for (const id of [...ids].reverse().concat(ids)) {
    const path = t.positionMoves(id);
    const want = path.length ? expectedLine(fen, path) : "(empty)";
    assert.equal(n.lineTo(id), want, `node ${id}`);
    checked++;
  }
  assert.ok(checked > 100, `only ${checked} nodes`);
  // A move played from a node: the line plus that move, numbered.
  const leaf = ids.find((id) => t.positionMoves(id).length === 2);
  const c = new Chess(fen);
  for (const u of t.positionMoves(leaf)) c.move({ from: u.slice(0, 2), to: u.slice(2, 4), promotion: u[4] });
  const next = c.moves({ verbose: true })[0];
  const uci = next.from + next.to + (next.promotion || "");
  assert.equal(n.lineTo(leaf, uci), expectedLine(fen, [...t.positionMoves(leaf), uci]));
  assert.match(n.lineTo(leaf, uci), /^7…\S+ 8\.\S+ \S+$/);
});
