// view.js: the point of view the page shows a search in, applied in one place. The events are
// negamax: every number is from the side to move at the node the event names. Two views:
//
//   "root"    the textbook's minimax: nodes at even plies are MAX, at odd plies MIN, and every
//             value and window (alpha, beta) is from the root player's side. A MIN node whose
//             value is <= alpha fails low, and its early stop is an alpha cutoff.
//   "negamax" every node from its own side to move, as the engine sees it.
//
// The tree, the legend, the statistics, the narration and window.pvscope.node() all ask a View;
// nothing else flips signs.

export const INF = 32000; // the engine's infinity: a window edge at it is open
export const VIEWS = ["root", "negamax"];

// The view a search starts in: the textbook's for teaching trees, negamax for chess.
export function defaultView(kind) { return kind === "tree" ? "root" : "negamax"; }

// A window edge or a value as text: ∞ for an open edge.
export function fmt(v) {
  if (v === null || v === undefined) return "?";
  return v >= INF ? "∞" : v <= -INF ? "-∞" : String(v);
}

const SWAP = { "fail-high": "fail-low", "fail-low": "fail-high" };
const OUTCOME = { pv: "exact", cut: "fail-high", all: "fail-low" };

export class View {
  constructor(mode = "negamax") {
    this.mode = mode === "root" ? "root" : "negamax";
  }

  get root() { return this.mode === "root"; }

  // True when numbers seen from ply must change sign (a MIN node in the root view).
  flips(ply) { return this.root && ply % 2 === 1; }

  // A score carried by an event about a node at ply, in this view.
  value(v, ply) {
    if (v === null || v === undefined) return null;
    return this.flips(ply) ? -v : v;
  }

  // The window (alpha, beta) of a node at ply, in this view, as [lo, hi].
  window(alpha, beta, ply) { return this.flips(ply) ? [-beta, -alpha] : [alpha, beta]; }

  // "max" or "min" in the root view; in negamax every node maximises its own score.
  player(ply) { return this.root && ply % 2 === 1 ? "min" : "max"; }

  // A node's outcome from the engine's node type (actual) and end, in this view: in the root
  // view a MIN node that the engine saw fail high (score >= beta) has a value <= alpha.
  outcome(actual, end, ply) {
    if (end === "tt-cutoff") return "tt-cutoff";
    if (end === "stopped") return "stopped";
    const o = OUTCOME[actual];
    if (!o) return "stopped";
    return this.flips(ply) && SWAP[o] ? SWAP[o] : o;
  }

  // A move-level fail event ("fail-high" / "fail-low") emitted at the parent at ply, in this view:
  // it is about the child, whose outcome it is in the root view.
  failKind(kind, ply) { return this.flips(ply) ? SWAP[kind] || kind : kind; }

  // What stopping a node's remaining moves is called at a node at ply.
  cutoffName(ply) {
    if (!this.root) return "a beta cutoff";
    return ply % 2 === 1 ? "an alpha cutoff" : "a beta cutoff";
  }

  // Which bound a better move moves at a node at ply: MAX raises alpha, MIN lowers beta.
  improves(ply) { return this.flips(ply) ? "lowers β" : "raises α"; }

  // "(lo, hi)" for a node at ply.
  windowText(alpha, beta, ply) {
    const [lo, hi] = this.window(alpha, beta, ply);
    return `(${fmt(lo)}, ${fmt(hi)})`;
  }

  // Legend entries in this view (the colours keep their meaning: exact, fail-high, fail-low).
  legend() {
    if (this.root) {
      return {
        exact: "exact (inside (α, β))",
        "fail-high": "fail-high (value ≥ β)",
        "fail-low": "fail-low (value ≤ α)",
        cut: "Cut node (MAX fails high, MIN fails low)",
        all: "All node (MAX fails low, MIN fails high)",
        cutoff: "cutoff (β at MAX, α at MIN)",
        players: "MAX ▲ / MIN ▼ (root player's values)",
      };
    }
    return {
      exact: "exact (inside the window)",
      "fail-high": "fail-high (≥ β, cut)",
      "fail-low": "fail-low (≤ α, all)",
      cut: "Cut node",
      all: "All node",
      cutoff: "beta cutoff",
      players: "each node from its side to move",
    };
  }
}
