// narrate.js: one English sentence per event, for the event log. Numbers are printed in the
// view opts.view (view.js): negamax as the event carries them (default), or the root player's
// side with MAX and MIN nodes, fail-high/fail-low and beta/alpha cutoffs in textbook words.
//
// label(nodeId, moveName) prints a move played FROM node nodeId (the page turns it into SAN for
// chess). opts.line(nodeId, moves) prints a line of moves starting at nodeId (default: names
// joined by spaces) and opts.nodeName(nodeId) names a node (default: "the root" or its move).

import { METHOD_OWNER, reasonText, moves } from "./pvwords.js";
import { View } from "./view.js";
import { enterClause, pruneSentence, whyText } from "./modern.js";

const END_TEXT = {
  eval: "a static evaluation", leaf: "its leaf value", mate: "checkmate", stalemate: "stalemate",
  repetition: "a draw by repetition", "fifty-move": "a draw by the fifty-move rule",
  "tt-cutoff": "a transposition-table cutoff", stopped: "the search was stopped, so the score is not to be trusted",
};
const BOUND_TEXT = { exact: "an exact score", lower: "a lower bound", upper: "an upper bound" };
const BOUND_FLIP = { lower: "upper", upper: "lower", exact: "exact" };
const NEGAMAX = new View("negamax");
const EXPECT_TEXT = { pv: "a PV node", cut: "a Cut node", all: "an All node" };

