// pvshown.js: how much of a long line the page draws. A trace may carry a principal variation
// of 100,000 moves; naming each in SAN, or making a span for each, froze the tab for a minute.
// Every place that turns a line into text or DOM (the PV panel and its rows, the board's line,
// the narration, the tooltips, the comparison panes) draws its first SHOWN moves and says how
// many more there are; the PV panel has a button that shows more (MORE_FACTOR times as many).
import { t } from "../i18n/i18n.js";

export const SHOWN = 50; // moves drawn of a line, unless the person asks for more
export const REST = 8; // moves kept after a hovered move, for the board's arrows (3 drawn)
export const MORE_FACTOR = 4;

// The cut of a line: the moves drawn (at most limit) and how many are left out.
export function shownOf(moves, limit = SHOWN) {
  const n = Math.min(moves.length, Math.max(0, limit));
  return { moves: n === moves.length ? moves : moves.slice(0, n), more: moves.length - n };
}

// "… and 99,950 more", after the moves drawn (empty when none is left out).
export const moreText = (more) => (more > 0 ? t("pvshown.more", { n: more }) : "");

// A line of move names as text, bounded: "0 1 0 … and 12 more".
export function lineWords(moves, limit = SHOWN) {
  const { moves: shown, more } = shownOf(moves, limit);
  return more ? shown.join(" ") + " " + moreText(more) : shown.join(" ");
}
