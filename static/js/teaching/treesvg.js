// treesvg.js: a teaching tree drawn as in a textbook exercise, as SVG text: ▲ MAX and ▼ MIN
// nodes, leaves as boxes with their values, each edge named by its child index. Used by the
// exercises (exerciseui.js) and the worksheet (sheet.js), which add marks: crossed-out leaves,
// values or blanks beside the inner nodes, a range under each leaf.
import { isLeaf, playerAt } from "./exercise.js";
import { t } from "../i18n/i18n.js";

const esc = (s) => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

// layoutTree(tree, {dx, dy}) -> [{path, x, y, leaf, value, parent}]: leaves dx apart, levels dy
// apart, each inner node centred over its children.
// order ({path: [child indices]}) draws a node's children in that order (paths stay the tree's).
export function layoutTree(tree, { dx = 40, dy = 64, order = null } = {}) {
  const out = [];
  let next = 0;
  const visit = (t, path, depth, parent) => {
    const p = path.join(".");
    const node = { path: p, y: depth * dy, leaf: isLeaf(t), value: isLeaf(t) ? t : null, parent, x: 0 };
    out.push(node);
    if (node.leaf) { node.x = next++ * dx; return node; }
    const idx = (order && order[p]) || t.map((_, i) => i);
    const kids = idx.map((i) => visit(t[i], [...path, i], depth + 1, node));
    node.x = (kids[0].x + kids[kids.length - 1].x) / 2;
    return node;
  };
  visit(tree, [], 0, null);
  return out;
}

// figureSizes(tree): the drawing's sizes for a tree's leaves. Leaves of at most two characters
// (values=0..20, the numbers exam papers use) are drawn large and close together: 18-unit text
// in 32-unit steps prints at 10 pt or more on a worksheet of 27 leaves (A4 or Letter) and reads
// on a phone; longer values keep room for four digits. A worksheet's wide-value trees get a
// little more room than the exercise panel's.
export function figureSizes(tree, sheet = false) {
  let long = false;
  const walk = (t) => { if (Array.isArray(t)) t.forEach(walk); else if (String(t).length > 2) long = true; };
  walk(tree);
  if (!long) return { dx: 32, dy: 46, r: 13, font: 18 };
  return sheet ? { dx: 44, dy: 50, r: 15, font: 12 } : { dx: 40, dy: 64, r: 11, font: 10 };
}

