// narrate.js: one sentence per event, for the event log, in the page's language: each kind is
// one whole message of the catalogs (i18n/<lang>/narrate.json) with parameters, and selects for
// its variants (the root or another node, with or without an expectation, MAX or MIN, the view),
// so a language orders the words as it needs. Numbers are printed in the view opts.view
// (view.js): negamax as the event carries them (default), or the root player's side with MAX and
// MIN nodes, fail-high/fail-low and beta/alpha cutoffs in textbook words.
//
// label(nodeId, moveName) prints a move played FROM node nodeId (the page turns it into SAN for
// chess). opts.line(nodeId, moves) prints a line of moves starting at nodeId (default: names
// joined by spaces) and opts.nodeName(nodeId) names a node (default: "the root" or its move).

import { t } from "../i18n/i18n.js";
import { reasonText } from "../pv/pvwords.js";
import { View } from "../tree/view.js";
import { countBelow } from "../model/model.js";
import { enterClause, pruneSentence, whyText } from "../model/modern.js";
import { lineWords } from "../pv/pvshown.js";
import { ownSearchName, ownSearchSentence } from "../model/ownsearch.js";

const BOUND_FLIP = { lower: "upper", upper: "lower", exact: "exact" };
const NEGAMAX = new View("negamax");
const EXPECTS = new Set(["pv", "cut", "all"]);
const GAME_ENDS = new Set(["win", "loss", "draw"]); // a game's end for the side to move (tracer.Won, Lost, Drawn)

