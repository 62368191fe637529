// board.js: the position at a node. For chess a cm-chessboard with the line from that node as
// arrows and the move that reached it marked; chess.js turns UCI moves into FENs and SAN.
// For trees the same region shows the path from the root as text.
// Over 400 lines because one cm-chessboard instance, its arrows and markers, and the tree's text
// path share the board region's state; pieces.js and boardtitle.js are apart.
import { Chessboard, FEN, COLOR } from "../../vendor/cm-chessboard/src/Chessboard.js";
import { Arrows } from "../../vendor/cm-chessboard/src/extensions/arrows/Arrows.js";
import { Markers, MARKER_TYPE } from "../../vendor/cm-chessboard/src/extensions/markers/Markers.js";
import { Chess } from "../../vendor/chess.js/chess.js";
import { keepUnchangedPieces } from "./pieces.js";
import { scoreScale, isInfinite, mateIn } from "../tree/view.js";
import { forceMove } from "./forcedmove.js";
import { NULL_MOVE } from "../model/modern.js";
import { t } from "../i18n/i18n.js";
import { SHOWN, REST, shownOf, moreText, lineWords } from "../pv/pvshown.js";

// The board's pieces and marks, relative to this module: a static site may live in any folder.
const BOARD_ASSETS = new URL("../../vendor/cm-chessboard/assets/", import.meta.url).pathname;

// Arrow styles for the line: the first move strongest (classes styled in app.css).
const ARROWS = [{ class: "arrow-pv1" }, { class: "arrow-pv2" }, { class: "arrow-pv3" }];
const LAST_MOVE = MARKER_TYPE.square;

export const START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// warmUp plays a few hundred moves on chess.js as soon as the page has loaded, so the first
// frames of a chess search do not also pay for compiling the move generator: cold, they held
// a key pressed in the first 300 ms of a big search 50-80 ms; warm, under 40 (README, "Speed").
// Idle callbacks came too late for a Start clicked at once, so it runs in slices of at most
// SLICE_MS as ordinary tasks: a key or a frame waits for one slice at most.
const SLICE_MS = 3;
export function warmUp(moves = 960) {
  const line = ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5c6", "d7c6"];
  let fen = START_FEN, i = 0;
  const later = (f) => (globalThis.scheduler && scheduler.postTask ? scheduler.postTask(f) : setTimeout(f, 0));
  const step = () => {
    const end = performance.now() + SLICE_MS;
    while (moves > 0 && performance.now() < end) {
      fen = ChessLines.play(fen, line[i]).fen;
      i = (i + 1) % line.length;
      if (i === 0) fen = START_FEN;
      moves--;
    }
    if (moves > 0) later(step);
  };
  later(step);
}

// Chess positions by node: FENs and SAN computed once and cached (bounded).
export class ChessLines {
  constructor(rootFen) {
    this.rootFen = rootFen || START_FEN;
    this.fens = new Map();
    this.sans = new Map();
    // Nodes at or below a move the rules reject (forcedmove.js), by id: {id of the node the first
    // such move reached, fen: the last legal position, uci, san, why}.
    this.rejected = new Map();
  }

