// treeview.js: draws the search tree on a canvas. Shapes by expected node type (PV circle, Cut
// square, All diamond), fill by outcome, the open path and the PV as heavier edges, re-searches
// joined to their probe by a dashed arc, pruned children greyed. Only what is inside the
// viewport is drawn, same-colour shapes share one path, and a frame is drawn only when
// something changed, so panning thousands of nodes stays smooth.
// Over 400 lines because the canvas's draw loop, viewport and hit tests share one view's state;
// the marks and labels are apart (treemarks.js, treelabels.js).
import { TreeLayout } from "./layout.js";
import { listenToPointer } from "./treeinput.js";
import { View } from "./view.js";
import { drawLabels, labelRoom, NO_ROOM } from "./treelabels.js";
import { tooltipLines } from "../model/modern.js";
import { ownSearchLabel } from "../model/ownsearch.js";
let tipLines = null; // treetip.js, with the first tooltip
import { R, drawMarks, drawReLinks, drawSummary, shapePath } from "./treemarks.js";

const BASE_LEVEL = 72; // the layout's level spacing before stretching
const FALLBACK = {
  "--c-exact": "#009E73", "--c-fail-high": "#D55E00", "--c-fail-low": "#0072B2", "--c-tt": "#CC79A7",
  "--c-open": "#E69F00", "--c-pruned": "#BBBBBB", "--c-pv": "#000000", "--c-edge": "#999999",
  "--c-text": "#222222", "--c-bg": "#FFFFFF", "--c-unseen": "#DDDDDD", "--c-stopped": "#777777",
};
const DOT_ORDER = { unseen: 0, open: 1, exact: 2, "fail-high": 3, "fail-low": 4, tt: 5, pruned: 6, stopped: 7 };
const SMALL_TREE = 200; // below this many visible nodes, windows and scores are always labelled
const PRESENT_R = 24; // presentation mode: a node is at least this many screen pixels in radius
const EMPTY_R = 14; // presenting R&N's ranges, written beside the nodes: a node holds no words
// A phone (a window under PHONE_W pixels): nodes at least PHONE_R pixels in radius, so values
// are drawn at 14 px or more (0.8 radii); a wider tree is panned, or pinched, not shrunk to dots.
// The window, not the canvas: beside the code panel a laptop's tree is as narrow as a phone's,
// and there the whole tree in view (the panel's subject) matters more than 14-px values.
const PHONE_W = 600, PHONE_R = 18;
const onPhone = () => typeof innerWidth === "number" && innerWidth < PHONE_W;
const BUSY_FRAME_MS = 12; // past this much of a frame gone, the tree waits for the next frame
const SAN_BUDGET_MS = 4; // naming moves in SAN per draw; the rest show in UCI until the next frame
let NR = R; // the radius nodes are drawn with in the current frame (world units)
const SLICE_ITEMS = 8192; // items a show() lays out at most (layout.js; issue 44)
const GUTTER = 56; // screen pixels kept free on the left for the root view's row names

