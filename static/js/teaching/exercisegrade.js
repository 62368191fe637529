// exercisegrade.js: grades an answer to an exercise (exercise.js) against its key, with a
// sentence a student can learn from for each mistake ("this leaf is read: its parent's window
// (3, ∞) is still open when it is reached"). grade(kind, tree, answer) -> {right, mistakes}.
import { alphaBeta, keyOf, leafPaths, innerPaths, at, playerAt, isLeaf, unknownKind } from "./exercise.js";
import { t } from "../i18n/i18n.js";
import { valueKey, accepts, parseValue, answerText } from "./valuegrade.js";

const num = (v) => (v === Infinity ? "∞" : v === -Infinity ? "-∞" : String(v));
const win = ([a, b]) => `(${num(a)}, ${num(b)})`;
const named = (p) => (p === "" ? "root" : p); // the catalog names the root and a node
const leafOf = (tree, p) => ({ leaf: p, value: String(at(tree, p)) });
const boundText = ({ value, bound }) => (bound === "upper" ? `≤ ${value}` : bound === "lower" ? `≥ ${value}` : `${value}`);
const given = (got, fill) => (got ? { given: "yes", got: fill(got) } : { given: "no", got: "" });

// Why a leaf is never read: the deepest node on its path that was searched stopped early.
function unreadText(r, tree, p, mirror) {
  const parts = p.split(".");
  const said = { ...leafOf(tree, p), mirror };
  for (let n = parts.length - 1; n >= 0; n--) {
    const a = parts.slice(0, n).join(".");
    const c = r.cuts[a];
    if (!c) continue;
    const at = { ...said, node: named(a), after: c.after, cut: String(c.value) };
    return playerAt(a) === "MIN" ? t("exercisegrade.leafUnreadAlpha", { ...at, alpha: num(c.alpha) })
      : t("exercisegrade.leafUnreadBeta", { ...at, beta: num(c.beta) });
  }
  return t("exercisegrade.leafUnreadAbove", said);
}

function gradeUnread(kind, tree, key, x, mistakes, marks) {
  const order = kind === "mirror" ? (_, n) => [...Array(n).keys()].reverse() : null;
  const r = alphaBeta(tree, { order });
  const want = new Set(key.unread), got = new Set((x && Array.isArray(x.unread) ? x.unread : []).map(String));
  const mirror = kind === "mirror" ? "yes" : "no";
  for (const p of leafPaths(tree)) {
    if (got.has(p) && !want.has(p)) {
      mistakes.push(t("exercisegrade.leafRead", { ...leafOf(tree, p), mirror, window: win(r.values[p].window) })); marks.push(p);
    } else if (!got.has(p) && want.has(p)) {
      mistakes.push(unreadText(r, tree, p, mirror)); marks.push(p);
    }
  }
  for (const p of got) if (!leafPaths(tree).includes(p)) { mistakes.push(t("exercisegrade.noSuchLeaf", { leaf: p })); marks.push(null); }
  if (kind === "prune" && (!x || Number(x.root) !== key.root)) {
    const typed = x && x.root !== undefined && x.root !== "";
    mistakes.push(t("exercisegrade.rootValue", { value: String(key.root), ...given(typed && { v: x.root }, (g) => String(g.v)) })); marks.push("");
  }
}

