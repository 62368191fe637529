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
// The kinds asked unless chosen (?quiz=1): a window for every node entered made a b=3, d=3 tree
// ask 80 questions; values, re-searches and prunings ask about the search's decisions.
export const DEFAULT_KINDS = ["value", "research", "pruned"];

// The kinds a ?quiz= value names: "1" (or anything unknown) the default, "all" every kind,
// else a comma list ("window,value").
export function kindsFromParam(v) {
  if (v === "all") return [...KINDS];
  const list = String(v || "").split(",").map((x) => x.trim()).filter((x) => KINDS.includes(x));
  return list.length ? list : [...DEFAULT_KINDS];
}

// True when an answer gives nothing to grade: an empty box. A window needs both edges typed:
// ∞ is typed (or null through window.pvscope.answer), never assumed from an empty box.
export function blank(kind, x) {
  const empty = (v) => v === undefined || v === "" || (typeof v === "string" && !v.trim());
  switch (kind) {
    case "window": return empty(x) || x === null || (Array.isArray(x) && (x.length !== 2 || x.some(empty)));
    case "value": return x === null || empty(x);
    case "pruned": return (Array.isArray(x) ? x : String(x ?? "").split(/[\s,]+/)).filter((v) => String(v).trim()).length === 0; // "none" is typed
    default: return x === null || empty(x);
  }
}

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
  const num = (v) => {
    if (typeof v === "string") { v = v.trim().replace("−", "-"); if (/^[-+]?(∞|inf(inity)?)$/i.test(v)) return null; }
    return v === null || v === undefined || v === Infinity || v === -Infinity || Math.abs(+v) >= INF ? null : +v;
  };
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
      const a = (Array.isArray(x) ? x : String(x || "").split(/[\s,]+/).filter(Boolean)).map(String).filter((v) => v !== "none").sort();
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
    case "pruned": return `${cap(n)} stops early. Which of its remaining children are pruned (their paths)?`;
  }
  return "";
}
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

// The words an answer is shown in (the buttons' words: "fails high", not "fail-high").
export const OUTCOME_WORDS = { "fail-high": "fails high", "fail-low": "fails low", exact: "exact", "tt-cutoff": "a table cutoff" };

// whyText(t, V, q, name, full): why the true answer is what it is, from the trace at the
// question's step, in the view's words: where α and β came from, which values were compared.
// Without full it is the hint for a second try, which does not give the answer away.
export function whyText(t, V, q, name, full = true) {
  const e = t.event(q.at);
  if (!e) return "";
  const f = (v) => (v === null ? "∞" : String(v));
  const lohi = (w) => `(${w[0] === null ? "-∞" : w[0]}, ${f(w[1])})`;
  const kids = (id) => {
    // The latest visit of each move (a re-search over its probe), in the order searched.
    const by = new Map();
    for (const ch of t.childIds(id)) if (t.finished(ch, q.at + 1)) by.set(t.moveName(ch), ch);
    return [...by.values()];
  };
  const ply = (id) => t.c.ply.get(t.enterAt.get(id));
  switch (q.kind) {
    case "window": {
      const parent = e.parent;
      const pw = V.window(t.c.alpha.get(t.enterAt.get(parent)), t.c.beta.get(t.enterAt.get(parent)), ply(parent));
      const before = kids(parent).map((ch) => V.value(t.c.score.get(t.exitAt.get(ch)), ply(ch)));
      const from = before.length ? `; its earlier children returned ${before.join(", ")}` : ", and it has searched no child yet";
      const pvs = q.truth[0] !== null && q.truth[1] !== null && q.truth[1] - q.truth[0] === 1 ? " PVS probes it with a null window just above the best value so far." : "";
      return `A child is searched with its parent's window as it stands: ${name(q.node.split(".").slice(0, -1).join("."))} was entered with ${lohi(pw.map((v) => (Math.abs(v) >= INF ? null : v)))}${from}. α is the best MAX is already sure of on the path, β the best MIN is.${pvs}`;
    }
    case "value": {
      const id = e.node, p = ply(id), vals = kids(id).map((ch) => V.value(t.c.score.get(t.exitAt.get(ch)), p + 1));
      const max = V.player(p) === "max";
      return `${cap(name(q.node))} is a ${max ? "MAX" : "MIN"} node: it takes the ${max ? "largest" : "smallest"} of what its children returned (${vals.join(", ")})${full ? `, ${q.truth}` : ""}.`;
    }
    case "outcome": {
      const id = e.node, p = ply(id);
      const [lo, hi] = V.window(t.c.alpha.get(t.enterAt.get(id)), t.c.beta.get(t.enterAt.get(id)), p);
      const v = V.value(e.score, p), w = lohi([Math.abs(lo) >= INF ? null : lo, Math.abs(hi) >= INF ? null : hi]);
      if (!full) return `It returns ${v}, and its window is ${w}: compare the value with α and β.`;
      if (q.truth === "fail-high") return `It returns ${v} ≥ β = ${f(hi >= INF ? null : hi)} of its window ${w}: it fails high.`;
      if (q.truth === "fail-low") return `It returns ${v} ≤ α = ${lo <= -INF ? "-∞" : lo} of its window ${w}: it fails low.`;
      return `It returns ${v}, strictly inside its window ${w}: an exact score.`;
    }
    case "research":
      if (!full) return "A re-search follows only when the probe's score lands strictly inside the full window (α, β).";
      return q.truth ? "The probe's score fell strictly inside the full window: the move may be better than the best so far, so it is searched again with the full window."
        : "The probe's score did not land strictly inside the full window (it failed low, as expected, or reached β): no re-search is needed.";
    case "pruned": {
      const list = q.truth.length ? q.truth.join(", ") : "none";
      if (!full) return `Its move ${e.move} scored ${V.value(e.score, ply(e.node))}, already ${V.flips(ply(e.node)) ? "≤ α" : "≥ β"}: which of its children were not searched yet?`;
      return `Its move ${e.move} scored ${V.value(e.score, ply(e.node))}, already ${V.flips(ply(e.node)) ? "≤ α" : "≥ β"}: the opponent will avoid ${name(q.node)}, so the children not yet searched (${list}) cannot matter.`;
    }
  }
  return "";
}

