// games.js: the board of a game of engine/games (tic-tac-toe, Connect Four, Othello), drawn as
// an SVG in the board region in place of the chessboard: the cells of the position at a node
// (its moves played from the search's start by the game's rule module), the move that led there
// ringed and the next move of the line dotted. A click on a cell hands the move it would play to
// the page (lazy.js's lazyGames), which sets the position up with it. Loaded only when a game is chosen.
import { t, language } from "../i18n/i18n.js";
import { parse, render } from "../i18n/message.js";
import { positionAt, rootOf } from "./gamerules.js";
import { LOOKS } from "./miniboard.js";
import { NodeBoards } from "./nodeboards.js";

const SVG = "http://www.w3.org/2000/svg";
const CELL = 100, EDGE = 34; // a cell's side and the margin of the coordinates, in SVG units

const make = (tag, attrs = {}) => {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
};

// pieceName(game, letter): the piece's word for a screen reader and a title.
function pieceName(game, letter) {
  return letter === "." ? tw("games.empty") : tw(`games.piece-${game}-${letter}`);
}

// drawGame(rules, state, {last, next, title}) -> the SVG of state: one <g data-testid="game-cell">
// per cell with data-cell (its name), data-piece (its letter, "." empty), and data-last/data-next.
export function drawGame(rules, state, { last = -1, next = -1, title = "" } = {}) {
  const { rows, cols, name } = rules, look = LOOKS[name];
  const w = cols * CELL + EDGE, h = rows * CELL + EDGE;
  const svg = make("svg", { viewBox: `0 0 ${w} ${h}`, role: "img", "data-testid": "game-board", "data-game": name,
    "data-cells": state.cells.join(""), "data-side": state.side, class: "game-board" });
  svg.setAttribute("aria-label", tw("games.boardLabel", { title, side: pieceName(name, state.side) }));
  svg.append(make("rect", { x: EDGE, y: 0, width: cols * CELL, height: rows * CELL, fill: look.board, rx: name === "connect4" ? 14 : 0 }));
  for (let i = 0; i < rows * cols; i++) {
    const r = Math.floor(i / cols), c = i % cols, x = EDGE + c * CELL, y = r * CELL;
    const cellName = name === "connect4" ? `${c + 1}:${rows - r}` : rules.cellName(i);
    const g = make("g", { "data-testid": "game-cell", "data-cell": cellName, "data-index": i, "data-piece": state.cells[i] });
    if (i === last) g.setAttribute("data-last", "");
    if (i === next) g.setAttribute("data-next", "");
    g.append(make("rect", { x, y, width: CELL, height: CELL, fill: "transparent", stroke: name === "connect4" ? "none" : look.line, "stroke-width": name === "tictactoe" ? 4 : 2 }));
    g.append(...pieceShapes(name, look, state.cells[i], x + CELL / 2, y + CELL / 2));
    if (i === last) g.append(make("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: 46, fill: "none", stroke: "#ff8f00", "stroke-width": 7 }));
    if (i === next) g.append(make("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: 11, fill: "#ff8f00", opacity: 0.85 }));
    const tip = make("title");
    tip.textContent = `${name === "connect4" ? rules.cellName(i) : cellName}: ${pieceName(name, state.cells[i])}`;
    g.append(tip);
    svg.append(g);
  }
  // Coordinates: files or columns under the board, ranks or rows at its left.
  for (let c = 0; c < cols; c++) svg.append(label(EDGE + c * CELL + CELL / 2, rows * CELL + EDGE - 8, name === "connect4" ? String(c + 1) : String.fromCharCode(97 + c)));
  if (name !== "connect4") {
    for (let r = 0; r < rows; r++) svg.append(label(EDGE / 2, r * CELL + CELL / 2 + 9, String(rows - r)));
  }
  return svg;
}

function label(x, y, text) {
  const el = make("text", { x, y, "text-anchor": "middle", "font-size": 26, "font-family": "sans-serif", fill: "currentColor" });
  el.textContent = text;
  return el;
}

function pieceShapes(game, look, letter, cx, cy) {
  if (game === "tictactoe") {
    if (letter === "x") {
      const d = 28, s = { stroke: look.x, "stroke-width": 12, "stroke-linecap": "round" };
      return [make("line", { x1: cx - d, y1: cy - d, x2: cx + d, y2: cy + d, ...s }), make("line", { x1: cx - d, y1: cy + d, x2: cx + d, y2: cy - d, ...s })];
    }
    return letter === "o" ? [make("circle", { cx, cy, r: 30, fill: "none", stroke: look.o, "stroke-width": 12 })] : [];
  }
  if (game === "connect4") return [make("circle", { cx, cy, r: 40, fill: letter === "." ? look.hole : look[letter], stroke: look.line, "stroke-width": 3 })];
  return letter === "." ? [] : [make("circle", { cx, cy, r: 40, fill: look[letter], stroke: "#000", "stroke-width": 2 })];
}

// GameBoard keeps the region's game drawing: a <div> after the chessboard, shown in its place.
export class GameBoard {
  constructor(chessEl, pathEl, titleEl) {
    this.chessEl = chessEl; this.pathEl = pathEl; this.titleEl = titleEl;
    this.el = document.createElement("div");
    this.el.id = "game-board-box";
    this.el.className = "game-board-box";
    Object.assign(this.el.style, { width: "100%", maxWidth: "min(100%, 70vh)", margin: "0 auto", cursor: "pointer" });
    chessEl.after(this.el);
    this.key = "";
    this.onCell = null;
    this.el.addEventListener("click", (e) => {
      const g = e.target.closest && e.target.closest("[data-index]");
      if (g && this.onCell) this.onCell(+g.dataset.index);
    });
  }

  // show(rules, state, opts) draws state (redrawn only when something changed); opts as drawGame's.
  show(rules, state, opts = {}) {
    this.chessEl.hidden = true;
    this.pathEl.hidden = true;
    this.el.hidden = false;
    const title = opts.title || "";
    if (this.titleEl.textContent !== title) { this.titleEl.textContent = title; this.titleEl.title = title; }
    const key = `${rules.name}|${state.cells.join("")}|${state.side}|${opts.last}|${opts.next}|${title}`;
    if (key === this.key) return;
    this.key = key;
    this.el.replaceChildren(drawGame(rules, state, opts));
  }

  hide() {
    if (this.el.hidden) return;
    this.el.hidden = true;
    this.chessEl.hidden = false;
    this.key = "";
  }
}

const LOADERS = { tictactoe: () => import("./tictactoe.js"), connect4: () => import("./connect4.js"), othello: () => import("./othello.js") };

// The games' words (i18n/<lang>/games.json) are not in the page's catalog: they come with this
// module, in the page's language with English under it; tw(key, params) says one.
const words = {};
const wordsReady = Promise.all([...new Set([language(), "en"])].map((lang) =>
  fetch(new URL(`../i18n/${lang}/games.json`, import.meta.url)).then((r) => r.json()).catch(() => ({}))))
  .then((all) => { for (const m of all.reverse()) for (const k in m) words["games." + k] = m[k]; }); // the page's language over English
export function tw(key, params = {}) {
  return words[key] === undefined ? t(key, params) : render(parse(words[key]), params, language());
}

// gameView(board, form) -> a promise of the GameView (lazy.js's lazyGames waits for it).
export const gameView = (board, form) => wordsReady.then(() => new GameView(board, form));

// GameView: the rules of each game (loaded on first use; redraw() when they arrive), the position
// at a node or in the form, and the board drawn in the board region. A click on a cell plays its
// move from the position shown: the form's position becomes that one (as moves when the form's
// position is written as moves, else as a board), and the form hears it as a user's edit.
export class GameView {
  constructor(board, form) {
    this.board = board; this.form = form;
    this.rules = {}; this.pending = {}; this.view = null; this.shown = null;
    this.failed = {}; // a game whose rules module did not load (the board stays as it was)
  }

  // loading: a game's rules asked for and not here yet; its board is drawn when they come.
  get loading() { return Object.keys(this.pending).some((n) => !this.rules[n] && !this.failed[n]); }

  rulesOf(name) {
    if (this.rules[name]) return this.rules[name];
    const load = LOADERS[name];
    if (load) this.pending[name] ??= load().then((m) => { this.rules[name] = m.rules; this.redraw(); }, (err) => { this.failed[name] = true; throw err; });
    return null;
  }

  redraw() { if (this.again) this.again(); if (this.treeBoards) this.treeBoards.loaded(); }

  // boards() -> the boards in the tree's nodes (nodeboards.js), with this view's rules.
  boards() { return (this.treeBoards ??= new NodeBoards(this)); }

  // node(started, path, line, title): the position at the node the path of moves names.
  node(st, path, line, title) {
    this.again = () => this.node(st, path, line, title);
    const r = this.rulesOf(st.game);
    if (!r) return;
    const root = rootOf(r, st);
    const before = positionAt(r, root, path.slice(0, -1));
    const state = before && path.length ? r.play(before, path[path.length - 1]) : before;
    this.show(r, state, { title, last: path[path.length - 1], lastFrom: before, next: line[0], path, searched: true });
  }

  // preview({game, position}): the form's position before a search; one the rules cannot read
  // shows the start, said so (Start gives the server's sentence).
  preview({ game, position }) {
    this.again = () => this.preview({ game, position });
    const r = this.rulesOf(game);
    if (!r) return;
    let state = null;
    try { state = r.parse(position); } catch { /* said in the caption */ }
    const title = state ? tw("games.preview", { side: pieceName(game, state.side) }) : tw("games.previewBad");
    this.show(r, state || r.start(), { title, path: [] });
  }

  show(r, state, opts) {
    if (!state) return;
    this.view ??= new GameBoard(this.board.el, this.board.pathEl, this.board.titleEl);
    this.shown = { r, state, opts };
    this.view.onCell = (i) => this.play(i);
    const cell = (from, m) => (!m ? -1 : r.name === "connect4" ? (from ? r.cellOf(m, from) : -1) : r.cellOf(m));
    this.view.show(r, state, { title: opts.title, last: cell(opts.lastFrom, opts.last), next: cell(state, opts.next) });
  }

  play(i) {
    const { r, state, opts } = this.shown, move = r.moveAt(state, i);
    if (!move) return;
    const game = this.form.elements.namedItem("game"), field = this.form.elements.namedItem("position");
    const moves = game.value === r.name && r.movesOf ? r.movesOf(field.value.trim()) : null;
    field.value = moves ? r.joinMoves([...moves, ...(opts.searched ? opts.path : []), move]) : r.write(r.play(state, move));
    game.value = r.name;
    field.dispatchEvent(new Event("input", { bubbles: true })); // setup.js: the URL, the other sources cleared
    if (opts.searched) this.board.titleEl.textContent = tw("games.played", { position: field.value });
  }

  hide() { this.again = null; if (this.view) this.view.hide(); }
}

