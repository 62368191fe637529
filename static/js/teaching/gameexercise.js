// gameexercise.js: an exercise set on a game's tree (tic-tac-toe, Connect Four, Othello). The tree
// comes from the server's /tree?game=...&position=...&depth=2 or the static site's worker, both
// server/session's GameExerciseTree: nested arrays of leaf values (the game's evaluation for the
// root player, a finished game ±100 or ±10000), with each node's move and board by path. This
// module draws those boards as SVG text (for the exercise panel and the worksheet alike, so it
// runs in node too), names the tree's edges with the moves and says a node's line of moves.
import { t } from "../i18n/i18n.js";

const esc = (s) => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

// The exercise's depth when the page does not say (session.DefaultGameExerciseDepth).
export const GAME_DEPTH = 2;

// Each game's board: rows and columns as Board.Cells lays them out (row by row from the top) and
// the colours of the page's board (board/games.js).
const BOARDS = {
  tictactoe: { rows: 3, cols: 3, board: "#f7f7f2", line: "#444", x: "#1f5fbf", o: "#c0392b" },
  connect4: { rows: 6, cols: 7, board: "#1f4fa8", line: "#163a7a", hole: "#eef2f8", r: "#d62728", y: "#f2c200" },
  othello: { rows: 8, cols: 8, board: "#2e7d32", line: "#1b4d1e", b: "#111", w: "#fafafa" },
};
export const isGame = (name) => Object.hasOwn(BOARDS, name || "");

// boardSVG(game, cells, {size, label, testid}) -> the SVG text of a board: one <g class="gx-cell">
// per cell with data-piece (the cell's letter, "." empty), coordinates beside it (files a.. and
// ranks for tic-tac-toe and Othello, columns 1-7 for Connect Four). size is its width in px.
export function boardSVG(game, cells, { size = 120, label = "", testid = "exercise-board" } = {}) {
  const L = BOARDS[game];
  if (!L || typeof cells !== "string" || cells.length !== L.rows * L.cols) return "";
  const C = 20, E = 12, w = L.cols * C + E, h = L.rows * C + E;
  const out = [`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${size}" height="${Math.round((size * h) / w)}" class="gx-board" role="img" data-testid="${esc(testid)}" data-game="${game}" data-cells="${esc(cells)}" aria-label="${esc(label)}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">`];
  out.push(`<rect x="${E}" y="0" width="${L.cols * C}" height="${L.rows * C}" fill="${L.board}" rx="${game === "connect4" ? 3 : 0}"/>`);
  for (let i = 0; i < cells.length; i++) {
    const x = E + (i % L.cols) * C, y = Math.floor(i / L.cols) * C, cx = x + C / 2, cy = y + C / 2, c = cells[i];
    out.push(`<g class="gx-cell" data-piece="${esc(c)}">`);
    if (game !== "connect4") out.push(`<rect x="${x}" y="${y}" width="${C}" height="${C}" fill="none" stroke="${L.line}" stroke-width="${game === "tictactoe" ? 0.8 : 0.5}"/>`);
    if (game === "tictactoe" && c === "x") out.push(`<path d="M${cx - 6} ${cy - 6}L${cx + 6} ${cy + 6}M${cx - 6} ${cy + 6}L${cx + 6} ${cy - 6}" stroke="${L.x}" stroke-width="2.4" stroke-linecap="round"/>`);
    else if (game === "tictactoe" && c === "o") out.push(`<circle cx="${cx}" cy="${cy}" r="6.5" fill="none" stroke="${L.o}" stroke-width="2.4"/>`);
    else if (game === "connect4") out.push(`<circle cx="${cx}" cy="${cy}" r="8" fill="${c === "." ? L.hole : L[c]}" stroke="${L.line}" stroke-width="0.6"/>`);
    else if (game === "othello" && c !== ".") out.push(`<circle cx="${cx}" cy="${cy}" r="8" fill="${L[c]}" stroke="#000" stroke-width="0.5"/>`);
    out.push("</g>");
  }
  for (let c = 0; c < L.cols; c++) out.push(`<text x="${E + c * C + C / 2}" y="${h - 2}" font-size="8" text-anchor="middle" fill="#555">${game === "connect4" ? c + 1 : String.fromCharCode(97 + c)}</text>`);
  if (game !== "connect4") for (let r = 0; r < L.rows; r++) out.push(`<text x="${E / 2}" y="${r * C + C / 2 + 3}" font-size="8" text-anchor="middle" fill="#555">${L.rows - r}</text>`);
  out.push("</svg>");
  return out.join("");
}

// edgeNames(nodes) -> {path: move}: the move on each edge, for treeSVG's edgeNames.
export function edgeNames(nodes) {
  const out = {};
  for (const [p, n] of Object.entries(nodes || {})) if (p !== "" && n.move) out[p] = n.move;
  return out;
}

// movesTo(nodes, path) -> the moves from the root to the node path names, in the game's notation.
export function movesTo(nodes, path) {
  if (!path) return [];
  const parts = path.split("."), out = [];
  for (let i = 1; i <= parts.length; i++) {
    const n = nodes[parts.slice(0, i).join(".")];
    if (n) out.push(n.move);
  }
  return out;
}

// sideWord(game, side): the side to move in the page's language ("x", "red", "black", ...).
export const sideWord = (side) => t("gameexercise.side", { side });

// caption(ex, path): a board's caption: the root ("Connect Four: red to move") or a node (its
// moves from the root, and how the game ended there when it did).
export function caption(g, path) {
  const n = g.nodes[path] || {};
  const side = sideWord(n.side || "");
  if (!path) return t("gameexercise.rootCaption", { game: t(`gameexercise.game-${g.game}`), side });
  return t("gameexercise.nodeCaption", { node: path, moves: movesTo(g.nodes, path).join(" "), side, end: n.end || "none" });
}

// boardsHTML(g, selected) -> the exercise panel's boards: the root's, and the selected node's
// when one is selected (a click or a focus on the figure).
export function boardsHTML(g, selected = null) {
  const one = (path, testid) => {
    const n = g.nodes[path];
    if (!n) return "";
    const cap = caption(g, path);
    return `<figure class="gx-one"><div>${boardSVG(g.game, n.cells, { size: 132, label: cap, testid })}</div><figcaption>${esc(cap)}</figcaption></figure>`;
  };
  return one("", "exercise-board") + (selected ? one(selected, "exercise-node-board") : "");
}

// gameQuery(setup, {seed, depth}) -> the /tree query of a game's exercise.
export function gameQuery({ game, position }, { seed = 0, depth = GAME_DEPTH } = {}) {
  const q = new URLSearchParams({ game, position: position || "", depth: String(depth), seed: String(seed) });
  return "/tree?" + q.toString();
}
