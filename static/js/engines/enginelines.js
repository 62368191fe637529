// enginelines.js: an external engine's lines as the engine panel shows them. The server checks
// each line (engine/uci: its SAN, how it ends, its flags); this module only words them: the
// score with its bound, the line numbered from the searched position, its length against the
// depth with the PV laboratory's ✂ marker when it stops short, the end in the laboratory's
// words, and short names for the flags. The pure functions come first (tested by
// test/enginelines.test.mjs); EngineLines renders them into the panel's lists.

import { span } from "../pv/pvlab.js";
import { moveNumber, numberMove } from "../board/board.js";
import { t, has } from "../i18n/i18n.js";
import { SHOWN, moreText } from "../pv/pvshown.js";

// scoreText(line): "+0.35", "−1.20", "0.00", "#3", "#-2" (the side to move's view, as the
// PV panel writes scores), with "≥" for a lower bound and "≤" for an upper one.
export function scoreText(line) {
  let s;
  if (line.mate !== null && line.mate !== undefined) s = `#${line.mate}`;
  else if (line.score !== null && line.score !== undefined) {
    const p = (Math.abs(line.score) / 100).toFixed(2);
    s = line.score > 0 ? "+" + p : line.score < 0 ? "−" + p : p;
  } else s = "?";
  if (line.bound === "lower") return "≥" + s;
  if (line.bound === "upper") return "≤" + s;
  return s;
}

// nodesText(n): 950, 12.3k, 4.56M (the exact count goes in the tooltip).
export function nodesText(n) {
  if (!(n >= 0)) return "–";
  if (n < 10000) return String(n);
  if (n < 1e6) return `${(n / 1e3).toFixed(n < 1e5 ? 1 : 0)}k`;
  return `${(n / 1e6).toFixed(n < 1e7 ? 2 : 1)}M`;
}

// numbered(san, fen, from): the SAN moves with move numbers from the FEN's side to move and
// move number, the first of them played `from` plies after that position: ["1.e4", "e5",
// "2.Nf3"], or ["12…Qd7", "13.Rd1"] when black moves first.
export function numbered(san, fen, from = 0) {
  const start = moveNumber(fen);
  return san.map((m, i) => numberMove(start, from + i, m, i === 0));
}

// The ends of a line the server names (engine/uci), and as the PV laboratory words why a line
// stops (pvwords.js): endName(end) is the word shown on the row, endText(end) the clause in its
// tooltip (catalog keys end-<word> and endText-<word>, spaces as "-"). An end the catalog does
// not know is shown as the server wrote it.
export const ENDS = ["mate", "stalemate", "repetition", "fifty-move", "in check", "capture pending", "quiet", "illegal move"];
const endKey = (end) => String(end).replace(/\s+/g, "-");
export const endName = (end) => (end && has(`enginelines.end-${endKey(end)}`) ? t(`enginelines.end-${endKey(end)}`) : end || "");
export const endText = (end) => (end && has(`enginelines.endText-${endKey(end)}`) ? t(`enginelines.endText-${endKey(end)}`) : end || "");

// shortOf(line): the "short: ..." flag's sentence when the line stops before its depth while
// the game goes on (the server's judgement), else "".
export function shortOf(line) {
  const f = (line.flags || []).find((x) => x.startsWith("short:"));
  return f || "";
}

// flagName(flag): the short name a flag is shown by (its sentence goes in the tooltip), or ""
// for the short flag, which the ✂ marker shows.
export function flagName(flag) {
  if (flag.startsWith("short:")) return "";
  if (flag.startsWith("illegal")) return t("enginelines.flagIllegal");
  if (flag.startsWith("multipv: first move")) return t("enginelines.flagDuplicate");
  if (flag.startsWith("multipv: scores")) return t("enginelines.flagScoresOrder");
  if (flag.startsWith("verify:")) return t("enginelines.flagVerify");
  if (flag === "no pv") return t("enginelines.flagNoPV");
  return flag.split(":")[0];
}

// warningName(warning): a warning's short name ("missing line" for a MultiPV line the engine
// did not send), or "" to show the sentence itself.
export function warningName(w) {
  return /^depth \d+: line \d+ of \d+ is missing/.test(w) ? t("enginelines.missingLine") : "";
}

// rowsOf(lines): the lines in the order the panel lists them, deepest first and, within a
// depth, in the order the engine sent them; each with its index in lines.
export function rowsOf(lines) {
  return lines.map((line, index) => ({ line, index })).sort((a, b) => b.line.depth - a.line.depth || a.index - b.index);
}

// describe(line, fen): everything a row shows, as text.
export function describe(line, fen) {
  const short = shortOf(line);
  return {
    depth: line.seldepth ? `${line.depth}/${line.seldepth}` : String(line.depth),
    multipv: String(line.multipv || 1),
    score: scoreText(line),
    nodes: nodesText(line.nodes),
    moves: numbered(line.san || [], fen),
    // The engine's moves past the legal ones (after an illegal move) are shown as sent.
    rest: (line.pv || []).slice((line.san || []).length),
    length: `${line.length}/${line.depth}`,
    short,
    end: line.end || "",
    flags: (line.flags || []).map((f) => ({ name: flagName(f), text: f })).filter((f) => f.name),
  };
}

// EngineLines(lists, onMove): renders into the panel's lines, verified and warnings lists. Every
// row carries data-index (the line's place in the engine's order, as snapshot().engine.lines);
// clicking one of a row's legal moves calls onMove(index, ply), ply 0 for the line's first move.
export class EngineLines {
  constructor({ lines, verified, warnings }, onMove) {
    this.el = { lines, verified, warnings };
    this.key = "";
    lines.addEventListener("click", (e) => {
      const mv = e.target.closest(".mv[data-ply]"), li = mv && mv.closest("li[data-index]");
      if (li && onMove) onMove(+li.dataset.index, +mv.dataset.ply);
    });
  }

