// panels.js: the PV panel (its collectors' rows are in pvlab.js) and the statistics (the event
// log is eventlog.js). Each renders what the controller hands it for step k; none holds search state.

import { span, lineSpans, cutMarker } from "./pvlab.js";
import { t, num } from "../i18n/i18n.js";

// A count in the page's language (1,234 / 1 234), "–" when there is none.
export const fmtInt = (n) => (n === null || n === undefined || Number.isNaN(n) ? "–" : num(n));

// PVPanel: the root line at step k in SAN (or child indices for trees), its score and depth,
// and one row per completed iteration. Hovering a move calls onHover(line, i) (null on leave);
// clicking a ✂ marker calls onCut(node), clicking an iteration row onPick(depth).
export class PVPanel {
  constructor(lineEl, scoreEl, itersEl, { onHover, onCut, onPick, onMore } = {}) {
    this.lineEl = lineEl;
    this.scoreEl = scoreEl;
    this.itersEl = itersEl;
    this.onHover = onHover || (() => {});
    this.key = null;
    this.itersKey = null;
    this.current = null; // the line shown, for hover lookups
    const hover = (e) => {
      const s = e.target.closest(".mv[data-i]");
      if (!s) return;
      const which = s.closest("[data-line]");
      const line = which && which.dataset.line === "pv" ? this.current : this.iterLines[+which.dataset.line];
      if (line) this.onHover(line, +s.dataset.i);
    };
    const leave = () => this.onHover(null, -1);
    for (const el of [lineEl, itersEl]) {
      el.addEventListener("mouseover", hover);
      el.addEventListener("mouseleave", leave);
    }
    // "… and 99,950 more" at the end of a long line (pvshown.js): draw more of it.
    lineEl.addEventListener("click", (e) => { if (e.target.closest(".pv-more") && onMore) onMore(); });
    itersEl.addEventListener("click", (e) => {
      const cut = e.target.closest(".pv-cut[data-node]");
      if (cut) { if (onCut) onCut(+cut.dataset.node); return; }
      const li = e.target.closest("li[data-depth]");
      if (li && onPick) onPick(+li.dataset.depth);
    });
    this.iterLines = [];
  }

  // render(line, scoreText, depth, iterations)
  // line: {moves: [{text, prefix}], raw: [names], more, key} (Notation.items: the first moves of a long line)
  // iterations, oldest first: [{depth, scoreText, line (null for a stopped iteration), marker (a cut
  //   shown as ✂ at the line's end) and markerTestid, badge (how many of its lines were cut), picked}]
  render(line, scoreText, depth, iterations) {
    const key = line.key + "|" + line.moves.length + "|" + scoreText + "|" + depth;
    if (key !== this.key) {
      this.key = key;
      this.current = line;
      this.lineEl.dataset.line = "pv";
      this.lineEl.dataset.moves = line.raw.slice(0, line.moves.length).join(" "); // the UCI moves drawn
      this.lineEl.replaceChildren(...lineSpans(line, null, true));
      if (!line.moves.length) this.lineEl.append(span("none", t("panels.noLineYet")));
      // Score and depth end the line (#pv-score holds them too).
      const meta = scoreText === "" ? "" : depth ? t("panels.scoreAtDepth", { score: scoreText, depth }) : scoreText;
      if (meta) this.lineEl.append(span("pv-meta", meta));
      this.scoreEl.textContent = meta;
    }
    const ik = JSON.stringify(iterations.map((it) => [it.depth, it.line && it.line.key, it.scoreText,
      it.marker && [it.marker.node, it.marker.reason], it.markerTestid, it.badge, it.picked]));
    if (ik !== this.itersKey) {
      this.itersKey = ik;
      this.iterLines = iterations.map((it) => it.line);
      this.itersEl.replaceChildren(...iterations.map((it, j) => {
        const li = document.createElement("li");
        li.dataset.line = String(j);
        li.dataset.depth = String(it.depth);
        if (it.picked) li.className = "picked";
        const d = span("d", t("panels.iterationDepth", { depth: it.depth })), s = span("s", it.scoreText), l = span("l", "");
        if (it.line) l.append(...lineSpans(it.line));
        li.append(d, s, l);
        if (it.marker) li.append(cutMarker(it.marker, it.markerTestid));
        if (it.badge) {
          const b = span("cut-badge", `✂${it.badge}`);
          b.title = t("panels.cutBadgeTitle", { n: it.badge });
          li.append(b);
        }
        return li;
      }).reverse()); // newest first
    }
  }
}

