// quiz.js: quiz mode. Playback stops before each decision and asks what it will be; the answer
// is checked, then the step is revealed with its sentence, and a running score is kept. A
// question is "what will step k show?", asked in the current view (view.js) before seeking to k:
//
//   window    before a node is entered: the window it gets ([lo, hi], null for an infinite edge)
//   value     before an inner node of a tree exits: the value it returns, its truth a key of
//             valuegrade.js (the one grading of values: "2" and "≤2" where 2 is an upper bound)
//   outcome   before a node exits: "exact", "fail-high" or "fail-low"
//   research  before a null-window probe's verdict: whether a re-search follows (true / false)
//   pruned    before a cutoff in a tree: the paths of the node's remaining children, all pruned
//   line      with the code panel open (codepanel.js), before a window narrowing, a cutoff, a
//             probe, its verdict or a re-search: which line of the code runs next (its number)
//
// Chess asks only outcome (the root's children) and research questions.
import { INF } from "../tree/view.js";
import { t } from "../i18n/i18n.js";
import { valueKey, accepts, valueText, answerText, meaning } from "./valuegrade.js";

export const KINDS = ["window", "value", "outcome", "research", "pruned", "line"];
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

// The events a "which line runs next?" question is asked before: the search's decisions.
const LINE_KINDS = new Set(["pv-update", "cutoff", "probe", "fail-high", "fail-low", "re-search"]);

// The questions event i raises, in the order asked, with their true answers. lineAt(i) is the
// code panel's line for event i (0 when the panel is closed: no line question).
export function questionsAt(t, i, V, lineAt = () => 0) {
  const e = t.event(i);
  if (!e) return [];
  // A chess search asks the root's moves only; a tree's and a small game's (tic-tac-toe, Connect
  // Four, Othello) every node. Pruned children are known in a tree only.
  const kind = t.started && t.started.kind, chess = !!kind && kind !== "tree" && kind !== "game";
  const path = (id) => t.positionMoves(id).join(".");
  const plyOf = (id) => t.c.ply.get(t.enterAt.get(id));
  const edge = (v) => (v >= INF || v <= -INF ? null : v);
  const out = [];
  const line = LINE_KINDS.has(e.kind) ? lineAt(i) : 0;
  if (line) out.push({ kind: "line", node: path(e.node), truth: line });
  switch (e.kind) {
    case "enter":
      if (e.parent && !chess) out.push({ kind: "window", node: path(e.node), truth: V.window(e.alpha, e.beta, e.ply).map(edge) });
      break;
    case "exit": {
      const ply = plyOf(e.node);
      if (e.end === "stopped") break;
      if (chess && ply !== 1) break;
      const leaf = e.end === "leaf" || e.end === "eval";
      if (!chess && !leaf) out.push({ kind: "value", node: path(e.node), truth: nodeValueKey(t, e.node, V) });
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
      if (kind !== "tree" || !t.cutoffPrunes(i)) break; // at the last move nothing is left to ask about
      const l = t.prunedByNode.get(e.node) || [];
      out.push({ kind: "pruned", node: path(e.node), truth: l.map((p) => p.path).sort() });
      break;
    }
  }
  return out;
}

