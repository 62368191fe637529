// modern.js: what modern search adds to a trace (model.js), kept beside its columns: per node the
// plies it was reduced or extended by and why, and sorted event indices of reductions, their
// re-searches, extensions and null-move cutoffs for the counts (stats) and the breakpoints.
// Nothing is allocated until a frame carries reduced, extended or why, so a textbook search
// appends as fast as before. Prune events become pruned entries of the model (Trace._prune).
import { t, has } from "../i18n/i18n.js";

export const NULL_MOVE = "0000"; // UCI's null move: the side to move passes

export class Modern {
  constructor() {
    this.whyNames = [""]; // why id -> word, extended by the frames' "whys"
    this.on = false; // some frame carried the columns: the per-node arrays exist
    this.reduced = null; this.extended = null; this.why = null; // per node id
    // Per node id: a search of its parent's own position, its purpose (an id of whyNames) and the
    // move it excludes (a move id), 0 for a move's node (ownsearch.js).
    this.sub = null; this.excluded = null;
    this.reductions = []; // enter events of nodes searched shallower (the null move's own search apart)
    this.extensions = []; // enter events of nodes searched deeper
    this.reducedReSearches = []; // re-search events whose probe was a reduced search
    this.nullMoves = []; // enter events of null-move nodes
    this.nullCuts = []; // exits of null-move searches that failed high for the side that passed
    this.ownSearches = []; // enter events of searches of a node's own position
  }

  // frame(b, nodes): a batch arrives; nodes is the node table's length before it.
  frame(b, nodes) {
    if (b.whys) for (const w of b.whys) this.whyNames.push(w);
    if (!this.on && (b.reduced || b.extended || b.why || b.sub)) {
      this.on = true;
      const cap = Math.max(1024, nodes * 2);
      this.reduced = new Int16Array(cap); this.extended = new Int16Array(cap); this.why = new Uint16Array(cap);
      this.sub = new Uint16Array(cap); this.excluded = new Int32Array(cap);
    }
  }

  _room(id) {
    if (id < this.reduced.length) return;
    let cap = this.reduced.length * 2;
    while (cap <= id) cap *= 2;
    const grow = (a) => { const b = new a.constructor(cap); b.set(a); return b; };
    this.reduced = grow(this.reduced); this.extended = grow(this.extended); this.why = grow(this.why);
    this.sub = grow(this.sub); this.excluded = grow(this.excluded);
  }

  // enter: node id entered at event `at`, the i-th of batch b.
  enter(at, id, b, i, isNull) {
    if (isNull) this.nullMoves.push(at);
    if (!this.on) return;
    this._room(id);
    const r = (b.reduced && b.reduced[i]) || 0, x = (b.extended && b.extended[i]) || 0;
    this.reduced[id] = r; this.extended[id] = x; this.why[id] = (b.why && b.why[i]) || 0;
    this.sub[id] = (b.sub && b.sub[i]) || 0; this.excluded[id] = (b.excluded && b.excluded[i]) || 0;
    if (this.sub[id]) this.ownSearches.push(at);
    if (r > 0 && !isNull) this.reductions.push(at);
    if (x > 0) this.extensions.push(at);
  }

  // exit of node id at event `at`: a null move's search that scored at or below its own alpha
  // failed high for the side that passed (score >= beta there): a null-move cutoff.
  exit(t, at, id) {
    const e = t.enterAt.get(id);
    if (t.c.move.get(e) !== t.nullId || t.c.end.get(at) === t.endStopped) return;
    if (t.c.score.get(at) <= t.c.alpha.get(e)) this.nullCuts.push(at);
  }

  // Is event `at` the exit of a null move's search that cut?
  isNullCut(at) { const j = below(this.nullCuts, at); return j < this.nullCuts.length && this.nullCuts[j] === at; }

  // A re-search event naming the probe ref: a reduction's re-search when that probe was reduced.
  reSearch(at, ref) { if (ref && this.reducedOf(ref) > 0) this.reducedReSearches.push(at); }

  whyAt(b, i) { return this.whyNames[(b.why && b.why[i]) || 0] ?? ""; }
  reducedOf(id) { return this.on && id < this.reduced.length ? this.reduced[id] : 0; }
  extendedOf(id) { return this.on && id < this.extended.length ? this.extended[id] : 0; }
  whyOf(id) { return this.on && id < this.why.length ? this.whyNames[this.why[id]] ?? "" : ""; }
  // A search of the parent's own position: its purpose ("iid", "singular", ...), "" for a move's node.
  subOf(id) { return this.on && id < this.sub.length ? this.whyNames[this.sub[id]] ?? "" : ""; }
  excludedIdOf(id) { return this.on && id < this.excluded.length ? this.excluded[id] : 0; }

