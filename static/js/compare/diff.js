// diff.js: two searches of one position lined up, as `pvscope diff` does (tracer/diff.go):
// nodes are matched by their path of moves from the root (a move searched twice under one
// parent, a probe and its re-search, visit for visit), within the iteration (its depth) and the
// root search (its place in the iteration). The first divergence follows the CLI's rule: in
// search order, the first node where one search entered another move next (or left the node
// where the other entered one), or entered the same path with another window, depth, or
// reduced or extended plies, or left it with another score, bound or end. Both searches are in
// the page already (two Trace models), so children met out of step are still paired node by node
// here, where the CLI, reading two files as streams, compares them whole.

import { t } from "../i18n/i18n.js";

// diffTraces(ta, tb) -> {same, first, diffs, marks}
//   first: {what: [...], path: [moves of the node where they part], a: step, b: step} or null
//          (a step: {node, k, event: "enter" | "exit" | "end", path}); k is the step to show.
//   diffs: every difference in search order: {what: "next" | "only" | "window" | "score", a: step|null, b: step|null}
//   marks: {a: Map(node id -> "only" | "window" | "score"), b: ...}
export function diffTraces(ta, tb) {
  const out = { same: true, first: null, diffs: [], marks: { a: new Map(), b: new Map() } };
  const ia = iterations(ta), ib = iterations(tb);
  const step = (t, node, event) => ({ node, event, k: event === "exit" ? t.exitAt.get(node) + 1 : t.enterAt.get(node) + 1, path: t.positionMoves(node) });
  const first = (what, path, a, b) => {
    out.same = false;
    if (!out.first) out.first = { what, path, a, b };
  };
  const only = (t, side, node) => {
    out.same = false;
    out.marks[side].set(node, "only");
    const s = step(t, node, "enter");
    out.diffs.push({ what: "only", a: side === "a" ? s : null, b: side === "b" ? s : null });
  };
  const mark = (a, b, kind, sa, sb) => {
    if (!out.marks.a.has(a)) out.marks.a.set(a, kind);
    if (!out.marks.b.has(b)) out.marks.b.set(b, kind);
    out.diffs.push({ what: kind, a: sa, b: sb });
  };

  // Two nodes on the same path: the enter, the children in step, then those out of step, the exit.
  // An explicit stack keeps deep quiescence lines off the JS call stack.
  const walk = (a0, b0) => {
    const stack = [{ a: a0, b: b0, phase: 0 }];
    while (stack.length) {
      const f = stack[stack.length - 1];
      const { a, b } = f;
      if (f.phase === 0) {
        f.phase = 1;
        const what = enterDiffers(ta, a, tb, b);
        if (what.length) {
          first(what, ta.positionMoves(a), step(ta, a, "enter"), step(tb, b, "enter"));
          mark(a, b, "window", step(ta, a, "enter"), step(tb, b, "enter"));
        }
        f.ka = childKeys(ta, a); f.kb = childKeys(tb, b); f.i = 0;
      }
      if (f.phase === 1) {
        // Children in step, one at a time (each pushed frame finishes before the next).
        const { ka, kb } = f;
        if (f.i < ka.length && f.i < kb.length && ka[f.i].key === kb[f.i].key) {
          const i = f.i++;
          stack.push({ a: ka[i].id, b: kb[i].id, phase: 0 });
          continue;
        }
        f.phase = 2;
        if (f.i < ka.length || f.i < kb.length) {
          const sa = f.i < ka.length ? step(ta, ka[f.i].id, "enter") : exitStep(ta, a);
          const sb = f.i < kb.length ? step(tb, kb[f.i].id, "enter") : exitStep(tb, b);
          first(["next"], ta.positionMoves(a), sa, sb);
          out.diffs.push({ what: "next", a: sa, b: sb });
          // The rest, paired by key whatever their order.
          const restB = new Map();
          for (let j = f.i; j < kb.length; j++) restB.set(kb[j].key, kb[j].id);
          f.pairs = [];
          for (let j = f.i; j < ka.length; j++) {
            const other = restB.get(ka[j].key);
            if (other === undefined) only(ta, "a", ka[j].id);
            else { f.pairs.push([ka[j].id, other]); restB.delete(ka[j].key); }
          }
          for (const id of restB.values()) only(tb, "b", id);
        } else f.pairs = [];
        f.j = 0;
      }
      if (f.phase === 2) {
        if (f.j < f.pairs.length) {
          const [x, y] = f.pairs[f.j++];
          stack.push({ a: x, b: y, phase: 0 });
          continue;
        }
        const what = exitDiffers(ta, a, tb, b);
        if (what.length) {
          first(what, ta.positionMoves(a), exitStep(ta, a), exitStep(tb, b));
          mark(a, b, "score", exitStep(ta, a), exitStep(tb, b));
        }
        stack.pop();
      }
    }
  };
  const exitStep = (t, node) => {
    const x = t.exitAt.get(node);
    return x >= 0 ? step(t, node, "exit") : { node, event: "end", k: t.length, path: t.positionMoves(node) };
  };

  // Iterations by depth (and which of that depth), in A's order; root searches by place. The
  // first that is not in step is where they part, unless a node walked before it differs.
  const byKey = new Map(ib.map((it) => [it.key, it]));
  const ended = (t) => ({ node: 0, event: "end", k: t.length, path: [] });
  const rootStep = (t, it) => (it && it.roots.length ? step(t, it.roots[0], "enter") : ended(t));
  const left = (t, id) => ({ node: id, event: "exit", k: t.exitAt.get(id) + 1, path: [] });
  // Leaving an iteration after its r-th root search: the one before's exit, or, before any (an
  // iteration stopped before its first root search), its last iteration event.
  const leftAfter = (t, it, r) => (r > 0 ? left(t, it.roots[r - 1]) : { node: 0, event: "exit", k: it.lastAt + 1, path: [] });
  const paired = new Set();
  let inStep = true;
  for (let n = 0; n < ia.length; n++) {
    const it = ia[n], other = byKey.get(it.key);
    if (inStep && (n >= ib.length || ib[n].key !== it.key)) {
      first(["next"], [], rootStep(ta, it), rootStep(tb, ib[n]));
      inStep = false;
    }
    if (!other) { for (const r of it.roots) only(ta, "a", r); continue; }
    paired.add(it.key);
    const ra = it.roots, rb = other.roots;
    for (let r = 0; r < Math.max(ra.length, rb.length); r++) {
      if (r < ra.length && r < rb.length) walk(ra[r], rb[r]);
      else if (r < ra.length) { first(["next"], [], step(ta, ra[r], "enter"), leftAfter(tb, other, r)); only(ta, "a", ra[r]); }
      else { first(["next"], [], leftAfter(ta, it, r), step(tb, rb[r], "enter")); only(tb, "b", rb[r]); }
    }
  }
  if (inStep && ib.length > ia.length) first(["next"], [], ended(ta), rootStep(tb, ib[ia.length]));
  for (const it of ib) if (!paired.has(it.key)) for (const r of it.roots) only(tb, "b", r);
  return out;
}

