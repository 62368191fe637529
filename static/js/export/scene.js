// scene.js: the tree as the page shows it at the current step, as plain data for the exports
// (export.js draws it as SVG, PNG and video frames, tikz.js writes it for LaTeX's forest).
// It reads the TreeView's layout (positions, outcomes, windows, pruned stubs, the PV) and asks
// the View for every number, as the canvas does, so an export shows what the screen shows.
import { fmt } from "../tree/view.js";
import { t } from "../i18n/i18n.js";
import { rangeLabels, boundFrom } from "../tree/ranges.js";

const MAX_SCENE_NODES = 20000; // an export past this is a picture nobody can read

// sceneOf(view) -> {nodes, links, rows, minX, maxX, minY, maxY, root, viewMode}.
// A node: {id, x, y, kind ("node" | "pruned" | "summary"), shape ("circle" | "square" |
// "diamond"), outcome (as coloured in the view), fill, value (text), bound ("exact" | "lower" |
// "upper" | ""), window (text), move, onPV, current, cut, ply, kids: [nodes], parent}.
export function sceneOf(view) {
  const r = view.result;
  if (!r || !r.count) throw new Error(t("scene.nothingToExport"));
  const V = view.v;
  const rangeOf = V.ranges ? rangeLabels(view) : null; // ?values=ranges: R&N's [lo, hi] (ranges.js)
  const byItem = new Map();
  const nodes = [];
  for (const it of r.nodes) {
    if (it.kind === "virtual" || it.state === "unseen") continue;
    if (nodes.length >= MAX_SCENE_NODES) {
      throw new Error(t("scene.tooManyNodes", { max: MAX_SCENE_NODES }));
    }
    const outcome = view.shownOutcome(it);
    const n = {
      id: String(it.id), x: it.x, y: it.y, kind: it.kind, ply: it.ply,
      shape: it.kind === "pruned" ? "circle" : it.expect === "cut" ? "square" : it.expect === "all" ? "diamond" : "circle",
      outcome, fill: it.kind === "pruned" ? view.col.bg : view.col[outcome] || view.col.stopped,
      value: "", bound: "", window: "", move: view.moveText(it, true) || "",
      onPV: !!it.onPV, current: !!it.current, cut: !!it.cut, count: it.count, kids: [], parent: null,
    };
    if (it.kind === "pruned") {
      if (it.treeValue !== null) n.value = String(V.root || it.ply % 2 === 0 ? it.treeValue : -it.treeValue);
    } else if (it.kind === "summary") {
      n.value = t("scene.summaryValue", { n: it.count });
    } else {
      const [lo, hi] = V.window(it.alpha, it.beta, it.ply);
      n.window = `(${fmt(lo)}, ${fmt(hi)})`;
      const v = V.value(it.score, it.ply);
      if (v !== null) n.value = fmt(v);
      if (rangeOf) n.range = rangeOf(it);
    }
    byItem.set(it, n);
    nodes.push(n);
  }
  let root = null;
  for (const it of r.nodes) {
    const n = byItem.get(it);
    if (!n) continue;
    const p = it.parentItem && byItem.get(it.parentItem);
    if (p) { n.parent = p; p.kids.push(n); } else if (!root) root = n;
  }
  // Bounds after the children are linked (a node's bound reads its children's).
  for (let i = nodes.length - 1; i >= 0; i--) nodes[i].bound = boundOf(nodes[i]);
  const links = nodes.filter((n) => n.parent).map((n) => ({
    from: n.parent, to: n, style: n.onPV && n.parent.onPV ? "pv" : n.kind === "pruned" ? "pruned" : "normal", cut: n.cut,
  }));
  const rows = [];
  if (V.root) {
    const seen = new Set();
    for (const n of nodes) if (n.kind !== "summary" && !seen.has(n.ply)) { seen.add(n.ply); rows.push({ y: n.y, name: V.player(n.ply).toUpperCase() }); }
  }
  let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
  for (const n of nodes) { minX = Math.min(minX, n.x); maxX = Math.max(maxX, n.x); minY = Math.min(minY, n.y); maxY = Math.max(maxY, n.y); }
  return { nodes, links, rows, minX, maxX, minY, maxY, root, viewMode: V.mode };
}

// What a node's shown value says of its true minimax value. A leaf's is exact; a value strictly
// inside the node's window is exact (alpha-beta's contract); a node that read every child and
// got an exact value from each is exact too (the book's D = 2 in Russell & Norvig's figure).
// Otherwise it is a bound: a fail-high (value >= beta) a lower bound, a fail-low an upper one.
export function boundOf(n) {
  if (n.kind !== "node" || n.value === "" || n.value === "?") return "";
  return boundFrom(n.outcome, !n.kids.length, n.kids.length > 0 && n.kids.every((k) => k.kind === "node" && k.bound === "exact"));
}

// The value as the exports write it: "≤ 2" for an upper bound, "≥ 5" for a lower one.
export function valueText(n) {
  if (n.range) return n.range;
  if (!n.value) return "";
  return n.bound === "upper" ? `≤${n.value}` : n.bound === "lower" ? `≥${n.value}` : n.value;
}
