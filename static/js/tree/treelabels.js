// treelabels.js: the words on the tree, drawn in screen pixels so that presentation mode can
// promise sizes (values >= 28 px, windows and moves >= 20 px) whatever the zoom. Labels are
// placed most important first (the selected, hovered and current nodes and the PV, then the
// window or the move, shallow before deep) and a label that would overlap one already placed,
// or another node, is left out; hovering or selecting its node brings it back.
import { edgeMark } from "../model/modern.js";
import { t, has } from "../i18n/i18n.js";
import { rangeLabels, boundFrom } from "./ranges.js";

// A pruned move's reason under its stub: the engine's word, or the language's short word for it.
export const whyLabel = (w) => (has(`treelabels.why-${w}`) ? t(`treelabels.why-${w}`) : w);

const CELL = 96; // the occupancy grid's cell, in screen pixels

// Text widths by font and text: a drawing measures each label it places, and the same few
// hundred strings come back every frame (measureText was a quarter of a big tree's first draw).
const widths = new Map();
function textWidth(ctx, text) {
  const key = ctx.font + "\u0000" + text;
  let w = widths.get(key);
  if (w === undefined) {
    if (widths.size >= 20000) widths.clear();
    w = ctx.measureText(text).width;
    widths.set(key, w);
  }
  return w;
}

// Rectangles already taken, bucketed in a grid so each test looks at a few neighbours only.
class Occupancy {
  constructor() { this.cells = new Map(); }
  _keys(r, fn) {
    for (let cx = Math.floor(r.x / CELL); cx <= Math.floor((r.x + r.w) / CELL); cx++)
      for (let cy = Math.floor(r.y / CELL); cy <= Math.floor((r.y + r.h) / CELL); cy++) fn(cx + "," + cy);
  }
  free(r) {
    let ok = true;
    this._keys(r, (k) => {
      if (!ok) return;
      const list = this.cells.get(k);
      if (list) for (const q of list) if (r.x < q.x + q.w && q.x < r.x + r.w && r.y < q.y + q.h && q.y < r.y + r.h) { ok = false; return; }
    });
    return ok;
  }
  take(r) { this._keys(r, (k) => { if (!this.cells.has(k)) this.cells.set(k, []); this.cells.get(k).push(r); }); }
}

// Font sizes in screen pixels for a node radius of rS pixels. Presenting, values and windows are
// read from the back of a lecture hall: at least 28 px on a projector's 1920 pixels (wide), 22 px
// on 1280; moves at least 20. R&N's ranges (range) are values too: presenting, they are written
// beside their nodes at the least size (the widest, [−∞, +∞], is five digits wide), elsewhere
// inside them at the value's size, shrunk to fit.
export function labelSizes(rS, present, wide = true) {
  if (present) {
    const least = wide ? 28 : 22;
    // (1.3 radii: a pruned subtree drawn whole makes the Wikipedia figure two leaves wider.)
    return { value: Math.min(40, Math.max(least, rS * 0.8)), window: Math.max(least, Math.min(32, rS * 0.6)), move: Math.max(20, Math.min(26, rS * 0.6)), range: least };
  }
  const value = Math.min(36, rS * 0.8);
  return { value, window: Math.min(rS * 1.1, Math.max(rS * 0.7, 11)), move: Math.max(9, Math.min(18, rS * 0.85)), range: value };
}

// A projector's 1920 pixels, as labelSizes's wide (the window's width, not the canvas's).
const wideScreen = () => (typeof innerWidth === "number" ? innerWidth : 1920) >= 1700;

export const NO_ROOM = { side: 0, below: 0, above: 0 }; // labelRoom's answer when labels need no more
// labelRoom(view, rS, kept): the screen pixels a fitted tree (treeview.js) keeps for labels past
// the kept pixels it keeps anyway beyond its outer nodes, rS being the nodes' radius. Presenting
// R&N's ranges (placeRanges): half the widest range beside an outer node and, under the lowest
// row, two lines of labels (a range and its window, or a crowded row's second line of ranges);
// above the root, where no label goes, it gives room back (above < 0): the rows spread apart.
export function labelRoom(view, rS, kept) {
  if (!view.present || !view.v.ranges || !view.ctx) return NO_ROOM;
  const size = labelSizes(rS, true, wideScreen()).range;
  view.ctx.font = `${size}px system-ui, sans-serif`;
  const half = view.ctx.measureText("[−∞, +∞]").width / 2 + 2;
  return { side: Math.max(0, half - kept), below: Math.max(0, 1.15 * rS + 2 + 2 * (size + 2) - kept), above: Math.min(0, 1.15 * rS + 10 - kept) };
}

