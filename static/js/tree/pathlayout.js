// pathlayout.js: a visible tree that is one path (each item has at most one visible child, as a
// deep chain's open nodes are, issue 44) is laid out again by extending or trimming the last
// one: a step that enters or leaves one node of a 75,000-node chain touches that node, not
// 75,000 (every item of a path sits at x 0, one level under its parent, as the tidy tree puts it).
//
// extendPath(t, prev, root, upto, shut, make) walks the path from root (reading the trace's
// columns, making nothing), keeps prev's items while they are the same node drawn the same way,
// and makes the rest with make(kind, id). It returns the new result, or null when the tree at
// upto is not a path (a branch, a pruned child, a re-search link), leaving prev untouched.
// prev is taken apart (its arrays are reused): the caller keeps only the new result.
// shut(id): true when node id is drawn as a summary of its finished subtree.
// budget: items made at most (owed: left; resume goes on with prev's list; issue 44).
export function extendPath(t, prev, root, upto, shut, make, budget = Infinity, resume = false) {
  const old = prev.nodes, lh = prev.path.levelHeight;
  let fresh = []; // [kind, id] of the items to make, from the first that differs
  let d = -1, i = 0, start = 0;
  if (resume && prev.left) ({ fresh, at: start } = prev.left, d = old.length);
  else for (let id = root; ; i++) {
    const kind = shut(id) ? "summary" : "node";
    if (kind === "node" && (t.prunedChildren(id, upto) || t.refOf.get(id))) return null;
    if (d < 0 && !(i < old.length && old[i].id === id && old[i].kind === kind)) d = i;
    if (d >= 0) fresh.push(kind, id);
    if (kind === "summary") break;
    const ch = t.firstChild.get(id);
    if (!ch || t.enterAt.get(ch) >= upto) break;
    const next = t.nextSib.get(ch);
    if (next && t.enterAt.get(next) < upto) return null; // a branch
    id = ch;
  }
  if (d < 0) d = i + 1; // the new path is the old one's first i + 1 items
  const { byId, links } = prev;
  let shown = prev.shown;
  for (const it of old.splice(d)) {
    byId.delete(it.id);
    if (it.state !== "unseen") shown--;
  }
  links.length = Math.max(0, d - 1); // links[j - 1] is the link into item j
  if (d > 0) old[d - 1].kids = null;
  const made = [], end = Math.min(fresh.length, start + 2 * budget);
  for (let f = start; f < end; f += 2) {
    const it = make(fresh[f], fresh[f + 1]), j = old.length, parent = j ? old[j - 1] : null;
    it.x = 0; it.y = j * lh; it.level = j; it.parentItem = parent;
    if (parent) { parent.kids = [it]; it.inLink = { from: parent, to: it }; links.push(it.inLink); }
    byId.set(it.id, it);
    old.push(it);
    made.push(it.id);
  }
  prev.path = null; // taken apart: never extended twice
  return { ...prev, nodes: old, links, byId, minX: 0, maxX: 0, minY: 0, maxY: (old.length - 1) * lh, count: old.length,
    shown, fresh: made, path: { levelHeight: lh }, owed: (fresh.length - end) / 2, left: end < fresh.length ? { fresh, at: end } : null };
}
