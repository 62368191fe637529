// model.js: the events of one search, stored column by column, and the questions the page
// asks about "the state after k events". Every query is a binary search or a walk up the
// tree (O(log n) or O(depth)); nothing replays events, so stepping back to 0 is instant.
// Over 400 lines because the Trace's columns and the queries over them share its private state;
// its helpers are apart (columns.js, lines.js, modern.js, traceformat.js).
import { Modern, NULL_MOVE } from "./modern.js";
import { GrowInt32, GrowInt16, GrowUint8, countBelow, lastBelow } from "./columns.js";
import { Lines } from "./lines.js";
import { PAGE_BUDGET, overBudget } from "./budget.js";
import { TTLinks } from "./ttlinks.js";

// The storage and the file format live apart; their importers find them here too.
export { countBelow, lastBelow } from "./columns.js";
export { DEFAULT_HELLO, parseTreeText, batchFromJSONL } from "./traceformat.js";

const NUMERIC = ["alpha", "beta", "score", "ply", "depth", "index", "expect", "actual", "bound", "end", "move"];

export class Trace {
  constructor(hello, budget = PAGE_BUDGET) {
    this.hello = hello;
    this.budget = budget; // what the page holds at most (budget.js)
    const id = (table, name) => table.indexOf(name);
    const K = {};
    for (const [i, name] of hello.kinds.entries()) if (name) K[name] = i;
    this.K = K; // kind name -> number, from the server's table
    this.endLeaf = id(hello.ends, "leaf");
    this.endEval = id(hello.ends, "eval");
    this.endStopped = id(hello.ends, "stopped");
    this.endTT = id(hello.ends, "tt-cutoff");
    this.start(null);
  }

