// pvwords.js: the words for PV collection methods and for the reasons a line ends early,
// shared by the narration, the PV panel's markers and their tooltips. The meanings are the
// engine's (tracer/pvmethod.go); the help overlay (templates/overlay.templ) says the same.

// Short names for the panel's rows, and what each method is.
export const METHOD_LABEL = { triangular: "triangular", stack: "stack", tt: "tt walk", pvhash: "pv hash" };
export const METHOD_TEXT = {
  triangular: "the triangular table",
  stack: "the PV list on the stack",
  tt: "the walk of the transposition table",
  pvhash: "the PV hash table",
};
// The subject of a narrated sentence: "The tt walk's line ...".
export const METHOD_OWNER = {
  triangular: "The triangular table's line",
  stack: "The stack's line",
  tt: "The tt walk's line",
  pvhash: "The PV hash table's line",
};

// Why a line stops, as a clause after a colon.
export const REASON_TEXT = {
  "tt-exact-cut-at-pv": "an exact table entry answered that PV node, so no line exists below it",
  "tt-entry-overwritten": "the entry it needed was overwritten by another position",
  "tt-entry-not-exact": "the position's entry is a bound, not an exact score",
  "tt-entry-missing": "the table has no entry there, and the search stored none exact this iteration",
  "tt-move-illegal": "the entry's move is not legal there (a key collision)",
  "fail-low-at-pv": "that node failed low with an open window, so it has no best move",
  mate: "the game ends there in checkmate",
  stalemate: "the game ends there in stalemate",
  repetition: "the position repeats there: a draw",
  "fifty-move": "the fifty-move rule ends the game there",
  leaf: "the tree has a leaf there, above the horizon",
  "search-stopped": "the search was stopped before the line was finished",
  "iir-at-pv": "a node on the line had no table move and was searched a ply shallower (iir), so the line reaches the horizon early",
  "reduced-at-pv": "a node on the line was searched shallower by a reduction, so the line reaches the horizon early",
  "pruned-at-pv": "that node failed low with an open window after pruning moves (futility, late-move pruning): the move that would continue the line was never searched",
};

export const methodLabel = (m) => METHOD_LABEL[m] || m;
export const reasonText = (r) => REASON_TEXT[r] || (r ? `reason ${r}` : "no reason given");
export const moves = (n) => (n === 1 ? "1 move" : `${n} moves`);