  // fenAfter(fen, uci) -> {fen, san} or null when the move is not legal there. The null move
  // "0000" passes: the same position with the other side to move, written "--" in SAN.
  static play(fen, uci) {
    if (uci === NULL_MOVE) return fen ? { fen: passFen(fen), san: NULL_SAN } : null;
    try {
      const c = new Chess(fen);
      const m = c.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci.length > 4 ? uci[4] : undefined });
      return m ? { fen: c.fen(), san: m.san } : null;
    } catch {
      return null;
    }
  }

  // fen of node id: the root FEN with the moves from the root applied. The walk up to the
  // nearest known position and back down is a loop (a node may be very deep).
  fenAt(trace, id) {
    const chain = [];
    for (let x = id; x && !this.fens.has(x); x = trace.parentOf.get(x)) chain.push(x);
    for (let j = chain.length - 1; j >= 0; j--) this._fenOf(trace, chain[j]);
    return id ? this.fens.get(id) : this.rootFen;
  }

  // The position of node id, its parent's known (fenAt).
  _fenOf(trace, id) {
    const nd = id > 0 && id < trace.enterAt.length ? { parent: trace.parentOf.get(id), move: trace.moveName(id) } : null;
    let fen = this.rootFen;
    if (nd && nd.parent && trace.modern && trace.modern.subOf(id)) {
      fen = this.fens.get(nd.parent) ?? this.fenAt(trace, nd.parent); // a search of its parent's own position
      const above = this.rejected.get(nd.parent);
      if (above) this.rejected.set(id, above);
    } else if (nd && nd.parent) {
      const base = this.fens.get(nd.parent) ?? this.fenAt(trace, nd.parent);
      let r = base && ChessLines.play(base, nd.move);
      // A move the rules reject is played as the engine played it, so the moves below it have
      // positions and SAN; the board keeps the last legal position (rejectedAt).
      const above = this.rejected.get(nd.parent);
      if (!r && base) r = forceMove(base, nd.move);
      if (above) this.rejected.set(id, above);
      else if (r && r.why) this.rejected.set(id, { id, fen: base, uci: nd.move, san: r.san, why: r.why });
      fen = r ? r.fen : null;
      if (r) this.sans.set(base + " " + nd.move, r.san); // the log names this move next: play it once
    }
    if (this.fens.size > 50000) { this.fens.clear(); this.rejected.clear(); }
    this.fens.set(id, fen);
    return fen;
  }

  // rejectedAt(trace, id): for a node at or below a move the rules reject, what rejects it and
  // the last legal position ({id, fen, uci, san, why}); null for any other node.
  rejectedAt(trace, id) {
    if (!id) return null;
    this.fenAt(trace, id);
    return this.rejected.get(id) || null;
  }

  // san(fen, uci): the move in SAN from that position (the UCI text when it cannot be played).
  san(fen, uci) {
    if (!uci || !fen) return uci || "";
    const key = fen + " " + uci;
    let s = this.sans.get(key);
    if (s === undefined) {
      const r = ChessLines.play(fen, uci) || forceMove(fen, uci);
      s = r ? r.san : uci;
      if (this.sans.size > 50000) this.sans.clear();
      this.sans.set(key, s);
    }
    return s;
  }

  // line(fen, ucis) -> [{uci, san, fen (after the move), before (fen before)}] up to the first illegal move.
  line(fen, ucis) {
    const out = [];
    let f = fen;
    for (const u of ucis) {
      if (!f) break;
      const r = ChessLines.play(f, u) || forceMove(f, u);
      if (!r) { out.push({ uci: u, san: u, fen: null, before: f }); break; }
      out.push({ uci: u, san: r.san, fen: r.fen, before: f });
      f = r.fen;
    }
    return out;
  }
}

// The null move: UCI's "0000", and "--" in SAN lines (as PGN readers such as ChessBase and Scid
// write it), so the numbering goes on after it: "1.Kd3 -- 2.Rc7".
export const NULL_SAN = "--";

// passFen: the position after a null move: the other side moves, no en-passant square (the pawn
// that made it can no longer be taken en passant), one more half-move, and the move number
// grows after Black's pass.
export function passFen(fen) {
  const p = fen.split(" ");
  if (p.length < 4) return fen;
  const black = p[1] === "b";
  p[1] = black ? "w" : "b";
  p[3] = "-";
  if (p.length >= 6) {
    p[4] = String((parseInt(p[4], 10) || 0) + 1);
    if (black) p[5] = String((parseInt(p[5], 10) || 1) + 1);
  }
  return p.join(" ");
}

// "1. e4 e5 2. Nf3" numbering: the move number and side to move of a FEN.
export function moveNumber(fen) {
  const p = (fen || START_FEN).split(" ");
  return { white: p[1] !== "b", number: parseInt(p[5], 10) || 1 };
}

// numberMove(start, ply, san, first): a move in SAN with its number, ply moves after the
// position whose moveNumber() is start: "12.Nf3", or "12…Nf6" for black's move when it comes
// first in what is shown, else plain "Nf6".
export function numberMove(start, ply, san, first = ply === 0) {
  const { white, number } = start;
  const whiteMoves = white ? ply % 2 === 0 : ply % 2 === 1;
  const n = number + (white ? Math.floor(ply / 2) : Math.floor((ply + 1) / 2));
  return whiteMoves ? `${n}.${san}` : first ? `${n}…${san}` : san;
}