  start(started) {
    this._started = started;
    this.moveNames = [""]; // move id -> name; 0 = no move
    this.n = 0;
    // Per-event columns. parent and ref live in the node table (they only come with enter);
    // the rare exceptions go to `extra`.
    this.c = {
      kind: new GrowUint8(), node: new GrowInt32(), alpha: new GrowInt32(), beta: new GrowInt32(),
      score: new GrowInt32(), ply: new GrowInt32(), depth: new GrowInt16(), index: new GrowInt16(),
      expect: new GrowUint8(), actual: new GrowUint8(), bound: new GrowUint8(), end: new GrowUint8(),
      move: new GrowInt32(),
      // pv-line and pv-cut only (hello.methods, hello.reasons); filled from the frame's sparse cuts.
      method: new GrowUint8(), reason: new GrowUint8(),
      // 1 for an event the server derived from a minimal trace (the frame's sparse "derived").
      derived: new GrowUint8(),
    };
    this.extra = new Map(); // event index -> {parent, ref} for non-enter events that carry them
    this.lines = new Lines(); // the lines the events carry, each a move and a line before it (lines.js)
    this.pvs = new Map(); // event index -> its line's id in this.lines
    this.pvNamesCache = new Map(); // event index -> [move names], the few lines asked for lately (pvNames)
    // Node table, indexed by node id (ids are 1,2,3... in enter order, so enterAt is sorted).
    this.enterAt = new GrowInt32(); this.enterAt.push(-1); // slot 0 unused
    this.exitAt = new GrowInt32(); this.exitAt.push(-1);
    this.parentOf = new GrowInt32(); this.parentOf.push(0);
    this.refOf = new GrowInt32(); this.refOf.push(0);
    this.firstChild = new GrowInt32(); this.firstChild.push(0);
    this.lastChild = new GrowInt32(); this.lastChild.push(0);
    this.nextSib = new GrowInt32(); this.nextSib.push(0);
    this.reSearchOf = new GrowInt32(); this.reSearchOf.push(0);
    this.cutAt = new GrowInt32(); this.cutAt.push(-1); // event index of the cutoff this child caused
    // Sorted event indices per kind, and a few derived lists, all for counting by binary search.
    this.byKind = [];
    for (let i = 0; i < this.hello.kinds.length; i++) this.byKind.push(new GrowInt32(16));
    this.leafIdx = new GrowInt32(); // exits that are static evaluations
    this.firstCutIdx = new GrowInt32(); // cutoffs by the first move
    this.lastMoveCutIdx = new GrowInt32(16); // cutoffs at a tree node's last move: nothing left to prune
    this.rootLineIdx = new GrowInt32(); // pv-update at a root, root-pv (the best line), search-end
    this.engineLineAt = -1; // the last iteration-end that carried the engine's own line
    this.iterRootPV = false; // the engine wrote its own root-pv in the iteration being read
    this.reportIdx = new GrowInt32(16); // the end-of-iteration reports: root-pv, pv-line, pv-cut (pvreports.js)
    this.rootFailHighIdx = new GrowInt32(); // fail-high at a root, aspiration-fail upward
    // A node the table answered (an exit with end tt-cutoff) is a table hit and a table cutoff,
    // counted once with the tt-hit and tt-cutoff events the engine may also write for it: as
    // tracer.Counters and pvscope check count them (a minimal trace writes only the exit).
    this.ttHitImplied = new GrowInt32(16);
    this.ttCutImplied = new GrowInt32(16);
    this.ttHitNode = 0; this.ttCutNode = 0; // the nodes of the last tt-hit and tt-cutoff events
    this.rootEnterIdx = new GrowInt32(16); // enters of roots (parent 0): the depth of a trace without iteration events
    // Tree searches: the tree node each search node stands on, and what was pruned, in exit order.
    this.treeOf = started && started.kind === "tree" && started.tree ? [null] : null;
    this.prunedList = []; // {parent, index, move, path, at}
    this.prunedAt = new GrowInt32(16);
    this.prunedByNode = new Map(); // node id -> [pruned entries]
    // Modern search (modern.js): reduced and extended plies, why, null-move cutoffs; prune
    // events become pruned entries above, with their why.
    this.modern = new Modern();
    this.lastMoves = null; // positionMoves' last answer
    this.tt = new TTLinks(); // each tt-hit's store, by the table's keys (ttlinks.js)
    this.nullId = 0; // the move id of the null move "0000", once a frame names it
    this.full = null; // {what, max} once a batch would pass the page's budget: no more events are taken
  }

  get started() { return this._started; }
  get length() { return this.n; }

