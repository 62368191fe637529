// quiz.js: quiz mode. Playback stops before each decision and asks what it will be; the answer
// is checked, then the step is revealed with its sentence, and a running score is kept. A
// question is "what will step k show?", asked in the current view (view.js) before seeking to k:
//
//   window    before a node is entered: the window it gets ([lo, hi], null for an infinite edge)
//   value     before an inner node of a tree exits: the value it returns
//   outcome   before a node exits: "exact", "fail-high" or "fail-low"
//   research  before a null-window probe's verdict: whether a re-search follows (true / false)
//   pruned    before a cutoff in a tree: the paths of the node's remaining children, all pruned
//
// Chess asks only outcome (the root's children) and research questions.
import { INF } from "./view.js";

export const KINDS = ["window", "value", "outcome", "research", "pruned"];

// The questions event i raises, in the order asked, with their true answers.
export function questionsAt(t, i, V) {
  const e = t.event(i);
  if (!e) return [];
  const chess = !!(t.started && t.started.kind !== "tree");
  const path = (id) => t.positionMoves(id).join(".");
  const plyOf = (id) => t.c.ply.get(t.enterAt.get(id));
  const edge = (v) => (v >= INF || v <= -INF ? null : v);
  const out = [];
  switch (e.kind) {
    case "enter":
      if (e.parent && !chess) out.push({ kind: "window", node: path(e.node), truth: V.window(e.alpha, e.beta, e.ply).map(edge) });
      break;
    case "exit": {
      const ply = plyOf(e.node);
      if (e.end === "stopped") break;
      if (chess && ply !== 1) break;
      const leaf = e.end === "leaf" || e.end === "eval";
      if (!chess && !leaf) out.push({ kind: "value", node: path(e.node), truth: V.value(e.score, ply) });
      if (e.end !== "tt-cutoff") out.push({ kind: "outcome", node: path(e.node), truth: V.outcome(e.actual, e.end, ply) });
      break;
    }
    case "fail-high":
    case "fail-low": {
      const next = t.event(i + 1);
      const again = !!(next && next.kind === "re-search" && next.node === e.node && next.move === e.move);
      const base = path(e.node);
      out.push({ kind: "research", node: base ? base + "." + e.move : e.move, truth: again });
      break;
    }
    case "cutoff": {
      if (chess || !t.cutoffPrunes(i)) break; // at the last move nothing is left to ask about
      const l = t.prunedByNode.get(e.node) || [];
      out.push({ kind: "pruned", node: path(e.node), truth: l.map((p) => p.path).sort() });
      break;
    }
  }
  return out;
}

// check(kind, truth, answer): whether an answer is right.
export function check(kind, truth, x) {
  const num = (v) => (v === null || v === undefined || v === Infinity || v === -Infinity || Math.abs(+v) >= INF ? null : +v);
  switch (kind) {
    case "window":
      return Array.isArray(x) && x.length === 2 && num(x[0]) === truth[0] && num(x[1]) === truth[1];
    case "value":
      return x !== null && x !== "" && Number(x) === truth;
    case "outcome":
      return x === truth;
    case "research":
      return x === truth || (typeof x === "string" && (x === "true") === truth && (x === "true" || x === "false"));
    case "pruned": {
      const a = (Array.isArray(x) ? x : String(x || "").split(/[\s,]+/).filter(Boolean)).map(String).sort();
      return a.length === truth.length && a.every((p, j) => p === truth[j]);
    }
  }
  return false;
}

// The question as a sentence.
export function questionText(q, name) {
  const n = name(q.node);
  switch (q.kind) {
    case "window": return `Which window (α, β) will ${n} be searched with?`;
    case "value": return `Which value will ${n} return?`;
    case "outcome": return `Will ${n} fail high, fail low, or return an exact score?`;
    case "research": return `The null-window probe of ${n} is back. Will it be searched again?`;
    case "pruned": return `${n} stops early. Which of its remaining children are pruned (their paths)?`;
  }
  return "";
}

// Quiz state: the open question (one at a time), the steps and questions already answered, the score.
export class Quiz {
  constructor() { this.active = false; this.reset(); }
  reset() { this.open = null; this.done = new Set(); this.asked = 0; this.correct = 0; this.last = null; }

  // The first step in [from, to) with a question not yet answered, or to. Opens it.
  gate(t, V, from, to) {
    if (!this.active || !t || to <= from) return to;
    for (let i = from; i < to; i++) {
      const qs = questionsAt(t, i, V).filter((q) => !this.done.has(i + ":" + q.kind));
      if (qs.length) { this.open = { ...qs[0], at: i }; return i; }
    }
    return to;
  }

  // Answers the open question; returns {right, reveal}: reveal says the step may now be shown.
  answer(t, V, x) {
    const q = this.open;
    if (!q) return null;
    const right = check(q.kind, q.truth, x);
    this.asked++;
    if (right) this.correct++;
    this.done.add(q.at + ":" + q.kind);
    this.last = { kind: q.kind, node: q.node, right, truth: q.truth };
    const more = questionsAt(t, q.at, V).find((p) => !this.done.has(q.at + ":" + p.kind));
    this.open = more ? { ...more, at: q.at } : null;
    return { right, reveal: !more, at: q.at };
  }

  snapshot() {
    return {
      active: this.active, question: this.open ? { kind: this.open.kind, node: this.open.node } : null,
      asked: this.asked, correct: this.correct,
    };
  }
}