// The board's accessible name: its caption (may be "") and the position's FEN ("" for none).
export function boardLabel(title, fen) {
  const position = fen || t("board.noPosition");
  return title ? t("board.label", { title, fen: position }) : t("board.labelUntitled", { fen: position });
}

export class Board {
  // el: the board container; pathEl: the paragraph that shows a tree path; titleEl: the caption.
  constructor(el, pathEl, titleEl) {
    this.el = el;
    this.pathEl = pathEl;
    this.titleEl = titleEl;
    this.board = null;
    this.shown = null; // {fen, arrows, last} last drawn, to skip redundant redraws
    this.drawing = false; // a position change is being drawn (see _setPosition)
    this.pendingFen = null; // the newest position asked for meanwhile
    this.orientation = COLOR.white;
  }

  // busy: the board is not yet what the page asked for: a chess position still being drawn, or
  // a game's module or rules still loading (board/games.js draws when they come).
  get busy() { return this.drawing || !!(this.game && this.game.loading); }

  _ensure() {
    if (this.board) return this.board;
    this.board = new Chessboard(this.el, {
      position: FEN.start,
      assetsUrl: BOARD_ASSETS,
      style: { cssClass: "default", showCoordinates: true, animationDuration: 0 },
      extensions: [{ class: Arrows }, { class: Markers, props: { autoMarkers: null } }],
    });
    keepUnchangedPieces(this.board.view);
    return this.board;
  }

  flip() {
    this.orientation = this.orientation === COLOR.white ? COLOR.black : COLOR.white;
    if (this.board) this.board.setOrientation(this.orientation);
  }

  // showChess draws fen with the line (UCI moves from that position) as arrows and marks `last`
  // (the UCI move that led here). title is the caption above the board.
  showChess(fen, { line = [], last = "", title = "" } = {}) {
    if (this.game) this.game.hide();
    if (!this.pathEl.hidden) this.pathEl.hidden = true;
    if (this.titleEl.textContent !== title) this.titleEl.textContent = title; // unchanged, no layout
    if (this.titleEl.title !== title) this.titleEl.title = title;
    const key = `${fen}|${line.slice(0, 3).join(" ")}|${last}`;
    if (this.shown === key) { this._label(title, fen); return; }
    this.shown = key;
    const b = this._ensure();
    this._label(title, fen);
    this._setPosition(b, fen || FEN.empty);
    b.removeArrows();
    this.el.dataset.fen = fen || ""; // tests read the side to move here (a null move changes only it)
    line.slice(0, ARROWS.length).forEach((u, i) => {
      if (u && u.length >= 4 && u !== NULL_MOVE) b.addArrow(ARROWS[i], u.slice(0, 2), u.slice(2, 4));
    });
    b.removeMarkers();
    if (last && last.length >= 4 && last !== NULL_MOVE) {
      b.addMarker(LAST_MOVE, last.slice(0, 2));
      b.addMarker(LAST_MOVE, last.slice(2, 4));
    }
  }

  // The board's drawing (an svg with role img) named for a screen reader: its caption and FEN.
  _label(title, fen) {
    const svg = this.el.querySelector("svg.cm-chessboard");
    const label = svg && boardLabel(title, fen);
    if (svg && svg.getAttribute("aria-label") !== label) svg.setAttribute("aria-label", label);
  }

  // cm-chessboard queues every position change and draws each over at least two animation
  // frames, even with animations off, so a board set on every frame of fast playback fell
  // seconds behind (a clicked node's position came late). While one change is drawn, only the
  // newest position waits.
  _setPosition(b, fen) {
    this.pendingFen = fen;
    if (this.drawing) return;
    this.drawing = true;
    const next = () => {
      const f = this.pendingFen;
      this.pendingFen = null;
      if (f === null) { this.drawing = false; return; }
      b.setPosition(f, false).then(next, next);
    };
    next();
  }