  append(b) {
    if (this.full) return;
    if (b.from !== this.n) throw new Error(`events batch starts at ${b.from}, expected ${this.n}`);
    if ((this.full = overBudget(this, b, this.budget))) return; // frames.js says so and stops the search
    if (b.moves) for (const m of b.moves) { this.moveNames.push(m); if (m === NULL_MOVE) this.nullId = this.moveNames.length - 1; }
    const M = this.modern;
    M.frame(b, this.enterAt.length);
    const K = this.K, c = this.c, count = b.count;
    const z = (col, i) => (col ? col[i] || 0 : 0);
    // Check first: a bad event is refused with the events before it stored, and nothing after.
    let ok = 0, next = this.enterAt.length, bad = null;
    for (; ok < count; ok++) {
      const kind = b.kind[ok], node = z(b.node, ok);
      if (kind === K.enter) {
        if (node !== next) { bad = `node ${node} entered, expected node ${next}`; break; }
        next++;
      } else if (kind === K.exit && (node <= 0 || node >= next)) { bad = `exit of unknown node ${node}`; break; }
    }
    // The columns are copied whole (a frame holds thousands of events; a call per value
    // per column was most of the page's time while a big search streamed in).
    const at0 = this.n;
    c.kind.pushFrom(b.kind, ok); c.node.pushFrom(b.node, ok);
    for (const f of NUMERIC) c[f].pushFrom(b[f], ok);
    c.method.pushFrom(null, ok); c.reason.pushFrom(null, ok); c.derived.pushFrom(null, ok);
    if (b.cuts) for (const [off, method, reason] of b.cuts) if (off < ok) { c.method.set(at0 + off, method); c.reason.set(at0 + off, reason); }
    if (b.derived) for (const off of b.derived) if (off < ok) c.derived.set(at0 + off, 1);
    this.tt.frame(b, at0, ok, K);
    if (b.lines) this.lines.add(b.lines);
    // A line is an id in this.lines (protocol 3), or, from a trace the page read itself, its move ids.
    if (b.pv) for (const [off, line] of b.pv) if (off < ok) this.pvs.set(at0 + off, Array.isArray(line) ? this.lines.fromMoves(line) : line);
    for (let i = 0; i < ok; i++) {
      const at = at0 + i, kind = b.kind[i], node = z(b.node, i);
      const parent = z(b.parent, i), ref = z(b.ref, i);
      if (kind < this.byKind.length) this.byKind[kind].push(at);
      if (kind === K.enter) {
        this._enter(at, node, parent, ref, z(b.move, i));
        if (!parent) this.rootEnterIdx.push(at);
        if (M.on || this.nullId) M.enter(at, node, b, i, this.nullId !== 0 && z(b.move, i) === this.nullId);
      } else {
        if (parent || ref) this.extra.set(at, { parent, ref });
        if (kind === K.exit) {
          this._exit(at, node);
          if (c.end.get(at) === this.endTT && this.endTT > 0) {
            if (this.ttHitNode !== node) this.ttHitImplied.push(at);
            if (this.ttCutNode !== node) this.ttCutImplied.push(at);
          }
          if (this.nullId) M.exit(this, at, node);
        } else if (kind === K.prune) this._prune(at, node, z(b.move, i), M.whyAt(b, i));
        else if (kind === K["tt-hit"]) this.ttHitNode = node;
        else if (kind === K["tt-cutoff"]) this.ttCutNode = node;
        else if (kind === K["re-search"] && M.on) M.reSearch(at, ref);
        else if (kind === K.cutoff) {
          // A cutoff at a tree's last move prunes nothing: no ✂, and counted apart.
          const child = this.lastChild.get(node);
          if (this._movesLeft(node) === 0) this.lastMoveCutIdx.push(at);
          else if (child) this.cutAt.set(child, at);
          if (z(b.index, i) === 0) this.firstCutIdx.push(at);
        } else if (kind === K["pv-update"] && node && this.parentOf.get(node) === 0) this.rootLineIdx.push(at);
        else if (kind === K["root-pv"]) {
          // MultiPV: lines 1, 2... follow the best (index 0), which stays the root's line.
          if (z(b.index, i) === 0) { this.rootLineIdx.push(at); this.iterRootPV = !c.derived.get(at); }
          this.reportIdx.push(at);
        } else if (kind === K["iteration-end"]) {
          // The engine's own line written through iteration-end is the root's line as a root-pv's is
          // (pvscope check and diff read it so too); a line pvscope derived before it gives way.
          if (this.lines.length(this.pvs.get(at)) && !c.derived.get(at) && !this.iterRootPV) {
            this.rootLineIdx.push(at); this.reportIdx.push(at); this.engineLineAt = at;
          }
          this.iterRootPV = false;
        } else if (kind === K["search-end"]) {
          // A search-end without a line leaves the root's last line shown (a trace file's may give
          // none), and so does one pvscope derived after the engine's own iteration-end line.
          if (this.lines.length(this.pvs.get(at)) && !(c.derived.get(at) && this.engineLineAt >= 0)) this.rootLineIdx.push(at);
        }
        else if (kind === K["pv-line"] || kind === K["pv-cut"]) this.reportIdx.push(at);
        else if (kind === K["fail-high"] && node && this.parentOf.get(node) === 0) this.rootFailHighIdx.push(at);
        else if (kind === K["aspiration-fail"]) this._aspiration(at);
      }
      this.n++;
    }
    if (bad) throw new Error(bad);
  }

