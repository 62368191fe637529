// sheet.js: a worksheet and its answer key for an exercise (?exercise=KIND&sheet=1, or "Print
// sheet" in the exercise panel): N seeded trees (trees=6) laid out three to a page on A4 or Letter
// (paper=a4|letter) with room to write, then the key pages; the browser's print makes the PDF.
// The trees are the server's random=b,d,seed trees with seeds seed .. seed+N-1, and the sheet
// names them, so the same sheet can be made again from its URL.
import { KIND_TITLES, keyOf, innerPaths, playerAt } from "./exercise.js";
import { exerciseTree } from "./exerciseui.js";
import { treeSVG } from "./treesvg.js";
import { readForm } from "./url.js";

export const PER_PAGE = 3;
const MAX_TREES = 24;
const SHEET_RANDOM = "b=2,d=4,seed=1"; // 16 leaves: three trees a page stay readable
const PAPER = { a4: { name: "A4", w: 210, h: 297 }, letter: { name: "Letter", w: 215.9, h: 279.4 } };

const el = (tag, cls, text) => { const e = document.createElement(tag); if (cls) e.className = cls; if (text !== undefined) e.textContent = text; return e; };
const valueText = (v) => (v.bound === "upper" ? `≤${v.value}` : v.bound === "lower" ? `≥${v.value}` : `${v.value}`);
const rangeText = (r) => (r.min === null && r.max === null ? "any" : r.min === null ? `≤${r.max}` : r.max === null ? `≥${r.min}` : r.min === r.max ? `${r.min}` : `${r.min}..${r.max}`);

// What a student writes for each kind, under the tree.
function answerLines(kind, tree) {
  switch (kind) {
    case "prune": return ["The root's value: ________"];
    case "mirror": return ["Searched right to left: cross out the leaves never evaluated."];
    case "count": return ["Static evaluations:   minimax ______   alpha-beta ______   PVS ______"];
    case "values": return ["Write alpha-beta's value in the box beside each node it searches (≥ v or ≤ v for a bound)."];
    case "bounds": return ["Under each leaf: the values it may take (≤ v, ≥ v, a..b, or any)."];
    case "order": return [innerPaths(tree).map((p) => `${p === "" ? "root" : p}: ______`).join("    ")];
  }
  return [];
}

// The key for one tree, as a figure's marks and a line of text.
function keyMarks(kind, tree) {
  const key = keyOf(kind, tree);
  switch (kind) {
    case "prune": return { opts: { crossed: new Set(key.unread) }, text: `The root's value: ${key.root}. Never evaluated: ${key.unread.join(", ") || "none"}.` };
    case "mirror": return { opts: { crossed: new Set(key.unread) }, text: `Right to left, never evaluated: ${key.unread.join(", ") || "none"}.` };
    case "count": return { opts: {}, text: `Minimax ${key.minimax}, alpha-beta ${key.alphabeta}, PVS ${key.pvs} static evaluations.` };
    case "values": return { opts: { labels: Object.fromEntries(Object.entries(key).map(([p, v]) => [p, valueText(v)])) }, text: `Nodes never searched have no value.` };
    case "bounds": return { opts: { under: Object.fromEntries(Object.entries(key).map(([p, r]) => [p, rangeText(r)])) }, text: "" };
    case "order": return { opts: {}, text: `Best: ${key.leaves} leaves, with ` + Object.entries(key.order).map(([p, o]) => `${p === "" ? "root" : p} ${playerAt(p)}: ${o.join(" ")}`).join("; ") + "." };
  }
  return { opts: {}, text: "" };
}