// drawLabels(view, vis, full): vis are the items in view, full says windows are drawn too.
// Returns {value, window, move (px), shown, hidden} for tests and the README's promise.
export function drawLabels(view, vis, full) {
  const ctx = view.ctx, s = view.scale, V = view.v, col = view.col;
  ctx.setTransform(view.dpr, 0, 0, view.dpr, 0, 0);
  ctx.lineJoin = "round";
  const rS = view.nodeR * s;
  const rE = rS * 1.15; // a node's reach: the All node's diamond is 1.15 radii tall
  const px = labelSizes(rS, view.present, wideScreen());
  // Sizes go down to whole pixels: every new size is a new font to set up and a new set of glyphs
  // to rasterise, and a size that follows the zoom, or shrinks a number to fit its node, was new
  // at almost every label while a search streamed in and the tree refitted.
  const font = (size, bold = false) => `${bold ? "bold " : ""}${Math.max(1, Math.floor(size))}px system-ui, sans-serif`;
  const occ = new Occupancy();
  // Presenting R&N's ranges: each range is written beside its node at px.range (placeRanges),
  // and the window goes under it.
  const rangeOf = V.ranges ? rangeLabels(view) : null;
  const outside = !!(rangeOf && view.present);
  const under = outside ? px.range + 2 : 0;
  const scr = (it) => [it.x * s + view.tx, it.y * s + view.ty];
  const chess = !!(view.trace.started && view.trace.started.kind !== "tree");
  // rects: the labels placed, [x, y, w, h] in px; values: [nodeId, text] of the values in the nodes;
  // rowNames: {name, x, y, w, h} of the row names drawn (MAX, MIN); placed: the labels placed, with
  // their text, font and anchor
  const info = { ...px, shown: 0, hidden: 0, rects: [], placed: [], values: [], rowNames: [] };

  // Nodes are obstacles; their values sit inside them and are always drawn.
  const cands = [];
  for (const it of vis) {
    if (it.kind === "summary" || it.state === "unseen") continue;
    const [x, y] = scr(it);
    occ.take({ x: x - rE, y: y - rE, w: 2 * rE, h: 2 * rE });
    const important = it.nodeId && (it.nodeId === view.selected || it.current || it.onPV || (view.hover && view.hover === it));
    const base = important ? 0 : 1;
    const move = view.moveText(it, important);
    if (move) cands.push({ it, text: move, x, y: y - rE - 2, size: px.move, baseline: "bottom", pri: [base, chess ? 0 : 1, it.ply] });
    if (full && it.kind !== "pruned") {
      const [lo, hi] = V.window(it.alpha, it.beta, it.ply);
      cands.push({ it, text: `(${V.fmt(lo)}, ${V.fmt(hi)})`, x, y: y + rE + 2 + under, size: px.window, baseline: "top", pri: [base, chess ? 1 : 0, it.ply] });
    }
    // Modern search: a pruned move's reason under its stub, and "−2" / "+1" beside a reduced or
    // extended edge, a third of the way up from the node (placed before the windows: they explain the edge).
    if (it.kind === "pruned" && it.pruned.why) {
      cands.push({ it, text: whyLabel(it.pruned.why), x, y: y + rE + 2, size: px.window, baseline: "top", pri: [base, 0, it.ply], colour: col.stopped });
    }
    const mark = it.kind === "node" && it.parentItem && it.parentItem.kind !== "virtual" ? edgeMark(it) : "";
    if (mark) {
      // Halfway up the edge, pushed off it to the left (a cutoff's ✂ sits on the right).
      const [px0, py0] = scr(it.parentItem);
      const len = Math.hypot(px0 - x, py0 - y) || 1;
      let nx = (y - py0) / len, ny = (px0 - x) / len; // a unit normal to the edge
      if (nx > 0) { nx = -nx; ny = -ny; }
      ctx.font = font(px.move, true);
      const off = textWidth(ctx, mark) / 2 + px.move / 2;
      cands.push({ it, text: mark, x: (x + px0) / 2 + nx * off, y: (y + py0) / 2 + ny * off, size: px.move, baseline: "middle", pri: [0, 0, it.ply], bold: true });
    }
  }
  // The textbook's row names: MAX and MIN at the left edge, one per ply shown, where no node is
  // (a tree panned on a phone brings its nodes to the edge: a name there covered a leaf's value).
  if (V.root && full) {
    const rows = new Map();
    for (const it of vis) if (it.kind !== "summary" && it.state !== "unseen" && !rows.has(it.ply)) rows.set(it.ply, scr(it)[1]);
    ctx.font = font(px.window, true); ctx.textAlign = "left"; ctx.textBaseline = "middle";
    for (const [ply, y] of rows) {
      const t = V.player(ply).toUpperCase(), w = textWidth(ctx, t);
      const r = { x: 4, y: y - px.window / 2, w: w + 4, h: px.window };
      if (!occ.free(r)) continue;
      occ.take(r);
      halo(ctx, col, t, 6, y, col.stopped);
      info.rowNames.push({ name: t, x: r.x, y: r.y, w: r.w, h: r.h });
    }
  }
  // A searched node's bound (scene.js's rule), its children's first; memoised for this drawing.
  const bounds = new Map();
  // (Past 200 levels, a file's chain, children are not asked: the bound goes by the outcome.)
  const boundOfItem = (it, level = 0) => {
    if (bounds.has(it)) return bounds.get(it);
    const kids = it.kids || [];
    const done = (k) => k.kind === "node" && k.state !== "unseen" && V.value(k.score, k.ply) !== null;
    const kidsExact = kids.length > 0 && level < 200 && kids.every((k) => done(k) && boundOfItem(k, level + 1) === "exact");
    const b = boundFrom(view.shownOutcome(it), kids.length === 0 || it.end === "leaf", kidsExact);
    bounds.set(it, b);
    return b;
  };
  // Values inside the nodes: the value with its bound, or in the ranges view (?values=ranges,
  // ranges.js) each searched node's [lo, hi]; presenting, the ranges beside the nodes.
  if (outside) for (const b of view.cutBoxes || []) occ.take(b); // (a ✂ between a range and its window)
  const crowded = new Set(outside && full ? placeRanges(vis, rangeOf, { ctx, view, occ, scr, rE, size: px.range, info }) : []);
  ctx.textAlign = "center"; ctx.textBaseline = "middle";
  for (const it of vis) {
    if (it.kind === "summary" || it.state === "unseen" || !full) continue;
    const [x, y] = scr(it);
    if (rangeOf && it.kind === "node") {
      if (outside && !crowded.has(it)) continue;
      const text = rangeOf(it);
      ctx.font = font(px.value, true);
      const wide = textWidth(ctx, text), room = 1.9 * rS;
      if (wide > room) ctx.font = font(px.value * Math.max(0.3, room / wide), true); // inside its node
      ctx.fillStyle = V.value(it.score, it.ply) === null ? col.text : "#fff"; ctx.fillText(text, x, y);
      info.values.push([it.nodeId, text]);
      continue;
    }
    if (it.kind === "pruned") {
      if (it.treeValue === null) continue;
      const v = V.root || it.ply % 2 === 0 ? it.treeValue : -it.treeValue;
      ctx.font = font(px.value);
      ctx.fillStyle = view.result && view.result.preview ? col.text : col.stopped; ctx.fillText(String(v), x, y);
      continue;
    }
    const v = V.value(it.score, it.ply);
    if (v === null) {
      // An open leaf of a teaching tree: its given value, plain (not yet read by the search).
      if (it.treeValue === null) continue;
      ctx.font = font(px.value);
      ctx.fillStyle = col.text; ctx.fillText(String(V.root || it.ply % 2 === 0 ? it.treeValue : -it.treeValue), x, y);
      continue;
    }
    // A teaching tree's bound is written as the exports and the values exercise write it: ≤ 2
    // for a node that failed low with a child unread, ≥ 5 for one that failed high.
    const b = chess ? "" : boundOfItem(it);
    // A long number (an engine's 35000, -47968) shrinks to fit its node, to 60% at the least.
    const text = (b === "upper" ? "≤" : b === "lower" ? "≥" : "") + V.fmt(v);
    ctx.font = font(px.value, true);
    const wide = textWidth(ctx, text), room = 1.9 * rS;
    if (wide > room) ctx.font = font(px.value * Math.max(0.6, room / wide), true);
    ctx.fillStyle = "#fff"; ctx.fillText(text, x, y);
    info.values.push([it.nodeId, text]);
  }
  cands.sort((a, b) => a.pri[0] - b.pri[0] || a.pri[1] - b.pri[1] || a.pri[2] - b.pri[2]);
  for (const c of cands) {
    ctx.font = font(c.size, !!c.bold);
    const w = textWidth(ctx, c.text);
    const top = c.baseline === "top" ? c.y : c.baseline === "middle" ? c.y - c.size / 2 : c.y - c.size;
    const r = { x: c.x - w / 2 - 1, y: top, w: w + 2, h: c.size };
    if (r.x + r.w < 0 || r.x > view.w || r.y + r.h < 0 || r.y > view.h) continue;
    if (!occ.free(r)) { info.hidden++; continue; }
    occ.take(r);
    info.shown++;
    info.rects.push([Math.round(r.x), Math.round(r.y), Math.round(r.w), Math.round(r.h)]);
    info.placed.push({ text: c.text, font: ctx.font, x: c.x, y: c.y, baseline: c.baseline, rect: r });
    // A label under its node (a window, a pruned move's reason) sits where the node's edges leave
    // it: on a patch of the background, as R&N's ranges do, so no edge runs through its digits.
    if (c.baseline === "top") { ctx.globalAlpha = 0.85; ctx.fillStyle = col.bg; ctx.fillRect(r.x, r.y, r.w, r.h); ctx.globalAlpha = 1; }
    ctx.textAlign = "center"; ctx.textBaseline = c.baseline;
    halo(ctx, col, c.text, c.x, c.y, c.colour || col.text);
  }
  return info;
}

