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
  "iir-at-pv", "reduced-at-pv", "pruned-at-pv", "aspiration-fail", "root-bound"];

// A method's short name for the panel's rows ("tt walk"), and what it is ("the walk of the
// transposition table").
export const methodLabel = (m) => (has(`pvwords.label-${m}`) ? t(`pvwords.label-${m}`) : m);
export const methodText = (m) => (has(`pvwords.method-${m}`) ? t(`pvwords.method-${m}`) : m);

// Why a line stops, as a clause after a colon.
export function reasonText(r) {
  if (has(`pvwords.reason-${r}`)) return t(`pvwords.reason-${r}`);
  return r ? t("pvwords.reasonOther", { reason: r }) : t("pvwords.reasonNone");
}

// A reason's short name, on the ✂ markers: the engine's word in English.
export const reasonLabel = (r) => (has(`pvwords.short-${r}`) ? t(`pvwords.short-${r}`) : r);

// "1 move", "2 moves".
export const moves = (n) => t("pvwords.moves", { n });