  _enter(at, id, parent, ref, move) {
    // A parent or ref names a node entered before this one; any other (itself, a later node, a
    // negative id) would make a cycle the tree's walks never leave: the node is placed under the
    // innermost node still open, as its enter nests (a root when none is), its ref dropped (the
    // server lists the trace's violation).
    if (!(parent > 0 && parent < id)) parent = this.current(at);
    if (!(ref > 0 && ref < id)) ref = 0;
    this.enterAt.push(at); this.exitAt.push(-1); this.parentOf.push(parent); this.refOf.push(ref);
    this.firstChild.push(0); this.lastChild.push(0); this.nextSib.push(0); this.reSearchOf.push(0);
    this.cutAt.push(-1);
    if (parent) {
      const last = this.lastChild.get(parent);
      if (last) this.nextSib.set(last, id); else this.firstChild.set(parent, id);
      this.lastChild.set(parent, id);
    }
    if (ref) this.reSearchOf.set(ref, id);
    if (this.treeOf) {
      const up = parent ? this.treeOf[parent] : this._started.tree;
      const ci = parseInt(this.moveNames[move], 10);
      this.treeOf.push(parent ? (Array.isArray(up) && Number.isInteger(ci) ? up[ci] : undefined) : up);
    }
  }

  _exit(at, id) {
    this.exitAt.set(id, at);
    if (this.c.end.get(at) === this.endLeaf || this.c.end.get(at) === this.endEval) this.leafIdx.push(at);
    // Tree searches: children of a finished, searched (depth > 0), not stopped node that were never entered.
    const t = this.treeOf && this.treeOf[id];
    const e = this.enterAt.get(id);
    if (!Array.isArray(t) || this.c.depth.get(e) <= 0 || this.c.end.get(at) === this.endStopped) return;
    const seen = new Set();
    for (let ch = this.firstChild.get(id); ch; ch = this.nextSib.get(ch)) seen.add(this.moveName(ch));
    const base = this.positionMoves(id).join(".");
    for (let ci = 0; ci < t.length; ci++) {
      const move = String(ci);
      if (seen.has(move)) continue;
      const p = { parent: id, index: ci, move, path: base ? base + "." + move : move, at };
      this.prunedList.push(p); this.prunedAt.push(at);
      if (!this.prunedByNode.has(id)) this.prunedByNode.set(id, []);
      this.prunedByNode.get(id).push(p);
    }
  }

  // A prune event: Node skipped Move unsearched. It is drawn as a stub child of Node (layout.js)
  // like a teaching tree's pruned children, with its reason; its path is made when asked (pruned).
  _prune(at, parent, move, why) {
    const p = { parent, index: -1, move: this.moveNames[move] ?? "", path: null, at, why, event: true };
    this.prunedList.push(p); this.prunedAt.push(at);
    if (!this.prunedByNode.has(parent)) this.prunedByNode.set(parent, []);
    this.prunedByNode.get(parent).push(p);
  }

  // How many of a tree node's moves were never entered (so far); Infinity for chess, whose
  // move count the trace does not carry (a chess cutoff is taken to prune).
  _movesLeft(id) {
    const t = this.treeOf && this.treeOf[id];
    if (!Array.isArray(t)) return Infinity;
    const seen = new Set();
    for (let ch = this.firstChild.get(id); ch; ch = this.nextSib.get(ch)) seen.add(this.moveName(ch));
    return t.length - seen.size;
  }
  // True when the cutoff at event i left moves unsearched (a pruning), false when it came at the last move.
  cutoffPrunes(i) {
    const j = countBelow(this.lastMoveCutIdx, i);
    return !(j < this.lastMoveCutIdx.length && this.lastMoveCutIdx.get(j) === i);
  }