export function narrate(trace, i, label = (_, m) => m, opts = {}) {
  const e = trace.event(i);
  if (!e) return "";
  const V = opts.view || NEGAMAX, R = V.root;
  const plyOf = (id) => (id > 0 && id < trace.enterAt.length ? trace.c.ply.get(trace.enterAt.get(id)) : 0);
  const p = plyOf(e.node); // the ply of the node the event names (the parent, for move-level events)
  // Scores and window edges in the search's scale (view.js): ∞ only at its infinity, #n a mate.
  const bound = (v) => V.fmt(v);
  const w = (a, b) => `(${bound(a)}, ${bound(b)})`;
  const val = (v, ply = p) => bound(V.value(v, ply));
  const win = (a, b, ply = p) => V.windowText(a, b, ply);
  // MAX or MIN after a node's name in the root view; nothing in negamax.
  const player = (ply) => (R ? V.player(ply) : "none");
  const line = opts.line || ((_, moves) => (moves.length ? lineWords(moves) : t("narrate.emptyLine")));
  // Words that name a node (the root, the null move, node 7), unlike a move, take a capital when
  // a sentence starts with them; `words` collects them for say().
  const words = [];
  const phrase = (s) => (words.push(s), s);
  const mv = (nodeId, m) => (m ? label(nodeId, m) : phrase(t("narrate.theNullMove")));
  const nodeName = opts.nodeName || ((id) => {
    const nd = trace.node(id);
    if (!nd) return phrase(t("narrate.nodeNumber", { id }));
    if (nd.ownSearch) return phrase(ownSearchName(nd.ownSearch, nodeName(nd.parent))); // no move leads to it
    return nd.parent ? mv(nd.parent, nd.move) : phrase(t("narrate.theRoot"));
  });
  const say = (key, params) => capitalise(t(key, params), words);
  // Where a move-level event happens: at the root, or at a node named.
  const place = (id) => (trace.node(id) && trace.node(id).parent ? { place: "node", at: nodeName(id) } : { place: "root", at: nodeName(id) });
  // A table bound seen from a MIN node in the root view: a lower bound becomes an upper bound.
  const boundKey = (b) => (V.flips(p) ? BOUND_FLIP[b] || b : b) || "none";
  const best = (m) => (m ? { best: "yes", move: mv(e.node, m) } : { best: "no", move: "" });
  // The root whose line is printed: the root of the latest node entered (the root may have exited).
  const rootOf = () => { const last = trace.nodeCount(i + 1); return last ? trace.path(last)[0] : 0; };
  // A search without iterative deepening has one iteration, at its full depth: "the search to
  // depth 3", not "iteration 3". Deepening starts at depth 1, so a first iteration deeper than 1
  // (before asked iteration-starts before event i) is that single pass.
  const onePass = (before) => {
    const starts = trace.byKind && trace.K ? trace.byKind[trace.K["iteration-start"]] : null;
    return starts && e.depth > 1 && countBelow(starts, i) === before ? "yes" : "no";
  };
  switch (e.kind) {
    case "search-start":
      return t("narrate.searchStarts", { depth: e.depth });
    case "search-end":
      // A search-end without a line keeps the root's last one (the PV panel's).
      return t("narrate.searchEnds", { depth: e.depth, score: bound(e.score), line: line(rootOf(), e.pv && e.pv.length ? e.pv : trace.rootPV(i)) });
    case "iteration-start": {
      // An engine's iteration-start may give no window (0, 0).
      const pass = onePass(0);
      if (!e.alpha && !e.beta) return t("narrate.iterationStarts", { depth: e.depth, pass });
      return t("narrate.iterationStartsWindow", { depth: e.depth, window: w(e.alpha, e.beta), pass });
    }
    case "iteration-end":
      return e.end === "stopped"
        ? t("narrate.iterationStopped", { depth: e.depth, score: bound(e.score), pass: onePass(1) })
        : t("narrate.iterationComplete", { depth: e.depth, score: bound(e.score), pass: onePass(1) });
    case "aspiration-fail":
      return t("narrate.aspirationFail", { score: bound(e.score), window: w(e.alpha, e.beta) });
    case "enter": {
      const ex = trace.expectAt ? trace.expectAt(i) : e.expect;
      const nd = trace.node(e.node);
      if (nd && nd.ownSearch) {
        return capitalise(ownSearchSentence({ parent: nodeName(e.parent), purpose: nd.ownSearch,
          excluded: nd.excluded ? label(e.parent, nd.excluded) : "", depth: e.depth, window: win(e.alpha, e.beta, e.ply) }), words);
      }
      const clause = nd ? enterClause(nd) : "";
      return say("narrate.enter", {
        root: e.parent ? "no" : "yes", name: e.parent ? mv(e.parent, e.move) : "", player: player(e.ply),
        research: e.ref ? "yes" : "no", ply: e.ply, depth: e.depth, window: win(e.alpha, e.beta, e.ply),
        // Below depth 0 a node is in quiescence: "depth -5" says nothing to a student.
        qs: e.depth < 0 ? "yes" : "no",
        expect: EXPECTS.has(ex) && EXPECTS.has(e.expect) ? e.expect : "none",
        modern: clause ? "yes" : "no", clause,
      });
    }
    case "exit": {
      const nd = trace.node(e.node);
      const name = nodeName(e.node);
      const ply = nd ? nd.ply : e.ply;
      const value = val(e.score, ply);
      if (e.end === "stopped") return say("narrate.exitStopped", { name, value });
      const [lo, hi] = V.window(nd ? nd.alpha : e.alpha, nd ? nd.beta : e.beta, ply);
      const o = e.end === "tt-cutoff" ? "" : V.outcome(e.actual, e.end, ply);
      // A null move's search that failed high for the side that passed is what the null-move
      // breakpoint stops on: say its name, not only "fails low".
      const nullCut = nd && nd.nullMove && nd.parent && trace.modern && trace.modern.isNullCut(i)
        ? " " + say("narrate.nullMoveCutoff", { parent: nodeName(nd.parent) }) : "";
      // A game's end (win, loss, draw for the side to move) is its own sentence after the exit's.
      const gameEnd = GAME_ENDS.has(e.end) ? " " + say("gameend.exit", { result: e.end }) : "";
      return say("narrate.exit", {
        name, value, end: e.end && !GAME_ENDS.has(e.end) ? e.end : "none",
        outcome: o === "exact" || o === "fail-high" || o === "fail-low" ? o : "none",
        window: w(lo, hi), bound: o === "fail-low" ? bound(lo) : bound(hi),
        type: e.actual === "cut" || e.actual === "all" ? e.actual : "none",
        expected: nd && nd.expect && e.actual && nd.expect !== e.actual && EXPECTS.has(nd.expect) ? nd.expect : "none",
      }) + nullCut + gameEnd;
    }
    case "probe":
      return say("narrate.probe", { name: mv(e.node, e.move), window: win(e.alpha, e.beta) });
    case "fail-high":
    case "fail-low": {
      // Emitted at the parent about the child's score; in the root view it is the child's outcome.
      const [lo, hi] = V.window(e.alpha, e.beta, p);
      const params = { name: mv(e.node, e.move), value: val(e.score) };
      return V.failKind(e.kind, p) === "fail-high"
        ? say("narrate.failHigh", { ...params, bound: bound(hi) })
        : say("narrate.failLow", { ...params, bound: bound(lo) });
    }
    case "re-search": {
      const reduced = reducedReSearch(trace, e, win(e.alpha, e.beta), mv(e.node, e.move));
      if (reduced) return say(reduced.key, reduced.params);
      const probe = e.ref ? trace.node(e.ref) : null;
      const params = { name: mv(e.node, e.move), window: win(e.alpha, e.beta) };
      if (probe && probe.score !== null) return say("narrate.reSearch", { ...params, value: val(-probe.score) });
      return say("narrate.reSearchInside", params);
    }
    case "cutoff": {
      // At a tree's last move nothing is left to prune: the node just fails (high, or low at MIN).
      const prunes = !trace.cutoffPrunes || trace.cutoffPrunes(i);
      const flips = V.flips(p);
      return say("narrate.cutoff", {
        name: mv(e.node, e.move), side: flips ? "min" : R ? "max" : "negamax",
        value: flips ? val(e.score) : bound(e.score), bound: flips ? bound(-e.beta) : bound(e.beta),
        ...place(e.node), player: player(p), prunes: prunes ? "yes" : "no", cutoff: flips ? "alpha" : "beta",
      });
    }
    case "tt-probe":
      return say("narrate.ttProbe", { name: nodeName(e.node) });
    case "tt-hit":
      return say("narrate.ttHit", { name: nodeName(e.node), bound: boundKey(e.bound), value: val(e.score), depth: e.depth, ...best(e.move) });
    case "tt-cutoff":
      return say("narrate.ttCutoff", { name: nodeName(e.node), value: val(e.score) });
    case "tt-store":
      return say("narrate.ttStore", { name: nodeName(e.node), bound: boundKey(e.bound), value: val(e.score), depth: e.depth, ...best(e.move) });
    case "pv-update": {
      const from = V.flips(p) ? bound(-e.alpha) : bound(e.alpha);
      return say("narrate.pvUpdate", {
        name: mv(e.node, e.move), improve: V.flips(p) ? "beta" : "alpha", from, to: val(e.score),
        ...place(e.node), player: player(p), line: line(e.node, e.pv || []),
      });
    }
    case "root-pv":
      if (e.index > 0) return t("narrate.multiPVLine", { n: e.index + 1, depth: e.depth, line: line(rootOf(), e.pv || []), score: bound(e.score) });
      return t("narrate.rootPV", { depth: e.depth, line: line(rootOf(), e.pv || []), score: bound(e.score) });
    case "pv-line": {
      const n = (e.pv || []).length;
      return t("narrate.pvLine", { method: e.method, depth: e.depth, line: line(rootOf(), e.pv || []), n, full: n < e.depth ? "no" : "yes" });
    }
    case "pv-cut": {
      // The whole path to the node: where the line ends matters more than the last move.
      const path = trace.node(e.node) ? trace.positionMoves(e.node) : [];
      return t("narrate.pvCut", {
        multipv: e.index > 0 ? "yes" : "no", n: e.index + 1, method: e.method, depth: e.depth, ply: e.ply,
        node: e.node, after: path.length ? "yes" : "no", line: path.length ? line(rootOf(), path) : "", reason: reasonText(e.reason),
      });
    }
    case "prune":
      return capitalise(pruneSentence(mv(e.node, e.move), e.why), words);
    case "stand-pat": {
      // Quiescence: the node's static evaluation is a value it has before any move; at or above
      // beta it returns without searching one (the window is the node's, from its enter).
      const nd = trace.node(e.node);
      const cut = nd && nd.beta !== undefined && e.score >= nd.beta ? "yes" : "no";
      return say("narrate.standPat", { name: nodeName(e.node), value: val(e.score), cut });
    }
    case "move-value":
      return say("narrate.moveValue", { name: mv(e.node, e.move), value: val(e.score), ...place(e.node) });
    default:
      return t("narrate.unknownEvent", { seq: e.seq, kind: e.kind });
  }
}

// A sentence that starts with words naming a node ("the root returns 3") starts with a capital;
// a move keeps its case ("d6", not "D6", which reads as a piece).
function capitalise(s, words) {
  for (const w of words) if (w && s.startsWith(w)) return s.charAt(0).toUpperCase() + s.slice(1);
  return s;
}

// The re-search of a reduced probe: it is searched again at full depth (and, at a PV node, with
// the full window) because the shallower search beat alpha. null when the probe was not reduced.
function reducedReSearch(trace, e, window, name) {
  const probe = e.ref ? trace.node(e.ref) : null;
  if (!probe || !(probe.reduced > 0)) return null;
  return { key: "narrate.reducedReSearch", params: {
    name, reduced: probe.reduced, because: probe.why ? "yes" : "no", reason: probe.why ? whyText(probe.why) : "",
    depth: probe.depth + probe.reduced - probe.extended, window,
  } };
}
