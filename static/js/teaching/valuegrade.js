// valuegrade.js: the one grading of "which value does this node return?", for the quiz
// (quiz.js), the values exercise (exercisegrade.js), the worksheets' keys (sheet.js) and so the
// lessons' quizzes: at a node every one of them takes the same answers as right and says the
// same sentence (issue 39: the quiz wanted 2 where the exercise wanted ≤ 2).
//
// A node's key is what it returns and what that number means:
//   exact   the node's true value: strictly inside its window, or read whole (every child read,
//           each child's value exact, and the value their best: fail-soft's value at an edge)
//   upper   at or below its window's low edge and not exact: the true value is at most it
//   lower   at or above its window's high edge and not exact: the true value is at least it
// edge is the bound an exact value at its window's edge also is ("upper" at or below α, R&N's D).
//
// Right answers: the number returned, plain ("2"), or with the bound it is ("≤2", "<=2",
// "≤ 2" at an upper bound, "≥"/">=" at a lower one; an exact value at its edge takes its edge's
// mark too). Wrong: another number, or a mark the value is not (≥ on an upper bound, any mark on
// a value strictly inside its window). docs/page-guide.md's table lists them per algorithm.
import { t } from "../i18n/i18n.js";

const BIG = 32000; // pvscope's infinity (view.js's INF): a window edge at or past it is open

// valueKey(value, [lo, hi], whole) -> {value, bound, edge, window}: whole says the node was read
// whole (see above); lo and hi are its window in the same point of view as value.
export function valueKey(value, [lo, hi], whole = false) {
  const inside = lo < value && value < hi;
  const side = value <= lo ? "upper" : value >= hi ? "lower" : "";
  const exact = inside || whole;
  return { value, bound: exact ? "exact" : side, edge: exact ? side : "", window: [lo, hi] };
}

// parseValue(x) -> {value, bound} or null for a blank: "≤ 2" / "<=2" bound "upper", "≥5" /
// ">=5" "lower", "3" (or the number 3) "exact", i.e. no mark; value NaN when it is no integer.
export function parseValue(x) {
  if (x === null || x === undefined) return null;
  if (typeof x === "number") return { value: x, bound: "exact" };
  if (typeof x === "object" && "value" in x) return { value: Number(x.value), bound: x.bound || "exact" };
  let s = String(x).trim().replace(/\s+/g, "").replace(/[−–]/g, "-");
  if (!s) return null;
  let bound = "exact";
  if (/^(≤|<=|=<)/.test(s)) { bound = "upper"; s = s.replace(/^(≤|<=|=<)/, ""); } else if (/^(≥|>=|=>)/.test(s)) { bound = "lower"; s = s.replace(/^(≥|>=|=>)/, ""); }
  return { value: /^[-+]?\d+$/.test(s) ? Number(s) : NaN, bound };
}

// accepts(key, x): whether answer x (text, number or {value, bound}) is right at the key's node.
export function accepts(key, x) {
  const a = parseValue(x);
  if (!a || a.value !== key.value) return false;
  return a.bound === "exact" || (a.bound === key.bound && key.bound !== "exact") || (!!key.edge && a.bound === key.edge);
}

// valueText(v): a value with its bound's mark, as the tree and the keys write it ("≤2").
export const valueText = (v) => (v.bound === "upper" ? `≤${v.value}` : v.bound === "lower" ? `≥${v.value}` : `${v.value}`);

// acceptedTexts(key): every form that is right, the key's own first ("≤2", "2").
export function acceptedTexts(key) {
  const out = [valueText(key)];
  if (key.bound !== "exact") out.push(String(key.value));
  else if (key.edge) out.push(valueText({ value: key.value, bound: key.edge }));
  return out;
}

// answerText(key): the right answers as a sentence says them ("≤ 2 or 2").
export const answerText = (key) => {
  const [a, b] = acceptedTexts(key).map((x) => x.replace(/^([≤≥])/, "$1 "));
  return b === undefined ? a : t("valuegrade.either", { a, b });
};

const edgeText = (v) => (v >= BIG || v === Infinity ? "∞" : v <= -BIG || v === -Infinity ? "-∞" : String(v));

// meaning(key): what the node returns and what that number means, as one sentence
// ("It returns 2, and 2 is only an upper bound: the true value is at most 2.").
export function meaning(key) {
  const value = String(key.value), window = `(${edgeText(key.window[0])}, ${edgeText(key.window[1])})`;
  if (key.bound === "upper") return t("valuegrade.upper", { value });
  if (key.bound === "lower") return t("valuegrade.lower", { value });
  if (key.edge) return t("valuegrade.exactWhole", { value, bounded: `${key.edge === "upper" ? "≤" : "≥"} ${value}` });
  return t("valuegrade.exactInside", { value, window });
}

// gradeValue(key, x) -> {right, sentence}: the verdict and the sentence every page says with it.
export function gradeValue(key, x) {
  return { right: accepts(key, x), sentence: meaning(key) };
}