  // The trace-format fields of event i (model.event): enter's reduced, extended and why, and a
  // prune's why; none for the rest, so a saved textbook trace is unchanged.
  eventFields(t, i, kind, node) {
    if (kind === t.K.enter && this.on) {
      const out = {};
      if (this.reducedOf(node)) out.reduced = this.reducedOf(node);
      if (this.extendedOf(node)) out.extended = this.extendedOf(node);
      if (this.whyOf(node)) out.why = this.whyOf(node);
      if (this.subOf(node)) out.subsearch = this.subOf(node);
      if (this.excludedIdOf(node)) out.excluded = t.moveNames[this.excludedIdOf(node)];
      return out;
    }
    if (kind === t.K.prune) {
      const p = (t.prunedByNode.get(node) || []).find((x) => x.at === i);
      return p && p.why ? { why: p.why } : {};
    }
    return null;
  }

  // Counts among the first k events.
  stats(k) {
    return {
      nullMoves: below(this.nullMoves, k), nullMoveCutoffs: below(this.nullCuts, k),
      reductions: below(this.reductions, k), reducedReSearches: below(this.reducedReSearches, k),
      extensions: below(this.extensions, k), ownSearches: below(this.ownSearches, k),
    };
  }

  // The first event at or after k in list (its index + 1, a landing step), or Infinity.
  next(list, k) { const j = below(list, k); return j < list.length ? list[j] + 1 : Infinity; }

  get bytes() { return this.on ? this.reduced.byteLength * 2 + this.why.byteLength * 2 + this.excluded.byteLength : 0; }
}

// Entries < k of a sorted array.
function below(a, k) {
  let lo = 0, hi = a.length;
  while (lo < hi) { const m = (lo + hi) >> 1; if (a[m] < k) lo = m + 1; else hi = m; }
  return lo;
}

// The words of why, for the narration and the tree's tooltips (i18n/<lang>/modern.json, keyed by
// the engine's word): an engine's own word is shown as is.
export const WHY_WORDS = ["lmr", "null-move", "check", "singular", "iir", "futility", "late-move", "razor", "see", "delta"];
export const whyText = (w) => (has(`modern.why-${w}`) ? t(`modern.why-${w}`) : w);

// The clauses of a node's modern search, each a phrase of its own: "the side to move passes
// (null move)", "searched 2 plies shallower (late move reduction)", "extended 1 ply (check)".
// The reason goes on the last of them; a null move's own reduction needs none.
function clauses({ nullMove = false, reduced = 0, extended = 0, why = "" }) {
  const said = nullMove && (why === "null-move" || !why);
  const because = why && !said ? "yes" : "no", reason = because === "yes" ? whyText(why) : "";
  const out = [];
  if (reduced > 0) out.push(t("modern.searchedShallower", { n: reduced, because: extended > 0 ? "no" : because, reason }));
  if (extended > 0) out.push(t("modern.extended", { n: extended, because, reason }));
  return out;
}

// The clause an enter's sentence ends with: "the side to move passes (null move), searched 2
// plies shallower" or "searched 2 plies shallower (late move reduction)" or "extended 1 ply
// (check)"; "" for a node with none of them.
export function enterClause(node) {
  const parts = clauses(node);
  if (node.nullMove) parts.unshift(t("modern.passes"));
  return parts.join(", ");
}

// A prune event's sentence: "1.e4 a5 is pruned without being searched (futility)."
export function pruneSentence(moveText, why) {
  return t("modern.pruned", { move: moveText, because: why ? "yes" : "no", reason: why ? whyText(why) : "" });
}

// The edge mark of a node searched at other than its parent's depth minus one: "−2", "+1", or "".
export function edgeMark({ reduced = 0, extended = 0 }) {
  const d = extended - reduced;
  return d > 0 ? `+${d}` : d < 0 ? `−${-d}` : reduced ? "±0" : "";
}

// The tree's tooltip lines for an item (layout.js) of modern search.
export function tooltipLines(it) {
  if (it.kind === "pruned") return it.pruned.event && it.pruned.why ? [t("modern.tooltipReason", { reason: whyText(it.pruned.why) })] : [];
  const out = clauses({ reduced: it.reduced, extended: it.extended, why: it.why });
  if (it.nullMove) out.unshift(t("modern.tooltipNullMove"));
  return out;
}