  // render({lines, fen, verified, warnings}): lines in the engine's order.
  render({ lines, fen, verified = [], warnings = [] }) {
    const key = JSON.stringify([lines.length, lines.length && lines[lines.length - 1], fen, verified, warnings,
      lines.map((l) => l.flags)]);
    if (key === this.key) return;
    this.key = key;
    const { el } = this;
    let depth = -1;
    el.lines.replaceChildren(...rowsOf(lines).map(({ line, index }) => {
      const li = this._row(line, index, fen);
      if (line.depth !== depth) { li.classList.add("first"); depth = line.depth; }
      return li;
    }));
    el.verified.hidden = !verified.length;
    el.verified.replaceChildren(...verified.map((v) => this._verified(v, fen)));
    el.warnings.hidden = !warnings.length;
    el.warnings.replaceChildren(...warnings.map((w) => {
      const li = document.createElement("li");
      const name = warningName(w);
      if (name) li.append(span("eng-flag", name), document.createTextNode(" "));
      li.append(document.createTextNode(w));
      return li;
    }));
  }

  _row(line, index, fen) {
    const d = describe(line, fen);
    const li = document.createElement("li");
    li.dataset.testid = "engine-line";
    li.dataset.index = String(index);
    li.dataset.depth = String(line.depth);
    li.dataset.multipv = d.multipv;
    li.dataset.bound = line.bound || "exact";
    if (line.bound && line.bound !== "exact") li.classList.add("bound");
    const dd = span("d", d.depth);
    dd.title = line.seldepth ? t("enginelines.depthSelTitle", { depth: line.depth, seldepth: line.seldepth }) : t("enginelines.depthTitle", { depth: line.depth });
    const k = span("k", `#${d.multipv}`);
    k.title = t("enginelines.lineTitle", { line: d.multipv });
    const s = span("s", d.score);
    s.title = line.bound === "lower" ? t("enginelines.lowerTitle") : line.bound === "upper" ? t("enginelines.upperTitle") : t("enginelines.exactTitle");
    const n = span("n", d.nodes);
    n.title = line.timeMs !== undefined ? t("enginelines.nodesTimeTitle", { nodes: line.nodes, ms: line.timeMs }) : t("enginelines.nodesTitle", { nodes: line.nodes });
    const l = span("l", "");
    l.dataset.testid = "engine-pv";
    // A long line is drawn in part (pvshown.js): its first SHOWN moves, then how many more.
    const moves = d.moves.slice(0, SHOWN), rest = d.rest.slice(0, SHOWN - moves.length);
    const more = d.moves.length + d.rest.length - moves.length - rest.length;
    moves.forEach((m, i) => {
      const mv = span("mv", m);
      // Each legal move shows the position after it on the board (onMove); the last, where the line ends.
      mv.dataset.ply = String(i);
      mv.title = t("enginelines.moveTitle");
      if (i === d.moves.length - 1 && line.endFen) {
        mv.classList.add("end");
        mv.title = t("enginelines.endMoveTitle");
      }
      l.append(mv, document.createTextNode(" "));
    });
    for (const m of rest) l.append(span("mv illegal", m), document.createTextNode(" "));
    if (more > 0) l.append(span("more", moreText(more)), document.createTextNode(" "));
    if (!d.moves.length && !d.rest.length) l.append(span("none", t("enginelines.noLine")));
    const tail = span("t", "");
    const len = span(d.short ? "len short" : "len", d.length);
    len.title = t("enginelines.lengthTitle", { moves: line.length, depth: line.depth });
    tail.append(len);
    if (d.short) {
      const cut = span("eng-cut", `✂ ${endName(d.end)}`);
      cut.title = t("enginelines.shortTitle", { short: d.short, end: endText(d.end) });
      tail.append(cut);
    } else if (d.end) {
      const end = span(`eng-end end-${d.end.replace(/\s+/g, "-")}`, endName(d.end));
      end.title = endText(d.end);
      tail.append(end);
    }
    for (const f of d.flags) {
      const b = span("eng-flag", f.name);
      b.title = f.text;
      tail.append(b);
    }
    l.append(tail); // after the moves, on their last line when there is room
    li.append(dd, k, s, n, l);
    return li;
  }

  _verified(v, fen) {
    const li = document.createElement("li");
    li.dataset.testid = "engine-verify-line";
    li.dataset.multipv = String(v.multipv);
    if (v.disagrees) li.classList.add("disagrees");
    li.append(span("k", `#${v.multipv}`));
    const what = v.remaining ? t("enginelines.endSearched", { depth: v.remaining }) : t("enginelines.endLabel");
    li.append(span("w", what));
    const tail = span("l", "");
    if (v.tailSan && v.tailSan.length) {
      // The tail is numbered from the line's end: its moves follow the line's own.
      numbered(v.tailSan, fen, v.length || 0).forEach((m) => tail.append(span("mv", m), document.createTextNode(" ")));
    }
    li.append(tail);
    const score = span("s", v.endScore ? t("enginelines.endScore", { end: v.endScore, root: v.rootScore }) : "");
    score.title = t("enginelines.endScoreTitle");
    li.append(score);
    if (v.disagrees) {
      const b = span("eng-flag", t("enginelines.disagrees"));
      b.title = t("enginelines.disagreesTitle");
      li.append(b);
    }
    if (v.note) li.append(span("note", v.note));
    return li;
  }
}