// nodeValueKey(trace, id, V): the key (valuegrade.js) of what finished node id returned, in view
// V: its exit's score, its window when entered, and whether it was read whole (every child
// read, the latest visit of each, each exact, and its score their best). Kept per trace: a
// finished node's key never changes.
const wholeMemo = new WeakMap();
export function nodeValueKey(tr, id, V) {
  if (!wholeMemo.has(tr)) wholeMemo.set(tr, new Map());
  const memo = wholeMemo.get(tr);
  const raw = (x) => tr.c.score.get(tr.exitAt.get(x));
  const win = (x) => [tr.c.alpha.get(tr.enterAt.get(x)), tr.c.beta.get(tr.enterAt.get(x))];
  // A leaf is exact unless failing hard clamped it to an edge of its window (its exit's score is
  // then not the leaf's own value, which the tree gives from the root's side).
  const leafExact = (x, a, b, s) => {
    const v = tr.treeOf && tr.treeOf[x], ply = tr.c.ply.get(tr.enterAt.get(x));
    return typeof v === "number" ? s === (ply % 2 ? -v : v) : s !== a && s !== b;
  };
  const exact = (x) => {
    const [a, b] = win(x), s = raw(x);
    if (a < s && s < b) return true;
    return Array.isArray(tr.treeOf && tr.treeOf[x]) && !isLeafEnd(x) ? whole(x) : leafExact(x, a, b, s);
  };
  const isLeafEnd = (x) => { const e = tr.event(tr.exitAt.get(x)); return !!e && (e.end === "leaf" || e.end === "eval"); };
  const whole = (x) => {
    if (memo.has(x)) return memo.get(x);
    const sub = tr.treeOf && tr.treeOf[x], latest = new Map();
    for (const ch of tr.childIds(x)) if (tr.exitAt.get(ch) >= 0) latest.set(tr.moveName(ch), ch);
    const kids = [...latest.values()];
    const w = Array.isArray(sub) && kids.length === sub.length && kids.every(exact) && raw(x) === Math.max(...kids.map((ch) => -raw(ch)));
    memo.set(x, w);
    return w;
  };
  const ply = tr.c.ply.get(tr.enterAt.get(id));
  const [a, b] = win(id);
  return valueKey(V.value(raw(id), ply), V.window(a, b, ply), whole(id));
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
      return accepts(truth, x);
    case "line":
      return x !== null && x !== "" && Number(x) === truth;
    case "outcome":
      return x === truth;
    case "research":
      return x === truth || (typeof x === "string" && (x === "true") === truth && (x === "true" || x === "false"));
    case "pruned": {
      // "none" (or the page language's word for it) says no child is pruned.
      const none = new Set(["none", t("quiz.noneWord").toLowerCase()]);
      const a = (Array.isArray(x) ? x : String(x || "").split(/[\s,]+/).filter(Boolean)).map(String).filter((v) => !none.has(v.toLowerCase())).sort();
      return a.length === truth.length && a.every((p, j) => p === truth[j]);
    }
  }
  return false;
}

// The question as a sentence. A node is named by its path, "root" for the root: the catalog
// names it (each language its own way: "node 1.2", "du nœud 1.2", "la racine").
const named = (path) => (path === "" ? "root" : path);
export function questionText(q) {
  const node = named(q.node);
  switch (q.kind) {
    case "window": return t("quiz.questionWindow", { node });
    case "value": return t("quiz.questionValue", { node });
    case "outcome": return t("quiz.questionOutcome", { node });
    case "research": return t("quiz.questionResearch", { node });
    case "pruned": return t("quiz.questionPruned", { node });
    case "line": return t("quiz.questionLine", { node });
  }
  return "";
}

// The outcomes as the page says them ("fails high", not "fail-high"): the quiz's buttons, its
// answers, and a room's poll.
export function outcomeWord(w) {
  switch (w) {
    case "fail-high": return t("quiz.failsHigh");
    case "fail-low": return t("quiz.failsLow");
    case "exact": return t("quiz.exact");
    case "tt-cutoff": return t("quiz.tableCutoff");
  }
  return String(w);
}