// createSheet({form}): open(kind, {trees, paper}) builds the sheet over the page.
export function createSheet({ form }) {
  let sheet = null, state = null, style = null;

  function params() {
    const q = new URLSearchParams(location.search);
    const n = Math.max(1, Math.min(MAX_TREES, parseInt(q.get("trees") || "6", 10) || 6));
    const paper = PAPER[(q.get("paper") || "").toLowerCase()] ? q.get("paper").toLowerCase() : navigator.language === "en-US" ? "letter" : "a4";
    return { n, paper };
  }

  function setURL(kind, { n, paper }) {
    const q = new URLSearchParams(location.search);
    q.set("exercise", kind); q.set("sheet", "1"); q.set("trees", String(n)); q.set("paper", paper);
    const s = q.toString().replace(/%28/g, "(").replace(/%29/g, ")").replace(/%2C/g, ",").replace(/%3D/g, "=");
    history.replaceState(null, "", location.pathname + "?" + s);
  }

  async function open(kind, opts = {}) {
    const { n, paper } = { ...params(), ...opts };
    const base = readForm(form).setup.random || SHEET_RANDOM;
    const seed0 = Number((/seed=(\d+)/.exec(base) || [0, 1])[1]);
    const spec = (s) => (/seed=\d+/.test(base) ? base.replace(/seed=\d+/, `seed=${s}`) : `${base},seed=${s}`);
    close();
    setURL(kind, { n, paper });
    const trees = [];
    for (let i = 0; i < n; i++) trees.push(exerciseTree({ random: spec(seed0 + i) }));
    const got = await Promise.all(trees);
    state = { kind, seed: seed0, trees: n, paper, random: base };
    build(kind, got, { n, paper, seed0, base });
    return state;
  }

  function build(kind, got, { n, paper, seed0, base }) {
    const P = PAPER[paper];
    style = document.createElement("style");
    style.textContent = `@page { size: ${P.name === "A4" ? "A4" : "letter"} portrait; margin: 12mm; }
      .sheet-page { width: ${P.w}mm; height: ${P.h}mm; }
      @media print { .sheet-page { width: auto; height: ${P.h - 24 - 1}mm; } }`;
    document.head.append(style);
    sheet = el("div", "sheet");
    sheet.dataset.testid = "sheet";
    const bar = el("div", "sheet-toolbar");
    const print = el("button", "primary", "Print…");
    print.type = "button"; print.dataset.testid = "sheet-print-now"; print.addEventListener("click", () => window.print());
    const paperSel = el("select");
    paperSel.dataset.testid = "sheet-paper";
    for (const [v, p] of Object.entries(PAPER)) { const o = el("option", "", p.name); o.value = v; o.selected = v === paper; paperSel.append(o); }
    paperSel.addEventListener("change", () => open(kind, { n, paper: paperSel.value }));
    const shut = el("button", "", "Close");
    shut.type = "button"; shut.dataset.testid = "sheet-close"; shut.addEventListener("click", close);
    bar.append(el("strong", "", `Worksheet: ${kind}`), el("span", "", `${n} trees, ${base.replace(/,?seed=\d+/, "")}, seeds ${seed0} to ${seed0 + n - 1}`), paperSel, print, shut);
    sheet.append(bar);
    const title = `pvscope worksheet · ${kind} · seed ${seed0}`;
    const pages = [];
    const page = (key) => {
      const p = el("section", "sheet-page" + (key ? " sheet-key" : ""));
      const head = el("header", "sheet-head");
      head.append(el("strong", "", key ? `Answer key · ${kind} · seed ${seed0}` : title), el("span", "", key ? `trees ${base.replace(/,?seed=\d+/, "")}, seeds ${seed0}–${seed0 + n - 1}` : "Name: ______________________"));
      p.append(head);
      pages.push(p);
      return p;
    };
    const item = (p, i, t, key) => {
      const box = el("div", "sheet-item");
      box.append(el("h3", "", `${i + 1}. Tree random=${base.replace(/seed=\d+/, `seed=${seed0 + i}`)}`));
      let opts = { blanks: !key && kind === "values", under: !key && kind === "bounds" ? Object.fromEntries(leafList(t.tree).map((l) => [l, "_____"])) : {} };
      let text = "";
      if (key) { const k = keyMarks(kind, t.tree); opts = k.opts; text = k.text; }
      const fig = el("div", "sheet-figure");
      fig.innerHTML = treeSVG(t.tree, { ...opts, dx: 44, dy: 50, r: 15, font: 12 });
      box.append(fig);
      for (const line of key ? [text] : answerLines(kind, t.tree)) if (line) box.append(el("p", "sheet-answer", line));
      p.append(box);
    };
    let p = null;
    got.forEach((t, i) => { if (i % PER_PAGE === 0) { p = page(false); if (i === 0) p.append(el("p", "sheet-q", KIND_TITLES[kind] + (/[?.]$/.test(KIND_TITLES[kind]) ? "" : ".") + " Each tree: MAX (▲) at the root, MIN (▼) below, leaves in boxes; alpha-beta searches the children left to right unless told otherwise.")); } item(p, i, t, false); });
    got.forEach((t, i) => { if (i % PER_PAGE === 0) p = page(true); item(p, i, t, true); });
    const foot = el("p", "sheet-foot", `Made with pvscope: ${location.origin}${location.pathname}${location.search}`);
    pages[pages.length - 1].append(foot);
    sheet.append(...pages);
    document.body.append(sheet);
    document.documentElement.classList.add("sheet-open");
    state.pages = pages.length;
  }

  function close() {
    if (sheet) sheet.remove();
    if (style) style.remove();
    sheet = null; style = null; state = null;
    document.documentElement.classList.remove("sheet-open");
    const q = new URLSearchParams(location.search);
    if (q.has("sheet")) {
      for (const k of ["sheet", "trees", "paper"]) q.delete(k);
      const s = q.toString().replace(/%28/g, "(").replace(/%29/g, ")").replace(/%2C/g, ",").replace(/%3D/g, "=");
      history.replaceState(null, "", location.pathname + (s ? "?" + s : ""));
    }
  }

  function load() {
    const q = new URLSearchParams(location.search);
    if (q.get("sheet") === "1" && q.get("exercise")) return open(q.get("exercise")).catch((err) => console.error(err));
    return null;
  }

  return { open, close, load, snapshot: () => (state ? { ...state } : null) };
}

function leafList(tree, path = [], out = []) {
  if (!Array.isArray(tree)) out.push(path.join("."));
  else tree.forEach((c, i) => leafList(c, [...path, i], out));
  return out;
}