// Presenting R&N's ranges: each searched node's [lo, hi] at size px, under its node, else on a
// second line under it (neighbouring leaves alternate), else above it; centred first, then
// shifted by a quarter, then by half the label's width; else right or left of it. The first spot
// inside the canvas and free of nodes, ✂ and labels already placed. Shallow rows first, left
// to right. Returns the nodes left with no free spot (their ranges are drawn inside them,
// shrunk, as off the projector).
function placeRanges(vis, rangeOf, { ctx, view, occ, scr, rE, size, info }) {
  const crowded = [];
  const nodes = vis.filter((it) => it.kind === "node" && it.state !== "unseen");
  nodes.sort((a, b) => a.ply - b.ply || a.x - b.x);
  ctx.font = `${size}px system-ui, sans-serif`; ctx.textAlign = "center"; ctx.textBaseline = "top";
  for (const it of nodes) {
    const text = rangeOf(it);
    if (!text) continue;
    const [x, y] = scr(it), w = textWidth(ctx, text) + 6, side = rE + 4 + w / 2; // (a word's space between two)
    const spots = [];
    for (const dx of [0, w / 4, -w / 4, w / 2, -w / 2]) for (const top of [y + rE + 2, y + rE + 4 + size, y - rE - 2 - size]) spots.push([x + dx, top]);
    spots.push([x + side, y - size / 2], [x - side, y - size / 2]);
    const r = spots.map(([cx, top]) => ({ x: cx - w / 2, y: top, w, h: size }))
      .find((r) => r.x >= 0 && r.y >= 0 && r.x + r.w <= view.w && r.y + r.h <= view.h && occ.free(r));
    if (!r) { crowded.push(it); continue; }
    occ.take(r);
    info.values.push([it.nodeId, text]);
    info.rects.push([Math.round(r.x), Math.round(r.y), Math.round(r.w), Math.round(r.h)]);
    // On a patch of the background: edges (the PV's is 3 px) cross these.
    ctx.globalAlpha = 0.85; ctx.fillStyle = view.col.bg; ctx.fillRect(r.x + 2, r.y, w - 4, size); ctx.globalAlpha = 1;
    halo(ctx, view.col, text, r.x + w / 2, r.y, view.col.text);
  }
  return crowded;
}

// Text with a halo in the background colour, so labels stay readable over edges.
function halo(ctx, col, str, x, y, colour) {
  ctx.strokeStyle = col.bg; ctx.lineWidth = 3; ctx.strokeText(str, x, y);
  ctx.fillStyle = colour; ctx.fillText(str, x, y);
}
