// exercise.js: exam exercises on a teaching tree, their keys and their grading. Pure functions
// over the tree as nested arrays of leaf values (root player's view, MAX at the root); the page
// (exerciseui.js) asks them and draws the tree. Paths name nodes as node(path) does: 0-based
// child indices joined by "." ("" is the root).
//
// Kinds (the exam questions):
//   prune   cross out the leaves alpha-beta never evaluates, and give the root's value
//   count   how many static evaluations minimax, alpha-beta and PVS each make
//   values  the value (or bound) alpha-beta returns at every inner node it searches
//   mirror  the same tree searched right to left: which leaves are pruned now
//   bounds  how far each leaf may move without changing the root's value
//   order   reorder the children so that alpha-beta reads the fewest leaves
// The search is Russell and Norvig's ALPHA-BETA-SEARCH (fail-soft: MAX-VALUE starts at -∞ and
// returns as soon as v >= β; MIN-VALUE mirrors it), with the children in their order.

import { t } from "../i18n/i18n.js";

export const KINDS = ["prune", "count", "values", "mirror", "bounds", "order"];
// kindTitle(kind): the exercise's question, in the page's language; kindName(kind): its short name.
export function kindTitle(kind) {
  switch (kind) {
    case "prune": return t("exercise.titlePrune");
    case "count": return t("exercise.titleCount");
    case "values": return t("exercise.titleValues");
    case "mirror": return t("exercise.titleMirror");
    case "bounds": return t("exercise.titleBounds");
    case "order": return t("exercise.titleOrder");
  }
  return kind;
}
export function kindName(kind) {
  switch (kind) {
    case "prune": return t("exercise.namePrune");
    case "count": return t("exercise.nameCount");
    case "values": return t("exercise.nameValues");
    case "mirror": return t("exercise.nameMirror");
    case "bounds": return t("exercise.nameBounds");
    case "order": return t("exercise.nameOrder");
  }
  return kind;
}
// unknownKind(kind): the error for a kind the page does not have.
export const unknownKind = (kind) => new Error(t("exercise.unknownKind", { kind, kinds: KINDS.join(", ") }));

const INF = Infinity;
const join = (path) => path.join(".");
export const isLeaf = (t) => !Array.isArray(t);

export function leafPaths(tree, path = [], out = []) {
  if (isLeaf(tree)) out.push(join(path));
  else tree.forEach((c, i) => leafPaths(c, [...path, i], out));
  return out;
}
export function innerPaths(tree, path = [], out = []) {
  if (!isLeaf(tree)) { out.push(join(path)); tree.forEach((c, i) => innerPaths(c, [...path, i], out)); }
  return out;
}
export function at(tree, path) {
  if (path === "") return tree;
  return path.split(".").reduce((t, i) => t[+i], tree);
}
export const playerAt = (path) => ((path === "" ? 0 : path.split(".").length) % 2 ? "MIN" : "MAX");
export function minimax(tree, ply = 0) {
  if (isLeaf(tree)) return tree;
  const vs = tree.map((c) => minimax(c, ply + 1));
  return ply % 2 ? Math.min(...vs) : Math.max(...vs);
}

