// Modern search on the page: null moves, reduced and extended searches, prune events. The trace
// fixtures/modern_chess.jsonl is written by hand (a rook ending searched to depth 3: Rd4+ extended
// one ply for the check, Kf7 reduced by one and re-searched at full depth, a null move after Rc5
// that cuts off, a5 and Ke3 pruned); every expected value below is read off that file by hand
// (event numbers in comments are its seq, one more than the index) or written out from the rules
// of chess and of FEN (the null move's position).
import "./words.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { load, fixture, split, synthetic } from "./helpers.mjs";
import { Trace, batchFromJSONL } from "../model/model.js";
import { narrate } from "../stepping/narrate.js";
import { Notation, passFen } from "../board/board.js";
import { runToBreakpoint } from "../stepping/stepping.js";
import { TreeLayout } from "../tree/layout.js";
import { describeNode } from "../tree/nodepath.js";
import { View } from "../tree/view.js";
import { toJSONL } from "../engines/tracefile.js";
import { enterClause, edgeMark } from "../model/modern.js";

const FILE = fixture("modern_chess.jsonl");

test("the model keeps reduced, extended, why and the null move per node", () => {
  const t = load(FILE);
  const pick = (id) => { const n = t.node(id); return [n.move, n.reduced, n.extended, n.why, n.nullMove]; };
  assert.deepEqual(pick(4), ["c4d4", 0, 1, "check", false]); // seq 6
  assert.deepEqual(pick(6), ["e8f7", 1, 0, "lmr", false]); // seq 17
  assert.deepEqual(pick(7), ["e8f7", 0, 0, "", false]); // seq 21: the re-search, at full depth
  assert.deepEqual(pick(10), ["0000", 2, 0, "null-move", true]); // seq 31
  assert.deepEqual(pick(5), ["d7e7", 0, 0, "", false]);
});

test("counts: null moves and their cutoffs, reductions and their re-searches, extensions, pruned moves", () => {
  const t = load(FILE);
  const keys = ["nullMoves", "nullMoveCutoffs", "reductions", "reducedReSearches", "extensions", "pruned"];
  const at = (k) => Object.fromEntries(keys.map((x) => [x, t.stats(k)[x]]));
  assert.deepEqual(at(t.length), { nullMoves: 1, nullMoveCutoffs: 1, reductions: 1, reducedReSearches: 1, extensions: 1, pruned: 2 });
  assert.deepEqual(at(0), { nullMoves: 0, nullMoveCutoffs: 0, reductions: 0, reducedReSearches: 0, extensions: 0, pruned: 0 });
  // After seq 17 (the reduced enter), before seq 20 (its re-search): one reduction, not re-searched yet.
  assert.deepEqual(at(17), { nullMoves: 0, nullMoveCutoffs: 0, reductions: 1, reducedReSearches: 0, extensions: 1, pruned: 2 });
  // The null move entered (seq 31) but not returned (seq 32): no cutoff yet.
  assert.equal(t.stats(31).nullMoves, 1);
  assert.equal(t.stats(31).nullMoveCutoffs, 0);
  assert.equal(t.stats(32).nullMoveCutoffs, 1);
  // The textbook counts are as before: 2 probes, 1 re-search, 1 cutoff (the null move's).
  assert.equal(t.stats(t.length).probes, 2);
  assert.equal(t.stats(t.length).reSearches, 1);
  assert.equal(t.stats(t.length).cutoffs, 1);
});

test("a null move that does not fail high for the side that passed is no cutoff", () => {
  // The same trace with the null move's search scoring 507 > its alpha 505: White found more
  // than the window after Black's pass, so Black's node is not cut by it.
  const text = fs.readFileSync(FILE, "utf8").replace('"node":10,"score":500,"actual":"all"', '"node":10,"score":507,"actual":"pv"');
  const { hello, started, batch } = batchFromJSONL(text);
  const t = new Trace(hello);
  t.start(started);
  t.append(batch);
  assert.equal(t.stats(t.length).nullMoves, 1);
  assert.equal(t.stats(t.length).nullMoveCutoffs, 0);
});

