// miniboard.js: a game's position as a small board for a node of the tree (nodeboards.js): the
// cells only, without coordinates, in the big board's colours (games.js draws with LOOKS too),
// as SVG markup. Each cell is a <g data-i data-cell data-piece> holding a rect of class
// "mini-cell" (the cell's square) and the piece's shapes. Text, not elements: a tree of 60 boards
// is built in one innerHTML, and node tests read it without a DOM.

// The colours of each game's board and pieces (the palette's in light and dark themes alike).
export const LOOKS = {
  tictactoe: { board: "#f7f7f2", line: "#444", x: "#1f5fbf", o: "#c0392b" },
  connect4: { board: "#1f4fa8", line: "#163a7a", hole: "#eef2f8", r: "#d62728", y: "#f2c200" },
  othello: { board: "#2e7d32", line: "#1b4d1e", b: "#111", w: "#fafafa" },
};

const C = 10; // a cell's side in the mini board's own units

// miniCellName(rules, i): the cell's name as the big board names it (connect4: column:row from the bottom).
export function miniCellName(rules, i) {
  return rules.name === "connect4" ? `${(i % rules.cols) + 1}:${rules.rows - Math.floor(i / rules.cols)}` : rules.cellName(i);
}

// miniBoardSVG(rules, state) -> the markup of state's board: <svg data-testid="mini-board"
// data-game data-cells data-side> with one <g> per cell, row by row from the top.
export function miniBoardSVG(rules, state) {
  const { rows, cols, name } = rules, look = LOOKS[name];
  const w = cols * C, h = rows * C;
  const out = [`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" preserveAspectRatio="xMidYMid meet" data-testid="mini-board"`,
    ` data-game="${name}" data-cells="${state.cells.join("")}" data-side="${state.side}" style="display:block;width:100%;height:auto">`,
    `<rect x="0" y="0" width="${w}" height="${h}" fill="${look.board}"/>`];
  for (let i = 0; i < rows * cols; i++) {
    const x = (i % cols) * C, y = Math.floor(i / cols) * C, p = state.cells[i];
    const stroke = name === "connect4" ? "none" : look.line;
    out.push(`<g data-i="${i}" data-cell="${miniCellName(rules, i)}" data-piece="${p}">`,
      `<rect class="mini-cell" x="${x}" y="${y}" width="${C}" height="${C}" fill="none" stroke="${stroke}" stroke-width="${name === "tictactoe" ? 0.6 : 0.4}"/>`,
      piece(name, look, p, x + C / 2, y + C / 2), "</g>");
  }
  out.push("</svg>");
  return out.join("");
}

// A piece's shapes at the cell's centre: tic-tac-toe's x two strokes and o a ring, in two
// colours, so the two stay apart in a 12-pixel cell and in grey; discs elsewhere.
function piece(game, look, p, cx, cy) {
  if (game === "tictactoe") {
    if (p === "x") {
      const d = 2.9, s = `stroke="${look.x}" stroke-width="1.7" stroke-linecap="round"`;
      return `<line x1="${cx - d}" y1="${cy - d}" x2="${cx + d}" y2="${cy + d}" ${s}/><line x1="${cx - d}" y1="${cy + d}" x2="${cx + d}" y2="${cy - d}" ${s}/>`;
    }
    return p === "o" ? `<circle cx="${cx}" cy="${cy}" r="3.1" fill="none" stroke="${look.o}" stroke-width="1.6"/>` : "";
  }
  if (game === "connect4") return `<circle cx="${cx}" cy="${cy}" r="4.1" fill="${p === "." ? look.hole : look[p]}" stroke="${look.line}" stroke-width="0.4"/>`;
  return p === "." ? "" : `<circle cx="${cx}" cy="${cy}" r="4.1" fill="${look[p]}" stroke="#000" stroke-width="0.4"/>`;
}
