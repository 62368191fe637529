// layout.js: which nodes are visible at step k (auto-collapsing finished subtrees of big trees
// into summary nodes, adding pruned children of tree searches) and where they go (d3-hierarchy's
// tidy tree with a fixed nodeSize, so nodes keep their size as the tree grows).
// The visible structure only changes when a node is entered, exits (big trees) or the collapse
// state changes; stepping over the other events reuses the positions and only recomputes the
// per-node drawing state. Over 400 lines because build and decorate share the result's fields.
import { Node, tree } from "../../vendor/d3-hierarchy/d3-hierarchy.js";
import { extendPath } from "./pathlayout.js";

export const COLLAPSE_THRESHOLD = 400;
const SETTLE_AT = 5000; // nodes shown from which a finished, uncollapsed tree keeps its whole layout
const OUTCOME = { pv: "exact", cut: "fail-high", all: "fail-low" };

export class TreeLayout {
  // opts: nodeWidth (horizontal spacing), levelHeight (vertical spacing), threshold
  constructor(trace, { nodeWidth = 44, levelHeight = 72, threshold = COLLAPSE_THRESHOLD } = {}) {
    this.trace = trace;
    this.nodeWidth = nodeWidth;
    this.levelHeight = levelHeight;
    this.threshold = threshold;
    this.cache = null; // {key, result}
    this.layouts = 0; // how many tidy-tree layouts ran (tests and benchmarks read it)
    this.extends = 0; // how many layouts were a path's extended or trimmed (pathlayout.js)
  }

  // k: the step. state: {collapse: auto-collapse on (default true), expanded: Set of node ids the
  // user opened, collapsed: Set of node ids the user closed, expandAll: bool, ghosts: also show
  // the nodes entered after k (faded "unseen"; only when nothing auto-collapses), version: bump
  // when the Sets change}. budget: items laid out at most; past it done is false (issue 44).
  compute(k, state = {}, budget = Infinity) {
    const t = this.trace;
    const { collapse = true, expanded = EMPTY, collapsed = EMPTY, expandAll = false, ghosts = false, version = 0, ahead = false } = state;
    const n = t.length;
    const active = collapse && !expandAll && t.nodeCount(k) >= this.threshold;
    // A big finished search shown whole (collapsing off) keeps one layout of all its nodes and
    // hides those not yet entered: past SETTLE_AT nodes a tidy tree costs more than a frame, so
    // a step then recomputes none and nothing moves. Below it the tree grows as it is searched.
    const settled = !active && !ghosts && t.nodeCount(k) >= SETTLE_AT && t.current(n) === 0;
    const upto = (ghosts && !active) || settled ? n : k;
    const pvLine = t.rootLineEvent(k);
    const key = [upto === n ? "all" + n : "", t.nodeCount(upto), active ? t.count("exit", k) + ":" + pvLine : "", prunedCount(t, upto),
      collapsed.size ? t.count("exit", k) : "", version, expandAll, collapse, ahead && t.treeOf ? "ahead" : ""].join("|");
    let result;
    if (this.cache && this.cache.key === key) result = this.cache.result;
    else {
      result = this.build(k, upto, { active, expanded, collapsed, pvLine, ahead: ahead && !!t.treeOf && !active, budget, key });
      result.owedKey = result.owed ? key : null;
      this.cache = { key: result.owed ? "" : key, result };
    }
    const decorated = decorate(t, result, k, budget);
    result.hideUnseen = settled;
    result.done = decorated && !result.owed;
    return result;
  }