// alphaBeta(tree, {order}) -> {value, read: [leaf paths in the order read], values: {path: {value,
// bound, window}}}. order(path, n) gives the child indices in the order searched (default 0..n-1).
// A node's bound: exact when its value lies strictly inside its window, or when it read every
// child and each child's value is exact; else lower after a fail-high, upper after a fail-low.
// cuts[path] = {after: the child's path, value, alpha, beta} where a node stopped early.
export function alphaBeta(tree, { order = null } = {}) {
  const read = [], values = {}, cuts = {};
  const visit = (t, path, alpha, beta) => {
    const p = join(path);
    if (isLeaf(t)) { read.push(p); values[p] = { value: t, bound: "exact", leaf: true, window: [alpha, beta] }; return t; }
    const max = path.length % 2 === 0;
    const idx = order ? order(p, t.length) : t.map((_, i) => i);
    const a0 = alpha, b0 = beta;
    let v = max ? -INF : INF, searched = 0, allExact = true;
    for (const i of idx) {
      const w = visit(t[i], [...path, i], alpha, beta);
      searched++;
      if (values[join([...path, i])].bound !== "exact") allExact = false;
      const stop = max ? (v = Math.max(v, w)) >= beta : (v = Math.min(v, w)) <= alpha;
      if (stop) { if (searched < t.length) cuts[p] = { after: join([...path, i]), value: v, alpha, beta }; break; }
      if (max) alpha = Math.max(alpha, v); else beta = Math.min(beta, v);
    }
    let bound;
    if ((a0 < v && v < b0) || (searched === t.length && allExact)) bound = "exact";
    else bound = v >= b0 ? "lower" : "upper";
    values[p] = { value: v, bound, window: [a0, b0] };
    return v;
  };
  const value = visit(tree, [], -INF, INF);
  return { value, read, values, cuts };
}

// PVS in negamax form: the first child with the full window, the others with a null window,
// searched again when the probe lands strictly inside (alpha, beta). A re-searched leaf counts twice.
export function pvsLeaves(tree) {
  let n = 0;
  const visit = (t, ply, alpha, beta) => {
    if (isLeaf(t)) { n++; return ply % 2 ? -t : t; }
    for (let i = 0; i < t.length; i++) {
      let s;
      if (i === 0) s = -visit(t[i], ply + 1, -beta, -alpha);
      else {
        s = -visit(t[i], ply + 1, -alpha - 1, -alpha);
        if (alpha < s && s < beta) s = -visit(t[i], ply + 1, -beta, -s);
      }
      if (s >= beta) return s;
      alpha = Math.max(alpha, s);
    }
    return alpha;
  };
  visit(tree, 0, -1e9, 1e9);
  return n;
}

// bestOrder(tree): the fewest leaves alpha-beta can read over every order of every node's
// children, and one order that reaches it ({path: [child indices]}). Whether a child is exact,
// fails low or fails high, and so the windows its later siblings get, does not depend on the
// order inside it (a fail-soft value inside the window is the true value): so each node's best
// order is found from its children's costs under each window, memoised.
export function bestOrder(tree) {
  const memo = new Map(), choice = new Map();
  const truth = new Map();
  const tv = (t, p, ply) => { if (!truth.has(p)) truth.set(p, minimax(t, ply)); return truth.get(p); };
  // A node's cost under a window is found over the sets of children searched so far, not over
  // the orders: the window after a set is the same whatever its order (alpha the best of its
  // values), so each set is solved once (2^n sets, where the orders were n!: a tic-tac-toe
  // position's 9 moves took half a minute). Of equal costs the lowest child index is chosen,
  // which is the first order in lexicographic order, the one trying every order found.
  const cost = (t, path, alpha, beta) => {
    if (isLeaf(t)) return 1;
    const p = join(path), key = `${p}|${alpha}|${beta}`;
    if (memo.has(key)) return memo.get(key);
    const max = path.length % 2 === 0, n = t.length, full = 2 ** n - 1;
    const vals = t.map((c, i) => tv(c, join([...path, i]), path.length + 1));
    const stops = (v, a, b) => (max ? v >= b : v <= a);
    if (t.every(isLeaf)) {
      // Leaves cost one each whatever the window: the first that stops the node, else all.
      const first = vals.findIndex((v) => stops(v, alpha, beta));
      memo.set(key, first < 0 ? n : 1);
      choice.set(key, first < 0 ? vals.map((_, i) => i) : [first, ...vals.map((_, i) => i).filter((i) => i !== first)]);
      return memo.get(key);
    }
    const has = (set, i) => Math.floor(set / 2 ** i) % 2 === 1;
    const sets = new Map(); // the set searched (a bit per child) -> {c: the least cost after it, i: the next child}
    const solve = (set, a, b) => {
      if (set === full) return 0;
      const seen = sets.get(set);
      if (seen) return seen.c;
      let best = Infinity, next = -1;
      for (let i = 0; i < n; i++) {
        if (has(set, i)) continue;
        let c = cost(t[i], [...path, i], a, b);
        if (c >= best) continue;
        const v = vals[i];
        if (!stops(v, a, b)) c += solve(set + 2 ** i, max ? Math.max(a, v) : a, max ? b : Math.min(b, v));
        if (c < best) { best = c; next = i; }
      }
      sets.set(set, { c: best, i: next });
      return best;
    };
    const best = solve(0, alpha, beta);
    // The order: the chosen children until one stops the node, then the others in index order.
    const perm = [];
    let set = 0, a = alpha, b = beta;
    while (set !== full) {
      const i = sets.get(set).i;
      perm.push(i);
      set += 2 ** i;
      const v = vals[i];
      if (stops(v, a, b)) break;
      if (max) a = Math.max(a, v); else b = Math.min(b, v);
    }
    for (let i = 0; i < n; i++) if (!perm.includes(i)) perm.push(i);
    memo.set(key, best);
    choice.set(key, perm);
    return best;
  };
  const leaves = cost(tree, [], -INF, INF);
  // Walk the chosen orders with the windows alpha-beta gives each node.
  const order = {};
  const walk = (t, path, alpha, beta) => {
    if (isLeaf(t)) return;
    const p = join(path), perm = choice.get(`${p}|${alpha}|${beta}`) || t.map((_, i) => i);
    order[p] = perm;
    const max = path.length % 2 === 0;
    let a = alpha, b = beta;
    for (const i of perm) {
      const cp = [...path, i];
      walk(t[i], cp, a, b);
      const v = truth.get(join(cp)) ?? minimax(t[i], cp.length);
      if (max) { if (v >= b) break; a = Math.max(a, v); } else { if (v <= a) break; b = Math.min(b, v); }
    }
  };
  walk(tree, [], -INF, INF);
  return { leaves, order };
}