// iterations: [{key: "depth#occurrence", depth, roots: [node ids], lastAt}]. An iteration-start
// opens one; without them, root searches of one depth are one iteration (MTD(f), aspiration
// loops). lastAt: the index of its last iteration event (its end, else its start), for one
// with no root search.
export function iterations(t) {
  const K = t.K, out = [], occ = new Map();
  let cur = null, explicit = false;
  const open = (depth, ex, at) => {
    const o = occ.get(depth) || 0;
    occ.set(depth, o + 1);
    cur = { key: `${depth}#${o}`, depth, roots: [], lastAt: at };
    out.push(cur);
    explicit = ex;
  };
  const starts = t.byKind[K["iteration-start"]], ends = t.byKind[K["iteration-end"]];
  let si = 0, ei = 0;
  for (let id = 1; id < t.enterAt.length; id++) {
    if (t.parentOf.get(id) !== 0) continue;
    const at = t.enterAt.get(id);
    // Iteration events before this root, in order.
    while ((si < starts.length && starts.get(si) < at) || (ei < ends.length && ends.get(ei) < at)) {
      const s = si < starts.length ? starts.get(si) : Infinity, e = ei < ends.length ? ends.get(ei) : Infinity;
      if (s < e) { open(t.c.depth.get(s), true, s); si++; } else { if (cur) cur.lastAt = e; cur = null; ei++; }
    }
    const depth = t.c.depth.get(at);
    if (!cur || (!explicit && depth !== cur.depth)) open(depth, false, at);
    cur.roots.push(id);
  }
  return out;
}

