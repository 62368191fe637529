// pvnodes.js: the nodes of the root PV shown at step k, for the layout (they never auto-collapse)
// and its decoration (they are drawn on the line).

// Node ids along the root PV shown at k: from the root that line belongs to, follow the child
// with each PV move (the latest visit entered before k, so a re-search wins over its probe).
// The walk is as long as the line (a chain's end: 100,000 nodes), so it is made once per step
// and line, not again by build and by each budgeted slice of decorate (a seek to a 100,000-node
// chain's end walked it once a slice: tasks of 0.5-0.9 s, issue 44). The set is read, never changed.
const pvMemo = new WeakMap(); // trace -> {k, lineEvent, set}

export function pvNodes(t, k, lineEvent) {
  const m = pvMemo.get(t);
  if (m && m.k === k && m.lineEvent === lineEvent) return m.set;
  const set = walkPV(t, k, lineEvent);
  pvMemo.set(t, { k, lineEvent, set });
  return set;
}

function walkPV(t, k, lineEvent) {
  const out = new Set();
  if (lineEvent < 0) return out;
  const pv = t.rootPV(k);
  let x = t.c.node.get(lineEvent);
  if (!x || t.parentOf.get(x) !== 0) {
    const last = t.nodeCount(lineEvent + 1);
    if (!last) return out;
    x = t.path(last)[0];
  }
  out.add(x);
  for (const m of pv) {
    let next = 0;
    for (const ch of t.childIds(x)) {
      if (t.enterAt.get(ch) >= k) break;
      if (t.moveName(ch) === m) next = ch;
    }
    if (!next) break;
    out.add(next); x = next;
  }
  return out;
}