  build(k, upto, { active, expanded, collapsed, pvLine, ahead = false, budget = Infinity, key = null }) {
    const t = this.trace;
    const count = t.nodeCount(upto);
    // Roots: the subtree of node r is the ids r .. r+size-1, so the next root follows it.
    const roots = [];
    for (let r = 1; r <= count; r += t.subtreeSize(r, upto)) roots.push(r);
    const keepOpen = pvNodes(t, k, pvLine); // nodes on the shown root PV never auto-collapse
    const lastRoot = roots[roots.length - 1];
    const items = [];
    const mk = (kind, id, nodeId) => { const it = new Item(kind, id, nodeId); items.push(it); return it; };
    // Items carry their visible children in `kids`, which d3.hierarchy reads. The walk keeps its
    // own stack (a trace may nest a hundred thousand nodes deep: recursion would overflow).
    const shut = (id) => { // drawn as a summary of its finished subtree
      const finished = t.finished(id, k);
      const size = finished || active ? t.subtreeSize(id, k) : 2;
      const userClosed = collapsed.has(id) && finished && size > 1;
      const auto = active && finished && size > 1 && id !== lastRoot && !keepOpen.has(id) && !expanded.has(id);
      return userClosed || auto;
    };
    // A path laid out at the last step is extended or trimmed (pathlayout.js).
    const prev = this.cache && this.cache.result;
    if (roots.length === 1 && !ahead && prev && prev.path && prev.path.levelHeight === this.levelHeight) {
      const r = extendPath(t, prev, roots[0], upto, shut, (kind, id) => mk(kind, id, id), budget, key !== null && prev.owedKey === key);
      if (r) { this.extends++; return r; }
    }
    const open = (id) => {
      if (shut(id)) return { item: mk("summary", id, id), done: true };
      // Children and pruned stubs in the order the search met them: a teaching tree's pruned
      // children come at its exit, after every child; a prune event's stub where it happened.
      return { item: mk("node", id, id), done: false, id, ch: t.firstChild.get(id), pr: t.prunedChildren(id, upto), j: 0, kids: null };
    };
    const stub = (f, p, n) => {
      // A tree's pruned child is drawn whole (prunedItem); a prune event's move is a stub.
      const up = t.treeOf && t.treeOf[f.id];
      if (!p.event) { (f.kids ||= []).push(prunedItem(f.id, p, Array.isArray(up) ? up[p.index] : undefined, 0)); return; }
      const it = mk("pruned", `p${f.id}:${n}`, 0);
      it.parentId = f.id; it.pruned = p;
      (f.kids ||= []).push(it);
    };
    const close = (f) => {
      const { id, pr } = f;
      while (pr && f.j < pr.length) stub(f, pr[f.j], f.j++);
      // ahead (quiz, ?show=tree): a teaching tree's children not searched yet, drawn faint with
      // their leaves' values, so a class sees the whole tree while it predicts.
      const up = t.treeOf && t.treeOf[id];
      if (!pr && ahead && Array.isArray(up) && !t.finished(id, upto)) {
        const seen = new Set();
        for (let ch = t.firstChild.get(id); ch && t.enterAt.get(ch) < upto; ch = t.nextSib.get(ch)) seen.add(t.moveName(ch));
        const base = t.positionMoves(id).join(".");
        for (let ci = 0; ci < up.length; ci++) {
          if (seen.has(String(ci))) continue;
          const it = prunedItem(id, { parent: id, index: ci, move: String(ci), path: base ? `${base}.${ci}` : String(ci) }, up[ci], 0);
          markAhead(it);
          (f.kids ||= []).push(it);
        }
      }
      f.item.kids = f.kids;
    };
    const visit = (rootId) => {
      const first = open(rootId);
      if (first.done) return first.item;
      const stack = [first];
      while (stack.length) {
        const f = stack[stack.length - 1];
        const ch = f.ch;
        if (!ch || t.enterAt.get(ch) >= upto) { close(f); stack.pop(); continue; }
        f.ch = t.nextSib.get(ch);
        while (f.pr && f.j < f.pr.length && f.pr[f.j].at < t.enterAt.get(ch)) stub(f, f.pr[f.j], f.j++);
        const g = open(ch);
        (f.kids ||= []).push(g.item);
        if (!g.done) stack.push(g);
      }
      return first.item;
    };
    // A pruned child of a tree is drawn whole: its subtree below it, greyed, leaves with their
    // unread values. below: levels under the pruned child (0 for the child itself).
    const prunedItem = (id, p, sub, below) => {
      const it = mk("pruned", `p${id}.${p.path}`, 0);
      it.parentId = id; it.pruned = p; it.sub = sub; it.below = below;
      // Its subtree is pruned when it is (at: the parent's exit), so it shows with it.
      if (Array.isArray(sub)) it.kids = sub.map((c, ci) => prunedItem(id, { parent: id, index: ci, move: String(ci), path: `${p.path}.${ci}`, at: p.at }, c, below + 1));
      return it;
    };
    let data;
    if (roots.length === 0) data = null;
    else if (roots.length === 1) data = visit(roots[0]);
    else { data = mk("virtual", "virtual", 0); data.kids = roots.map(visit); }
    const result = { nodes: [], links: [], reLinks: [], byId: new Map(), minX: 0, maxX: 0, minY: 0, maxY: 0, count: 0,
      shown: 0, hasPruned: false, decoratedAt: undefined, pv: null, cur: 0, pending: null, done: true, // decorate's
      path: null, fresh: null, owed: 0 }; // pathlayout.js's
    // Nothing shown is a path of no items: End after Home grows it in slices (pathlayout.js).
    if (!data) { result.path = { levelHeight: this.levelHeight }; return result; }
    // The top spine (the root and each only child below it, down to the first item with none or
    // several) needs no tidy tree: a node with one child sits above it, so the whole spine has the
    // x of the subtree under it, which the tidy tree puts at 0, as it puts the root. Only that
    // subtree goes through d3: a chain of 75,000 open nodes is then laid out in one walk
    // (issue 44), to the same positions and the same breadth-first order.
    const spine = [data];
    while (spine[spine.length - 1].kids && spine[spine.length - 1].kids.length === 1) spine.push(spine[spine.length - 1].kids[0]);
    const s = spine.length - 1; // the level of the subtree's top
    const shiftY = roots.length > 1 ? -this.levelHeight : 0; // the virtual root sits above the top
    let minX = Infinity, maxX = -Infinity, maxY = -Infinity;
    const place = (it, x, level, parentItem) => {
      it.x = x; it.y = level * this.levelHeight + shiftY; it.level = level;
      it.parentItem = parentItem;
      result.byId.set(it.id, it);
      if (it.kind === "virtual") return;
      result.nodes.push(it);
      if (it.parentItem && it.parentItem.kind !== "virtual") {
        it.inLink = { from: it.parentItem, to: it };
        result.links.push(it.inLink);
      }
      if (it.kind === "pruned" && !it.pruned.event) result.hasPruned = true;
      if (it.x < minX) minX = it.x;
      if (it.x > maxX) maxX = it.x;
      if (it.y > maxY) maxY = it.y;
    };
    for (let i = 0; i < s; i++) place(spine[i], 0, i, i ? spine[i - 1] : null);
    const root = hierarchyOf(spine[s]);
    const wide = (d) => d.data.kind === "summary";
    tree().nodeSize([this.nodeWidth, this.levelHeight])
      .separation((a, b) => (a.parent === b.parent ? 1 : 1.3) + (wide(a) || wide(b) ? 0.8 : 0))(root);
    this.layouts++;
    root.each((d) => place(d.data, d.x, s + d.depth, d.parent ? d.parent.data : s ? spine[s - 1] : null));
    for (const it of result.nodes) {
      const ref = it.kind === "node" ? t.refOf.get(it.nodeId) : 0;
      if (ref && result.byId.has(ref)) result.reLinks.push({ from: result.byId.get(ref), to: it });
    }
    Object.assign(result, { minX, maxX, minY: 0, maxY, count: result.nodes.length });
    // One path (every item a node or summary with at most one child): the next step may extend it.
    if (roots.length === 1 && spine.length === result.nodes.length && !result.reLinks.length &&
      result.nodes.every((it) => it.kind === "node" || it.kind === "summary")) result.path = { levelHeight: this.levelHeight };
    return result;
  }
}