  // showTreePath shows a tree node as its path from the root: moves are child indices.
  // line: the best line from there (shown after the path), hover: index into path to emphasise.
  showTreePath(path, { line = [], title = "", value = null } = {}) {
    if (this.game) this.game.hide();
    this.shown = null;
    this.pathEl.hidden = false;
    this.titleEl.textContent = title;
    this.titleEl.title = title;
    this.pathEl.replaceChildren();
    const add = (text, cls) => {
      const s = document.createElement("span");
      if (cls) s.className = cls;
      s.textContent = text;
      this.pathEl.append(s);
      return s;
    };
    add(t("board.root"), "mvno");
    // A path of a deep chain may hold 100,000 moves: a span each took seconds of layout (issue
    // 44). Its first and last moves are shown, the count of the others between them.
    const FIRST = 8, LAST = SHOWN - FIRST;
    if (path.length > SHOWN + 1) {
      for (const m of path.slice(0, FIRST)) { add(" → "); add(m, "mv"); }
      add(" → " + moreText(path.length - SHOWN).replace(/^…\s*/, "… "), "mvno");
      for (const m of path.slice(path.length - LAST)) { add(" → "); add(m, "mv"); }
    } else for (const m of path) { add(" → "); add(m, "mv"); }
    if (value !== null && value !== undefined) add(`  = ${value}`, "mvno");
    if (line.length) { add("   " + t("board.bestLine") + " ", "mvno"); add(lineWords(line), "mv line"); } // a line of moves wraps (css: .tree-path .line)
  }
}

// pathTitle names a tree node by its path ("0.2.1"); a path past SHOWN moves by its first and
// last moves and the count between them: the whole path of a node 50,000 deep in a chain was a
// caption of 500 KB, whose layout took 300-500 ms a step (issue 44).
export function pathTitle(path) {
  if (path.length <= SHOWN + 1) return path.join(".");
  const FIRST = 8, LAST = SHOWN - FIRST;
  return `${path.slice(0, FIRST).join(".")} ${moreText(path.length - SHOWN)} ${path.slice(path.length - LAST).join(".")}`;
}

const ROOT_LINE = Object.freeze({ text: "", ply: 0 });

// Notation prints moves, lines and scores of one search: SAN and pawns for chess,
// child-index paths ("0.1") and leaf units for trees.
export class Notation {
  constructor(trace) {
    this.trace = trace;
    const st = trace.started || {};
    this.game = st.kind === "game" ? st.game : ""; // a game's moves are named as its engine names them
    this.chess = st.kind !== "tree" && !this.game;
    this.lines = this.chess ? new ChessLines(st.fen || START_FEN) : null;
    this.itemCache = new Map();
    this.nodeLines = new Map(); // node id -> {text, ply}: the numbered line from its root (lineTo)
    this.start = this.chess ? moveNumber(st.fen || START_FEN) : null;
    this.scale = scoreScale(st); // how the search writes infinity and mate (view.js)
  }

  // lineTo(id, move): the moves from the root to node id, then `move` played from it if given,
  // numbered ("1.Nc3 Nc6 2.Nf3"). Each node's line is cached and built from its parent's, so
  // naming one more node plays one move, not the whole line from the root (the event log
  // names a node on almost every event).
  lineTo(id, move = "") {
    const base = this._nodeLine(id);
    if (!move) return base.text || t("board.emptyLine");
    const m = this._numbered(base.ply, this.lines.san(this.lines.fenAt(this.trace, id), move));
    return base.text ? base.text + " " + m : m;
  }

  // The walk up to the nearest named ancestor and back down is a loop: a node may be a hundred
  // thousand plies deep.
  _nodeLine(id) {
    const t = this.trace;
    const chain = [];
    let up = ROOT_LINE;
    for (let x = id; x && t.parentOf.get(x); x = t.parentOf.get(x)) {
      const hit = this.nodeLines.get(x);
      if (hit) { up = hit; break; }
      chain.push(x);
    }
    for (let j = chain.length - 1; j >= 0; j--) {
      const x = chain[j], parent = t.parentOf.get(x);
      const m = this._numbered(up.ply, this.lines.san(this.lines.fenAt(t, parent), t.moveName(x)));
      up = { text: up.text ? up.text + " " + m : m, ply: up.ply + 1 };
      if (this.nodeLines.size > 50000) this.nodeLines.clear();
      this.nodeLines.set(x, up);
    }
    return up;
  }

  // A move in SAN with its number, ply moves after the root (as items() numbers a line).
  _numbered(ply, san) { return numberMove(this.start, ply, san); }

