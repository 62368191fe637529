// sheet.js: a worksheet and its answer key for an exercise (?exercise=KIND&sheet=1, or "Print
// sheet" in the exercise panel): N seeded trees (trees=6) laid out three to a page on A4 or Letter
// (paper=a4|letter) with room to write, then the key pages; the browser's print makes the PDF.
// The trees are the server's random=b,d,seed trees with seeds seed .. seed+N-1, and the sheet
// names them, so the same sheet can be made again from its URL.
import { kindTitle, kindName, keyOf, innerPaths, playerAt } from "./exercise.js";
import { exerciseTree, sentence } from "./exerciseui.js";
import { treeSVG, figureSizes } from "./treesvg.js";
import { readForm } from "../url.js";
import { t } from "../i18n/i18n.js";
import { valueText } from "./valuegrade.js";
import { isGame, boardSVG, edgeNames, caption, sideWord } from "./gameexercise.js";

export const PER_PAGE = 3;
const GAME_PER_PAGE = 2; // a game's tree is wider and has its board with it
const BESIDE = 45;
const MAX_TREES = 24;
const SHEET_RANDOM = "b=2,d=4,seed=1,values=0..20"; // 16 small leaves: three trees a page stay readable
const PAPER = { a4: { name: "A4", w: 210, h: 297 }, letter: { name: "Letter", w: 215.9, h: 279.4 } };
const paperName = (v) => (v === "a4" ? t("sheet.paperA4") : t("sheet.paperLetter"));

const el = (tag, cls, text) => { const e = document.createElement(tag); if (cls) e.className = cls; if (text !== undefined) e.textContent = text; return e; };
const rangeText = (r) => (r.min === null && r.max === null ? t("exerciseui.anyWord") : r.min === null ? `≤${r.max}` : r.max === null ? `≥${r.min}` : r.min === r.max ? `${r.min}` : `${r.min}..${r.max}`);

// What a student writes for each kind, under the tree.
function answerLines(kind, tree) {
  switch (kind) {
    case "prune": return [t("sheet.linePrune")];
    case "mirror": return [t("sheet.lineMirror")];
    case "count": return [t("sheet.lineCount")];
    case "values": return [t("sheet.lineValues")];
    case "bounds": return [t("sheet.lineBounds")];
    case "order": return [innerPaths(tree).map((p) => t("sheet.lineOrderNode", { node: p === "" ? "root" : p })).join("    ")];
  }
  return [];
}

// The key for one tree, as a figure's marks and a line of text.
export function keyMarks(kind, tree) {
  const key = keyOf(kind, tree);
  switch (kind) {
    case "prune": return { opts: { crossed: new Set(key.unread) }, text: t("sheet.keyPrune", { value: String(key.root), n: key.unread.length, leaves: key.unread.join(", ") }) };
    case "mirror": return { opts: { crossed: new Set(key.unread) }, text: t("sheet.keyMirror", { n: key.unread.length, leaves: key.unread.join(", ") }) };
    case "count": return { opts: {}, text: t("sheet.keyCount", key) };
    case "values": return { opts: { labels: Object.fromEntries(Object.entries(key).map(([p, v]) => [p, valueText(v)])) }, text: t("sheet.keyValues") };
    case "bounds": return { opts: { under: Object.fromEntries(Object.entries(key).map(([p, r]) => [p, rangeText(r)])) }, text: "" };
    case "order": {
      const orders = Object.entries(key.order).map(([p, o]) => t("sheet.keyOrderNode", { node: p === "" ? "root" : p, player: playerAt(p), order: o.join(" ") })).join(t("sheet.keyOrderJoin"));
      return { opts: {}, text: t("sheet.keyOrder", { n: key.leaves, orders }) };
    }
  }
  return { opts: {}, text: "" };
}

