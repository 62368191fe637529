// ownsearch.js: a search of a node's own position (the trace format's "subsearch": internal
// iterative deepening, the singular-extension test, razoring's and ProbCut's verification). It is
// a child of the node with no move, at the node's own ply; its window and score are its own, never
// the node's value. Here: its words, its label in the tree (in place of a move) and its sentence.
import { t, has } from "../i18n/i18n.js";

// The purposes pvscope names; an engine's own word is shown as it is.
export const OWN_SEARCH_WORDS = ["iid", "singular", "razor", "probcut"];

const word = (kind, w) => (has(`ownsearch.${kind}-${w}`) ? t(`ownsearch.${kind}-${w}`) : w);

// The tree's label of a sub-search node: "⟲ IID", "⟲ singular".
export const ownSearchLabel = (purpose) => t("ownsearch.label", { purpose: word("short", purpose) });

// The sub-search's name where a sentence names a node: "the IID search of the root".
export const ownSearchName = (purpose, parent) => t("ownsearch.name", { purpose: word("short", purpose), parent });

// The sentence of a sub-search's enter: parent names the node it serves, as the narration does.
export function ownSearchSentence({ parent, purpose, excluded = "", depth, window }) {
  return t("ownsearch.enter", { parent, purpose: word("purpose", purpose), excluded: excluded || "none", depth, window });
}