// treeSVG(tree, opts) -> SVG text. opts: crossed (Set of leaf paths drawn crossed out), labels
// ({path: text} beside inner nodes), blanks (a box beside each inner node to write in), under
// ({leaf path: text} below leaves), highlight (Set of paths ringed), width (px, the drawing
// scales to it), clickable (leaves get a pointer and a title), marked (Set of paths a graded
// answer got wrong: ringed in red with their path written beside them, as the feedback names them),
// edgeNames ({path: move}: a game's tree names its edges with the moves, gameexercise.js).
export function treeSVG(tree, { crossed = new Set(), labels = {}, blanks = false, under = {}, highlight = new Set(),
  width = 0, clickable = false, dx = 40, dy = 64, rows = true, r = 11, font = 10, order = null, selectable = false, marked = new Set(),
  edgeNames = null } = {}) {
  const nodes = layoutTree(tree, { dx, dy, order });
  const left = rows ? 46 : 16, top = 22;
  const maxX = Math.max(...nodes.map((n) => n.x)), maxY = Math.max(...nodes.map((n) => n.y));
  // Text under the leaves (a bounds exercise's ranges) alternates between two lines when the
  // leaves stand closer than a range is wide, and the figure grows to hold it.
  const stagger = Object.keys(under).length > 0 && dx < 4 * font;
  // The right margin holds a value written beside a node (values exercise) or a wide range.
  // A graded answer's marks name their nodes: two rows of room under the leaves for them.
  const markFont = Math.max(9, font - 4);
  const w = maxX + left + (font > 12 ? 3 * font : 60), h = maxY + top + 44 + (stagger ? font + 4 : 0) + (marked.size ? 2 * (markFont + 4) : 0);
  const X = (x) => x + left, Y = (y) => y + top;
  const markAt = marked.size ? placeMarks(nodes, { marked, labels, under, X, Y, r, font, markFont, left, w, h, stagger }) : new Map();
  const out = [`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${width || w}" height="${width ? Math.round((h * width) / w) : h}" class="ex-tree" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">`];
  if (rows) {
    const seen = new Set();
    for (const n of nodes) {
      if (n.leaf || seen.has(n.y)) continue;
      seen.add(n.y);
      out.push(`<text x="4" y="${Y(n.y) + 4}" font-size="${Math.max(11, Math.round(font * 0.7))}" font-weight="bold" fill="#777">${playerAt(n.path)}</text>`);
    }
  }
  for (const n of nodes) {
    if (!n.parent) continue;
    out.push(`<line x1="${X(n.parent.x)}" y1="${Y(n.parent.y) + r}" x2="${X(n.x)}" y2="${Y(n.y) - r}" stroke="#888" stroke-width="1.2"/>`);
    // Clicking an edge crosses out (or back in) every leaf under it.
    if (clickable) out.push(`<line class="ex-edge" data-edge="${esc(n.path)}" x1="${X(n.parent.x)}" y1="${Y(n.parent.y) + r}" x2="${X(n.x)}" y2="${Y(n.y) - r}" stroke="transparent" stroke-width="10"><title>${esc(t("treesvg.edgeTitle", { path: n.path }))}</title></line>`);
    const i = n.path.split(".").pop();
    const mx = (X(n.parent.x) + X(n.x)) / 2, my = (Y(n.parent.y) + r + Y(n.y) - r) / 2;
    if (edgeNames) {
      // A game's tree names each edge with its move, in the game's notation (gameexercise.js).
      const side = n.x < n.parent.x ? -1 : n.x > n.parent.x ? 1 : 0, name = edgeNames[n.path] ?? i;
      out.push(`<text class="ex-move" data-move="${esc(n.path)}" x="${mx + side * 4 + (side ? 0 : 7)}" y="${my}" font-size="${Math.max(9, Math.round(font * 0.6))}" fill="#444" text-anchor="${side < 0 ? "end" : side > 0 ? "start" : "middle"}" stroke="#fff" stroke-width="2.5" paint-order="stroke">${esc(name)}</text>`);
      continue;
    }
    out.push(`<text x="${mx + (n.x < n.parent.x ? -6 : n.x > n.parent.x ? 6 : 7)}" y="${my}" font-size="8" fill="#999" text-anchor="middle">${i}</text>`);
  }
  let leafIndex = 0;
  for (const n of nodes) {
    const x = X(n.x), y = Y(n.y);
    if (highlight.has(n.path)) out.push(`<circle cx="${x}" cy="${y}" r="${r + 6}" fill="#fff3d6" stroke="#E69F00" stroke-width="2"/>`);
    if (marked.has(n.path)) {
      out.push(`<circle class="ex-mark" data-mark="${esc(n.path)}" cx="${x}" cy="${y}" r="${r + 5}" fill="none" stroke="#D55E00" stroke-width="2.5" stroke-dasharray="4 2"/>`);
      const m = markAt.get(n.path);
      out.push(`<text class="ex-mark-path" x="${m.x}" y="${m.y}" font-size="${markFont}" font-weight="bold" text-anchor="${m.anchor}" fill="#D55E00" stroke="#fff" stroke-width="3" paint-order="stroke">${esc(markText(n.path))}</text>`);
    }
    if (n.leaf) {
      const leafLabel = esc(t("treesvg.leafLabel", { path: n.path, value: n.value }));
      const attrs = clickable ? ` class="ex-leaf" data-path="${esc(n.path)}" tabindex="0" role="button" aria-pressed="${crossed.has(n.path)}" aria-label="${leafLabel}"`
        : selectable ? ` class="ex-node" data-path="${esc(n.path)}" tabindex="0" role="button" aria-label="${leafLabel}"` : edgeNames ? ` data-leaf="${esc(n.path)}"` : "";
      out.push(`<g${attrs}><title>${esc(t("treesvg.leafTitle", { path: n.path }))}</title><rect x="${x - r}" y="${y - r}" width="${2 * r}" height="${2 * r}" fill="#fff" stroke="#222" stroke-width="1.2"/>`);
      out.push(`<text class="leaf-value" x="${x}" y="${y}" font-size="${String(n.value).length * font * 0.62 > 2 * r - 2 ? font - 2 : font}" text-anchor="middle" dominant-baseline="central" fill="#222">${esc(n.value)}</text>`);
      if (crossed.has(n.path)) out.push(`<path d="M${x - r - 3} ${y - r - 3} L${x + r + 3} ${y + r + 3} M${x + r + 3} ${y - r - 3} L${x - r - 3} ${y + r + 3}" stroke="#D55E00" stroke-width="1.8" stroke-opacity="0.8"/>`);
      out.push("</g>");
      const low = stagger && leafIndex++ % 2 === 1 ? font + 4 : 0;
      if (under[n.path] !== undefined) out.push(`<text x="${x}" y="${y + r + font + 2 + low}" font-size="${font - 2}" text-anchor="middle" fill="#0072B2">${esc(under[n.path])}</text>`);
      continue;
    }
    const up = playerAt(n.path) === "MAX";
    const tri = up ? `${x},${y - r} ${x + r},${y + r * 0.8} ${x - r},${y + r * 0.8}` : `${x},${y + r} ${x + r},${y - r * 0.8} ${x - r},${y - r * 0.8}`;
    const sel = selectable && n.parent ? ` class="ex-node" data-path="${esc(n.path)}" tabindex="0" role="button" aria-label="${esc(t("treesvg.nodeLabel", { path: n.path }))}"` : "";
    out.push(`<polygon points="${tri}" fill="#fff" stroke="#222" stroke-width="1.2" data-node="${esc(n.path)}"${sel}/>`);
    if (labels[n.path] !== undefined) {
      out.push(`<text x="${x + r + 4}" y="${y - 4}" font-size="${font}" font-weight="bold" fill="#0072B2">${esc(labels[n.path])}</text>`);
    } else if (blanks) {
      out.push(`<rect x="${x + r + 3}" y="${y - r - 6}" width="${2.6 * font + 6}" height="${font + 6}" fill="none" stroke="#999" stroke-dasharray="2 2"/>`);
    }
  }
  out.push("</svg>");
  return out.join("");
}