// Stats: the counters of trace.stats(k), nodes/s from the server, and for generated trees
// the Knuth-Moore minimal leaf count against the leaves actually evaluated.
export class Stats {
  constructor(root) {
    const $ = (id) => root.querySelector("#" + id);
    this.el = {
      nodes: $("node-count"), leaves: $("stat-leaves"), depth: $("stat-depth"), probes: $("stat-probes"),
      reSearches: $("stat-researches"), cutoffs: $("stat-cutoffs"), firstCuts: $("stat-first-cuts"),
      tt: $("stat-tt"), nps: $("stat-nps"), minimalRow: $("stat-minimal-row"), minimal: $("stat-minimal"),
      nullCuts: $("stat-null-cuts"), reductions: $("stat-reductions"), pruned: $("stat-pruned"), extensions: $("stat-extensions"),
      modernRows: [...root.querySelectorAll(".stat-modern")],
    };
  }

  render(s, { nps = null, minimalLeaves = null } = {}) {
    const e = this.el;
    set(e.nodes, fmtInt(s.nodes));
    set(e.leaves, fmtInt(s.leaves));
    set(e.depth, s.depth ? String(s.depth) : "–");
    set(e.probes, fmtInt(s.probes));
    set(e.reSearches, fmtInt(s.reSearches));
    set(e.cutoffs, cutoffText(s));
    set(e.firstCuts, s.cutoffs ? t("panels.percent", { p: Math.round((100 * s.firstMoveCutoffs) / s.cutoffs) }) : "–");
    set(e.tt, `${fmtInt(s.ttHits)} / ${fmtInt(s.ttCutoffs)}`);
    set(e.nps, nps ? fmtInt(Math.round(nps)) : "–");
    // Modern search's counts show once the trace has any (a textbook search keeps its short list).
    const modern = !!(s.nullMoves || s.reductions || s.extensions || s.pruned);
    for (const row of e.modernRows) if (row.hidden === modern) row.hidden = !modern;
    if (modern) {
      set(e.nullCuts, `${fmtInt(s.nullMoveCutoffs)} / ${fmtInt(s.nullMoves)}`);
      set(e.reductions, `${fmtInt(s.reductions)} / ${fmtInt(s.reducedReSearches)}`);
      set(e.pruned, fmtInt(s.pruned));
      set(e.extensions, fmtInt(s.extensions));
    }
    e.minimalRow.hidden = !minimalLeaves;
    if (minimalLeaves) set(e.minimal, `${fmtInt(minimalLeaves)} / ${fmtInt(s.leaves)}`);
  }
}

// Cutoffs that pruned, and apart those at a tree node's last move (a fail-high with nothing to
// prune). byPlayer ({beta, alpha}, the root view's) splits those that pruned into beta cutoffs
// (at MAX nodes) and alpha cutoffs (at MIN).
export function cutoffText(s, byPlayer = null) {
  const last = s.lastMoveCutoffs || 0;
  return t("panels.cutoffs", { n: s.cutoffs - last, split: byPlayer ? "yes" : "no", beta: byPlayer ? byPlayer.beta : 0,
    alpha: byPlayer ? byPlayer.alpha : 0, last });
}

function set(el, text) {
  if (el && el.textContent !== text) el.textContent = text;
}