  _aspiration(at) {
    // Upward aspiration failure = a root fail-high: the score reached the beta of the window
    // the root was searched with (the latest iteration-start or aspiration-fail before it).
    const a = this.byKind[this.K["iteration-start"]], b = this.byKind[this.K["aspiration-fail"]];
    const ia = lastBelow(a, at), ib = lastBelow(b, at);
    const prev = Math.max(ia < 0 ? -1 : a.get(ia), ib < 0 ? -1 : b.get(ib));
    if (prev >= 0 && this.c.score.get(at) >= this.c.beta.get(prev)) this.rootFailHighIdx.push(at);
  }

  moveName(id) { return this.moveNames[this.c.move.get(this.enterAt.get(id))]; }

  // The node type expected at enter event e, where an expectation means something: a node
  // searched with a null window (a root driver's bound search, or the line below one, which a
  // derivation from the root calls PV) is no PV node, so it is shown with none.
  expectAt(e) {
    const x = this.hello.nodeTypes[this.c.expect.get(e)] ?? "";
    return x === "pv" && this.c.beta.get(e) - this.c.alpha.get(e) === 1 ? "" : x;
  }

  event(i) {
    if (i < 0 || i >= this.n) return null;
    const c = this.c, h = this.hello, kind = c.kind.get(i), node = c.node.get(i);
    let parent = 0, ref = 0;
    if (kind === this.K.enter) { parent = this.parentOf.get(node); ref = this.refOf.get(node); }
    else if (this.extra.has(i)) ({ parent, ref } = this.extra.get(i));
    const pv = this.pvNames(i);
    return {
      seq: i + 1, kind: h.kinds[kind] ?? String(kind), node, parent, ref,
      alpha: c.alpha.get(i), beta: c.beta.get(i), score: c.score.get(i),
      ply: c.ply.get(i), depth: c.depth.get(i), index: c.index.get(i),
      expect: h.nodeTypes[c.expect.get(i)] ?? "", actual: h.nodeTypes[c.actual.get(i)] ?? "",
      bound: h.bounds[c.bound.get(i)] ?? "", end: h.ends[c.end.get(i)] ?? "",
      move: this.moveNames[c.move.get(i)] ?? "", pv,
      method: (h.methods && h.methods[c.method.get(i)]) ?? "", reason: (h.reasons && h.reasons[c.reason.get(i)]) ?? "",
      derived: c.derived.get(i) === 1,
      ...this.modern.eventFields(this, i, kind, node),
    };
  }

  // Ids are handed out in enter order, so the nodes entered before k are exactly 1..nodeCount(k).
  nodeCount(k) { return countBelow(this.enterAt, k, 1); }
  get totalNodes() { return this.enterAt.length - 1; }

  current(k) {
    let x = this.nodeCount(k);
    while (x && this.exitAt.get(x) >= 0 && this.exitAt.get(x) < k) x = this.parentOf.get(x);
    return x;
  }

  // True when node id has exited among the first k events.
  finished(id, k) { const e = this.exitAt.get(id); return e >= 0 && e < k; }
  // Nodes in id's subtree (itself included): its descendants are the ids entered before its exit.
  subtreeSize(id, k = this.n) {
    const e = this.exitAt.get(id);
    const end = e >= 0 && e < k ? e : k;
    return this.nodeCount(end) - id + 1;
  }
  *childIds(id) { for (let ch = this.firstChild.get(id); ch; ch = this.nextSib.get(ch)) yield ch; }

