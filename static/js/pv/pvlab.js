// pvlab.js: the short-PV laboratory inside the PV panel. For one iteration it shows each PV
// collection method's line as a row (method, length against the depth, the line in SAN) with
// a ✂ marker where a line ends early, and the MultiPV lines. A marker is a button: it names
// the node where the line ended, and clicking it shows that node (onCut). The DOM helpers
// here (span, lineSpans, cutMarker) are shared with the PV panel's iteration list (panels.js).
import { t } from "../i18n/i18n.js";
import { methodLabel, methodText, reasonText, reasonLabel } from "./pvwords.js";
import { moreText, MORE_FACTOR, SHOWN } from "./pvshown.js";

export function span(cls, text) {
  const s = document.createElement("span");
  s.className = cls;
  s.textContent = text;
  return s;
}

// A line's moves as hoverable spans (data-i = the move's place). Moves that differ from
// `against` (another line's UCI moves) at the same place, or go past its end, get class "diff".
// A long line is drawn in part (pvshown.js): "… and 99,950 more" ends it, a button (class
// pv-more) when moreButton, which the PV panel listens to.
export function lineSpans(line, against = null, moreButton = false) {
  const out = [];
  line.moves.forEach((m, i) => {
    if (m.prefix) out.push(span("mvno", m.prefix));
    const differs = against && line.raw[i] !== against[i];
    const s = span(differs ? "mv diff" : "mv", m.text);
    s.dataset.i = String(i);
    out.push(s, document.createTextNode(" "));
  });
  if (line.more > 0) {
    if (!moreButton) out.push(span("more", moreText(line.more) + " "));
    else {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "pv-more";
      b.dataset.testid = "pv-more";
      b.textContent = moreText(line.more);
      const shown = line.moves.length;
      b.title = t("pvshown.showMoreTitle", { total: line.raw.length, shown, m: Math.min(line.more, shown * (MORE_FACTOR - 1)) });
      out.push(b, document.createTextNode(" "));
    }
  }
  return out;
}

// The ✂ marker at the end of a cut line: a button naming the reason, its tooltip the sentence.
export function cutMarker(cut, testid = "") {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "pv-cut" + (cut.reason === "search-stopped" ? " stopped" : "");
  b.dataset.node = String(cut.node);
  b.dataset.method = cut.method;
  b.dataset.reason = cut.reason;
  if (testid) b.dataset.testid = testid;
  b.title = t("pvlab.cutTitle", { who: methodText(cut.method), n: cut.ply, depth: cut.depth, node: cut.node, reason: reasonText(cut.reason) });
  b.setAttribute("aria-label", t("pvlab.cutLabel", { method: methodLabel(cut.method), node: cut.node, reason: reasonLabel(cut.reason) }));
  b.textContent = `✂ ${reasonLabel(cut.reason)}`;
  return b;
}

// PVLab(el, {onHover(line, i), onCut(node)}).
// render(view) with view = null (hidden) or {
//   depth, latest (the newest iteration reported: its markers carry the pv-cut-<method> testids),
//   stopped (the search was stopped in it: cuts, no lines),
//   methods: [{method, line (Notation items) | null (not reported yet), cut | null}] (one row each;
//            none when only the triangular table ran), against (the triangular line's UCI moves),
//   multipv: [{scoreText, line, cut}] (shown when there are two or more) }
export class PVLab {
  constructor(el, { onHover, onCut } = {}) {
    this.el = el;
    this.onHover = onHover || (() => {});
    this.key = null;
    this.lines = []; // the Notation items of each row, by data-line
    el.addEventListener("click", (e) => {
      const cut = e.target.closest(".pv-cut[data-node]");
      if (cut && onCut) onCut(+cut.dataset.node);
    });
    el.addEventListener("mouseover", (e) => {
      const s = e.target.closest(".mv[data-i]"), row = s && s.closest("[data-line]");
      if (row) this.onHover(this.lines[+row.dataset.line], +s.dataset.i);
    });
    el.addEventListener("mouseleave", () => this.onHover(null, -1));
  }

  render(view) {
    // A line is keyed by what is drawn of it (Notation.items' key), never by all its moves.
    const key = view ? JSON.stringify([view.depth, view.latest, view.stopped, view.against && view.against.slice(0, SHOWN),
      view.methods.map((m) => [m.method, m.line && m.line.key, m.cut && m.cut.node, m.cut && m.cut.reason]),
      view.multipv.map((l) => [l.scoreText, l.line.key])]) : "";
    if (key === this.key) return;
    this.key = key;
    this.lines = [];
    this.el.hidden = !view;
    if (!view) { this.el.replaceChildren(); return; }
    // An older iteration picked in the list is framed like its row there.
    this.el.classList.toggle("picked", !view.latest);
    this.el.dataset.depth = String(view.depth);
    const parts = [];
    if (!view.latest) parts.push(span("lab-picked", t("pvlab.picked", { depth: view.depth })));
    if (view.methods.length) {
      const grid = document.createElement("div");
      grid.className = "lab-grid";
      grid.setAttribute("role", "table");
      grid.setAttribute("aria-label", t("pvlab.gridLabel", { depth: view.depth }));
      for (const m of view.methods) grid.append(this._row(m, view));
      parts.push(grid);
    }
    if (view.multipv.length > 1) {
      const ol = document.createElement("ol");
      ol.className = "lab-multipv";
      ol.dataset.testid = "pv-multipv";
      ol.setAttribute("aria-label", t("pvlab.multiPVLabel", { n: view.multipv.length, depth: view.depth }));
      view.multipv.forEach((l, j) => {
        const li = document.createElement("li");
        li.dataset.line = String(this.lines.push(l.line) - 1);
        const body = span("l", "");
        body.append(...lineSpans(l.line));
        li.append(span("i", `#${j + 1}`), span("s", l.scoreText), body);
        if (l.cut) li.append(span("mcut", `✂ ${reasonLabel(l.cut.reason)}`)); // where this line ended short
        ol.append(li);
      });
      parts.push(ol);
    }
    this.el.replaceChildren(...parts);
  }

  _row(m, view) {
    const row = document.createElement("div");
    row.className = "lab-row" + (m.cut ? " cut" : "");
    row.setAttribute("role", "row");
    row.dataset.method = m.method;
    const name = span("m", methodLabel(m.method));
    name.title = methodText(m.method);
    const n = m.line ? m.line.raw.length : 0;
    const len = span("n", m.line ? `${n}/${view.depth}` : view.stopped ? "–" : "…");
    len.title = m.line ? t("pvlab.lengthTitle", { n, depth: view.depth })
      : view.stopped ? t("pvlab.stoppedTitle") : t("pvlab.notYetTitle");
    const body = span("l", "");
    if (m.line) {
      row.dataset.line = String(this.lines.push(m.line) - 1);
      body.append(...lineSpans(m.line, m.method === "triangular" ? null : view.against));
      if (!n) body.append(span("none", t("pvlab.empty") + " "));
    } else body.append(span("none", view.stopped ? t("pvlab.stopped") + " " : t("pvlab.notYet")));
    if (m.cut) body.append(cutMarker(m.cut, view.latest ? `pv-cut-${m.method}` : ""));
    for (const c of [name, len, body]) c.setAttribute("role", "cell");
    row.append(name, len, body);
    return row;
  }
}
