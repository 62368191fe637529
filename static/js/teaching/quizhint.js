// quizhint.js: the quiz's placeholders, which show the form of an answer with paths and numbers
// that are not in the tree asked about (issue 39: "e.g. 1.1 1.2" was R&N's answer at node 1, and
// the window's "α (-∞)", "β (∞)" the first question's). A path starts with a child index the
// root does not have; a number is past every leaf's value by more than a null window's step,
// so it is no leaf, no window edge and no value a node can return.
import { t } from "../i18n/i18n.js";

// The largest leaf value in size, over a tree as nested arrays (0 for none).
function largest(tree) {
  if (typeof tree === "number") return Math.abs(tree);
  return Array.isArray(tree) ? tree.reduce((m, c) => Math.max(m, largest(c)), 0) : 0;
}

// placeholders(tree) -> {value, pruned, lo, hi, line, edge}: the words in each box of a question.
export function placeholders(tree) {
  const n = 10 * Math.ceil((largest(tree) + 2) / 10) + 7; // 14 -> 27, 20 -> 37
  const k = Array.isArray(tree) ? tree.length : 9; // the root's children are 0 .. k-1
  return {
    value: t("quizhint.value", { n: String(n) }),
    pruned: t("quizhint.pruned", { a: `${k}.0`, b: `${k}.1` }),
    lo: t("quizhint.lo", { n: String(-n) }),
    hi: t("quizhint.hi", { n: String(n + 10) }),
    line: t("quizhint.line"),
    edge: t("quizhint.edge"),
    loName: t("quizhint.loName"), hiName: t("quizhint.hiName"), // the boxes' names (a title alone is no label)
  };
}
