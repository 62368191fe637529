// treepreview.js: a teaching tree drawn whole before Start, as the book prints it, so a class
// can predict the search first: every node in place, every leaf with its value (from the root
// player's side, as the tree field gives it). The items have the shape TreeView draws (layout.js):
// kind "pruned" (values from treeValue, no windows), outcome "unseen" (an empty node).
import { hierarchy, tree as tidy } from "../../vendor/d3-hierarchy/d3-hierarchy.js";

export const MAX_PREVIEW_NODES = 5000; // past this a tree is not drawn before Start

// previewLayout(tree, nodeWidth, levelHeight) -> a TreeLayout result with result.preview set,
// or null for no tree or one too big.
export function previewLayout(tree, nodeWidth = 44, levelHeight = 72) {
  if (!Array.isArray(tree)) return null;
  let n = 0;
  const item = (sub, path, ply) => {
    if (++n > MAX_PREVIEW_NODES) throw new RangeError("too big");
    const it = {
      kind: "pruned", id: "q" + path, nodeId: 0, x: 0, y: 0, level: ply, parentItem: null, parentId: 0,
      pruned: { path, move: path.split(".").pop() }, count: 1, inLink: null, kids: null,
      treeValue: typeof sub === "number" ? sub : null, sub, below: 0,
      state: "done", outcome: "unseen", expect: "", actual: "", end: "", move: path ? path.split(".").pop() : "",
      ply, depth: 0, alpha: 0, beta: 0, score: null, ref: 0,
      broken: false, isPruned: false, current: false, onPV: false, onPath: false, cut: false,
    };
    if (Array.isArray(sub)) it.kids = sub.map((c, i) => item(c, path ? `${path}.${i}` : String(i), ply + 1));
    return it;
  };
  let data;
  try { data = item(tree, "", 0); } catch { return null; }
  const root = hierarchy(data, (d) => d.kids);
  tidy().nodeSize([nodeWidth, levelHeight]).separation((a, b) => (a.parent === b.parent ? 1 : 1.3))(root);
  const result = { nodes: [], links: [], reLinks: [], byId: new Map(), minX: Infinity, maxX: -Infinity, minY: 0, maxY: -Infinity,
    count: 0, shown: 0, hasPruned: false, hideUnseen: false, preview: true };
  root.each((d) => {
    const it = d.data;
    it.x = d.x; it.y = d.y;
    it.parentItem = d.parent ? d.parent.data : null;
    result.nodes.push(it); result.byId.set(it.id, it);
    if (it.parentItem) { it.inLink = { from: it.parentItem, to: it, onPV: false, onPath: false, cut: false, pruned: false }; result.links.push(it.inLink); }
    result.minX = Math.min(result.minX, it.x); result.maxX = Math.max(result.maxX, it.x); result.maxY = Math.max(result.maxY, it.y);
  });
  result.count = result.shown = result.nodes.length;
  return result;
}

// createTreePreview(S, {readTree, View}): update(setup) takes the setup form's source at load and
// on every edit before the first search; apply() draws it (again) once the TreeView exists.
// Shown for a tree text unless the URL says show=none; ?show=tree asks for it explicitly.
export function createTreePreview(S, { readTree, View }) {
  let result = null;
  function update(setup) {
    const show = new URLSearchParams(location.search).get("show");
    const r = setup && setup.tree && show !== "none" ? readTree(setup.tree) : null;
    result = r && r.tree ? previewLayout(r.tree) : null;
    apply();
  }
  function apply() {
    if (!S.view || (S.trace && S.trace.started)) return;
    S.view.preview(result, new View(S.viewChoice === "negamax" ? "negamax" : "root"));
    const empty = document.getElementById("tree-empty");
    if (empty && !empty.classList.contains("gallery-note")) empty.hidden = !!result;
  }
  return {
    update, apply, get shown() { return !!result && !(S.trace && S.trace.started); },
    // The unsearched part of a teaching tree stays drawn, faint, during the search too (layout.js
    // "ahead"): the tree no longer jumps as it grows, and a presenter at step 0 or a lesson slide
    // shows the whole figure (issue 28). ?show=searched draws only what the search has reached;
    // ?show=none neither before nor during the search.
    get showTree() { const show = new URLSearchParams(location.search).get("show"); return show !== "searched" && show !== "none"; },
  };
}