export class TreeView {
  // moveLabel(item) names the move into a node (SAN for chess); nodeTitle(id) names a node by its path.
  constructor(canvas, trace, { onSelect = () => {}, onHover = () => {}, moveLabel = null, nodeTitle = null } = {}) {
    this.canvas = canvas;
    this.ctx = canvas.getContext("2d");
    this.trace = trace;
    this.onSelect = onSelect;
    this.onHover = onHover;
    this.moveLabel = moveLabel; this.nodeTitle = nodeTitle;
    this.moveCache = new Map(); // node id -> move text
    this.sliceItems = SLICE_ITEMS;
    this.sanUntil = Infinity; // a draw's deadline for naming moves (moveText); none outside a draw
    this.sanOwed = false; // a draw left moves in UCI past its deadline: the next frame names them
    this.deferred = false; // this frame's tree was put off to the next (_frame)
    this.v = new View("negamax"); this.present = false; this.nodeR = R; this.labels = null;
    this.container = canvas.parentElement || canvas;
    this.tip = document.createElement("div");
    this.tip.className = "tree-tooltip";
    Object.assign(this.tip.style, { position: "absolute", display: "none", pointerEvents: "none", zIndex: 5,
      background: "rgba(255,255,255,0.95)", border: "1px solid #888", borderRadius: "4px", padding: "4px 6px",
      font: "12px system-ui, sans-serif", whiteSpace: "pre", color: "#222" });
    if (getComputedStyle(this.container).position === "static") this.container.style.position = "relative";
    this.container.appendChild(this.tip);
    this.k = 0; this.selected = 0;
    this.tx = 0; this.ty = 0; this.scale = 1; // screen = world * scale + t
    this.stretch = 1; // level spacing as a multiple of BASE_LEVEL (see show)
    this.userMoved = false;
    this.collapse = true; this.expandAllFlag = false; this.ghosts = false;
    this.expanded = new Set(); this.collapsed = new Set(); this.version = 0;
    this.hover = null; this.visibleNodes = 0; this.drawn = 0;
    this.result = null; this.frame = 0;
    this.aheadWhen = () => false; // draw a teaching tree's unsearched nodes ahead of the search (app.js sets it)
    // Boards in the tree (board/nodeboards.js): boardsFor(count) gives the boxes' spec, or null
    // for plain nodes; onDrawn(view) follows every drawing (app.js sets both).
    this.boardsFor = () => null; this.boards = null; this.onDrawn = null;
    this._reset();
    this.readColours();
    listenToPointer(this);
    this.resize();
  }

  _reset() {
    this._started = this.trace.started;
    this.layout = new TreeLayout(this.trace);
    this.expanded.clear(); this.collapsed.clear(); this.version++;
    this.userMoved = false; this.lastCount = -1; this.stretch = 1;
    this.moveCache.clear();
  }

  // A new search (start() is also noticed by show() on its own); optionally a new Trace object.
  reset(trace) {
    if (trace) this.trace = trace;
    this._reset();
    this.result = null; this.selected = 0; this.hover = null; this.tooltip(null); this.shownAs = null;
    this.redraw();
  }

  readColours() {
    const cs = getComputedStyle(this.canvas);
    this.col = {};
    for (const [name, fb] of Object.entries(FALLBACK)) this.col[name.slice(4)] = cs.getPropertyValue(name).trim() || fb;
  }