test("prune events are pruned entries of their node, with their reason, from their event on", () => {
  const t = load(FILE);
  assert.deepEqual(t.pruned(t.length), [
    { parent: 3, index: -1, move: "d3e3", path: "d2d3.e8d7.d3e3", why: "late-move" }, // seq 12
    { parent: 2, index: -1, move: "a7a5", path: "d2d3.a7a5", why: "futility" }, // seq 15
  ]);
  assert.equal(t.prunedChildren(2, 14), null); // seq 15 is event 14: not yet at k = 14
  assert.deepEqual(t.prunedChildren(2, 15).map((p) => p.move), ["a7a5"]);
  assert.equal(t.event(14).why, "futility");
  assert.equal(t.event(14).kind, "prune");
});

test("any batch size gives the same events, why words included", () => {
  const whole = load(FILE);
  for (const size of [1, 2, 3, 7]) {
    const t = load(FILE, { batchSize: size });
    for (let i = 0; i < t.length; i++) assert.deepEqual(t.event(i), whole.event(i), `size ${size}, event ${i}`);
    assert.deepEqual(t.stats(t.length), whole.stats(whole.length));
  }
});

test("saving writes the modern fields back: the file's events, as written by hand", () => {
  const t = load(FILE);
  const zero = (o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== 0 && v !== "" && v !== null));
  const want = fs.readFileSync(FILE, "utf8").trim().split("\n").slice(1).map((l) => zero(JSON.parse(l)));
  const got = toJSONL(t).trim().split("\n").slice(1).map((l) => JSON.parse(l));
  // The model gives parent 0 to a node's events: drop what the file does not write.
  assert.deepEqual(got.map((e) => ({ ...e })), want);
});

test("narration: each kind in its sentence", () => {
  const t = load(FILE);
  assert.equal(narrate(t, 5), "c4d4 is entered at ply 3, depth 1, with the window (-∞, ∞), expected to be a PV node; extended 1 ply (check).");
  assert.equal(narrate(t, 11), "d3e3 is pruned without being searched (late move pruning).");
  assert.equal(narrate(t, 14), "a7a5 is pruned without being searched (futility).");
  assert.equal(narrate(t, 16), "e8f7 is entered at ply 2, depth 0, with the window (509, 510), expected to be a Cut node; searched 1 ply shallower (late move reduction).");
  assert.equal(narrate(t, 19), "The reduced search of e8f7 (1 ply shallower, late move reduction) beat α, so it is searched again at full depth 1 with the window (-510, ∞).");
  assert.equal(narrate(t, 30), "0000 is entered at ply 2, in quiescence (depth -1), with the window (505, 506), expected to be an All node; the side to move passes (null move), searched 2 plies shallower.");
  // The null move scores 500 <= its alpha 505: for c4c5, which passed, that is >= its beta -505.
  // The null-move breakpoint stops on this exit: it must say "null-move cutoff" (issue 28).
  assert.match(narrate(t, 31), /^0000 returns 500 .*fails low.* That is a null-move cutoff: even after passing, c4c5 keeps a score good enough to cut/);
  // A move's exit says nothing of null moves.
  assert.doesNotMatch(narrate(t, 33), /null-move cutoff/);
  // The re-search itself and the textbook sentences are unchanged.
  assert.equal(narrate(t, 20), "e8f7 is entered (the re-search of the probe) at ply 2, depth 1, with the window (-∞, 510), expected to be a PV node.");
});

test("narration in SAN: the null move is --, and the numbering goes on after it", () => {
  const t = load(FILE);
  const N = new Notation(t);
  const label = (id, m) => N.lineTo(id, m);
  assert.equal(narrate(t, 14, label), "1.Kd3 a5 is pruned without being searched (futility).");
  assert.match(narrate(t, 30, label), /^1\.Rc5 -- is entered at ply 2/);
  assert.equal(N.nodeTitle(10), "1.Rc5 --");
  // Lines through a pass, numbered by hand: Black passes after 1.Rc5, then White's second move;
  // White passing at the root is move 1 too.
  assert.equal(N.lineText(9, ["0000", "c5c7", "e8d8"]), "1…-- 2.Rc7 Kd8");
  assert.equal(N.lineText(1, ["0000", "a7a5", "c4c5"]), "1.-- a5 2.Rc5");
  assert.equal(N.lineText(1, ["d2d3", "0000", "c4c7"]), "1.Kd3 -- 2.Rc7");
});