// childKeys: a node's children in search order, named by move and visit ("e2e4#1": the second
// search of e2e4 here).
function childKeys(t, id) {
  const seen = new Map(), out = [];
  for (let ch = t.firstChild.get(id); ch; ch = t.nextSib.get(ch)) {
    const m = t.moveName(ch), v = seen.get(m) || 0;
    seen.set(m, v + 1);
    out.push({ id: ch, key: `${m}#${v}` });
  }
  return out;
}

function enterDiffers(ta, a, tb, b) {
  const ea = ta.enterAt.get(a), eb = tb.enterAt.get(b), what = [];
  if (ta.c.alpha.get(ea) !== tb.c.alpha.get(eb) || ta.c.beta.get(ea) !== tb.c.beta.get(eb)) what.push("window");
  if (ta.c.depth.get(ea) !== tb.c.depth.get(eb)) what.push("depth");
  if (ta.modern.reducedOf(a) !== tb.modern.reducedOf(b)) what.push("reduced");
  if (ta.modern.extendedOf(a) !== tb.modern.extendedOf(b)) what.push("extended");
  return what;
}

function exitDiffers(ta, a, tb, b) {
  const xa = ta.exitAt.get(a), xb = tb.exitAt.get(b), what = [];
  if (xa < 0 || xb < 0) return xa < 0 && xb < 0 ? what : ["end"];
  if (ta.c.score.get(xa) !== tb.c.score.get(xb)) what.push("score");
  if (ta.hello.nodeTypes[ta.c.actual.get(xa)] !== tb.hello.nodeTypes[tb.c.actual.get(xb)]) what.push("bound");
  if (ta.hello.ends[ta.c.end.get(xa)] !== tb.hello.ends[tb.c.end.get(xb)]) what.push("end");
  return what;
}

// describe: a difference in one sentence, moves named by name(moves) (SAN on the page).
export function describe(d, name = (moves) => moves.join(" ")) {
  const where = (s) => placeOf(s, name);
  switch (d.what) {
    case "only":
      return d.a ? t("diff.onlyIn", { who: "A", ...where(d.a) }) : t("diff.onlyIn", { who: "B", ...where(d.b) });
    case "window":
      return t("diff.otherWindow", where(d.a));
    case "score":
      return t("diff.otherScore", where(d.a));
    case "next": {
      const s = (x, who) => (x.event === "enter" ? t("diff.enters", { who, ...where(x) }) : x.event === "exit" ? t("diff.leaves", { who, ...where(x) }) : t("diff.ends", { who }));
      return t("diff.part", { a: s(d.a, "A"), b: s(d.b, "B") });
    }
  }
  return "";
}

// placeOf(step or first, name): a node's place for a sentence: {at: "root"} or {at: "path", path}
// (the sentence words the root itself, as its language says "at the root" or "the root is").
export const placeOf = (s, name = (moves) => moves.join(" ")) => (s && s.path.length ? { at: "path", path: name(s.path) } : { at: "root", path: "" });

// WHAT: the words diffTraces gives for how two nodes differ; whatText words a list of them.
export const WHAT = ["next", "window", "depth", "reduced", "extended", "score", "bound", "end"];
export const whatText = (what) => what.map((w) => t(`diff.what-${w}`)).join(", ");