  // Show step k. opts.selected: node id to ring; opts.view: a View (view.js).
  show(k, { selected, view } = {}) {
    if (this.trace.started !== this._started) this._reset();
    const moved = k !== this.k;
    this.k = k;
    if (selected !== undefined) this.selected = selected;
    // A new view, or the values menu switched in presentation mode (the ranges' room, _labelRoom): refit.
    const roomy = this.present && !!(view || this.v).ranges;
    if ((view && view !== this.v) || roomy !== this.roomy) { if (view) this.v = view; this.roomy = roomy; if (!this.userMoved) this.lastCount = -1; }
    const opts = () => ({ collapse: this.collapse, expanded: this.expanded, collapsed: this.collapsed,
      expandAll: this.expandAllFlag, ghosts: this.ghosts, version: this.version, ahead: this.aheadWhen() });
    this.result = this.layout.compute(k, opts(), this.sliceItems);
    if (!this.result.done) return false;
    // Boards in the nodes, or not: the spacing they need, laid out again when it changes.
    const b = this.boardsFor(this.result.count, this.present);
    if ((b && b.key) !== (this.boards && this.boards.key)) {
      this.boards = b; this.layout.nodeWidth = b ? b.nodeWidth : 44; this.stretch = 1;
      this.layout.levelHeight = this.baseLevel; this.version++; this.lastCount = -1;
      this.result = this.layout.compute(k, opts(), this.sliceItems);
      if (!this.result.done) return false;
    }
    // A wide, shallow tree (a chess root has 20-50 moves) fitted by its width
    // would leave a thin strip: spread the levels so that it fills the height.
    if (!this.userMoved) {
      const want = this._stretchFor(this.result);
      // (Presenting ranges, a few pixels between rows is a second line of labels: any change of a
      // small tree's counts; a big one is laid out again only past 20%, as elsewhere.)
      const fine = roomy && this.result.count < SMALL_TREE;
      if (Math.abs(want - this.stretch) / this.stretch > (fine ? 0.01 : 0.2)) {
        this.stretch = want; this.layout.levelHeight = this.baseLevel * want; this.version++;
        this.result = this.layout.compute(k, opts(), this.sliceItems);
      }
    }
    this.visibleNodes = this.result.shown; // nodes not "unseen", kept by the layout's decorate
    if (this.result.count !== this.lastCount) {
      this.lastCount = this.result.count;
      if (!this.userMoved) this.fit(false); else this._keepCurrentInView();
    } else if (this.phoneZoomed && !this.userMoved) this._keepCurrentInView(); // the tree is wider than a phone
    else if (this.userMoved && moved) this._keepCurrentInView(); // a step (a click in the log) with the same drawing: its node stays in view
    // The same layout at the same step, selection, view and pan draws the same picture: while a
    // big search streams in, show() comes every frame with nothing new to draw (issue 28).
    const drawn = [this.layout.cache && this.layout.cache.key, k, this.selected, this.result.hideUnseen, this.tx, this.ty, this.scale];
    if (this.alwaysRedraw || !this.shownAs || this.shownAs.result !== this.result || this.shownAs.v !== this.v ||
      drawn.some((x, i) => x !== this.shownAs.drawn[i])) this.redraw();
    this.shownAs = { result: this.result, v: this.v, drawn };
    return true;
  }

  // A layout in parts: {ready, total} items.
  get progress() {
    const r = this.result;
    if (!r || r.done !== false) return null;
    return { ready: r.pending ? r.pending.i : r.count, total: r.count + (r.owed || 0) };
  }

  _stretchFor(r) {
    const levels = r && r.count ? (r.maxY - r.minY) / this.layout.levelHeight : 0;
    if (levels < 1 || !this.w || !this.h || (!this.present && onPhone())) return 1; // a phone pans instead
    const pad = 40 + (this.v.root ? GUTTER : 0), bw = r.maxX - r.minX + 2 * this.reach;
    let scale = Math.min(this.maxFit, (this.w - pad) / bw), room = this._labelRoom(scale);
    if (this.boards) { // boards in the nodes: the levels spread at the scale fit() takes, which keeps their cells readable
      const bs = Math.max(scale, this.boards.minScale(this.present));
      return Math.max(1, Math.min(60, (this.h - 40 - 2 * this.reach * bs) / (levels * bs * this.baseLevel)));
    }
    if (room.side) { scale = Math.min(this.maxFit, (this.w - pad - 2 * room.side) / bw); room = this._labelRoom(scale); }
    // (Presenting ranges the rows take the height the gutter, on the left, leaves them.)
    const padH = room === NO_ROOM ? pad : 40;
    const lh = (this.h - padH - room.below - room.above - 2 * this.reach * scale) / (levels * scale);
    return Math.max(1, Math.min(60, lh / this.baseLevel));
  }

  get baseLevel() { return this.boards ? this.boards.level : BASE_LEVEL; }
  // How far past an outer node's centre a fit keeps the tree's drawing: two radii, or a board's
  // half box and a radius (the labels under the lowest row).
  get reach() { return this.boards ? this.boards.r + R : 2 * R; }

  // Before Start: a teaching tree drawn whole (treepreview.js), in the view V; null clears it.
  // The first show() of a search replaces it.
  preview(result, V) {
    if (V) this.v = V;
    this.result = result;
    this.visibleNodes = result ? result.count : 0;
    if (!this.userMoved) this.fit(false); else this.redraw();
  }

