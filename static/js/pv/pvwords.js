// pvwords.js: the words for PV collection methods and for the reasons a line ends early,
// shared by the narration, the PV panel's markers and their tooltips. The meanings are the
// engine's (tracer/pvmethod.go); the help overlay (templates/overlay.templ) says the same.
// The words are the catalogs' (i18n/<lang>/pvwords.json), keyed by the engine's own word; a
// word the catalog does not know (a newer engine's) is shown as it is.
import { t, has } from "../i18n/i18n.js";

// The methods and reasons pvscope words (the engine may add more: they show as they are).
export const METHOD_WORDS = ["triangular", "stack", "tt", "pvhash"];
export const REASON_WORDS = ["tt-exact-cut-at-pv", "tt-entry-overwritten", "tt-entry-not-exact", "tt-entry-missing",
  "tt-move-illegal", "fail-low-at-pv", "mate", "stalemate", "repetition", "fifty-move", "leaf", "search-stopped",
  "iir-at-pv", "reduced-at-pv", "pruned-at-pv", "aspiration-fail", "root-bound", "win", "loss", "draw"];

// A game's end (win, loss, draw: tic-tac-toe, Connect Four, Othello) is worded in the
// catalogs' area "gameend" (i18n/<lang>/gameend.json), the other reasons in "pvwords".
const reasonKey = (r, kind) => (has(`gameend.${kind}-${r}`) ? `gameend.${kind}-${r}` : `pvwords.${kind}-${r}`);

// A method's short name for the panel's rows ("tt walk"), and what it is ("the walk of the
// transposition table").
export const methodLabel = (m) => (has(`pvwords.label-${m}`) ? t(`pvwords.label-${m}`) : m);
export const methodText = (m) => (has(`pvwords.method-${m}`) ? t(`pvwords.method-${m}`) : m);

// Why a line stops, as a clause after a colon.
export function reasonText(r) {
  if (has(reasonKey(r, "reason"))) return t(reasonKey(r, "reason"));
  return r ? t("pvwords.reasonOther", { reason: r }) : t("pvwords.reasonNone");
}

// A reason's short name, on the ✂ markers: the engine's word in English.
export const reasonLabel = (r) => (has(reasonKey(r, "short")) ? t(reasonKey(r, "short")) : r);

// "1 move", "2 moves".
export const moves = (n) => t("pvwords.moves", { n });