// createSheet({form}): open(kind, {trees, paper}) builds the sheet over the page.
export function createSheet({ form, showError = (m) => console.error(m) }) {
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
    const setup = readForm(form).setup;
    if (isGame(setup.game)) return openGame(kind, setup, { n, paper });
    const base = setup.random || SHEET_RANDOM;
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

  // A game's sheet: the position's tree first, then trees of positions a few seeded random moves
  // on (seeds 1 .. n-1, session.GameExerciseTree), each with its board above it.
  async function openGame(kind, setup, { n, paper }) {
    close();
    setURL(kind, { n, paper });
    const got = await Promise.all([...Array(n).keys()].map((i) => exerciseTree(setup, { seed: i })));
    state = { kind, seed: 0, trees: n, paper, random: "", game: setup.game, position: setup.position || "" };
    build(kind, got, { n, paper, seed0: 0, base: "", game: setup.game });
    return state;
  }

  function build(kind, got, { n, paper, seed0, base, game = "" }) {
    const P = PAPER[paper];
    // A game's trees are wide (Connect Four's 49 leaves, tic-tac-toe's up to 72): landscape.
    const land = !!game, W = land ? P.h : P.w, H = land ? P.w : P.h;
    style = document.createElement("style");
    style.textContent = `@page { size: ${P.name === "A4" ? "A4" : "letter"} ${land ? "landscape" : "portrait"}; margin: 12mm; }
      .sheet-page { width: ${W}mm; height: ${H}mm; }
      @media print { .sheet-page { width: auto; height: ${H - 24 - 1}mm; } }`;
    document.head.append(style);
    sheet = el("main", "sheet"); // the page's one main landmark while the rest is hidden
    sheet.dataset.testid = "sheet";
    const bar = el("div", "sheet-toolbar");
    const print = el("button", "primary", t("sheet.print"));
    print.type = "button"; print.dataset.testid = "sheet-print-now"; print.addEventListener("click", () => window.print());
    const paperSel = el("select");
    paperSel.dataset.testid = "sheet-paper";
    const paperLabel = el("label", "", t("sheet.paper") + " ");
    paperLabel.append(paperSel);
    for (const v of Object.keys(PAPER)) { const o = el("option", "", paperName(v)); o.value = v; o.selected = v === paper; paperSel.append(o); }
    paperSel.addEventListener("change", () => open(kind, { n, paper: paperSel.value }));
    const shut = el("button", "", t("sheet.close"));
    shut.type = "button"; shut.dataset.testid = "sheet-close"; shut.addEventListener("click", close);
    const spec = game ? t(`gameexercise.game-${game}`) : base.replace(/,?seed=\d+/, ""), name = kindName(kind);
    bar.append(el("h1", "", t("sheet.toolbarTitle", { kind: name })), el("span", "", t("sheet.toolbarTrees", { n, spec, first: seed0, last: seed0 + n - 1 })), paperLabel, print, shut);
    sheet.append(bar);
    const title = t("sheet.title", { kind: name, seed: seed0 });
    const pages = [];
    const page = (key) => {
      const p = el("section", "sheet-page" + (key ? " sheet-key" : ""));
      const head = el("header", "sheet-head");
      head.append(el("strong", "", key ? t("sheet.keyTitle", { kind: name, seed: seed0 }) : title), el("span", "", key ? t("sheet.keyTrees", { spec, first: seed0, last: seed0 + n - 1 }) : t("sheet.name")));
      p.append(head);
      pages.push(p);
      return p;
    };
    const item = (p, i, one, key) => {
      const box = el("div", "sheet-item");
      const g = one.game;
      let b = null;
      if (g) {
        // The position the tree starts from, so the student reads the game: at the tree's left
        // when the tree has at most BESIDE leaves (the page's height is what limits its size:
        // tic-tac-toe's b2 a1, 42 leaves, 5.2 pt above, 7.2 pt beside), else above it (the
        // width limits it: the empty board's 72 leaves 5.9 pt above, 5.2 beside).
        const root = g.nodes[""];
        box.append(el("h2", "", t("gameexercise.sheetItem", { i: i + 1, game: t(`gameexercise.game-${g.game}`), side: sideWord(root.side), position: g.position })));
        b = el("div", "sheet-board");
        b.innerHTML = boardSVG(g.game, root.cells, { size: 110, label: caption(g, ""), testid: "sheet-board" });
      } else box.append(el("h2", "", t("sheet.item", { i: i + 1, spec: base.replace(/seed=\d+/, `seed=${seed0 + i}`) })));
      let opts = { blanks: !key && kind === "values", under: !key && kind === "bounds" ? Object.fromEntries(leafList(one.tree).map((l) => [l, "_____"])) : {} };
      let text = "";
      if (key) { const k = keyMarks(kind, one.tree); opts = k.opts; text = k.text; }
      const fig = el("div", "sheet-figure");
      fig.innerHTML = treeSVG(one.tree, { ...opts, ...figureSizes(one.tree, true), edgeNames: g ? edgeNames(g.nodes) : null });
      if (b && leafList(one.tree).length <= BESIDE) { const row = el("div", "sheet-game-row"); row.append(b, fig); box.append(row); } else box.append(...(b ? [b] : []), fig);
      for (const line of key ? [text] : answerLines(kind, one.tree)) if (line) box.append(el("p", "sheet-answer", line));
      p.append(box);
    };
    let p = null;
    const per = game ? GAME_PER_PAGE : PER_PAGE;
    const about = game ? " " + t("gameexercise.sheetQ", { depth: got[0].game.depth }) + " " + t("gameexercise.leaves", { win: game === "tictactoe" ? 100 : 10000 }) : "";
    got.forEach((one, i) => { if (i % per === 0) { p = page(false); if (i === 0) p.append(el("p", "sheet-q", sentence(kindTitle(kind)) + " " + t("sheet.conventions") + about)); } item(p, i, one, false); });
    got.forEach((one, i) => { if (i % per === 0) p = page(true); item(p, i, one, true); });
    const foot = el("p", "sheet-foot", t("sheet.madeWith", { url: `${location.origin}${location.pathname}${location.search}` }));
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
    // A link's unknown exercise is said on the page (it was only logged to the console).
    if (q.get("sheet") === "1" && q.get("exercise")) return open(q.get("exercise")).catch((err) => showError(err.message));
    return null;
  }

  return { open, close, load, snapshot: () => (state ? { ...state } : null) };
}

function leafList(tree, path = [], out = []) {
  if (!Array.isArray(tree)) out.push(path.join("."));
  else tree.forEach((c, i) => leafList(c, [...path, i], out));
  return out;
}