  // Presentation mode: bigger nodes and labels, and a fitted tree may zoom further in.
  setPresent(on) { this.present = !!on; this.fit(false); }
  get maxFit() { return this.present ? 3 : 2; }

  // The move into a node as the page names it (cached: SAN needs a board). A draw names
  // moves within a budget, the PV's, the current and the selected node's first; a label
  // past it shows the move's UCI text and the next frame names it, so a big search
  // streaming in does not hold a key press behind hundreds of boards.
  moveText(it, important = false) {
    if (it.ownSearch) return ownSearchLabel(it.ownSearch); // no move leads to it: its purpose instead
    if (!it.move) return "";
    if (it.nullMove) return "null"; // the pass: its edge is dotted too
    const key = it.nodeId || (it.kind === "pruned" ? it.id : 0); // a pruned stub is named from its parent
    if (!this.moveLabel || !key) return it.move;
    let m = this.moveCache.get(key);
    if (m === undefined) {
      if (!important && performance.now() > this.sanUntil) {
        this.sanOwed = true;
        return it.move;
      }
      try { m = this.moveLabel(it) || it.move; } catch { m = it.move; }
      if (this.moveCache.size > 50000) this.moveCache.clear();
      this.moveCache.set(key, m);
    }
    return m;
  }

  // The outcome a node is coloured by, in the view (a MIN node's fail-high is the book's fail-low).
  shownOutcome(it) {
    const o = it.outcome;
    if ((o === "fail-high" || o === "fail-low") && it.kind !== "pruned" && this.v.flips(it.ply)) return o === "fail-high" ? "fail-low" : "fail-high";
    return o;
  }
  fit(user = true) {
    const r = this.result;
    if (user) this.userMoved = false;
    if (!r || !r.count) { this.tx = this.w / 2; this.ty = 40; this.scale = 1; this.redraw(); return; }
    const pad = 40, bw = r.maxX - r.minX + 2 * this.reach, bh = r.maxY - r.minY + 2 * this.reach;
    const gut = this.v.root ? GUTTER : 0; // room on the left for the MAX / MIN row names
    // Room for labels past the outer nodes (presenting ranges): it shrinks as the scale grows.
    let fitted, room = NO_ROOM;
    for (let i = 0; i < 3; i++) {
      fitted = Math.min(this.maxFit, Math.max(0.001, Math.min((this.w - pad - gut - 2 * room.side) / bw, (this.h - pad - room.below - room.above) / bh)));
      room = this._labelRoom(fitted);
    }
    this.scale = Math.max(fitted, !this.present && onPhone() ? PHONE_R / R : 0, this.boards ? this.boards.minScale(this.present) : 0);
    this.tx = gut + (this.w - gut) / 2 - ((r.minX + r.maxX) / 2) * this.scale;
    this.ty = pad / 2 + this.reach * this.scale + room.above - r.minY * this.scale;
    this.phoneZoomed = this.scale > fitted;
    if (this.phoneZoomed) {
      // Too wide for the phone at a readable size: the node being searched (or the root) in the middle.
      const at = r.nodes.find((it) => it.current) || r.nodes.find((it) => !it.parentItem);
      if (at) this.tx = this.w / 2 - at.x * this.scale;
    }
    this.redraw();
  }
  // The radius nodes are drawn with at scale s, in world units. Presentation: they grow to
  // PRESENT_R screen pixels (EMPTY_R when the ranges stand beside them), never past the spacing.
  _nodeR(s) {
    if (this.boards) return this.boards.r; // half a board's box: labels go above and under it
    if (!this.present) return R;
    return Math.max(R, Math.min((this.v.ranges ? EMPTY_R : PRESENT_R) / s, 0.45 * this.layout.nodeWidth));
  }