// grade(kind, tree, x) -> {right, mistakes, marks}: marks[i] is the path of the node or leaf
// mistake i is about ("" the root), or null, so the page can mark it on the figure.
export function grade(kind, tree, x) {
  const key = keyOf(kind, tree), mistakes = [], marks = [];
  switch (kind) {
    case "prune": case "mirror":
      gradeUnread(kind, tree, key, x, mistakes, marks);
      break;
    case "count": {
      for (const k of ["minimax", "alphabeta", "pvs"]) {
        const got = x ? Number(x[k]) : NaN;
        if (got === key[k]) continue;
        const said = { n: key[k], ...given(!Number.isNaN(got) && { v: got }, (g) => g.v) };
        mistakes.push(k === "minimax" ? t("exercisegrade.countMinimax", said) : k === "alphabeta" ? t("exercisegrade.countAlphabeta", said) : t("exercisegrade.countPVS", said));
        marks.push(null);
      }
      break;
    }
    case "values": {
      const r = alphaBeta(tree);
      for (const p of innerPaths(tree)) {
        const k = key[p], got = x && x[p];
        if (!k) {
          if (got && got.value !== undefined && got.value !== "") { mistakes.push(t("exercisegrade.neverSearched", { node: named(p) })); marks.push(p); }
          continue;
        }
        const g = got ? parseValue(got) : null;
        const v = r.values[p], c = r.cuts[p], upper = k.bound === "upper";
        // The one grading of values (valuegrade.js), the quiz's too: the number returned, plain
        // or with the bound it is (C: 2 or ≤ 2); an exact value at its window's edge also with
        // the bound its outcome says (R&N's D: 2, read whole, fails low at α = 3, so ≤ 2 too).
        const vk = valueKey(k.value, v.window, k.bound === "exact");
        if (g && accepts(vk, g)) continue;
        let why;
        if (k.bound === "exact") why = v.window[0] < k.value && k.value < v.window[1] ? t("exercisegrade.whyInside", { window: win(v.window) }) : t("exercisegrade.whyAllExact");
        else if (c) {
          const said = { after: c.after, cut: String(c.value), value: String(k.value) };
          why = upper ? t("exercisegrade.whyCutUpper", { ...said, alpha: num(c.alpha) }) : t("exercisegrade.whyCutLower", { ...said, beta: num(c.beta) });
        } else why = upper ? t("exercisegrade.whyFailUpper", { window: win(v.window) }) : t("exercisegrade.whyFailLower", { window: win(v.window) });
        // want names every right form; why says what the number means (an upper bound, ...).
        mistakes.push(t("exercisegrade.valueWrong", { node: named(p), player: playerAt(p), want: answerText(vk), ...given(g, boundText), why }));
        marks.push(p);
      }
      break;
    }
    case "bounds": {
      const side = (r) => (r.min === null && r.max === null ? t("exercisegrade.rangeAny") : r.min === null ? t("exercisegrade.rangeAtMost", { max: String(r.max) })
        : r.max === null ? t("exercisegrade.rangeAtLeast", { min: String(r.min) }) : r.min === r.max ? t("exercisegrade.rangeOnly", { value: String(r.min) })
          : t("exercisegrade.rangeBetween", { min: String(r.min), max: String(r.max) }));
      for (const p of leafPaths(tree)) {
        const k = key[p], got = x && x[p];
        const g = got ? { min: got.min ?? null, max: got.max ?? null } : null;
        if (g && g.min === k.min && g.max === k.max) continue;
        mistakes.push(t("exercisegrade.rangeWrong", { ...leafOf(tree, p), range: side(k), ...given(g, side) }));
        marks.push(p);
      }
      break;
    }
    case "order": {
      const perms = (x && (x.order || x)) || {};
      for (const [p, perm] of Object.entries(perms)) {
        const sub = p === "" ? tree : (() => { try { return at(tree, p); } catch { return undefined; } })();
        if (sub === undefined || isLeaf(sub)) { mistakes.push(t("exercisegrade.noInnerNode", { node: p })); marks.push(null); continue; }
        const ok = Array.isArray(perm) && perm.length === sub.length && [...perm].sort((a, b) => a - b).every((v, i) => v === i);
        if (!ok) { mistakes.push(t("exercisegrade.orderNotPermutation", { node: named(p), n: sub.length, last: sub.length - 1 })); marks.push(p); }
      }
      if (mistakes.length) break;
      const read = alphaBeta(tree, { order: (p, n) => perms[p] || [...Array(n).keys()] }).read.length;
      if (read !== key.leaves) {
        const first = innerPaths(tree).find((p) => JSON.stringify(perms[p] || [...Array(at(tree, p).length).keys()]) !== JSON.stringify(key.order[p]) && key.order[p]);
        const worse = t("exercisegrade.orderWorse", { read, best: key.leaves });
        mistakes.push(first === undefined ? worse : worse + " " + t("exercisegrade.orderTry", { node: named(first), player: playerAt(first),
          child: [first, key.order[first][0]].filter((x) => x !== "").join(".") }));
        marks.push(first === undefined ? null : first);
      }
      break;
    }
    default:
      throw unknownKind(kind);
  }
  return { right: mistakes.length === 0, mistakes, marks };
}