const EMPTY = new Set();

// d3.hierarchy(data, (d) => d.kids) without its heights: d3 sets them walking up from every
// node, which is quadratic on a chain (100,000 nested nodes: minutes); the tidy tree reads none.
function hierarchyOf(data) {
  const root = new Node(data);
  for (const stack = [root]; stack.length;) {
    const node = stack.pop(), kids = node.data.kids;
    if (!kids || !kids.length) continue;
    node.children = kids.map((d) => {
      const c = new Node(d);
      c.parent = node;
      c.depth = node.depth + 1;
      return c;
    });
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
  }
  return root;
}

// One visible item (a node, a summary of a finished subtree, a pruned child, or the invisible
// root above several iteration roots). All fields are set up front so every item has one shape.
class Item {
  constructor(kind, id, nodeId) {
    this.kind = kind; this.id = id; this.nodeId = nodeId;
    this.x = 0; this.y = 0; this.level = 0; this.parentItem = null;
    this.parentId = 0; this.pruned = null; this.count = 1; this.kids = null; this.inLink = null;
    this.treeValue = null; // pruned leaves of a teaching tree: the value never looked at (root's view)
    this.sub = undefined; this.below = 0; // pruned items: the tree under them, and levels below the pruned child
    this.ahead = false; // a teaching tree's node not searched yet, drawn ahead of the search (quiz, ?show=tree)
    this.state = "unseen"; this.outcome = "unseen"; this.expect = ""; this.actual = ""; this.end = "";
    this.move = ""; this.ply = 0; this.depth = 0; this.alpha = 0; this.beta = 0; this.score = null; this.ref = 0;
    this.broken = false; this.isPruned = false; this.current = false; this.onPV = false; this.onPath = false; this.cut = false;
    this.reduced = 0; this.extended = 0; this.why = ""; this.nullMove = false; // modern search (modern.js)
  }
}

