// Every score as a number (issue 16): view.js maps a score to text in the scale of the engine
// that wrote it: its infinity (meta.infinity) as ∞, its mate band (meta.mate, meta.mateBand) as
// #n, and anything else as the number itself, however large. Expected values are worked out by
// hand from the meta each test gives: a mate delivered p plies away scores mate - p, and p plies
// are floor((p + 1) / 2) moves of the mating side (UCI's "mate n", as Stockfish's UCI::value).
import "./words.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { View, fmt, scoreScale, mateIn } from "../tree/view.js";
import { narrate } from "../stepping/narrate.js";
import { Trace, batchFromJSONL } from "../model/model.js";
import { Notation } from "../board/board.js";

test("pvscope's own scale: infinity 32000, mate 30000 within 256 plies", () => {
  const s = scoreScale({ kind: "chess" });
  assert.equal(fmt(32000, s), "∞");
  assert.equal(fmt(-32000, s), "-∞");
  assert.equal(fmt(29999, s), "#1"); // 1 ply: mate in 1
  assert.equal(fmt(29997, s), "#2"); // 3 plies: the mating side's 2nd move
  assert.equal(fmt(-29998, s), "#-1"); // mated after 2 plies: the opponent mates in 1
  assert.equal(fmt(29745, s), "#128"); // 255 plies, inside the band
  assert.equal(fmt(29744, s), "29744"); // 256 plies: out of the band, a number
  assert.equal(fmt(500, s), "500");
});

test("a teaching tree has no mates: 29999 is a leaf value", () => {
  assert.equal(fmt(29999, scoreScale({ kind: "tree" })), "29999");
  assert.equal(fmt(32000, scoreScale({ kind: "tree" })), "∞");
});

test("the engine's own infinity and mate from the header (the issue's engine: mate 48000)", () => {
  const s = scoreScale({ kind: "chess", scores: { infinity: 50000, mate: 48000 } });
  assert.equal(fmt(50000, s), "∞");
  assert.equal(fmt(-50000, s), "-∞");
  assert.equal(fmt(35000, s), "35000"); // beyond pvscope's 32000, but an ordinary score here
  assert.equal(fmt(-40000, s), "-40000");
  assert.equal(fmt(47968, s), "#16"); // 32 plies: floor(33 / 2) = 16 moves
  assert.equal(fmt(-47999, s), "#-1");
  assert.equal(fmt(47745, s), "#128"); // 255 plies, inside pvscope's band of 256
  assert.equal(fmt(47744, s), "47744"); // 256 plies: the band's edge is not a mate
  assert.equal(fmt(48500, s), "48500"); // beyond the mate, short of infinity: a number
  assert.equal(mateIn(29999, s), 0); // pvscope's mate means nothing to this engine
});

test("a band from the header; what the header leaves out is pvscope's", () => {
  const banded = scoreScale({ scores: { mate: 48000, mateBand: 100 } });
  assert.equal(fmt(47901, banded), "#50"); // 99 plies
  assert.equal(fmt(47800, banded), "47800");
  assert.equal(banded.infinity, 48001); // not given: beyond the mate
  assert.equal(scoreScale({ scores: { mate: 20000 } }).infinity, 32000); // or pvscope's
  const inf = scoreScale({ scores: { infinity: 100000 } });
  assert.equal(fmt(32000, inf), "32000");
  assert.equal(fmt(29999, inf), "#1"); // pvscope's mate, the header naming none
  assert.equal(fmt(100000, inf), "∞");
});

test("a View formats after it flips: a MIN node's mate is the root player's being mated", () => {
  const v = new View("root", scoreScale({ scores: { mate: 48000, infinity: 50000 } }));
  assert.equal(v.fmt(v.value(47999, 1)), "#-1");
  assert.equal(v.windowText(-50000, 35000, 1), "(-35000, ∞)");
  assert.equal(v.isInfinite(49999), false);
});

// A small full trace in the engine's scale: an iteration-start without a window, a root line
// scoring mate in 1 (48000 - 47999 = 1 ply), and a search-end that gives no line.
const TRACE = [
  { format: "pvscope-trace", version: 1, meta: { fen: "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", mate: 48000, infinity: 50000 } },
  { kind: "search-start", depth: 1 },
  { kind: "iteration-start", depth: 1 },
  { kind: "enter", node: 1, ply: 0, depth: 1, alpha: -50000, beta: 50000 },
  { kind: "enter", node: 2, parent: 1, move: "d1d8", ply: 1, depth: 0, alpha: -50000, beta: 50000 },
  { kind: "exit", node: 2, score: -47999 },
  { kind: "exit", node: 1, score: 47999 },
  { kind: "root-pv", depth: 1, score: 47999, pv: ["d1d8"] },
  { kind: "iteration-end", depth: 1, score: 47999 },
  { kind: "search-end", depth: 1, score: 47999 },
].map((x) => JSON.stringify(x)).join("\n");

test("narration: mate as #n, no (0, 0) window, and the last line kept at the end", () => {
  const { hello, started, batch } = batchFromJSONL(TRACE);
  const t = new Trace(hello);
  t.start(started);
  t.append(batch);
  const V = new View("negamax", scoreScale(started));
  const n = new Notation(t);
  const say = (i) => narrate(t, i, (_, m) => m, { view: V });
  assert.equal(say(1), "Iteration 1 starts.");
  assert.equal(say(2), "The root is entered at ply 0, depth 1, with the window (-∞, ∞).");
  assert.match(say(4), /^d1d8 returns #-1/);
  assert.equal(say(6), "Iteration 1 ends with the line d1d8, score #1.");
  assert.equal(say(8), "The search ends at depth 1 with score #1 and the line d1d8.");
  // The PV panel at the end: the root-pv's line, not the search-end's empty one.
  assert.deepEqual(t.rootPV(t.length), ["d1d8"]);
  assert.equal(n.score(t.rootScore(t.length)), "#1");
});