const markText = (path) => (path === "" ? "root" : path);

// placeMarks(nodes, ...) -> Map(path -> {x, y, anchor}): where each marked node's path is written,
// placed as the tree's own labels are (treelabels.js): the first of a few spots around the node
// that stays inside the figure and clear of the nodes, the rows' names, the values and ranges
// written on the figure, and the marks placed before it; a spot that overlaps least when none is
// clear. It was always above the node's left: "root" cut at the top, ".0.0" at the left edge, and
// "1.2.1" over "1.2.2".
function placeMarks(nodes, { marked, labels, under, X, Y, r, font, markFont, left, w, h, stagger }) {
  const taken = [];
  const box = (x0, y0, x1, y1) => ({ x0, y0, x1, y1 });
  for (const n of nodes) {
    const x = X(n.x), y = Y(n.y), ring = marked.has(n.path) ? r + 7 : r + 1;
    taken.push(box(x - ring, y - ring, x + ring, y + ring));
    if (labels[n.path] !== undefined) taken.push(box(x + r + 4, y - 4 - font, x + r + 4 + String(labels[n.path]).length * font * 0.7, y - 4 + font * 0.3));
  }
  let leafIndex = 0;
  for (const n of nodes) {
    if (!n.leaf) continue;
    const low = stagger && leafIndex++ % 2 === 1 ? font + 4 : 0;
    if (under[n.path] === undefined) continue;
    const x = X(n.x), base = Y(n.y) + r + font + 2 + low, half = String(under[n.path]).length * (font - 2) * 0.35;
    taken.push(box(x - half, base - font, x + half, base + 3));
  }
  if (left > 20) for (const n of nodes) if (!n.leaf) taken.push(box(0, Y(n.y) - 12, left - 4, Y(n.y) + 8));
  const meet = (a, b) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
  const area = (a, b) => (meet(a, b) ? (Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0)) * (Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0)) : 0);
  const out = new Map();
  const order = nodes.filter((n) => marked.has(n.path)).sort((a, b) => a.y - b.y || a.x - b.x);
  for (const n of order) {
    const x = X(n.x), y = Y(n.y), tw = markText(n.path).length * markFont * 0.68, asc = markFont * 0.8, desc = markFont * 0.25;
    const g = r + 8, mid = y + markFont * 0.35, below = y + r + 8 + asc, below2 = below + markFont + 4;
    // [x, baseline, anchor]: under the node (a leaf's first), beside it, above it, a second row under.
    const spots = n.leaf
      ? [[x, below, "middle"], [x, below2, "middle"], [x - g, mid, "end"], [x + g, mid, "start"], [x - r - 3, y - r - 4, "end"], [x + r + 3, y - r - 4, "start"]]
      : [[x - g, mid, "end"], [x + g, mid, "start"], [x - r - 3, y - r - 4, "end"], [x + r + 3, y - r - 4, "start"], [x, y - r - 8, "middle"], [x, below, "middle"]];
    let best = null;
    for (const [sx, sy, anchor] of spots) {
      const x0 = anchor === "end" ? sx - tw : anchor === "middle" ? sx - tw / 2 : sx;
      const b = box(x0 - 1, sy - asc - 1, x0 + tw + 1, sy + desc + 1);
      const outside = b.x0 < 0 || b.y0 < 0 || b.x1 > w || b.y1 > h;
      const cost = (outside ? 1e9 : 0) + taken.reduce((c, q) => c + area(b, q), 0);
      if (!best || cost < best.cost) best = { cost, b, at: { x: sx, y: sy, anchor } };
      if (cost === 0) break;
    }
    taken.push(best.b);
    out.set(n.path, best.at);
  }
  return out;
}
