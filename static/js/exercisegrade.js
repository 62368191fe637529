// exercisegrade.js: grades an answer to an exercise (exercise.js) against its key, with a
// sentence a student can learn from for each mistake ("this leaf is read: its parent's window
// (3, ∞) is still open when it is reached"). grade(kind, tree, answer) -> {right, mistakes}.
import { alphaBeta, keyOf, leafPaths, innerPaths, at, playerAt, isLeaf } from "./exercise.js";

const num = (v) => (v === Infinity ? "∞" : v === -Infinity ? "-∞" : String(v));
const win = ([a, b]) => `(${num(a)}, ${num(b)})`;
const nodeName = (p) => (p === "" ? "the root" : `node ${p}`);
const leafName = (tree, p) => `leaf ${p} (${at(tree, p)})`;
const cap = (s) => s[0].toUpperCase() + s.slice(1);
const boundText = ({ value, bound }) => (bound === "upper" ? `≤ ${value}` : bound === "lower" ? `≥ ${value}` : `${value}`);
const isNum = (x) => typeof x === "number" && Number.isFinite(x);

// Why a leaf is never read: the deepest node on its path that was searched stopped early.
function whyUnread(r, p) {
  const parts = p.split(".");
  for (let n = parts.length - 1; n >= 0; n--) {
    const a = parts.slice(0, n).join(".");
    const c = r.cuts[a];
    if (!c) continue;
    const min = playerAt(a) === "MIN";
    return min
      ? `at ${nodeName(a)} (MIN), after ${c.after} its value ${c.value} is already ≤ α = ${num(c.alpha)}, so the rest of its children are cut off (an alpha cutoff)`
      : `at ${nodeName(a)} (MAX), after ${c.after} its value ${c.value} is already ≥ β = ${num(c.beta)}, so the rest of its children are cut off (a beta cutoff)`;
  }
  return "a cutoff above it stops the search first";
}

function gradeUnread(kind, tree, key, x, mistakes) {
  const order = kind === "mirror" ? (_, n) => [...Array(n).keys()].reverse() : null;
  const r = alphaBeta(tree, { order });
  const want = new Set(key.unread), got = new Set((x && Array.isArray(x.unread) ? x.unread : []).map(String));
  const dir = kind === "mirror" ? " (right to left)" : "";
  for (const p of leafPaths(tree)) {
    if (got.has(p) && !want.has(p)) {
      mistakes.push(`${cap(leafName(tree, p))} is read${dir}: its parent's window ${win(r.values[p].window)} is still open when it is reached.`);
    } else if (!got.has(p) && want.has(p)) {
      mistakes.push(`${cap(leafName(tree, p))} is never evaluated${dir}: ${whyUnread(r, p)}.`);
    }
  }
  for (const p of got) if (!leafPaths(tree).includes(p)) mistakes.push(`There is no leaf ${p} in this tree.`);
  if (kind === "prune" && (!x || Number(x.root) !== key.root)) {
    mistakes.push(`The root's value is ${key.root}${x && x.root !== undefined && x.root !== "" ? `, not ${x.root}` : ""}: the best of its children's values for MAX.`);
  }
}

