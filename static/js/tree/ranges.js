// ranges.js: Russell & Norvig's value ranges (AIMA, Figure 5.5): each node entered so far is
// labelled [lo, hi], the values its minimax value can still take given the leaves read at this
// step. A read leaf is [v, v]; a child not read yet, or pruned, could be anything, [−∞, +∞]; a
// MAX node takes the largest lo and the largest hi of its children, a MIN node the smallest of
// each. Only what the search has read counts, never the tree's unread values. The "values" menu
// (?values=ranges) chooses this view; the canvas (treelabels.js) and the exports (scene.js) both
// ask rangeLabels, so the page and an export write the same words.

// rangeLabels(view) -> label(item): "[lo, hi]" for a searched node, "" for anything else. view
// is the TreeView (its View, v, gives the point of view; shownOutcome the outcome as coloured).
export function rangeLabels(view) {
  const V = view.v, t = view.trace, memo = new Map();
  const OPEN = [-Infinity, Infinity];
  // The range of an item in the shown view; level bounds the walk down a long chain.
  const range = (it, level) => {
    if (memo.has(it)) return memo.get(it);
    let r = OPEN;
    if (it && it.kind === "node" && it.state !== "unseen") {
      const kids = it.kids || [];
      const v = V.value(it.score, it.ply);
      if (!kids.length || level > 200) {
        // A node with no child drawn: a leaf read, or a node whose value came without children
        // (a table hit, the horizon): its value as the page bounds it.
        if (v !== null) {
          const b = boundFrom(view.shownOutcome(it), !kids.length && it.end === "leaf", false);
          r = b === "lower" ? [v, Infinity] : b === "upper" ? [-Infinity, v] : [v, v];
        }
      } else {
        // MAX takes the largest of each end, MIN the smallest; negamax is MAX of the negated.
        const max = !V.root || it.ply % 2 === 0;
        let lo = max ? -Infinity : Infinity, hi = lo;
        // Children not drawn yet count as unread: a teaching tree knows how many it has; a
        // chess node still open may meet more moves.
        const up = t && t.treeOf && t.treeOf[it.nodeId];
        const more = Array.isArray(up) ? up.length > kids.length : it.state !== "done";
        for (const k of more ? [...kids, null] : kids) {
          let [klo, khi] = range(k, level + 1);
          if (!V.root) [klo, khi] = [-khi, -klo];
          lo = max ? Math.max(lo, klo) : Math.min(lo, klo);
          hi = max ? Math.max(hi, khi) : Math.min(hi, khi);
        }
        r = [lo, hi];
      }
    }
    memo.set(it, r);
    return r;
  };
  // Written as the book writes them: a true minus sign, and +∞ beside −∞.
  const end = (x) => (!Number.isFinite(x) || V.isInfinite(x) ? (x > 0 ? "+∞" : "−∞") : V.fmt(x).replace(/^-/, "−"));
  return (it) => {
    if (it.kind !== "node" || it.state === "unseen") return "";
    const [lo, hi] = range(it, 0);
    return `[${end(lo)}, ${end(hi)}]`;
  };
}

// boundFrom(outcome, leaf, kidsExact): what a node's value is, as a bound: exact for a leaf, an
// exact outcome or a node whose children are all exact; a fail-high's is a lower bound, a
// fail-low's an upper one. Shared by the ranges above, the page's canvas (treelabels.js) and the
// exports (scene.js), so the page, the exports and the values exercise write a bound one way.
export function boundFrom(outcome, leaf, kidsExact) {
  if (leaf || outcome === "exact" || kidsExact) return "exact";
  return outcome === "fail-high" ? "lower" : outcome === "fail-low" ? "upper" : "";
}