  node(id) {
    if (id <= 0 || id >= this.enterAt.length) return null;
    const c = this.c, h = this.hello, e = this.enterAt.get(id), x = this.exitAt.get(id);
    const done = x >= 0;
    return {
      id, parent: this.parentOf.get(id), ref: this.refOf.get(id), move: this.moveNames[c.move.get(e)],
      ply: c.ply.get(e), depth: c.depth.get(e), index: c.index.get(e), alpha: c.alpha.get(e), beta: c.beta.get(e),
      expect: this.expectAt(e), enterAt: e, exitAt: done ? x : Infinity,
      score: done ? c.score.get(x) : null, actual: done ? h.nodeTypes[c.actual.get(x)] ?? "" : null,
      end: done ? h.ends[c.end.get(x)] ?? "" : null, children: [...this.childIds(id)],
      reSearch: this.reSearchOf.get(id), cutAt: this.cutAt.get(id) >= 0 ? this.cutAt.get(id) : Infinity,
      reduced: this.modern.reducedOf(id), extended: this.modern.extendedOf(id), why: this.modern.whyOf(id),
      ownSearch: this.modern.subOf(id), excluded: this.moveNames[this.modern.excludedIdOf(id)] || "",
      nullMove: this.nullId !== 0 && c.move.get(e) === this.nullId,
    };
  }

  path(id) {
    const out = [];
    for (let x = id; x; x = this.parentOf.get(x)) out.push(x);
    return out.reverse();
  }

  // The moves from the root to node id's position: a search of a node's own position plays none.
  // A step's drawing asks it of the same node several times: the last answer is kept (a node's
  // moves never change once it has entered), and each caller gets its own copy (issue 44: below a
  // chain 50,000 deep, each walk and its arrays cost 20-40 ms).
  positionMoves(id) {
    const m = this.lastMoves;
    if (m && m.id === id) return m.moves.slice();
    // A step in a deep chain moves one level: the last answer plus or minus one move.
    const played = (x) => !this.modern.subOf(x);
    const moves = m && m.id > 0 && this.parentOf.get(id) === m.id ? (played(id) ? [...m.moves, this.moveName(id)] : m.moves)
      : m && id > 0 && this.parentOf.get(m.id) === id ? (played(m.id) ? m.moves.slice(0, -1) : m.moves)
        : this.path(id).slice(1).filter(played).map((x) => this.moveName(x));
    if (id > 0 && id < this.enterAt.length) this.lastMoves = { id, moves };
    return moves.slice();
  }

  // positionEnds(id, head, tail) -> {head, tail, count}: positionMoves(id)'s first and last
  // moves and its length, no whole path made (issue 44); head [] when count <= head + tail.
  positionEnds(id, head, tail) {
    const played = (x) => !this.modern.subOf(x);
    const last = [], ring = [];
    let count = 0;
    for (let x = id; x > 0 && this.parentOf.get(x) !== 0; x = this.parentOf.get(x)) { // a root plays no move
      if (!played(x)) continue;
      count++;
      if (last.length < head + tail) last.push(x); else { ring.push(x); if (ring.length > head) ring.shift(); }
    }
    const name = (x) => this.moveName(x);
    if (count <= head + tail) return { head: [], tail: last.reverse().map(name), count };
    return { head: last.concat(ring).slice(-head).reverse().map(name), tail: last.slice(0, tail).reverse().map(name), count };
  }

  _rootLineAt(k) {
    const j = lastBelow(this.rootLineIdx, k);
    return j < 0 ? -1 : this.rootLineIdx.get(j);
  }
  // The root's line at k, as move names. The array is shared (pvNames): read it, do not change it.
  rootPV(k) {
    const i = this._rootLineAt(k);
    return (i >= 0 && this.pvNames(i)) || [];
  }
  // pvNames(i) -> the line event i carries, as move names (null when it carries none). A line
  // may be 100,000 moves: the names are made once per event and kept for the few lines asked
  // for lately, frozen and shared, so the page's many questions per frame cost no copy.
  pvNames(i) {
    let names = this.pvNamesCache.get(i);
    if (names) return names;
    const pv = this.pvs.get(i);
    if (pv === undefined) return null;
    names = Object.freeze(this.lines.moves(pv, this.moveNames));
    if (this.pvNamesCache.size >= 64) this.pvNamesCache.delete(this.pvNamesCache.keys().next().value);
    this.pvNamesCache.set(i, names);
    return names;
  }
  rootScore(k) {
    const i = this._rootLineAt(k);
    return i < 0 ? null : this.c.score.get(i);
  }
  // Event index of the root-line change shown at k (-1 before any): lets callers cache.
  rootLineEvent(k) { return this._rootLineAt(k); }

