// whysentence.js: a "Why not …?" fate (tracer.WhyFate, from the server's why frame) said in the
// page's language. An English page shows the server's sentence as it is (the one pvscope why
// prints); another language says it from the fate's fields with its catalog (whysentence.json),
// in the view the sentence was asked in, as tracer/why_sentence.go does.
import { t, language } from "../i18n/i18n.js";

const DEFAULT_SCALE = { infinity: 32000, mate: 30000, mateBand: 256 };

function score(s, sc) {
  if (s >= sc.infinity) return "∞";
  if (s <= -sc.infinity) return "-∞";
  const a = Math.abs(s);
  if (a <= sc.mate && a > sc.mate - sc.mateBand) return t(s < 0 ? "whysentence.mated" : "whysentence.mate", { score: s, plies: sc.mate - a });
  return String(s);
}
const windowText = (a, b, sc) => `(${score(a, sc)}, ${score(b, sc)})`;
const moveName = (m, tree) => (m === "null" || m === "0000" ? t("whysentence.nullMove") : tree ? t("whysentence.treeMove", { move: m }) : m);
function nodeName(path, tree) {
  if (!path || !path.length) return t("whysentence.root");
  return tree ? t("whysentence.treeNode", { path: path.join(".") }) : t("whysentence.chessNode", { line: path.join(" ") });
}
function nodeAt(path, tree) {
  if (!path || !path.length) return t("whysentence.atRoot");
  return tree ? t("whysentence.atTreeNode", { path: path.join(".") }) : t("whysentence.atChessNode", { line: path.join(" ") });
}
const reason = (why) => (why ? (t(`whysentence.why_${why}`) !== `whysentence.why_${why}` ? t(`whysentence.why_${why}`) : t("whysentence.whyOther", { why })) : t("whysentence.whyNone"));

// fateText(f, {tree, root, scores}): the sentence for one iteration.
export function fateText(f, { tree, root, scores }) {
  if (language() === "en" && f.sentence) return f.sentence;
  const sc = scores || DEFAULT_SCALE;
  let s = t("whysentence.depth", { depth: f.depth }) + " ";
  if (f.fate === "not-reached") s += t("whysentence.notReached", { node: nodeName([...(f.at || []), f.move], tree) }) + " " + (f.stop ? at(f.stop, sc, tree, root) : "");
  else s += at(f, sc, tree, root);
  if (f.onPV) s += " " + t("whysentence.onPV");
  return s;
}

function at(f0, sc, tree, root) {
  let f = f0, side = "";
  if (root) {
    const min = (f0.at || []).length % 2 === 1;
    side = min ? "min" : "max";
    if (min) f = { ...f0, alpha: -f0.beta, beta: -f0.alpha, moveAlpha: -(f0.moveBeta || 0), moveBeta: -(f0.moveAlpha || 0),
      value: -(f0.value || 0), best: -(f0.best || 0), byValue: -(f0.byValue || 0) };
  }
  const minView = side === "min";
  const p = {
    node: side ? t(`whysentence.${side}Node`, { bare: nodeName(f.at, tree).replace(/^the /, ""), at: nodeAt(f.at, tree) }) : nodeAt(f.at, tree),
    window: windowText(f.alpha, f.beta, sc), move: moveName(f.move, tree),
    cut: minView ? "≤ α" : "≥ β", bound: score(minView ? f.alpha : f.beta, sc),
    by: moveName(f.by || "", tree), byValue: score(f.byValue || 0, sc),
  };
  switch (f.fate) {
    case "cut-before": return t("whysentence.cutBefore", p);
    case "null-move-cutoff": return t("whysentence.nullMoveCut", p);
    case "tt-cutoff": return t("whysentence.table", p);
    case "stand-pat": return t("whysentence.standPat", p);
    case "node-ended": return t("whysentence.nodeEnded", { ...p, end: t(`whysentence.end_${f.end}`) });
    case "quiescence": return t("whysentence.quiescence", p);
    case "pruned": return t("whysentence.pruned", { ...p, why: reason(f.why), index: (f.index || 0) + 1 });
    case "not-generated": return t("whysentence.notGenerated", p);
    case "not-searched": return t("whysentence.notSearched", p);
    case "unfinished": return t("whysentence.unfinished", p);
  }
  let s = t("whysentence.searched", { ...p, moveWindow: windowText(f.moveAlpha || 0, f.moveBeta || 0, sc), value: score(f.value || 0, sc) });
  if (f.reduced > 0) s += " " + t(f.reSearched ? "whysentence.reducedAgain" : "whysentence.reducedTrusted", { plies: f.reduced, why: reason(f.why) });
  switch (f.fate) {
    case "failed-high": return s + t(minView ? "whysentence.failedHighMin" : "whysentence.failedHigh", p);
    case "best": return s + t("whysentence.best", p);
  }
  const margin = f.bestMove ? t(minView ? "whysentence.marginMin" : "whysentence.margin", { margin: f.margin || 0, best: moveName(f.bestMove, tree), bestValue: score(f.best || 0, sc) }) : "";
  return s + t(f.fate === "reduced" ? (minView ? "whysentence.reducedLowMin" : "whysentence.reducedLow") : (minView ? "whysentence.failedLowMin" : "whysentence.failedLow"), { margin });
}