// The range of values a leaf may take, the others fixed, with the root's value unchanged:
// the root's value as a function of one leaf is that leaf clamped to [lo, hi].
export function leafRanges(tree) {
  const v0 = minimax(tree), out = {};
  const withLeaf = (t, path, x) => (path.length === 0 ? x : t.map((c, i) => (i === path[0] ? withLeaf(c, path.slice(1), x) : c)));
  for (const p of leafPaths(tree)) {
    const path = p === "" ? [] : p.split(".").map(Number);
    const lo = minimax(withLeaf(tree, path, -1e9)), hi = minimax(withLeaf(tree, path, 1e9));
    const x = at(tree, p);
    let range;
    if (lo === hi) range = { min: null, max: null };
    else if (v0 === lo && x <= lo) range = { min: null, max: lo };
    else if (v0 === hi && x >= hi) range = { min: hi, max: null };
    else range = { min: x, max: x };
    out[p] = range;
  }
  return out;
}

// keyOf(kind, tree): the answer, in the shape snapshot().exercise.key and answerExercise take.
export function keyOf(kind, tree) {
  const leaves = leafPaths(tree);
  switch (kind) {
    case "prune": case "mirror": {
      const order = kind === "mirror" ? (_, n) => [...Array(n).keys()].reverse() : null;
      const r = alphaBeta(tree, { order });
      const read = new Set(r.read);
      return { unread: leaves.filter((p) => !read.has(p)), root: r.value };
    }
    case "count":
      return { minimax: leaves.length, alphabeta: alphaBeta(tree).read.length, pvs: pvsLeaves(tree) };
    case "values": {
      const r = alphaBeta(tree), key = {};
      for (const p of innerPaths(tree)) if (r.values[p]) key[p] = { value: r.values[p].value, bound: r.values[p].bound };
      return key;
    }
    case "bounds":
      return leafRanges(tree);
    case "order": {
      const b = bestOrder(tree);
      return { leaves: b.leaves, order: b.order };
    }
  }
  throw unknownKind(kind);
}