  // The room labels need past what a fit at scale s keeps anyway (pad / 2 and two radii).
  _labelRoom(s) { return labelRoom(this, this._nodeR(s) * s, 20 + 2 * R * s); }
  center(nodeId) {
    const it = this.result && this.result.byId.get(nodeId);
    if (!it) return;
    this.tx = this.w / 2 - it.x * this.scale; this.ty = this.h / 2 - it.y * this.scale;
    this.userMoved = true; this.redraw();
  }
  zoomBy(f, sx = this.w / 2, sy = this.h / 2) {
    const s = Math.min(8, Math.max(0.001, this.scale * f));
    this.tx = sx - ((sx - this.tx) * s) / this.scale; this.ty = sy - ((sy - this.ty) * s) / this.scale;
    this.scale = s; this.userMoved = true; this.redraw();
  }
  expandAll(on) { this.expandAllFlag = !!on; if (!on) this.expanded.clear(); this.version++; this.show(this.k); }
  setCollapse(on) { this.collapse = !!on; this.version++; this.show(this.k); }
  setGhosts(on) { this.ghosts = !!on; this.version++; this.show(this.k); }
  expand(id) { this.expanded.add(id); this.collapsed.delete(id); this.version++; this.show(this.k); }
  collapseNode(id) { this.collapsed.add(id); this.expanded.delete(id); this.version++; this.show(this.k); }
  // Select node id and bring it into view: open every collapsed ancestor and the node itself
  // (a finished subtree folds into an "N nodes" pill named after its root), zoom in until its
  // move and score are readable (R * scale >= 12) and centre it.
  reveal(id) {
    for (const a of this.trace.path(id)) { this.expanded.add(a); this.collapsed.delete(a); }
    this.selected = id; this.version++; this.show(this.k);
    // Presentation: far enough in that nodes reach PRESENT_R pixels and values 28 px.
    this.scale = Math.max(this.scale, this.present ? PRESENT_R / (0.45 * this.layout.nodeWidth) : 1);
    this.center(id);
  }

  resize() {
    const dpr = window.devicePixelRatio || 1;
    const w = this.container.clientWidth || this.canvas.clientWidth || 600;
    const h = this.container.clientHeight || this.canvas.clientHeight || 400;
    this.w = w; this.h = h; this.dpr = dpr;
    this.canvas.width = Math.round(w * dpr); this.canvas.height = Math.round(h * dpr);
    this.canvas.style.width = w + "px"; this.canvas.style.height = h + "px";
    if (!this.userMoved && this.result) this.fit(false); else this.redraw();
  }

  _keepCurrentInView() {
    const cur = this.result.nodes.find((it) => it.current);
    if (!cur) return;
    const sx = cur.x * this.scale + this.tx, sy = cur.y * this.scale + this.ty;
    // Only the axis it left: a phone's tree wider than the screen but not taller keeps its top at
    // the top (centred on the root it left half of a tall phone's drawing empty above it).
    if (sx < 20 || sx > this.w - 20) this.tx = this.w / 2 - cur.x * this.scale;
    if (sy < 20 || sy > this.h - 20) this.ty = this.h / 2 - cur.y * this.scale;
  }

  redraw() {
    if (this.frame) return;
    this.frame = requestAnimationFrame((t) => this._frame(t));
  }

  // A frame whose other work already took long (the first frames of a big search) draws the
  // tree in the next one instead, once: a key pressed meanwhile waits for one of the two.
  _frame(t) {
    this.frame = 0;
    if (!this.deferred && performance.now() - t > BUSY_FRAME_MS) {
      this.deferred = true;
      this.frame = requestAnimationFrame((t2) => this._frame(t2));
      return;
    }
    this.deferred = false;
    this.draw();
  }