  // The best line of each iteration completed before k (MultiPV's other lines: pvreports.js):
  // the engine's own, from root-pv or iteration-end, before one pvscope derived.
  iterations(k) {
    const idx = this.reportIdx, out = [], K = this.K, c = this.c;
    const m = countBelow(idx, k);
    let engine = false; // the last line taken is the engine's own
    for (let j = 0; j < m; j++) {
      const i = idx.get(j), kind = c.kind.get(i);
      const line = { depth: c.depth.get(i), score: c.score.get(i), pv: this.pvNames(i) || [] };
      if (kind === K["root-pv"] && c.index.get(i) === 0) {
        out.push(line);
        engine = !c.derived.get(i);
      } else if (kind === K["iteration-end"]) {
        const last = out[out.length - 1];
        if (last && last.depth === line.depth) { if (!engine) out[out.length - 1] = line; } else out.push(line);
        engine = true;
      }
    }
    return out;
  }

  pruned(k) {
    return this.prunedList.slice(0, countBelow(this.prunedAt, k)).map((p) => ({
      parent: p.parent, index: p.index, move: p.move,
      path: p.path ?? [...this.positionMoves(p.parent), p.move].join("."), ...(p.event ? { why: p.why } : {}),
    }));
  }
  // Pruned children of one node as of step k (for the layout): a teaching tree's, once the node
  // has returned, and the moves its prune events skipped, each from its event on.
  prunedChildren(id, k) {
    const l = this.prunedByNode.get(id);
    if (!l || l[0].at >= k) return null;
    let n = l.length;
    while (n && l[n - 1].at >= k) n--;
    return n === l.length ? l : l.slice(0, n);
  }

  count(kindName, k) {
    const kind = this.K[kindName];
    return kind === undefined ? 0 : countBelow(this.byKind[kind], k);
  }

  stats(k) {
    const it = this.byKind[this.K["iteration-start"]], j = lastBelow(it, k);
    let depth = 0;
    const r = lastBelow(this.rootEnterIdx, k);
    if (j >= 0) depth = this.c.depth.get(it.get(j));
    else if (r >= 0) depth = this.c.depth.get(this.rootEnterIdx.get(r)); // the iteration the latest root search belongs to
    else {
      const s = this.byKind[this.K["search-start"]];
      if (countBelow(s, k)) depth = this.c.depth.get(s.get(0));
    }
    return {
      nodes: this.nodeCount(k), leaves: countBelow(this.leafIdx, k), probes: this.count("probe", k),
      reSearches: this.count("re-search", k), cutoffs: this.count("cutoff", k),
      lastMoveCutoffs: countBelow(this.lastMoveCutIdx, k), // of the cutoffs, those that pruned nothing
      firstMoveCutoffs: countBelow(this.firstCutIdx, k), ttHits: this.count("tt-hit", k) + countBelow(this.ttHitImplied, k),
      ttCutoffs: this.count("tt-cutoff", k) + countBelow(this.ttCutImplied, k), depth,
      pruned: this.count("prune", k), ...this.modern.stats(k),
    };
  }

  // Approximate bytes held by the columns and tables (typed-array capacity).
  get bytes() {
    let b = 0;
    for (const col of Object.values(this.c)) b += col.bytes;
    b += this.modern.bytes + this.lines.bytes;
    for (const col of [this.enterAt, this.exitAt, this.parentOf, this.refOf, this.firstChild, this.lastChild,
      this.nextSib, this.reSearchOf, this.cutAt, this.leafIdx, this.firstCutIdx, this.lastMoveCutIdx, this.rootLineIdx, this.rootFailHighIdx,
      this.ttHitImplied, this.ttCutImplied, this.rootEnterIdx,
      this.reportIdx, ...this.byKind]) b += col.bytes;
    return b;
  }
}
