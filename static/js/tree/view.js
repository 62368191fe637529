// view.js: the point of view the page shows a search in, applied in one place. The events are
// negamax: every number is from the side to move at the node the event names. Two views:
//
//   "root"    the textbook's minimax: nodes at even plies are MAX, at odd plies MIN, and every
//             value and window (alpha, beta) is from the root player's side. A MIN node whose
//             value is <= alpha fails low, and its early stop is an alpha cutoff.
//   "negamax" every node from its own side to move, as the engine sees it.
//
// The tree, the legend, the statistics, the narration and window.pvscope.node() all ask a View;
// nothing else flips signs. The words (cutoff names, the legend) are the catalogs' (i18n/<lang>/view.json).
import { t } from "../i18n/i18n.js";

export const INF = 32000; // pvscope's infinity: a window edge at it is open
export const VIEWS = ["root", "negamax"];

// How a search writes its scores. pvscope's engine (engine/score.go): infinity 32000, a mate
// delivered p plies from the node scores 30000 - p, and any score within 256 plies of 30000 is
// a mate. A trace file's engine says its own in the header (the started frame's `scores`, from
// meta.infinity, meta.mate and meta.mateBand, as tracer.ScaleOf reads them): what it leaves out
// is pvscope's, and without an infinity, one above a mate that reaches 32000. A teaching tree
// has no mates.
export const PVSCOPE_SCALE = Object.freeze({ infinity: INF, mate: 30000, mateBand: 256 });
const TREE_SCALE = Object.freeze({ infinity: INF, mate: 0, mateBand: 0 });

// scoreScale(started): the scale of a search from its started frame (or a {infinity, mate,
// mateBand} given directly).
export function scoreScale(started) {
  const sc = started && (started.scores || (started.infinity || started.mate || started.mateBand ? started : null));
  if (!sc) return started && started.kind === "tree" ? TREE_SCALE : PVSCOPE_SCALE;
  const mate = sc.mate > 0 ? sc.mate : PVSCOPE_SCALE.mate;
  return Object.freeze({ infinity: sc.infinity > 0 ? sc.infinity : Math.max(INF, mate + 1), mate,
    mateBand: sc.mateBand > 0 ? sc.mateBand : PVSCOPE_SCALE.mateBand });
}

// True when v is at or beyond the scale's infinity: an open window edge.
export function isInfinite(v, scale = PVSCOPE_SCALE) { return v >= scale.infinity || v <= -scale.infinity; }

// mateIn(v, scale): moves to mate for a score in the mate band (above mate - mateBand, at most
// mate), UCI style: positive when the side whose score it is mates, negative when it is mated;
// 0 for any other score.
export function mateIn(v, scale = PVSCOPE_SCALE) {
  const a = Math.abs(v);
  if (!scale.mate || isInfinite(v, scale) || a > scale.mate || a <= scale.mate - scale.mateBand) return 0;
  const moves = Math.max(1, Math.floor((scale.mate - a + 1) / 2));
  return v < 0 ? -moves : moves;
}

// The view a search starts in: the textbook's for teaching trees, negamax for chess.
export function defaultView(kind) { return kind === "tree" ? "root" : "negamax"; }

// A window edge or a value as text: ∞ at the engine's infinity, #n / #-n for a mate in n moves,
// otherwise the number itself, however large.
export function fmt(v, scale = PVSCOPE_SCALE) {
  if (v === null || v === undefined) return "?";
  if (isInfinite(v, scale)) return v > 0 ? "∞" : "-∞";
  const m = mateIn(v, scale);
  return m ? `#${m}` : String(v);
}

const SWAP = { "fail-high": "fail-low", "fail-low": "fail-high" };
const OUTCOME = { pv: "exact", cut: "fail-high", all: "fail-low" };

export class View {
  // scale: how the search writes its scores (scoreScale above).
  constructor(mode = "negamax", scale = PVSCOPE_SCALE) {
    this.mode = mode === "root" ? "root" : "negamax";
    this.scale = scale;
    this.ranges = false; // the values menu: R&N's [lo, hi] on each node instead of a bound (ranges.js)
  }

  // A score or window edge as text, in this search's scale (fmt above).
  fmt(v) { return fmt(v, this.scale); }
  isInfinite(v) { return isInfinite(v, this.scale); }

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
    return this.flips(ply) ? t("view.alphaCutoff") : t("view.betaCutoff");
  }

  // Which bound a better move moves at a node at ply: MAX raises alpha, MIN lowers beta.
  improves(ply) { return this.flips(ply) ? t("view.lowersBeta") : t("view.raisesAlpha"); }

  // "(lo, hi)" for a node at ply.
  windowText(alpha, beta, ply) {
    const [lo, hi] = this.window(alpha, beta, ply);
    return `(${this.fmt(lo)}, ${this.fmt(hi)})`;
  }

  // Legend entries in this view (the colours keep their meaning: exact, fail-high, fail-low).
  legend() {
    const keys = ["exact", "fail-high", "fail-low", "cut", "all", "cutoff", "players"];
    const out = {};
    for (const k of keys) out[k] = this.root ? t(`view.legendRoot-${k}`) : t(`view.legendNegamax-${k}`);
    return out;
  }
}