  draw() {
    const ctx = this.ctx, r = this.result, col = this.col, s = this.scale;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.clearRect(0, 0, this.w, this.h);
    if (!r || !r.count) { this.drawn = 0; this.labels = null; if (this.onDrawn) this.onDrawn(this); return; }
    NR = this.nodeR = this._nodeR(s);
    ctx.setTransform(this.dpr * s, 0, 0, this.dpr * s, this.dpr * this.tx, this.dpr * this.ty);
    // The viewport in world coordinates, with a margin for labels.
    const m = 40 / s + 3 * R;
    const x0 = -this.tx / s - m, x1 = (this.w - this.tx) / s + m, y0 = -this.ty / s - m, y1 = (this.h - this.ty) / s + m;
    const inView = (it) => it.x >= x0 && it.x <= x1 && it.y >= y0 && it.y <= y1;
    const px = 1 / s; // one screen pixel in world units
    const tiny = R * s < 2.5;
    // Level of detail: nodes under a few pixels are drawn as dots, and of the edges and dots
    // that land on the same screen pixels only one is drawn (a whole 93,000-node tree on a
    // screen is a few thousand distinct pixels).
    const seen = tiny ? new Set() : null, seenStyle = {};
    const pixel = (x, y) => Math.round(x * s + this.tx) + 8192 * Math.round(y * s + this.ty);
    // Edges: batched into one path per style.
    const styles = { normal: [], path: [], pv: [], pruned: [], reduced: [], null: [], own: [] };
    for (const l of r.links) {
      if ((l.from.y < y0 && l.to.y < y0) || (l.from.y > y1 && l.to.y > y1)) continue;
      if ((l.from.x < x0 && l.to.x < x0) || (l.from.x > x1 && l.to.x > x1)) continue;
      if (l.to.state === "unseen") continue;
      const style = l.onPath ? "path" : l.onPV ? "pv" : l.pruned ? "pruned" : l.mark || "normal";
      if (seen) {
        const key = pixel(l.from.x, l.from.y) * 67108864 + pixel(l.to.x, l.to.y), set = seenStyle[style] ||= new Set();
        if (set.has(key)) continue;
        set.add(key);
      }
      styles[style].push(l);
    }
    const strokeLinks = (list, colour, width, dash) => {
      if (!list.length) return;
      ctx.beginPath();
      for (const l of list) { ctx.moveTo(l.from.x, l.from.y); ctx.lineTo(l.to.x, l.to.y); }
      ctx.strokeStyle = colour; ctx.lineWidth = width; ctx.setLineDash(dash);
      ctx.stroke();
    };
    strokeLinks(styles.normal, col.edge, Math.max(px, 1.2), []);
    strokeLinks(styles.pruned, col.pruned, Math.max(px, 1.2), [4, 3]);
    // Modern search: a reduced edge dashed, a null move's dotted (its depth mark is a label, treelabels.js).
    strokeLinks(styles.reduced, col.text, Math.max(px, 1.5), [7, 4]);
    strokeLinks(styles.null, col.text, Math.max(px, 2), [1.5, 3.5]);
    strokeLinks(styles.own, col.text, Math.max(px, 1.5), [8, 3, 1.5, 3]); // a search of the node's own position
    strokeLinks(styles.pv, col.pv, Math.max(2 * px, 3), []);
    strokeLinks(styles.path, col.open, Math.max(2 * px, 4), []);
    ctx.setLineDash([]);
    // Nodes: culled, then one fill path per outcome.
    const vis = [], hide = r.hideUnseen;
    for (const it of r.nodes) if (inView(it) && !(hide && it.state === "unseen")) vis.push(it);
    this.drawn = vis.length; this.visible = vis;
    const groups = new Map();
    if (seen) seen.clear();
    for (const it of vis) {
      if (this.boards && this.boards.has(it)) continue; // its board is its shape (onDrawn)
      const g = it.kind === "summary" ? "summary" : this.shownOutcome(it);
      if (!groups.has(g)) groups.set(g, []);
      if (seen && g !== "summary") {
        // One dot per pixel and colour (a colour drawn later covers an earlier one there).
        const key = pixel(it.x, it.y) * 16 + (DOT_ORDER[g] ?? 15);
        if (seen.has(key)) continue;
        seen.add(key);
      }
      groups.get(g).push(it);
    }
    for (const [g, list] of groups) {
      if (g === "summary") continue;
      ctx.beginPath();
      for (const it of list) if (tiny) rectPath(ctx, it); else shapePath(ctx, it, NR);
      // A pruned node is a light tint: laid on the background first, so the dashed edges that
      // end at it do not show through over its unread value.
      if (g === "pruned") { ctx.fillStyle = col.bg; ctx.fill(); ctx.globalAlpha = 0.35; }
      ctx.fillStyle = g === "unseen" ? col.bg : col[g] || col.stopped;
      ctx.fill();
      ctx.globalAlpha = 1;
      if (!tiny || g === "unseen" || g === "pruned") {
        ctx.strokeStyle = g === "pruned" ? col.pruned : g === "unseen" ? (r.preview ? col.edge : col.unseen) : col.text;
        ctx.lineWidth = Math.max(px, 1); ctx.setLineDash(g === "pruned" ? [3, 2] : []);
        ctx.stroke(); ctx.setLineDash([]);
      }
    }
    if (groups.has("summary")) for (const it of groups.get("summary")) drawSummary(this, it);
    if (!tiny) drawMarks(this, vis, px);
    drawReLinks(this, r.reLinks, px, inView);
    const labels = R * s >= 9 || (r.count < SMALL_TREE && R * s >= 5);
    this.sanUntil = performance.now() + SAN_BUDGET_MS;
    this.sanOwed = false;
    this.labels = labels ? drawLabels(this, vis, R * s >= 14 || r.count < SMALL_TREE) : null;
    this.sanUntil = Infinity;
    if (this.sanOwed) this.redraw();
    if (this.onDrawn) this.onDrawn(this);
  }

