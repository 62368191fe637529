// tikz.js: the tree shown (scene.js) as LaTeX with the forest package: a document the tree's
// size that compiles as it is with pdflatex and a plain TeX Live (forest is in texlive-pictures), or the bare forest environment (with
// its colours) to paste into a slide whose preamble loads forest and shapes.geometric.
// Shapes and colours follow the page: PV circle, Cut square, All diamond; exact, fail-high,
// fail-low fills; pruned stubs dashed; the PV's edges heavy; windows under the nodes.
import { valueText } from "./scene.js";
import { t } from "../i18n/i18n.js";

const MAX_TIKZ_NODES = 500; // past this, forest takes minutes and the page is unreadable

const COLOURS = { exact: "exact", "fail-high": "fail-high", "fail-low": "fail-low", tt: "tt", open: "open", stopped: "stopped",
  pruned: "pruned", edge: "edge", text: "text", pv: "pv" };

// TeX for a value or window: ∞ and the bound signs in math mode.
export function texMath(s) {
  return "$" + String(s).replace(/∞/g, "\\infty").replace(/≤/g, "\\le ").replace(/≥/g, "\\ge ").replace(/−/g, "-") + "$";
}

// TeX for a move (SAN, UCI or a child index): typewriter, specials escaped.
export function texText(s) {
  const map = { "\\": "\\textbackslash{}", "#": "\\#", $: "\\$", "%": "\\%", "&": "\\&", _: "\\_", "{": "\\{", "}": "\\}", "~": "\\textasciitilde{}", "^": "\\textasciicircum{}" };
  return String(s).replace(/[\\#$%&_{}~^]/g, (c) => map[c]).replace(/[^\x20-\x7e]/g, "?");
}

function hex(c, fallback) {
  const m = /^#([0-9a-f]{6})$/i.exec(String(c).trim());
  return m ? m[1].toUpperCase() : fallback;
}

const FALLBACK = { exact: "009E73", "fail-high": "D55E00", "fail-low": "0072B2", tt: "CC79A7", open: "E69F00", stopped: "777777",
  pruned: "BBBBBB", edge: "999999", text: "222222", pv: "000000" };

// toForest(scene, {bare, col}) -> LaTeX text.
export function toForest(sc, { bare = false, col = {} } = {}) {
  if (sc.nodes.length > MAX_TIKZ_NODES) {
    throw new Error(t("tikz.tooBig", { max: MAX_TIKZ_NODES, n: sc.nodes.length }));
  }
  const defs = Object.entries(COLOURS).map(([name, key]) => `\\definecolor{pv${name.replace("-", "")}}{HTML}{${hex(col[key], FALLBACK[key])}}`);
  const firstOfPly = new Set();
  const seenPly = new Set();
  for (const n of sc.nodes) if (n.kind !== "summary" && !seenPly.has(n.ply)) { seenPly.add(n.ply); firstOfPly.add(n); }
  const rowName = (ply) => (sc.viewMode === "root" ? (ply % 2 ? "MIN" : "MAX") : "");

  const lines = [];
  const emit = (n, indent) => {
    const opts = [];
    let content;
    if (n.kind === "pruned") {
      content = n.value ? texMath(n.value) : "";
      opts.push("pruned");
    } else if (n.kind === "summary") {
      content = `\\tiny ${n.value.replace(/,/g, "{,}")}`;
      opts.push("summary", `fill=pv${n.outcome.replace("-", "")}`);
    } else {
      content = n.value || n.range ? texMath(valueText(n)) : ""; // a range (ranges.js) even before a value
      opts.push(n.shape === "square" ? "cutnode" : n.shape === "diamond" ? "allnode" : "pvnode");
      opts.push(`fill=pv${(COLOURS[n.outcome] ? n.outcome : "stopped").replace("-", "")}`);
      if (n.onPV) opts.push("onpv");
      if (n.current) opts.push("current");
      if (n.window) opts.push(`label={[window]below:{${texMath(n.window)}}}`);
    }
    if (n.parent) {
      const style = n.kind === "pruned" ? "pruned edge" : n.onPV && n.parent.onPV ? "pv edge" : "";
      if (style) opts.push(style);
      if (n.move) opts.push(`edge label={node[move]{\\texttt{${texText(n.move)}}}}`);
    }
    if (firstOfPly.has(n) && rowName(n.ply)) opts.push(`label={[row]left:${rowName(n.ply)}}`);
    const head = `${"  ".repeat(indent)}[{${content}}${opts.length ? ", " + opts.join(", ") : ""}`;
    if (!n.kids.length) { lines.push(head + "]"); return; }
    lines.push(head);
    for (const k of n.kids) emit(k, indent + 1);
    lines.push(`${"  ".repeat(indent)}]`);
  };
  emit(sc.root, 1);

  const styles = [
    "  for tree={draw=pvtext, circle, minimum size=7mm, inner sep=0pt, font=\\footnotesize\\bfseries, text=white,",
    "    s sep=3mm, l sep=9mm, edge={draw=pvedge, line width=0.6pt}},",
  ];
  const body = [
    "% pvscope: the search tree as shown; shapes: PV circle, Cut square, All diamond; fills: exact, fail-high, fail-low.",
    ...defs,
    "\\tikzset{",
    "  pvnode/.style={circle}, cutnode/.style={rectangle, minimum size=6mm}, allnode/.style={diamond, minimum size=8mm},",
    "  pruned/.style={circle, draw=pvpruned, dashed, fill=white, text=pvstopped, font=\\footnotesize},",
    "  onpv/.style={double=pvpv, double distance=0.6pt}, current/.style={line width=1.5pt, draw=pvopen},",
    "  summary/.style={rectangle, rounded corners=2pt, minimum width=12mm},",
    "  window/.style={font=\\tiny, text=pvstopped, fill=white, inner sep=0.5pt}, move/.style={midway, fill=white, inner sep=1pt, font=\\tiny},",
    "  row/.style={font=\\scriptsize\\bfseries, text=pvstopped, xshift=-3mm}}",
    "\\forestset{pruned edge/.style={edge={draw=pvpruned, dashed}}, pv edge/.style={edge={draw=pvpv, line width=1.8pt}}}",
    "\\begin{forest}",
    ...styles,
    ...lines,
    "\\end{forest}",
  ];
  if (bare) return ["% Needs in the preamble: \\usepackage{forest} and \\usetikzlibrary{shapes.geometric}", ...body].join("\n") + "\n";
  // A page the tree's size, as the standalone class would make it; Debian's TeX Live has
  // standalone only in texlive-latex-extra, so pdfTeX's page size is set by hand instead.
  return [
    "\\documentclass{article}",
    "\\usepackage[T1]{fontenc}",
    "\\usepackage{forest}",
    "\\usetikzlibrary{shapes.geometric}",
    "\\newsavebox{\\pvscopetree}",
    "\\begin{document}",
    "\\begin{lrbox}{\\pvscopetree}",
    ...body,
    "\\end{lrbox}",
    "\\pdfpagewidth=\\dimexpr\\wd\\pvscopetree+12pt\\relax",
    "\\pdfpageheight=\\dimexpr\\ht\\pvscopetree+\\dp\\pvscopetree+12pt\\relax",
    "\\pdfhorigin=6pt \\pdfvorigin=6pt",
    "\\shipout\\hbox{\\usebox{\\pvscopetree}}",
    "\\end{document}",
  ].join("\n") + "\n";
}
