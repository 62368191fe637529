// gamerules.js: what the three games' rule modules (tictactoe.js, connect4.js, othello.js) share.
// A game's state is {cells, side}: cells an array of one letter per cell, row by row from the top
// ("." empty), as engine/games' Board.Cells writes the board, and side the letter of the side to
// move. Moves are named in the game's notation (the engine's MoveName): "b2", "4", "d3", "pass".

// splitMoves(text) -> the move names of a position written as its moves, spaces or commas between.
export function splitMoves(text) {
  return text.split(/[\s,]+/).filter(Boolean);
}

// playAll(rules, state, moves) -> the state after moves, or throws the first move it cannot play,
// named with its number (an Error whose message is the page's sentence's parameters: {n, move}).
export function playAll(rules, state, moves) {
  let s = state;
  moves.forEach((m, i) => {
    const next = rules.play(s, m);
    if (!next) throw Object.assign(new Error(`move ${i + 1}, ${m}, cannot be played`), { n: i + 1, move: m });
    s = next;
  });
  return s;
}

// count(cells, letter) -> how many cells hold letter.
export function count(cells, letter) {
  let n = 0;
  for (const c of cells) if (c === letter) n++;
  return n;
}

// boardCells(text, n, map) -> the n cells of a board written row by row from the top (slashes and
// spaces ignored), each letter mapped through map (lower-cased first); null when it is not one.
export function boardCells(text, n, map) {
  const chars = [...text.replace(/[\s/]+/g, "")].map((c) => map[c.toLowerCase()]);
  if (chars.length !== n || chars.some((c) => c === undefined)) return null;
  return chars;
}

// positionAt(rules, root, moves) -> the state after the named moves from root, or null when one
// of them cannot be played (the board then shows what it can: nothing).
export function positionAt(rules, root, moves) {
  try { return playAll(rules, root, moves); } catch { return null; }
}

// rootOf(rules, started) -> the searched root's state: the engine's cells when the search's start
// carries them (as the engine wrote the board), else its position read by the rules; null when
// neither can be read.
export function rootOf(rules, st) {
  if (st.cells) return { cells: [...st.cells].map((c) => rules.normal(c)), side: rules.sideLetter(st.side || "") };
  try { return rules.parse(st.position || ""); } catch { return null; }
}
