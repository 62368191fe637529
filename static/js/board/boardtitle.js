// boardtitle.js: the caption above the board (render.js), in the page's words (area "render").
// Kept apart from render.js, which needs the page, so the sentence can be tested on its own.
import { t } from "../i18n/i18n.js";

// boardTitle names the node the board shows: selected (the user's choice) or being searched,
// its line from the root, who moves after a null move (pass: the FEN's side to move "w" / "b",
// "" for any other node), its ply, depth and window (already written by the View).
export function boardTitle({ selected, node, pass = "", ply, depth, window }) {
  return t("render.boardNode", { what: selected ? "selected" : "searching", node, pass: pass || "none", ply, depth, window });
}

// gameOverTitle adds to a caption that the game is over at the node, when its end says so (a game
// other than chess: "win", "loss", "draw", the side to move's result; area "gameend").
export function gameOverTitle(title, end) {
  return ["win", "loss", "draw"].includes(end) ? t("gameend.title", { title, result: end }) : title;
}