test("the null move's position: the same pieces, the other side to move", () => {
  const t = load(FILE);
  const N = new Notation(t);
  // After 1.Rc5 Black passes: White to move, move 2, no en-passant square, one more half-move.
  assert.equal(N.lines.fenAt(t, 9), "4k3/p7/8/2R5/8/8/3K4/8 b - - 1 1");
  assert.equal(N.lines.fenAt(t, 10), "4k3/p7/8/2R5/8/8/3K4/8 w - - 2 2");
  // After 1.e4 e5 White passes: the e6 square can no longer be taken en passant.
  assert.equal(passFen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"),
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 1 2");
});

test("breakpoints: a null-move cutoff, a reduction's re-search", () => {
  const t = load(FILE);
  // The null move's search returns at seq 32 (event 31): land after it, k = 32.
  assert.equal(runToBreakpoint(t, 0, { nullMoveCutoff: true }), 32);
  assert.equal(runToBreakpoint(t, 32, { nullMoveCutoff: true }), t.length);
  // The re-search of the reduced probe is seq 20.
  assert.equal(runToBreakpoint(t, 0, { reducedReSearch: true }), 20);
  assert.equal(runToBreakpoint(t, 0, { reducedReSearch: true, nullMoveCutoff: true }), 20);
  assert.equal(runToBreakpoint(t, 20, { reducedReSearch: true, nullMoveCutoff: true }), 32);
});

test("the tree: stubs where the prune events happened, marks on the edges", () => {
  const t = load(FILE);
  const r = new TreeLayout(t).compute(t.length);
  const name = (it) => (it.kind === "pruned" ? `stub ${it.pruned.move} (${it.pruned.why})` : `${it.nodeId} ${it.move}`);
  const kids = (id) => r.nodes.filter((it) => it.parentItem && it.parentItem.nodeId === id && it.parentItem.kind === "node")
    .sort((a, b) => a.x - b.x).map(name);
  // Kd3's children in the order searched: Kd7, a5 pruned (seq 15), the Kf7 probe and its re-search.
  assert.deepEqual(kids(2), ["3 e8d7", "stub a7a5 (futility)", "6 e8f7", "7 e8f7"]);
  assert.deepEqual(kids(3), ["4 c4d4", "stub d3e3 (late-move)"]);
  assert.deepEqual(kids(9), ["10 0000"]);
  const item = (id) => r.byId.get(id);
  assert.equal(edgeMark(item(4)), "+1");
  assert.equal(edgeMark(item(6)), "−1");
  assert.equal(edgeMark(item(10)), "−2");
  assert.equal(edgeMark(item(7)), "");
  assert.equal(item(10).inLink.mark, "null");
  assert.equal(item(6).inLink.mark, "reduced");
  assert.equal(item(4).inLink.mark, "");
  // Before seq 15 the a5 stub is not there; stepping onto it greys it in.
  const early = new TreeLayout(t).compute(14);
  assert.ok(!early.nodes.some((it) => it.kind === "pruned" && it.pruned.move === "a7a5"));
  const L = new TreeLayout(t);
  L.compute(t.length, { ghosts: true });
  const ghost = L.compute(14, { ghosts: true }).nodes.find((it) => it.kind === "pruned" && it.pruned.move === "a7a5");
  assert.equal(ghost.state, "unseen");
  assert.equal(L.compute(15, { ghosts: true }).nodes.find((it) => it === ghost).outcome, "pruned");
});

test("node(path): reduced, extended, nullMove and the pruned moves with their reasons", () => {
  const t = load(FILE);
  const V = new View("negamax"), N = new Notation(t);
  const san = (id, m) => N.label(id, m);
  const pick = (path, k = t.length) => {
    const d = describeNode(t, k, V, path, san);
    return { move: d.move, reduced: d.reduced, extended: d.extended, nullMove: d.nullMove, pruned: d.pruned, outcome: d.outcome };
  };
  assert.deepEqual(pick("d2d3 e8d7 c4d4"), { move: "Rd4+", reduced: 0, extended: 1, nullMove: false, pruned: [], outcome: "exact" });
  for (const path of ["c4c5 0000", "1.Rc5 --", "Rc5 null"]) {
    assert.deepEqual(pick(path), { move: "--", reduced: 2, extended: 0, nullMove: true, pruned: [], outcome: "fail-low" }, path);
  }
  assert.deepEqual(pick("1.Kd3").pruned, [{ move: "a5", uci: "a7a5", why: "futility" }]);
  assert.deepEqual(pick("1.Kd3", 14).pruned, []); // before the prune event
  assert.deepEqual(pick("1.Kd3 Kd7").pruned, [{ move: "Ke3", uci: "d3e3", why: "late-move" }]);
  const stub = describeNode(t, t.length, V, "1.Kd3 a5", san);
  assert.equal(stub.outcome, "pruned");
  assert.equal(stub.why, "futility");
  // The reduced probe is the path's node until its re-search is entered (seq 21).
  assert.equal(pick("d2d3 e8f7", 20).reduced, 1);
  assert.equal(pick("d2d3 e8f7").reduced, 0);
});

test("the words: one clause per kind, an engine's own word as it is", () => {
  assert.equal(enterClause({ reduced: 2, why: "lmr" }), "searched 2 plies shallower (late move reduction)");
  assert.equal(enterClause({ extended: 1, why: "check" }), "extended 1 ply (check)");
  assert.equal(enterClause({ extended: 1, why: "singular" }), "extended 1 ply (singular extension)");
  assert.equal(enterClause({ reduced: 1, why: "iir" }), "searched 1 ply shallower (internal iterative reduction)");
  assert.equal(enterClause({ reduced: 3, why: "my-own-word" }), "searched 3 plies shallower (my-own-word)");
  assert.equal(enterClause({ nullMove: true, reduced: 3, why: "null-move" }), "the side to move passes (null move), searched 3 plies shallower");
  assert.equal(enterClause({}), "");
});

test("1M+ events with a reduction on every late move: counts by formula, append time printed", () => {
  const s = synthetic(5, 8); // 488,281 nodes; every child but the first is probed: 390,624 late moves
  const late = s.n - 2 * s.nodes;
  const t = new Trace(s.hello);
  t.start(s.started);
  const t0 = performance.now();
  for (const b of s.batches) {
    // Every probed child (index > 0) searched one ply shallower by lmr; why words in the first frame.
    const reduced = new Int16Array(b.count), why = new Uint16Array(b.count);
    for (let i = 0; i < b.count; i++) if (b.kind[i] === s.hello.kinds.indexOf("enter") && b.index[i] > 0) { reduced[i] = 1; why[i] = 1; }
    Object.assign(b, { reduced, why, whys: b.from === 0 ? ["lmr"] : [] });
  }
  const prepared = performance.now() - t0;
  const t1 = performance.now();
  for (const b of s.batches) t.append(b);
  const ms = performance.now() - t1;
  console.log(`# appended ${s.n} events with reductions in ${ms.toFixed(0)} ms (${(ms * 1e6 / s.n).toFixed(0)} ns/event; columns made in ${prepared.toFixed(0)} ms); ${(t.bytes / s.n).toFixed(1)} B/event`);
  assert.equal(t.stats(s.n).reductions, late);
  assert.equal(t.stats(s.n).probes, late);
  assert.equal(t.node(3).reduced, 0); // the root's first grandchild: a first move
  assert.equal(t.node(t.node(1).children[1]).reduced, 1);
  assert.equal(t.node(t.node(1).children[1]).why, "lmr");
});
