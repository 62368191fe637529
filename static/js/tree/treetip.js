// treetip.js: the tree's tooltip in words (treeview.js shows it): where a node is, its window,
// its expected and actual type, its value and outcome, for a node, a pruned stub or a
// summary. Pure, so the sentences are tested without a canvas. Area "treeview" of the catalogs.
import { t, has } from "../i18n/i18n.js";

// Data words (an engine's node types, the outcomes the tree colours, the ends a trace names)
// in the page's words; a word no catalog has (another engine's) shows as it is.
const word = (group, w) => (has(`treeview.${group}-${w}`) ? t(`treeview.${group}-${w}`) : w);
export const typeWord = (w) => word("type", w);
export const outcomeWord = (w) => word("outcome", w);
// A game's end (win, loss, draw) is worded in area "gameend".
export const endWord = (w) => (has(`gameend.end-${w}`) ? t(`gameend.end-${w}`) : word("end", w));

// tipLines(it, ctx) -> the tooltip's lines for a layout item (layout.js). ctx: node (the trace's
// node of it, null for a pruned stub), view (view.js), title (the node's line from the root),
// move (a pruned stub's move text), outcome (as coloured in this view), preview (the tree is
// drawn ahead of the search).
export function tipLines(it, { node, view, title = "", move = "", outcome = "", preview = false }) {
  if (it.kind === "pruned") {
    if (it.pruned.event) return [t("treeview.tipPruned", { move })];
    return [t("treeview.tipPrunedPath", { root: it.pruned.path ? "no" : "yes", path: it.pruned.path || "",
      ahead: it.ahead || preview ? "yes" : "no" })];
  }
  const V = view, lines = [];
  lines.push(t("treeview.tipNode", { root: node.parent ? "no" : "yes", line: title, player: V.root ? V.player(it.ply) : "none",
    id: it.nodeId, ply: it.ply, depth: it.depth }));
  lines.push(t("treeview.tipWindow", { window: V.windowText(it.alpha, it.beta, it.ply), view: V.root ? "root" : "negamax" }));
  const expected = node.expect ? typeWord(node.expect) : "?";
  lines.push(it.actual ? t("treeview.tipExpectedActual", { expected, actual: typeWord(it.actual) }) : t("treeview.tipExpected", { expected }));
  const v = V.value(it.score, it.ply);
  if (v !== null) {
    const value = V.fmt(v);
    lines.push(it.end ? t("treeview.tipValueEnd", { value, outcome: outcomeWord(outcome), end: endWord(it.end) })
      : t("treeview.tipValue", { value, outcome: outcomeWord(outcome) }));
  }
  if (it.state === "open") lines.push(t("treeview.tipBeingSearched"));
  if (it.ref) lines.push(t("treeview.tipReSearchOf", { id: it.ref }));
  if (it.kind === "summary") lines.push(t("treeview.tipSummary", { n: it.count }));
  return lines;
}
