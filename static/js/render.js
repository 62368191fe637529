// render.js: draws every region of the page for step S.k from the shared state: the step
// counter, scrubber and play button, the run-state line, the tree view, the PV panel, the
// statistics, the event log with its narration, and the board. It reads the state and never
// changes what is shown next; the controller and playback decide when to call render().
import { narrate } from "./stepping/narrate.js";
import { Announcer, describeSelected, liveRegion } from "./stepping/announce.js";
import { cutoffText } from "./pv/panels.js";
import { boardTitle, gameOverTitle } from "./board/boardtitle.js";
import { runStateText } from "./runstate.js";
import { pvReports, methodsOf } from "./pv/pvreports.js";
import { t } from "./i18n/i18n.js";
import { Stages } from "./stepping/stages.js";

const $ = (id) => document.getElementById(id);

// nowLine: the current step's sentence right under the stepping buttons. A phone stacks the
// event log a thousand pixels below them (issue 28); CSS shows this line only there. Screen
// readers hear the live region instead, so it is hidden from them.
function nowLine() {
  let el = $("narration-now");
  if (el) return el;
  el = document.createElement("p");
  el.id = "narration-now"; el.className = "narration-now"; el.dataset.testid = "narration-now";
  el.setAttribute("aria-hidden", "true");
  const btns = document.querySelector(".controls .btns");
  if (btns) btns.after(el); else document.body.append(el);
  return el;
}

