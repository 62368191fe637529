// compareplan.js: the pure half of the side-by-side comparison. What ?compare= asks for (one
// pane per entry: an algorithm, optionally with options, "pvs:tt=false"), each pane's start
// command, the leaf-by-leaf moves through a Trace, and the counts shown beside the panes.
import { countBelow } from "../model/model.js";
import { horizonLeaves, uniformBranching, knuthMoore, height } from "../teaching/treeops.js";
import { t } from "../i18n/i18n.js";

export const ALGOS = ["minimax", "alphabeta", "pvs"];
export const MAX_PANES = 4;

// parseCompare("minimax,alphabeta,pvs:tt=false") -> {panes: [{algo, options, label}]} or {error}.
export function parseCompare(text) {
  const parts = String(text || "").split(",").map((s) => s.trim()).filter(Boolean);
  if (parts.length < 2) return { error: t("compareplan.tooFew") };
  if (parts.length > MAX_PANES) return { error: t("compareplan.tooMany", { most: MAX_PANES, n: parts.length }) };
  const panes = [];
  for (const part of parts) {
    const [algo, ...opts] = part.split(":").map((s) => s.trim());
    if (!ALGOS.includes(algo)) {
      return { error: t("compareplan.notAlgorithm", { algo }) };
    }
    const options = {};
    for (const o of opts) {
      const m = /^([a-z][a-z-]*)=(\S+)$/.exec(o);
      if (!m || m[1] === "algo") return { error: t("compareplan.notOption", { entry: o }) };
      options[m[1]] = m[2];
    }
    panes.push({ algo, options, label: paneLabel(algo, options) });
  }
  return { panes };
}

// paneLabel: "PVS, table off, null-move on" (the transposition table is "table" on a pane).
function paneLabel(algo, options) {
  const words = Object.entries(options).map(([k, v]) =>
    k === "tt" && (v === "true" || v === "false") ? (v === "true" ? t("compareplan.tableOn") : t("compareplan.tableOff"))
      : v === "true" ? t("compareplan.optionOn", { option: k }) : v === "false" ? t("compareplan.optionOff", { option: k })
        : t("compareplan.optionValue", { option: k, value: v }));
  return [algoLabel(algo), ...words].join(", ");
}

// algoLabel: a pane's algorithm as its title names it ("Alpha-beta"); ALGOS are its words.
export const algoLabel = (algo) => t(`compareplan.algo-${algo}`);

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
    const note = quiet && options.qsearch === "false" ? t("compareplan.quiescenceOff") : "";
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
  if (parts.length !== 2) return { error: t("compareplan.diffCount", { n: parts.length }) };
  const panes = [];
  for (const [i, part] of parts.entries()) {
    const side = i ? "B" : "A";
    if (part.startsWith("trace:")) {
      const token = part.slice(6);
      if (!/^[\w-]+$/.test(token)) return { error: t("compareplan.diffNotTrace", { entry: part }) };
      panes.push({ side, token, label: t("compareplan.diffTraceLabel", { side }) });
      continue;
    }
    const segs = part ? part.split(":").map((s) => s.trim()) : [];
    const algo = segs.length && ALGOS.includes(segs[0]) ? segs.shift() : "";
    const options = {};
    for (const o of segs) {
      const m = /^([a-z][a-z-]*)=(\S+)$/.exec(o);
      if (!m || m[1] === "algo" || m[1] === "diff" || m[1] === "compare") return { error: t("compareplan.diffNotOption", { entry: o, example: side === "A" ? "pvs" : "pvs:order-killers=false" }) };
      options[m[1]] = m[2];
    }
    if (algo) options.algo = algo;
    const words = Object.entries(options).map(([k, v]) => `${k}=${v}`).join(", ");
    panes.push({ side, algo: algo || "", options, label: words ? t("compareplan.diffOptionsLabel", { side, options: words }) : t("compareplan.diffFormLabel", { side }) });
  }
  return { panes };
}
