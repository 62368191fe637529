// A game's end in its own words (tracer.Won, Lost, Drawn: "win", "loss", "draw", the side to
// move's result): an Othello trace whose nodes end so is narrated as won, lost or drawn, never as
// chess's checkmate or stalemate, in English and French; the PV's reason and the tree's end word
// say the same. The trace is written by hand: black plays a8 on a board with a8 alone empty and
// wins 36-28, so white, to move after it, has lost (cmd_gameend_test.go counts the board).
import "./words.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { speak } from "./words.mjs";
import { batchFromJSONL } from "../model/traceformat.js";
import { Trace } from "../model/model.js";
import { narrate } from "../stepping/narrate.js";
import { reasonText, reasonLabel, REASON_WORDS } from "../pv/pvwords.js";
import { endWord } from "../tree/treetip.js";

const header = (position) => JSON.stringify({ format: "pvscope-trace", version: 1, meta: { game: "othello", position } });
const trace = (lines) => {
  const { hello, started, batch } = batchFromJSONL(lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n") + "\n");
  const t = new Trace(hello);
  t.start(started);
  t.append(batch);
  return t;
};
const A8 = trace([
  header(".wbbbbbb/bbwwwwww/wwwwwwww/wwwwwwww/wwwwwwbb/bbbbbbbb/bbbbbbbb/bbbbbbbb b"),
  { seq: 1, kind: "search-start", depth: 1 },
  { seq: 2, kind: "enter", node: 1, parent: 0, ply: 0, depth: 1, index: 0, alpha: -32000, beta: 32000 },
  { seq: 3, kind: "enter", node: 2, parent: 1, ply: 1, depth: 0, index: 0, move: "a8", alpha: -32000, beta: 32000 },
  { seq: 4, kind: "exit", node: 2, score: -29999, end: "loss" },
  { seq: 5, kind: "exit", node: 1, score: 29999 },
  { seq: 6, kind: "search-end", depth: 1, score: 29999, pv: ["a8"] },
]);
const full = (end, score) => trace([
  header("bbbbbbbb/bbbbbbbb/bbbbbbbb/bbbbbbbb/bwwwwwww/wwwwwwww/wwwwwwww/wwwwwwww b"),
  { seq: 1, kind: "search-start", depth: 1 },
  { seq: 2, kind: "enter", node: 1, parent: 0, ply: 0, depth: 1, index: 0, alpha: -32000, beta: 32000 },
  { seq: 3, kind: "exit", node: 1, score, end },
  { seq: 4, kind: "search-end", depth: 1, score },
]);
const exitAt = (t) => { for (let i = t.length - 1; i >= 0; i--) if (t.event(i).kind === "exit") return i; return -1; };

test("a game's end is narrated as the side to move's result, in English", () => {
  speak("en");
  const lost = narrate(A8, 3);
  assert.match(lost, /^a8 returns #-1\b/);
  assert.match(lost, /The game is over here: the side to move has lost\.$/);
  assert.doesNotMatch(lost, /mate/);
  const won = full("win", 30000);
  assert.match(narrate(won, exitAt(won)), /The game is over here: the side to move has won\.$/);
  const drawn = full("draw", 0);
  const d = narrate(drawn, exitAt(drawn));
  assert.match(d, /The game is over here: it is a draw\.$/);
  assert.doesNotMatch(d, /stalemate/);
});

test("a game's end in French", () => {
  speak("fr");
  try {
    assert.match(narrate(A8, 3), /La partie est finie ici\u00a0: le camp au trait a perdu\.$/);
    const won = full("win", 30000);
    assert.match(narrate(won, exitAt(won)), /le camp au trait a gagné\.$/);
    const drawn = full("draw", 0);
    assert.match(narrate(drawn, exitAt(drawn)), /elle est nulle\.$/);
    assert.equal(reasonText("draw"), "la partie s'y termine par une nulle");
  } finally {
    speak("en");
  }
});

test("the PV's reason and the tree's end word for a game's end", () => {
  speak("en");
  for (const r of ["win", "loss", "draw"]) assert.ok(REASON_WORDS.includes(r), r);
  assert.equal(reasonText("win"), "the game ends there, won by the side to move");
  assert.equal(reasonText("loss"), "the game ends there, lost by the side to move");
  assert.equal(reasonLabel("draw"), "draw");
  assert.equal(endWord("win"), "won");
  assert.equal(endWord("loss"), "lost");
  assert.equal(endWord("mate"), "mate"); // chess keeps its word
});

test("the board's caption says a game is over at the node, and chess's captions are unchanged", async () => {
  const { gameOverTitle } = await import("../board/boardtitle.js");
  speak("en");
  assert.equal(gameOverTitle("selected: a8 · ply 1", "loss"), "selected: a8 · ply 1 · game over: the side to move has lost");
  assert.equal(gameOverTitle("root position", "win"), "root position · game over: the side to move has won");
  assert.equal(gameOverTitle("root position", "draw"), "root position · game over: a draw");
  assert.equal(gameOverTitle("searching: e2e4", "mate"), "searching: e2e4");
  assert.equal(gameOverTitle("searching: e2e4", ""), "searching: e2e4");
  speak("fr");
  try {
    assert.equal(gameOverTitle("x", "loss"), "x · partie finie\u00a0: le camp au trait a perdu");
  } finally {
    speak("en");
  }
});