function markAhead(top) {
  for (const stack = [top]; stack.length;) {
    const it = stack.pop();
    it.ahead = true;
    if (it.kids) for (const kid of it.kids) stack.push(kid);
  }
}

function prunedCount(t, k) {
  let lo = 0, hi = t.prunedAt.length;
  while (lo < hi) { const m = (lo + hi) >> 1; if (t.prunedAt.get(m) < k) lo = m + 1; else hi = m; }
  return lo;
}

// Node ids along the root PV shown at k: from the root that line belongs to, follow the child
// with each PV move (the latest visit entered before k, so a re-search wins over its probe).
// Walked once per step and line (100,000 nodes at a chain's end), not per layout slice.
const pvMemo = new WeakMap(); // trace -> {k, lineEvent, set}; the set is read, never changed
function pvNodes(t, k, lineEvent) {
  const memo = pvMemo.get(t);
  if (memo && memo.k === k && memo.lineEvent === lineEvent) return memo.set;
  const out = new Set();
  pvMemo.set(t, { k, lineEvent, set: out });
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

// Per-node drawing state at step k, on every compute. A fresh layout, a far seek or a tree
// with pruned children is decorated whole (O(visible)); a step of a few events from the last
// decorated k touches only the nodes those events name, their children (a cutoff marks one),
// and the nodes entering or leaving the PV and the open path: a step through a 93,000-node
// tree then costs microseconds here instead of milliseconds.
const INCREMENTAL_MAX = 256; // events between two computes up to which decorate is incremental
const FRESH_MAX = 64; // items a path's extension made up to which it is too

function decorate(t, result, k, budget = Infinity) {
  const pv = pvNodes(t, k, t.rootLineEvent(k));
  const cur = t.current(k);
  const prev = result.decoratedAt;
  const fresh = result.fresh || [];
  let p = result.pending && result.pending.k === k ? result.pending : null;
  if (!p && prev === k && fresh.length > FRESH_MAX && !result.hasPruned) {
    p = { k, i: result.nodes.length - fresh.length }; // the path's new items
  } else if (!p && (prev === undefined || result.hasPruned || Math.abs(k - prev) > INCREMENTAL_MAX || fresh.length > FRESH_MAX)) {
    p = { k, i: 0 }; // whole
  }
  if (p) {
    result.decoratedAt = undefined; // interrupted by another step: whole again
    result.fresh = null;
    if (!(result.openAt && result.openAt.k === k)) result.openAt = { k, set: new Set(cur ? t.path(cur) : []) };
    const open = result.openAt.set;
    const state = { pv, cur, onPath: (id) => open.has(id) };
    const nodes = result.nodes, end = Math.min(nodes.length, p.i + budget);
    let shown = result.shown;
    for (; p.i < end; p.i++) {
      const it = nodes[p.i], was = it.state !== "unseen";
      decorateItem(t, it, k, state);
      shown += (it.state !== "unseen") - was;
      if (it.inLink) decorateLink(it.inLink);
    }
    result.shown = shown;
    if (p.i < nodes.length) { result.pending = p; return false; }
    result.pending = null;
    if (!result.owed) result.openAt = null;
  } else {
    const touched = new Set([cur, result.cur]);
    const cutoff = t.K.cutoff;
    for (let i = Math.min(prev, k), end = Math.max(prev, k); i < end; i++) {
      const node = t.c.node.get(i);
      touched.add(node);
      if (t.c.kind.get(i) === cutoff) for (const ch of t.childIds(node)) touched.add(ch);
    }
    for (const id of pv) if (!result.pv.has(id)) touched.add(id);
    for (const id of result.pv) if (!pv.has(id)) touched.add(id);
    // The nodes entering or leaving the open path: from each current node up to where they meet
    // (a parent's id is below its child's). Not listed whole: a deep chain's open path is 75,000
    // nodes, and a step changes one. The others keep what they were, an item made since asks.
    const added = new Set(), removed = new Set();
    let a = cur;
    for (let b = result.cur; a !== b;) {
      if (a > b) { added.add(a); a = t.parentOf.get(a); } else { removed.add(b); b = t.parentOf.get(b); }
    }
    const madeNow = new Set(fresh), meet = a;
    const onPath = (id) => {
      if (added.has(id)) return true;
      if (removed.has(id)) return false;
      if (!madeNow.has(id)) return result.byId.get(id).onPath;
      for (let x = meet; x; x = t.parentOf.get(x)) if (x === id) return true;
      return false;
    };
    const state = { pv, cur, onPath };
    for (const id of added) touched.add(id);
    for (const id of removed) touched.add(id);
    for (const id of fresh) touched.add(id); // made by a path's extension
    for (const id of touched) {
      const it = id ? result.byId.get(id) : null;
      if (!it || it.kind === "virtual") continue;
      const was = it.state !== "unseen";
      decorateItem(t, it, k, state);
      result.shown += (it.state !== "unseen") - was;
      if (it.inLink) decorateLink(it.inLink);
      if (it.kids) for (const kid of it.kids) {
        if (kid.kind === "pruned") decorateItem(t, kid, k, state); // a prune event names its parent
        if (kid.inLink) decorateLink(kid.inLink);
      }
    }
  }
  result.decoratedAt = k; result.pv = pv; result.cur = cur; result.fresh = null;
  return true;
}

function decorateItem(t, it, k, { pv, cur, onPath }) {
  const c = t.c, h = t.hello;
  if (it.kind === "pruned" && it.ahead) {
    it.state = "done"; it.outcome = "unseen"; it.isPruned = true; it.onPV = false; it.cut = false; it.current = false;
    it.move = it.pruned.move; it.ply = c.ply.get(t.enterAt.get(it.parentId)) + 1 + it.below; it.onPath = false;
    it.treeValue = typeof it.sub === "number" ? it.sub : null;
    return;
  }
  if (it.kind === "pruned") {
    const done = it.pruned.at < k; // a teaching tree's: its parent's exit; a prune event's: itself
    it.state = done ? "done" : "unseen";
    it.outcome = done ? "pruned" : "unseen";
    it.isPruned = true; it.onPV = false; it.cut = false; it.current = false;
    it.move = it.pruned.move; it.ply = c.ply.get(t.enterAt.get(it.parentId)) + 1 + it.below; it.onPath = false;
    it.treeValue = typeof it.sub === "number" ? it.sub : null;
    return;
  }
  const id = it.nodeId, e = t.enterAt.get(id), x = t.exitAt.get(id);
  // A teaching tree's leaf has its value from the start (the problem gives it): shown while
  // the leaf is open too, so a question about it can be answered from the tree.
  const tv = t.treeOf && t.treeOf[id];
  it.treeValue = typeof tv === "number" ? tv : null;
  it.move = t.moveNames[c.move.get(e)];
  it.ply = c.ply.get(e); it.depth = c.depth.get(e);
  it.alpha = c.alpha.get(e); it.beta = c.beta.get(e);
  it.expect = t.expectAt(e); // none where it means nothing (model.js)
  it.ref = t.refOf.get(id);
  it.isPruned = false;
  it.reduced = t.modern.reducedOf(id); it.extended = t.modern.extendedOf(id); it.why = t.modern.whyOf(id);
  it.ownSearch = t.modern.subOf(id); // a search of the parent's own position (ownsearch.js)
  it.nullMove = t.nullId !== 0 && c.move.get(e) === t.nullId;
  it.current = id === cur;
  it.onPV = pv.has(id);
  it.onPath = onPath(id);
  const cutAt = t.cutAt.get(id);
  it.cut = cutAt >= 0 && cutAt < k;
  if (e >= k || x < 0 || x >= k) {
    it.state = it.outcome = e >= k ? "unseen" : "open";
    it.score = null; it.actual = ""; it.end = ""; it.broken = false;
  } else {
    const actual = h.nodeTypes[c.actual.get(x)] || "", end = h.ends[c.end.get(x)] || "";
    it.state = "done"; it.score = c.score.get(x); it.actual = actual; it.end = end;
    it.outcome = end === "tt-cutoff" ? "tt" : end === "stopped" ? "stopped" : OUTCOME[actual] || "stopped";
    it.broken = !!(actual && it.expect && actual !== it.expect);
  }
  if (it.kind === "summary") it.count = t.subtreeSize(id, k);
}

function decorateLink(l) {
  l.onPV = !!(l.from.onPV && l.to.onPV);
  l.onPath = !!(l.from.onPath && l.to.onPath);
  l.cut = !!l.to.cut;
  l.pruned = !!l.to.isPruned;
  // Modern search: a null move's edge is dotted, a reduced one dashed (treeview.js).
  // A search of the parent's own position: dash-dotted, no move on it.
  l.mark = l.to.ownSearch ? "own" : l.to.nullMove ? "null" : l.to.reduced > l.to.extended ? "reduced" : "";
}