export function grade(kind, tree, x) {
  const key = keyOf(kind, tree), mistakes = [];
  switch (kind) {
    case "prune": case "mirror":
      gradeUnread(kind, tree, key, x, mistakes);
      break;
    case "count": {
      const names = { minimax: "Minimax", alphabeta: "Alpha-beta", pvs: "PVS" };
      const why = { minimax: "it reads every leaf", alphabeta: "it skips the leaves its cutoffs prune", pvs: "a leaf searched again after a null-window probe counts twice" };
      for (const k of ["minimax", "alphabeta", "pvs"]) {
        const got = x ? Number(x[k]) : NaN;
        if (got !== key[k]) mistakes.push(`${names[k]} makes ${key[k]} static evaluations${Number.isNaN(got) ? "" : `, not ${got}`} (${why[k]}).`);
      }
      break;
    }
    case "values": {
      const r = alphaBeta(tree);
      for (const p of innerPaths(tree)) {
        const k = key[p], got = x && x[p];
        if (!k) {
          if (got && got.value !== undefined && got.value !== "") mistakes.push(`${cap(nodeName(p))} is never searched: a cutoff above it comes first, so it has no value.`);
          continue;
        }
        const g = got ? { value: Number(got.value), bound: got.bound || "exact" } : null;
        if (g && g.value === k.value && g.bound === k.bound) continue;
        const v = r.values[p], c = r.cuts[p];
        let why;
        if (k.bound === "exact") why = v.window[0] < k.value && k.value < v.window[1] ? `it lies inside its window ${win(v.window)}` : "it read every child and each child's value is exact";
        else if (c) why = `after ${c.after} the value ${c.value} is ${k.bound === "upper" ? `≤ α = ${num(c.alpha)}` : `≥ β = ${num(c.beta)}`}, so the rest is cut off and ${k.value} is only ${k.bound === "upper" ? "an upper" : "a lower"} bound`;
        else why = `its value falls ${k.bound === "upper" ? "at or below α" : "at or above β"} of its window ${win(v.window)}, and a child's value below it is only a bound`;
        mistakes.push(`${cap(nodeName(p))} (${playerAt(p)}): alpha-beta returns ${boundText(k)}${g ? `, not ${boundText(g)}` : ""}: ${why}.`);
      }
      break;
    }
    case "bounds": {
      const side = (r) => (r.min === null && r.max === null ? "any value" : r.min === null ? `any value ≤ ${r.max}` : r.max === null ? `any value ≥ ${r.min}` : r.min === r.max ? `only ${r.min}` : `${r.min} to ${r.max}`);
      for (const p of leafPaths(tree)) {
        const k = key[p], got = x && x[p];
        const g = got ? { min: got.min ?? null, max: got.max ?? null } : null;
        if (g && g.min === k.min && g.max === k.max) continue;
        mistakes.push(`${cap(leafName(tree, p))} may take ${side(k)} without changing the root's value${g ? `, not ${side(g)}` : ""}.`);
      }
      break;
    }
    case "order": {
      const perms = (x && (x.order || x)) || {};
      for (const [p, perm] of Object.entries(perms)) {
        const t = p === "" ? tree : (() => { try { return at(tree, p); } catch { return undefined; } })();
        if (t === undefined || isLeaf(t)) { mistakes.push(`There is no inner node ${p} to reorder.`); continue; }
        const ok = Array.isArray(perm) && perm.length === t.length && [...perm].sort((a, b) => a - b).every((v, i) => v === i);
        if (!ok) mistakes.push(`The order at ${nodeName(p)} must name each of its ${t.length} children once (0 to ${t.length - 1}).`);
      }
      if (mistakes.length) break;
      const read = alphaBeta(tree, { order: (p, n) => perms[p] || [...Array(n).keys()] }).read.length;
      if (read !== key.leaves) {
        const first = innerPaths(tree).find((p) => JSON.stringify(perms[p] || [...Array(at(tree, p).length).keys()]) !== JSON.stringify(key.order[p]) && key.order[p]);
        mistakes.push(`Your order makes alpha-beta evaluate ${read} leaves; the best order evaluates ${key.leaves}.` +
          (first !== undefined ? ` At ${nodeName(first)} (${playerAt(first)}), try child ${[first, key.order[first][0]].filter((x) => x !== "").join(".")} first: the child with the ${playerAt(first) === "MAX" ? "highest" : "lowest"} value (or the one that refutes soonest) narrows the window for its siblings.` : ""));
      }
      break;
    }
    default:
      throw new Error(`Unknown exercise "${kind}".`);
  }
  return { right: mistakes.length === 0, mistakes };
}