// createRenderer(S, regions): S is the page state (app.js); regions holds the Board, PVPanel,
// PVLab, Stats and EventLog. Returns render(), renderSlice(budgetMs) (playback while a search
// streams), renderBoard() (for PV hover alone) and setRunState().
export function createRenderer(S, { board, pvPanel, pvLab, stats, log, codePanel, tt = null }) {
  const live = new Announcer(liveRegion()); // announce.js: the step's sentence, throttled, for screen readers
  const now = nowLine(); // the same sentence under the stepping buttons, shown on a phone
  // The regions of step k in the order they are drawn. A render normally draws them all; while
  // a search streams, playback asks for a slice (renderSlice), and a frame draws the regions
  // its budget allows, the next frame the rest (stages.js, issue 28).
  const stages = [
    function drawTree(tr, k) {
      const view = S.view, run = S.run;
      if (!view) return;
      if (view.show(k, { selected: S.selected || 0, view: S.pov }) === false) {
        const p = view.progress;
        setText($("tree-info"), t("treeslice.progress", { nodes: tr.nodeCount(k), ready: p ? p.ready : 0, total: p ? p.total : 0 }));
        return false;
      }
      if (run && run.firstNode === undefined && tr.nodeCount(k) > 0) {
        run.firstNode = performance.now() - run.t0;
        performance.mark("pvscope:first-node-painted");
        try { performance.measure("pvscope:start-to-first-node", "pvscope:start-click", "pvscope:first-node-painted"); } catch { /* marks cleared */ }
      }
      setText($("tree-info"), t("render.treeInfo", { nodes: tr.nodeCount(k), drawn: view.visibleNodes }));
    },
    function drawPanels(tr, k) {
      const st = tr.stats(k);
      renderPV(tr, S.notation, k, st.depth);
      stats.render(st, { nps: nodesPerSecond(), minimalLeaves: tr.started.minimalLeaves });
      // The legend's entries for modern search (reduced, extended, null move, pruned with a reason),
      // and for a search of a node's own position once there is one.
      document.documentElement.classList.toggle("has-modern", !!(st.nullMoves || st.reductions || st.extensions || st.pruned));
      document.documentElement.classList.toggle("has-own-search", !!st.ownSearches);
      if (S.pov.root) cutoffsByPlayer(tr, k, st);
    },
    function drawLog(tr, k) {
      log.render(k, narrateAt);
      if (codePanel) codePanel.render(); // codepanel.js: the running line and its variables
    },
    function drawSentenceAndBoard(tr, k) {
      const said = k > 0 ? narrateAt(k - 1).text : "";
      if (now.textContent !== said) now.textContent = said;
      if (S.selected && tr.node(S.selected)) live.say(`sel:${S.selected}:${k}`, () => describeSelected(tr, k, S.pov, S.selected));
      else if (k > 0) live.say(`k:${k}`, () => { const j = Math.min(S.k, S.eventCount); return S.trace === tr && j > 0 ? narrateAt(j - 1).text : ""; });
      renderBoard();
      if (tt) tt(tr, k); // the table's links at the node shown (pv/ttpanel.js)
    },
  ];
  const regions = new Stages(stages);

  // render draws step S.k whole, now.
  function render() { draw(Infinity); }

  // renderSlice draws step S.k, or goes on with the step a slice left unfinished, until budgetMs
  // is spent (one stage at least); it returns true when the step is drawn whole.
  function renderSlice(budgetMs) { return draw(budgetMs); }

  function draw(budgetMs) {
    const t0 = performance.now();
    // A slice goes on where the last one stopped only if nothing asked for a new drawing since.
    const goOn = budgetMs !== Infinity && !S.dirty;
    S.drawn(); // the counters now include every event received
    const tr = S.trace;
    const total = S.eventCount;
    const k = Math.min(S.k, total);
    // Only what changed is written: a write of the same text still costs the page a layout
    // and a paint, and while a big search streams in render() runs every frame (issue 28).
    const index = t("render.eventIndex", { k, total }), ei = $("event-index");
    if (ei.value !== index) ei.value = index;
    setText(ei, index);
    const tl = $("timeline");
    if (tl.max !== String(total)) tl.max = String(total);
    if (document.activeElement !== tl || +tl.value !== k) { if (tl.value !== String(k)) tl.value = String(k); }
    const pp = $("play-pause");
    setText(pp, S.playing ? "❚❚" : "▶");
    setAttr(pp, "aria-pressed", String(S.playing));
    setAttr(pp, "aria-label", S.playing ? t("render.pause") : t("render.play"));
    if ($("stop-button").disabled !== !S.streaming) $("stop-button").disabled = !S.streaming;
    renderRunState();
    S.renderOwed = false;
    if (!tr || !tr.started) return true;
    const whole = regions.draw([tr, k], { budgetMs: budgetMs - (performance.now() - t0), goOn });
    S.renderOwed = !whole;
    log.scroll(); // last: one layout for the frame's changes
    return whole;
  }

  // The PV panel: the root line, a row per iteration, and the collectors' lines and MultiPV
  // lines of one iteration: the newest reported (a stopped one included), or the one picked in
  // the list. The newest iteration's cuts carry the testids pv-cut-<method>.
  function renderPV(tr, N, k, depth) {
    const reports = pvReports(tr, k);
    const methods = methodsOf(tr, k), compact = methods.length === 1;
    const newest = reports.length ? reports[reports.length - 1] : null;
    const picked = S.labDepth ? reports.find((r) => r.depth === S.labDepth) : null;
    const shown = picked || newest;
    const multipv = shown && shown.multipv.length > 1
      ? shown.multipv.map((l) => ({ scoreText: N.score(l.score), line: N.items(0, l.pv), cut: l.cut || null })) : [];
    const lab = shown && (!compact || multipv.length) ? {
      depth: shown.depth, latest: shown === newest, stopped: !shown.complete, against: shown.lines.triangular || null, multipv,
      methods: compact ? [] : methods.map((m) => ({
        method: m, line: shown.lines[m] ? N.items(0, shown.lines[m]) : null,
        cut: shown.cuts.find((c) => c.method === m) || null,
      })),
    } : null;
    const rows = reports.map((r) => {
      const best = r.multipv.find((l) => l.index === 0);
      const row = r.complete
        ? { depth: r.depth, scoreText: boundMark(r.bound) + N.score(r.score), line: N.items(0, best ? best.pv : []) }
        : { depth: r.depth, scoreText: t("render.iterationStopped"), line: null }; // a stopped iteration has cuts, no line
      row.picked = !!lab && r === shown;
      if (compact) {
        // Only the triangular table ran: its cut sits at the end of the iteration's row.
        row.marker = r.cuts.find((c) => c.method === "triangular") || null;
        row.markerTestid = row.marker && r === newest ? "pv-cut-triangular" : "";
      } else if (r.complete) row.badge = r.cuts.length;
      return row;
    });
    // The root line: its first S.pvShown moves (pvshown.js; the panel's "… more" raises it),
    // and its score marked ≥ / ≤ when the engine's iteration ended on a bound.
    const at = tr.rootLineEvent(k), kind = at >= 0 ? tr.hello.kinds[tr.c.kind.get(at)] : "";
    const mark = kind === "root-pv" ? boundMark((tr.hello.bounds || [])[tr.c.bound.get(at)]) : "";
    pvPanel.render(N.items(0, tr.rootPV(k), S.pvShown), mark + N.score(tr.rootScore(k)), depth, rows);
    pvLab.render(lab);
    document.documentElement.classList.toggle("has-lab", !!lab);
  }

  // In the root view the cutoffs split into beta cutoffs (at MAX nodes) and alpha cutoffs (at MIN).
  // Only cutoffs that pruned are split; those at the last move are counted after them.
  function cutoffsByPlayer(tr, k, st) {
    const idx = tr.byKind[tr.K.cutoff], total = st.cutoffs;
    if (!idx || !total || total > 20000) return;
    let alpha = 0, beta = 0;
    for (let j = 0; j < total; j++) {
      const at = idx.get(j);
      if (!tr.cutoffPrunes(at)) continue;
      if (tr.c.ply.get(tr.enterAt.get(tr.c.node.get(at))) % 2 === 1) alpha++; else beta++;
    }
    const el = $("stat-cutoffs"), text = cutoffText(st, { beta, alpha });
    if (el && el.textContent !== text) el.textContent = text;
  }

  // Nodes per second: the server's status while searching, else the final result's nodes over time.
  function nodesPerSecond() {
    const r = S.done && S.done.result;
    if (r && r.elapsedMs > 0) return (r.nodes * 1000) / r.elapsedMs;
    return S.status ? S.status.nps : null;
  }

  // Narration is cached per event: the log re-renders the same rows on every frame.
  function narrateAt(i) {
    let r = S.narrations.get(i);
    if (!r) {
      const tr = S.trace, N = S.notation;
      const e = tr.event(i);
      let text;
      try {
        // Chess moves are named by their whole line from the root ("1.Nc3 Nc6 2.Nf3"), in SAN.
        const label = N.chess ? (id, m) => N.lineTo(id, m) : (id, m) => N.label(id, m);
        text = narrate(tr, i, label, { line: (id, moves) => N.lineText(id, moves), view: S.pov });
      } catch (err) {
        text = t("render.narrationFailed", { n: i + 1, kind: e.kind, error: err.message });
      }
      r = { text, kind: e.kind, derived: e.derived };
      if (S.narrations.size > 20000) S.narrations.clear();
      S.narrations.set(i, r);
    }
    return r;
  }
  // For the event log's budget (eventlog.js): a sentence already made, and the event's kind.
  narrateAt.cached = (i) => S.narrations.get(i);
  narrateAt.kind = (i) => S.trace.hello.kinds[S.trace.c.kind.get(i)] ?? "";

  // The board shows the hovered PV position, else the selected node, else the node being searched.
  function renderBoard() {
    const tr = S.trace, N = S.notation;
    if (!tr || !tr.started || !N) return;
    const k = Math.min(S.k, S.eventCount);
    if (S.hover) {
      const { line, i } = S.hover;
      const p = line.positions[i];
      if (!p) return;
      const title = t("render.boardAfterLine", { line: N.lineText(line.from, line.raw.slice(0, i + 1)) });
      if (N.game) board.game.node(tr.started, p.path, line.raw.slice(i + 1), title);
      else if (N.chess) board.showChess(p.fen, { line: p.rest, last: p.last, title });
      else board.showTreePath(p.path, { title, value: leafValue(p.path) });
      return;
    }
    const id = S.selected || tr.current(k);
    const nd = id ? tr.node(id) : null;
    const line = nodeLine(id, k);
    // A null move leaves the pieces where they were: the caption says who moves now.
    const fenHere = N.chess && nd && nd.nullMove ? N.lines.fenAt(tr, id) : null;
    const title = nd && nd.parent
      ? boardTitle({ selected: !!S.selected, node: N.nodeTitle(id), pass: fenHere ? (fenHere.split(" ")[1] === "b" ? "b" : "w") : "",
        ply: nd.ply, depth: nd.depth, window: S.pov.windowText(nd.alpha, nd.beta, nd.ply) })
      : S.selected ? t("render.boardSelectedRoot") : t("render.boardRootPosition");
    if (N.game) board.game.node(tr.started, id ? tr.positionMoves(id) : [], line, gameOverTitle(title, nd && nd.end)); // board/games.js
    else if (N.chess) {
      const fen = id ? N.lines.fenAt(tr, id) : N.lines.rootFen;
      // At or below a move the page's rules reject: the last legal position, and why (board.js).
      const bad = N.lines.rejectedAt(tr, id);
      if (bad) {
        board.showChess(bad.fen, { line: [], last: bad.uci,
          title: t("render.boardRejected", { san: bad.san, above: bad.id === id ? "no" : "yes", why: bad.why, title }) });
      } else board.showChess(fen, { line, last: nd && nd.parent ? nd.move : "", title });
    } else {
      const path = id ? tr.positionMoves(id) : [];
      board.showTreePath(path, { line, title, value: leafValue(path) });
    }
  }

  // The best line from node id as known at step k: the root PV (or its tail, when id is on it),
  // else the latest pv-update at id.
  function nodeLine(id, k) {
    const tr = S.trace;
    const pv = tr.rootPV(k);
    if (!id) return pv;
    const path = tr.positionMoves(id);
    if (path.length <= pv.length && path.every((m, i) => m === pv[i])) return pv.slice(path.length);
    const nd = tr.node(id);
    const upd = tr.byKind && tr.K ? tr.byKind[tr.K["pv-update"]] : null;
    if (!upd || !nd) return [];
    // Bounded scan back: a long chess trace must not stall a frame.
    for (let j = upd.length - 1, seen = 0; j >= 0 && seen < 4000; j--, seen++) {
      const i = upd.get(j);
      if (i >= k) continue;
      if (i < nd.enterAt) break;
      if (tr.c.node.get(i) === id) return tr.pvNames(i) || [];
    }
    return [];
  }

  // A leaf's value as the view shows it: the tree text is the root player's, negamax flips at odd plies.
  function leafValue(path) {
    const v = treeLeaf(path);
    return v === null || S.pov.root || path.length % 2 === 0 ? v : -v;
  }

  function treeLeaf(path) {
    let x = S.trace.started.tree;
    for (const m of path) {
      if (!Array.isArray(x)) return null;
      x = x[+m];
    }
    return typeof x === "number" ? x : null;
  }

  function renderRunState() {
    const el = $("run-state");
    if (el.dataset.sticky) return;
    const text = runStateText(S), cls = S.streaming ? "live" : S.done && S.done.stopped ? "warn" : "";
    if (el.textContent !== text) el.textContent = text;
    if (el.className !== "run-state " + cls) el.className = "run-state " + cls;
  }

  // A "warn" message sticks: render() leaves it alone until the next setRunState.
  function setRunState(text, cls) {
    const el = $("run-state");
    if (cls === "warn") el.dataset.sticky = "1";
    else delete el.dataset.sticky;
    el.textContent = text;
    el.className = "run-state " + (cls || "");
  }

  return { render, renderSlice, renderBoard, setRunState };
}


// An iteration whose root search failed on its aspiration window has only a bound for a score
// (the root-pv's bound, pvscope check's "bound"): at least (≥) or at most (≤).
function boundMark(bound) {
  return bound === "lower" ? "≥ " : bound === "upper" ? "≤ " : "";
}

function setText(el, text) { if (el.textContent !== text) el.textContent = text; }
function setAttr(el, name, value) { if (el.getAttribute(name) !== value) el.setAttribute(name, value); }