  // Text with a halo in the background colour, so labels stay readable over edges.
  text(str, x, y, colour = this.col.text, halo = true) {
    const ctx = this.ctx;
    if (halo) { ctx.strokeStyle = this.col.bg; ctx.lineWidth = 3 / Math.max(this.scale, 0.5); ctx.strokeText(str, x, y); }
    ctx.fillStyle = colour; ctx.fillText(str, x, y);
  }

  // The item under a screen point (nodes within their radius, summaries within their box).
  hit(sx, sy) {
    const list = this.visible || [];
    const wx = (sx - this.tx) / this.scale, wy = (sy - this.ty) / this.scale;
    const tol = Math.max(this.nodeR, 4 / this.scale);
    let best = null, bd = Infinity;
    for (const it of list) {
      const dx = Math.abs(it.x - wx), dy = Math.abs(it.y - wy);
      const ok = it.kind === "summary" ? dx <= 1.6 * this.nodeR && dy <= 0.75 * this.nodeR : dx <= tol && dy <= tol;
      if (ok && dx + dy < bd) { best = it; bd = dx + dy; }
    }
    return best;
  }

  tooltip(it, sx, sy) {
    if (!it) { this.tip.style.display = "none"; return; }
    if (!tipLines) { import("./treetip.js").then((m) => { tipLines = m.tipLines; if (this.hover === it) this.tooltip(it, sx, sy); }); return; }
    const tr = this.trace, pruned = it.kind === "pruned";
    const lines = pruned
      ? tipLines(it, { move: it.pruned.event ? this.moveText(it, true) : "", preview: !!(this.result && this.result.preview) })
      : tipLines(it, { node: tr.node(it.nodeId), view: this.v, outcome: this.shownOutcome(it),
        title: this.nodeTitle ? this.nodeTitle(it.nodeId) : tr.positionMoves(it.nodeId).join(" ") });
    lines.push(...tooltipLines(it));
    this.tip.textContent = lines.join("\n");
    const x = Math.min(sx + 14, Math.max(0, this.w - 260));
    Object.assign(this.tip.style, { display: "block", left: x + "px", top: sy + 14 + "px" });
  }
}

function rectPath(ctx, it) { ctx.rect(it.x - NR, it.y - NR, 2 * NR, 2 * NR); }
