// compareplan.js: the pure half of the side-by-side comparison. What ?compare= asks for (one
// pane per entry: an algorithm, optionally with options, "pvs:tt=false"), each pane's start
// command, the leaf-by-leaf moves through a Trace, and the counts shown beside the panes.
import { countBelow } from "./model.js";
import { horizonLeaves, uniformBranching, knuthMoore, height } from "./treeops.js";

export const ALGOS = ["minimax", "alphabeta", "pvs"];
export const MAX_PANES = 4;
const ALGO_LABEL = { minimax: "Minimax", alphabeta: "Alpha-beta", pvs: "PVS" };

// parseCompare("minimax,alphabeta,pvs:tt=false") -> {panes: [{algo, options, label}]} or {error}.
export function parseCompare(text) {
  const parts = String(text || "").split(",").map((s) => s.trim()).filter(Boolean);
  if (parts.length < 2) return { error: "A comparison needs at least two entries, for example minimax,alphabeta,pvs." };
  if (parts.length > MAX_PANES) return { error: `A comparison shows at most ${MAX_PANES} searches side by side; this one asks for ${parts.length}.` };
  const panes = [];
  for (const part of parts) {
    const [algo, ...opts] = part.split(":").map((s) => s.trim());
    if (!ALGOS.includes(algo)) {
      return { error: `"${algo}" in the comparison is not an algorithm; use minimax, alphabeta or pvs, each optionally followed by :option=value.` };
    }
    const options = {};
    for (const o of opts) {
      const m = /^([a-z][a-z-]*)=(\S+)$/.exec(o);
      if (!m || m[1] === "algo") return { error: `"${o}" in the comparison is not an option; write it as name=value, for example pvs:tt=false.` };
      options[m[1]] = m[2];
    }
    panes.push({ algo, options, label: paneLabel(algo, options) });
  }
  return { panes };
}

function paneLabel(algo, options) {
  const words = Object.entries(options).map(([k, v]) => (v === "true" ? `${k} on` : v === "false" ? `${k} off` : `${k} ${v}`));
  return [ALGO_LABEL[algo], ...words].join(", ").replace(/\btt (on|off)\b/, "table $1");
}

// planPanes: each pane's options: its algorithm and options over the form's, without the
// compare entry itself, and a note to show in the pane. On a chess position with a minimax pane,
// quiescence is off in every pane unless the form or a pane sets it: minimax would follow every
// capture line to its end (millions of nodes), and the panes must count the same leaves.
export function planPanes(formOptions, panes, chess) {
  const base = { ...formOptions };
  delete base.compare;
  const quiet = chess && base.qsearch === undefined && panes.some((p) => p.algo === "minimax");
  return panes.map((pane) => {
    const options = { ...base, ...(quiet ? { qsearch: "false" } : {}), ...pane.options, algo: pane.algo };
    const note = quiet && options.qsearch === "false" ? "quiescence off in every pane (minimax would follow every capture)" : "";
    return { ...pane, options, note };
  });
}

// Leaf stepping. Landing on event j means showing k = j + 1 (stepping.js' convention).
// nextLeaf: just after the next static evaluation, or the end of what has arrived.
export function nextLeaf(trace, k) {
  const leaves = trace.leafIdx, j = countBelow(leaves, k);
  return j < leaves.length ? leaves.get(j) + 1 : trace.length;
}
// prevLeaf: just after the evaluation before the one shown, or 0.
export function prevLeaf(trace, k) {
  const j = countBelow(trace.leafIdx, k - 1) - 1;
  return j >= 0 ? trace.leafIdx.get(j) + 1 : 0;
}

// treeCounts: what the tree lets us say about any search of it to depth d: the leaves it has at
// that horizon and, when it is uniform, Knuth and Moore's minimum. null for chess. random is the
// form's b=..,d=.. spec, for a generated tree too big to come with the started frame.
export function treeCounts(started, random = "") {
  if (!started || started.kind !== "tree") return null;
  const d = Number(started.options && started.options.depth) || 0;
  const tree = started.tree;
  if (!tree) {
    // Too big to send: a generated tree's spec still gives both counts.
    const b = Number((/\bb=(\d+)/.exec(random) || [])[1]) || 0;
    const depth = Math.min(d, Number((/\bd=(\d+)/.exec(random) || [])[1]) || d);
    return started.minimalLeaves ? { leaves: b ? b ** depth : 0, minimal: started.minimalLeaves, b, d: depth } : null;
  }
  const depth = Math.min(d || height(tree), height(tree));
  const b = uniformBranching(tree, depth);
  return { leaves: horizonLeaves(tree, depth), minimal: started.minimalLeaves || (b ? knuthMoore(b, depth) : 0), b, d: depth };
}

// parseDiff("trace:TOKEN1,trace:TOKEN2") or ("pvs,pvs:order-killers=false"): the two searches of a
// search diff (diff.js), A first. An entry is an opened trace's token, or options over the form's
// (an algorithm first if it names one, then name=value, joined by ":"; empty: the form's alone).
export function parseDiff(text) {
  const parts = String(text || "").split(",").map((s) => s.trim());
  if (parts.length !== 2) return { error: `A search diff compares two searches, A and B (?diff=A,B); this one has ${parts.length}.` };
  const panes = [];
  for (const [i, part] of parts.entries()) {
    const side = i ? "B" : "A";
    if (part.startsWith("trace:")) {
      const token = part.slice(6);
      if (!/^[\w-]+$/.test(token)) return { error: `"${part}" in the diff is not an opened trace: write trace: and the token pvscope view printed.` };
      panes.push({ side, token, label: `${side}: a trace file` });
      continue;
    }
    const segs = part ? part.split(":").map((s) => s.trim()) : [];
    const algo = segs.length && ALGOS.includes(segs[0]) ? segs.shift() : "";
    const options = {};
    for (const o of segs) {
      const m = /^([a-z][a-z-]*)=(\S+)$/.exec(o);
      if (!m || m[1] === "algo" || m[1] === "diff" || m[1] === "compare") return { error: `"${o}" in the diff is not an option; write it as name=value, for example ${side === "A" ? "pvs" : "pvs:order-killers=false"}.` };
      options[m[1]] = m[2];
    }
    if (algo) options.algo = algo;
    const words = Object.entries(options).map(([k, v]) => `${k}=${v}`).join(", ");
    panes.push({ side, algo: algo || "", options, label: `${side}: ${words || "the form's options"}` });
  }
  return { panes };
}