// Only English words are capitalised: a move keeps its case ("d6", not "D6", which reads as a piece).
const cap = (s) => (s.startsWith("the ") ? "T" + s.slice(1) : s);

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
  const who = (ply) => (R ? ` (${V.player(ply).toUpperCase()})` : "");
  const line = opts.line || ((_, moves) => (moves.length ? moves.join(" ") : "(empty)"));
  const mv = (nodeId, m) => (m ? label(nodeId, m) : "the null move");
  const nodeName = opts.nodeName || ((id) => {
    const nd = trace.node(id);
    if (!nd) return `node ${id}`;
    return nd.parent ? mv(nd.parent, nd.move) : "the root";
  });
  const at = (id) => (trace.node(id) && trace.node(id).parent ? ` at ${nodeName(id)}` : " at the root");
  // A table bound seen from a MIN node in the root view: a lower bound becomes an upper bound.
  const boundText = (b) => BOUND_TEXT[V.flips(p) ? BOUND_FLIP[b] || b : b] || "a score";
  // The root whose line is printed: the root of the latest node entered (the root may have exited).
  const rootOf = () => { const last = trace.nodeCount(i + 1); return last ? trace.path(last)[0] : 0; };
  switch (e.kind) {
    case "search-start":
      return `The search starts, to depth ${e.depth}.`;
    case "search-end":
      // A search-end without a line keeps the root's last one (the PV panel's).
      return `The search ends at depth ${e.depth} with score ${bound(e.score)} and the line ${line(rootOf(), e.pv && e.pv.length ? e.pv : trace.rootPV(i))}.`;
    case "iteration-start":
      // An engine's iteration-start may give no window (0, 0).
      if (!e.alpha && !e.beta) return `Iteration ${e.depth} starts.`;
      return `Iteration ${e.depth} starts with the root window ${w(e.alpha, e.beta)}.`;
    case "iteration-end":
      return e.end === "stopped"
        ? `Iteration ${e.depth} was stopped before it finished; its score ${bound(e.score)} is not to be trusted.`
        : `Iteration ${e.depth} is complete with score ${bound(e.score)}.`;
    case "aspiration-fail":
      return `The root scored ${bound(e.score)}, outside the aspiration window, so it is searched again with ${w(e.alpha, e.beta)}.`;
    case "enter": {
      const what = e.parent ? `${mv(e.parent, e.move)}${who(e.ply)} is entered` : `The root${who(0)} is entered`;
      const expect = EXPECT_TEXT[trace.expectAt ? trace.expectAt(i) : e.expect] ? `, expected to be ${EXPECT_TEXT[e.expect]}` : "";
      const again = e.ref ? " (the re-search of the probe)" : "";
      const modern = modernEnter(trace, e);
      return `${cap(what)}${again} at ply ${e.ply}, depth ${e.depth}, with the window ${win(e.alpha, e.beta, e.ply)}${expect}${modern}.`;
    }
    case "exit": {
      const nd = trace.node(e.node);
      const name = cap(nodeName(e.node));
      const ply = nd ? nd.ply : e.ply;
      const v = val(e.score, ply);
      if (e.end === "stopped") return `${name} returns ${v}, but ${END_TEXT.stopped}.`;
      const [lo, hi] = V.window(nd ? nd.alpha : e.alpha, nd ? nd.beta : e.beta, ply);
      const type = e.actual === "cut" ? " (a Cut node)" : e.actual === "all" ? " (an All node)" : "";
      const o = e.end === "tt-cutoff" ? "" : V.outcome(e.actual, e.end, ply);
      let why = "";
      if (o === "exact") why = `inside its window ${w(lo, hi)}: an exact score`;
      else if (o === "fail-high") why = `≥ β = ${bound(hi)}: it fails high${type}`;
      else if (o === "fail-low") why = `≤ α = ${bound(lo)}: it fails low${type}`;
      const how = END_TEXT[e.end] ? ` (${END_TEXT[e.end]})` : "";
      const broke = nd && nd.expect && e.actual && nd.expect !== e.actual ? `; it was expected to be ${EXPECT_TEXT[nd.expect]}` : "";
      return `${name} returns ${v}${how}${why ? ", " + why : ""}${broke}.`;
    }
    case "probe":
      return `${cap(mv(e.node, e.move))} is probed with the null window ${win(e.alpha, e.beta)}.`;
    case "fail-high":
    case "fail-low": {
      // Emitted at the parent about the child's score; in the root view it is the child's outcome.
      const [lo, hi] = V.window(e.alpha, e.beta, p);
      const v = val(e.score);
      return V.failKind(e.kind, p) === "fail-high"
        ? `${cap(mv(e.node, e.move))} fails high with ${v} ≥ ${bound(hi)}.`
        : `${cap(mv(e.node, e.move))} fails low with ${v} ≤ ${bound(lo)}.`;
    }
    case "re-search": {
      const reduced = reducedReSearch(trace, e, (a, b) => win(a, b), (m) => mv(e.node, m));
      if (reduced) return reduced;
      const probe = e.ref ? trace.node(e.ref) : null;
      const s = probe && probe.score !== null ? val(-probe.score) : null;
      const inside = s !== null ? `${s} is inside ${win(e.alpha, e.beta)}, so ` : "The probe scored inside the window, so ";
      return `${inside}${mv(e.node, e.move)} is searched again with the full window ${win(e.alpha, e.beta)}.`;
    }
    case "cutoff": {
      // At a tree's last move nothing is left to prune: the node just fails (high, or low at MIN).
      const prunes = !trace.cutoffPrunes || trace.cutoffPrunes(i);
      const fails = V.flips(p) ? "fails low" : "fails high";
      const then = prunes ? `${V.cutoffName(p)}, the remaining moves are pruned`
        : `it was the last move, so nothing is pruned: ${nodeName(e.node)} ${fails}`;
      if (V.flips(p)) return `${cap(mv(e.node, e.move))} scores ${val(e.score)} ≤ α = ${bound(-e.beta)}${at(e.node)}${who(p)}: ${then}.`;
      return `${cap(mv(e.node, e.move))} scores ${bound(e.score)} ≥ ${R ? "β = " : ""}${bound(e.beta)}${at(e.node)}${who(p)}: ${then}.`;
    }
    case "tt-probe":
      return `${cap(nodeName(e.node))} is looked up in the transposition table.`;
    case "tt-hit": {
      const best = e.move ? `, best move ${mv(e.node, e.move)}` : "";
      return `The table has an entry for ${nodeName(e.node)}: ${boundText(e.bound)} of ${val(e.score)} from depth ${e.depth}${best}.`;
    }
    case "tt-cutoff":
      return `The table entry is enough: ${nodeName(e.node)} returns ${val(e.score)} without searching.`;
    case "tt-store": {
      const best = e.move ? `, best move ${mv(e.node, e.move)}` : "";
      return `${cap(nodeName(e.node))} is stored in the table: ${boundText(e.bound)} of ${val(e.score)} at depth ${e.depth}${best}.`;
    }
    case "pv-update": {
      const where = trace.node(e.node) && trace.node(e.node).parent ? ` at ${nodeName(e.node)}` : " at the root";
      const from = V.flips(p) ? bound(-e.alpha) : bound(e.alpha);
      return `${cap(mv(e.node, e.move))} ${V.improves(p)} from ${from} to ${val(e.score)}${where}${who(p)}; the line is now ${line(e.node, e.pv || [])}.`;
    }
    case "root-pv":
      if (e.index > 0) return `MultiPV line ${e.index + 1} of iteration ${e.depth} is ${line(rootOf(), e.pv || [])}, score ${bound(e.score)}.`;
      return `Iteration ${e.depth} ends with the line ${line(rootOf(), e.pv || [])}, score ${bound(e.score)}.`;
    case "pv-line": {
      const n = (e.pv || []).length;
      const length = n < e.depth ? `${moves(n)} of ${e.depth}: cut short` : `${moves(n)}, the full depth`;
      return `${METHOD_OWNER[e.method] || `The ${e.method} line`} for iteration ${e.depth} is ${line(rootOf(), e.pv || [])} (${length}).`;
    }
    case "pv-cut": {
      // The whole path to the node: where the line ends matters more than the last move.
      const path = trace.node(e.node) ? trace.positionMoves(e.node) : [];
      const where = path.length ? `at node ${e.node} (after ${line(rootOf(), path)})` : `at node ${e.node}`;
      const whose = e.index > 0 ? `MultiPV line ${e.index + 1}` : `${METHOD_OWNER[e.method] || `The ${e.method} line`}`;
      return `${whose} of iteration ${e.depth} stops after ${moves(e.ply)}, ${where}: ${reasonText(e.reason)}.`;
    }
    case "prune":
      return cap(pruneSentence(mv(e.node, e.move), e.why));
    default:
      return `Event ${e.seq}: ${e.kind}.`;
  }
}

// Modern search on an enter: "; the side to move passes (null move), searched 2 plies shallower",
// "; extended 1 ply (check)", or "" (modern.js words them).
function modernEnter(trace, e) {
  const nd = trace.node(e.node);
  const clause = nd ? enterClause(nd) : "";
  return clause ? `; ${clause}` : "";
}

// The re-search of a reduced probe: it is searched again at full depth (and, at a PV node, with
// the full window) because the shallower search beat alpha. null when the probe was not reduced.
function reducedReSearch(trace, e, win, move) {
  const probe = e.ref ? trace.node(e.ref) : null;
  if (!probe || !(probe.reduced > 0)) return null;
  const how = probe.why ? `, ${whyText(probe.why)}` : "";
  const depth = probe.depth + probe.reduced - probe.extended;
  const plies = `${probe.reduced} ${probe.reduced === 1 ? "ply" : "plies"}`;
  return `The reduced search of ${move(e.move)} (${plies} shallower${how}) beat α, so it is searched again at full depth ${depth} with the window ${win(e.alpha, e.beta)}.`;
}