// whyText(trace, V, q, full): why the true answer is what it is, from the trace at the
// question's step, in the view's words: where α and β came from, which values were compared.
// Without full it is the hint for a second try, which does not give the answer away.
export function whyText(trace, V, q, full = true) {
  const e = trace.event(q.at);
  if (!e) return "";
  const f = (v) => (v === null ? "∞" : String(v));
  const lohi = (w) => `(${w[0] === null ? "-∞" : w[0]}, ${f(w[1])})`;
  const kids = (id) => {
    // The latest visit of each move (a re-search over its probe), in the order searched.
    const by = new Map();
    for (const ch of trace.childIds(id)) if (trace.finished(ch, q.at + 1)) by.set(trace.moveName(ch), ch);
    return [...by.values()];
  };
  const ply = (id) => trace.c.ply.get(trace.enterAt.get(id));
  const node = named(q.node);
  switch (q.kind) {
    case "window": {
      const parent = e.parent;
      const pw = V.window(trace.c.alpha.get(trace.enterAt.get(parent)), trace.c.beta.get(trace.enterAt.get(parent)), ply(parent));
      const before = kids(parent).map((ch) => V.value(trace.c.score.get(trace.exitAt.get(ch)), ply(ch)));
      const pvs = q.truth[0] !== null && q.truth[1] !== null && q.truth[1] - q.truth[0] === 1;
      const why = t("quiz.whyWindow", { parent: named(q.node.split(".").slice(0, -1).join(".")),
        window: lohi(pw.map((v) => (Math.abs(v) >= INF ? null : v))), earlier: before.length ? before.join(", ") : "none" });
      return pvs ? `${why} ${t("quiz.whyWindowPVS")}` : why;
    }
    case "value": {
      const id = e.node, p = ply(id), values = kids(id).map((ch) => V.value(trace.c.score.get(trace.exitAt.get(ch)), p + 1)).join(", ");
      const side = V.player(p) === "max" ? "max" : "min";
      // A bound says what it means (valuegrade.js); an exact value is what the sentence computes.
      return full ? [t("quiz.whyValue", { node, side, values, answer: valueText(q.truth) }), ...(q.truth.bound === "exact" ? [] : [meaning(q.truth)])].join(" ") : t("quiz.whyValueHint", { node, side, values });
    }
    case "outcome": {
      const id = e.node, p = ply(id);
      const [lo, hi] = V.window(trace.c.alpha.get(trace.enterAt.get(id)), trace.c.beta.get(trace.enterAt.get(id)), p);
      const value = String(V.value(e.score, p)), window = lohi([Math.abs(lo) >= INF ? null : lo, Math.abs(hi) >= INF ? null : hi]);
      if (!full) return t("quiz.whyOutcomeHint", { value, window });
      if (q.truth === "fail-high") return t("quiz.whyFailHigh", { value, window, beta: f(hi >= INF ? null : hi) });
      if (q.truth === "fail-low") return t("quiz.whyFailLow", { value, window, alpha: lo <= -INF ? "-∞" : String(lo) });
      return t("quiz.whyExact", { value, window });
    }
    case "research":
      if (!full) return t("quiz.whyResearchHint");
      return q.truth ? t("quiz.whyResearchYes") : t("quiz.whyResearchNo");
    case "pruned": {
      const p = ply(e.node), said = { move: e.move, value: String(V.value(e.score, p)), bound: V.flips(p) ? "≤ α" : "≥ β" };
      if (!full) return t("quiz.whyPrunedHint", said);
      return t("quiz.whyPruned", { ...said, node, n: q.truth.length, paths: q.truth.join(", ") });
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
  _ask(t, i, V) { return questionsAt(t, i, V, this.lineAt || undefined).filter((q) => this.kinds.has(q.kind) && !this.done.has(i + ":" + q.kind)); }

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
// presenter's step k has passed the question's step (judgePoll).
export function pollId(n, q) { return `quiz-${n}:${q.at}:${q.kind}:${q.node}`; }
// pollChoices(kind): the choices a follower picks from, in the page's language.
export function pollChoices(kind) {
  if (kind === "outcome") return [outcomeWord("fail-high"), outcomeWord("exact"), outcomeWord("fail-low")];
  if (kind === "research") return [t("quiz.yes"), t("quiz.no")];
  return [];
}
// A poll's answer as the question takes it: the choices' words in English (the words a poll
// carried before the page spoke other languages) or in the page's language.
function pollAnswer(text) {
  const words = new Map([["fails high", "fail-high"], ["fails low", "fail-low"], ["exact", "exact"], ["yes", true], ["no", false],
    [outcomeWord("fail-high"), "fail-high"], [outcomeWord("fail-low"), "fail-low"], [outcomeWord("exact"), "exact"], [t("quiz.yes"), true], [t("quiz.no"), false]]);
  return words.has(text) ? words.get(text) : text;
}
// judgePoll(trace, V, id, text, k) -> {right, truth (as text, in the page's language)} or null.
export function judgePoll(tr, V, id, text, k) {
  const m = /^quiz-\d+:(\d+):(\w+):([\d.]*)$/.exec(String(id));
  if (!m || !tr || !tr.started || k <= +m[1]) return null;
  const at = +m[1], kind = m[2];
  const q = questionsAt(tr, at, V).find((x) => x.kind === kind && x.node === m[3]);
  if (!q) return null;
  let x = String(text).trim();
  if (kind === "window") x = x.replace(/^[([]|[)\]]$/g, "").split(/\s*,\s*/);
  else x = pollAnswer(x);
  const truth = kind === "outcome" ? outcomeWord(q.truth) : kind === "research" ? (q.truth ? t("quiz.yes") : t("quiz.no"))
    : kind === "window" ? `(${q.truth[0] === null ? "-∞" : q.truth[0]}, ${q.truth[1] === null ? "∞" : q.truth[1]})`
      : kind === "value" ? answerText(q.truth) : Array.isArray(q.truth) ? q.truth.join(", ") || t("quiz.noneWord") : String(q.truth);
  return { right: check(kind, q.truth, x), truth };
}