// Quiz state: the open question (one at a time), the steps and questions already answered, the score.
export class Quiz {
  constructor() { this.active = false; this.kinds = new Set(DEFAULT_KINDS); this.reset(); }
  reset() { this.open = null; this.done = new Set(); this.asked = 0; this.correct = 0; this.last = null; }

  // The first step in [from, to) with a question of a chosen kind not yet answered, or to. Opens it.
  gate(t, V, from, to) {
    if (!this.active || !t || to <= from) return to;
    if (this.open && this.open.at >= from && this.open.at < to) return this.open.at; // still waiting (a second try)
    for (let i = from; i < to; i++) {
      const qs = this._ask(t, i, V);
      if (qs.length) { this.open = { ...qs[0], at: i, retry: false }; return i; }
    }
    return to;
  }
  _ask(t, i, V) { return questionsAt(t, i, V).filter((q) => this.kinds.has(q.kind) && !this.done.has(i + ":" + q.kind)); }

  // Answers the open question; returns {right, reveal, retry, blank}: reveal says the step may
  // now be shown. A blank answer is refused (not graded). A first wrong answer is scored and
  // the question stays open for a second try (retry), which is not scored again.
  answer(t, V, x) {
    const q = this.open;
    if (!q) return null;
    if (blank(q.kind, x)) return { blank: true, right: null, reveal: false, at: q.at };
    const right = check(q.kind, q.truth, x);
    if (!q.retry) { this.asked++; if (right) this.correct++; }
    this.last = { kind: q.kind, node: q.node, right, truth: q.truth, at: q.at, second: q.retry };
    if (!right && !q.retry) {
      this.open = { ...q, retry: true };
      return { right, reveal: false, retry: true, at: q.at };
    }
    this.done.add(q.at + ":" + q.kind);
    const more = this._ask(t, q.at, V)[0];
    this.open = more ? { ...more, at: q.at, retry: false } : null;
    return { right, reveal: !more, at: q.at };
  }

  // Gives up the second try: the answer is shown and the step revealed.
  skip(t, V) {
    const q = this.open;
    if (!q || !q.retry) return null;
    this.last = { ...this.last, second: true, skipped: true };
    this.done.add(q.at + ":" + q.kind);
    const more = this._ask(t, q.at, V)[0];
    this.open = more ? { ...more, at: q.at, retry: false } : null;
    return { reveal: !more, at: q.at };
  }

  snapshot() {
    return {
      active: this.active, question: this.open ? { kind: this.open.kind, node: this.open.node, retry: !!this.open.retry } : null,
      asked: this.asked, correct: this.correct, kinds: KINDS.filter((k) => this.kinds.has(k)),
    };
  }
}

// A room's poll of a quiz question: its id carries the step, kind and node ("quiz-3:17:window:1"),
// so a follower's page, which holds the same search, can judge its own answer once the
// presenter's step k has passed the question's step. -> {right, truth (as text)} or null.
export function pollId(n, q) { return `quiz-${n}:${q.at}:${q.kind}:${q.node}`; }
const POLL_WORDS = { "fails high": "fail-high", "fails low": "fail-low", exact: "exact", yes: true, no: false };
export function judgePoll(t, V, id, text, k) {
  const m = /^quiz-\d+:(\d+):(\w+):([\d.]*)$/.exec(String(id));
  if (!m || !t || !t.started || k <= +m[1]) return null;
  const at = +m[1], kind = m[2];
  const q = questionsAt(t, at, V).find((x) => x.kind === kind && x.node === m[3]);
  if (!q) return null;
  let x = String(text).trim();
  if (kind === "window") x = x.replace(/^[([]|[)\]]$/g, "").split(/\s*,\s*/);
  else if (x in POLL_WORDS) x = POLL_WORDS[x];
  const truth = kind === "outcome" ? OUTCOME_WORDS[q.truth] : kind === "research" ? (q.truth ? "yes" : "no")
    : kind === "window" ? `(${q.truth[0] === null ? "-∞" : q.truth[0]}, ${q.truth[1] === null ? "∞" : q.truth[1]})`
      : Array.isArray(q.truth) ? q.truth.join(", ") || "none" : String(q.truth);
  return { right: check(kind, q.truth, x), truth };
}