  // label(nodeId, move): the move played from node nodeId.
  label(nodeId, move) {
    if (!move) return "";
    if (this.chess) return this.lines.san(this.lines.fenAt(this.trace, nodeId), move);
    if (this.game) return move;
    // A node 100,000 plies deep: its first and last indices, not a word of 200,000 characters in
    // every sentence that names it (issue 44).
    const { head, tail, count } = nodeId ? this.trace.positionEnds(nodeId, 8, 24) : { head: [], tail: [], count: 0 };
    if (count >= SHOWN) return [...head, "…", ...tail, move].join(".");
    if (count > head.length + tail.length) return [...this.trace.positionMoves(nodeId), move].join(".");
    return [...head, ...tail, move].join(".");
  }

  // lineText(nodeId, moves): a line of moves played from node nodeId, its first SHOWN moves
  // named ("… and 99,950 more" after them).
  lineText(nodeId, moves) {
    if (!moves.length) return t("board.emptyLine");
    const r = this.items(nodeId, moves);
    const text = r.moves.map((m) => (m.prefix ? m.prefix + m.text : m.text)).join(" ");
    return r.more ? text + " " + moreText(r.more) : text;
  }

  // items(nodeId, moves, limit) -> {moves: [{text, prefix}], raw, from, more, key, positions:
  // [{fen, last, rest} | {path}]} for the first `limit` moves (pvshown.js): `more` are left out.
  // What is drawn of a line depends on its first limit + REST moves and its length only, so
  // that is its key (pvshown.js); the named prefix is cached.
  items(nodeId, moves, limit = SHOWN) {
    const { moves: shown, more } = shownOf(moves, limit);
    const key = nodeId + ":" + moves.length + ":" + moves.slice(0, shown.length + REST).join(" ");
    let r = this.itemCache.get(key);
    if (!r) {
      r = { ...this._items(nodeId, shown, moves), raw: moves, more, key };
      if (this.itemCache.size > 2000) this.itemCache.clear();
      this.itemCache.set(key, r);
    }
    return r.raw === moves ? r : { ...r, raw: moves };
  }

  // The named moves of shown (a line's first moves); all: the whole line, for the moves after each.
  _items(nodeId, shown, all) {
    if (!this.chess) {
      const trace = this.trace;
      return {
        from: nodeId,
        moves: shown.map((m) => ({ text: m, prefix: "" })),
        // Each position's path made when it is shown (a hover): below a deep chain the base has
        // 100,000 moves (issue 44).
        positions: shown.map((_, i) => ({ get path() { return [...(nodeId ? trace.positionMoves(nodeId) : []), ...shown.slice(0, i + 1)]; } })),
      };
    }
    const fen = this.lines.fenAt(this.trace, nodeId);
    const played = this.lines.line(fen, shown);
    let { white, number } = moveNumber(fen);
    const out = [];
    played.forEach((p, i) => {
      const prefix = white ? `${number}.` : i === 0 ? `${number}…` : "";
      out.push({ text: p.san, prefix });
      if (!white) number++;
      white = !white;
    });
    return {
      from: nodeId, moves: out,
      positions: played.map((p, i) => ({ fen: p.fen, last: p.uci, rest: all.slice(i + 1, i + 1 + REST) })),
    };
  }

  score(s) {
    if (s === null || s === undefined) return "";
    if (!this.chess && !this.game) return String(s);
    if (isInfinite(s, this.scale)) return s > 0 ? "+∞" : "−∞";
    const m = mateIn(s, this.scale);
    if (m) return `#${m}`;
    if (this.game) return String(s);
    const p = (s / 100).toFixed(2);
    return s > 0 ? "+" + p : s < 0 ? "−" + p.slice(1) : p;
  }

  // nodeTitle(nodeId): "root" or the moves from the root.
  nodeTitle(nodeId) {
    if (!nodeId || !this.trace.node(nodeId) || !this.trace.node(nodeId).parent) return t("board.root");
    if (this.game) return lineWords(this.trace.positionMoves(nodeId));
    if (!this.chess) return pathTitle(this.trace.positionMoves(nodeId));
    return this.lineTo(nodeId);
  }

  rootOf(nodeId) {
    const p = this.trace.path(nodeId);
    return p.length ? p[0] : 0;
  }
}
