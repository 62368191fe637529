// nodepath.js: naming a node by its path from the root, both ways. A path is 0-based child
// indices for trees ("1.0", "" the root) and moves for chess, in SAN or UCI, with or without
// move numbers ("1.Nc3 Nc6 2.Nf3", "b1c3 b8c6 g1f3"); a number in a chess path is the
// n-th move searched from that node. describeNode answers window.pvscope.node(path): what the
// page shows for that node at step k, in the chosen view.

// The words of a path, for a tree or a chess search.
export function pathTokens(text, chess) {
  const s = String(text || "").trim();
  if (!s) return [];
  if (!chess) return s.split(/[\s.,/]+/).filter(Boolean);
  return s.replace(/\b\d+\s*(\.\.\.|…|\.)/g, " ").split(/\s+/).filter(Boolean);
}

const bare = (m) => String(m).replace(/[+#!?]+$/, "");
// The null move may be named as UCI writes it, as SAN lines show it, or in a word.
const NULL_WORDS = new Set(["0000", "--", "null"]);

// The root shown at step k: the root of the latest node entered (iterative deepening has one per iteration).
function rootAt(t, k) {
  const last = t.nodeCount(k);
  return last ? t.path(last)[0] : 0;
}

// The roots entered before k, newest first. A root's subtree is the run of ids entered until it
// exits, so the next root follows it: one step per root search (a root driver makes dozens).
function rootsBefore(t, k) {
  const out = [], n = t.nodeCount(k);
  for (let r = 1; r <= n;) {
    if (t.parentOf.get(r) !== 0) { r++; continue; }
    out.push(r);
    r += Math.max(1, t.subtreeSize(r, k));
  }
  return out.reverse();
}

// resolvePath(trace, k, text, san) -> {id} for a node entered before k, or {pruned, parent, index,
// ply} for a pruned child of a tree, or {missing, ply, at} naming the first word that matched
// nothing. san(parentId, move) names a move in SAN (chess only). The path is looked for from the
// root shown at k first, then in every earlier root search, newest first (iterative deepening
// and root drivers search the root many times).
export function resolvePath(t, k, text, san = null) {
  const chess = !!(t.started && t.started.kind !== "tree");
  const words = pathTokens(text, chess);
  const shown = rootAt(t, k);
  if (!shown) return { missing: true, ply: words.length, at: "" };
  const first = walk(t, k, words, shown, chess, san);
  if (first.id || first.pruned || !words.length) return first;
  for (const r of rootsBefore(t, k)) {
    if (r === shown) continue;
    const other = walk(t, k, words, r, chess, san);
    if (other.id) return other;
  }
  return first;
}

// walk follows the words down from root id.
function walk(t, k, words, id, chess, san) {
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    const kids = [];
    for (const ch of t.childIds(id)) if (t.enterAt.get(ch) < k) kids.push(ch);
    // The latest visit of a move wins: a re-search over its probe.
    const distinct = [];
    for (const ch of kids) if (!distinct.includes(t.moveName(ch))) distinct.push(t.moveName(ch));
    let move = null;
    if (!chess) move = w;
    else if (distinct.includes(w)) move = w;
    else if (NULL_WORDS.has(w.toLowerCase()) && distinct.includes("0000")) move = "0000";
    else if (/^\d+$/.test(w)) move = distinct[+w] ?? null;
    else if (san) move = distinct.find((m) => { try { return bare(san(id, m)) === bare(w); } catch { return false; } }) ?? null;
    let next = 0;
    for (const ch of kids) if (t.moveName(ch) === move) next = ch;
    if (!next) {
      if (!chess) {
        // A pruned child, or a node inside its subtree (drawn whole, never searched).
        const p = (t.prunedChildren(id, k) || []).find((x) => x.move === w);
        const up = t.treeOf && t.treeOf[id];
        let sub = p && Array.isArray(up) ? up[p.index] : undefined;
        for (let j = i + 1; p && j < words.length && sub !== undefined; j++) {
          const ci = Number(words[j]);
          sub = Array.isArray(sub) && Number.isInteger(ci) && ci >= 0 && ci < sub.length ? sub[ci] : undefined;
        }
        const ply = t.c.ply.get(t.enterAt.get(id)) + words.length - i;
        if (p && sub !== undefined) return { pruned: true, parent: id, index: p.index, ply, move: words[words.length - 1], leaf: typeof sub === "number" ? sub : null, why: p.why || "" };
      } else if (i === words.length - 1) {
        // A move a prune event skipped (by UCI or SAN).
        const same = (x) => x.move === w || (san && (() => { try { return bare(san(id, x.move)) === bare(w); } catch { return false; } })());
        const p = (t.prunedChildren(id, k) || []).find((x) => x.event && same(x));
        if (p) return { pruned: true, parent: id, index: p.index, ply: i + 1, move: w, why: p.why || "" };
      }
      return { missing: true, ply: words.length, at: w, parent: id };
    }
    id = next;
  }
  return { id };
}

// describeNode(trace, k, view, text, san) -> {path, move, value, window, outcome, expect, actual, player}.
export function describeNode(t, k, V, text, san = null) {
  const r = resolvePath(t, k, text, san);
  const chess = !!(t.started && t.started.kind !== "tree");
  if (!r.id) {
    const words = pathTokens(text, chess);
    return {
      // A pruned leaf shows its unread value (the tree gives it from the root player's side).
      path: words.join("."), move: r.move || words[words.length - 1] || "",
      value: r.pruned && r.leaf !== null ? V.value(r.ply % 2 ? -r.leaf : r.leaf, r.ply) : null, window: null,
      outcome: r.pruned ? "pruned" : "unvisited", expect: null, actual: null, player: V.player(r.ply),
      reduced: 0, extended: 0, nullMove: false, pruned: [], ...(r.pruned && r.why ? { why: r.why } : {}),
    };
  }
  const id = r.id, c = t.c, h = t.hello, e = t.enterAt.get(id), x = t.exitAt.get(id);
  const ply = c.ply.get(e);
  const done = x >= 0 && x < k;
  const [lo, hi] = V.window(c.alpha.get(e), c.beta.get(e), ply);
  const actual = done ? h.nodeTypes[c.actual.get(x)] || "" : null;
  const end = done ? h.ends[c.end.get(x)] || "" : null;
  const parent = t.parentOf.get(id);
  const move = parent ? (chess && san ? san(parent, t.moveName(id)) : t.moveName(id)) : "";
  return {
    path: t.positionMoves(id).join("."), move,
    value: done ? V.value(c.score.get(x), ply) : null,
    window: [lo, hi].map((v) => (V.isInfinite(v) ? null : v)),
    outcome: done ? V.outcome(actual, end, ply) : "searching",
    expect: t.expectAt(e) || null, actual: actual || null,
    player: V.player(ply),
    // Modern search: plies shallower or deeper than depth - 1 and why, a pass, the moves it pruned.
    reduced: t.modern.reducedOf(id), extended: t.modern.extendedOf(id), why: t.modern.whyOf(id),
    nullMove: t.nullId !== 0 && c.move.get(e) === t.nullId,
    pruned: (t.prunedChildren(id, k) || []).filter((p) => p.event)
      .map((p) => ({ move: chess && san ? san(id, p.move) : p.move, uci: p.move, why: p.why })),
  };
}
