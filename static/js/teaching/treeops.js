// treeops.js: pure functions on a teaching tree held as nested arrays (a number is a leaf,
// an array an inner node: parseTreeText's shape). The tree editor changes trees with them
// (every edit returns a new tree and leaves its argument alone), and the comparison counts
// with them. Paths are arrays of 0-based child indices ([] is the root), or the snapshot's
// dotted strings ("1.2"; "" the root).

// The engine's bounds (engine/tree.go MaxLeafValue) and the editor's own: a tree built by
// clicking stays small enough to draw whole.
import { t } from "../i18n/i18n.js";
import { countNodes, MAX_EDIT_NODES } from "./treeread.js";

export { countNodes, MAX_EDIT_NODES }; // treeread.js
export const MAX_LEAF_VALUE = 10000;

export function toPath(p) {
  if (Array.isArray(p)) return p;
  return p === "" || p === undefined || p === null ? [] : String(p).split(".").map(Number);
}
export function pathText(path) { return toPath(path).join("."); }

// nodeAt returns the subtree at path, or undefined when there is none.
export function nodeAt(tree, path) {
  let x = tree;
  for (const i of toPath(path)) {
    if (!Array.isArray(x) || !Number.isInteger(i) || i < 0 || i >= x.length) return undefined;
    x = x[i];
  }
  return x;
}

// treeText writes a tree as the tree field takes it: "((3 12 8) (2 4 6) (14 5 2))".
export function treeText(tree) {
  return Array.isArray(tree) ? "(" + tree.map(treeText).join(" ") + ")" : String(tree);
}

// replaceAt returns a copy of tree with the subtree at path replaced by fn(old); only the
// arrays on the path are copied.
function replaceAt(tree, path, fn) {
  if (path.length === 0) return fn(tree);
  const [i, ...rest] = path;
  const copy = tree.slice();
  copy[i] = replaceAt(tree[i], rest, fn);
  return copy;
}

// A node as the sentences name it: its path, "root" for the root (the catalog says "(root)").
const named = (path) => pathText(path) || "root";

// An edit's result: {tree} or {error: a sentence saying why not}.
function checked(path, tree, want) {
  const at = nodeAt(tree, path);
  if (at === undefined) return t("treeops.noNode", { node: named(path) });
  if (want === "leaf" && Array.isArray(at)) return t("treeops.notLeaf", { node: named(path) });
  return "";
}

// setLeaf gives the leaf at path a new value.
export function setLeaf(tree, path, value) {
  path = toPath(path);
  const bad = checked(path, tree, "leaf");
  if (bad) return { error: bad };
  const v = Number(value);
  if (!Number.isInteger(v) || Math.abs(v) > MAX_LEAF_VALUE) {
    return { error: t("treeops.leafRange", { max: MAX_LEAF_VALUE }) };
  }
  return { tree: replaceAt(tree, path, () => v) };
}

// addChild adds a leaf under the node at path. Under an inner node the new leaf (value 0, or
// `value`) comes last; a leaf becomes an inner node whose first child keeps its old value.
export function addChild(tree, path, value = 0) {
  path = toPath(path);
  const bad = checked(path, tree);
  if (bad) return { error: bad };
  if (countNodes(tree) >= MAX_EDIT_NODES) {
    return { error: t("treeops.editorFull", { n: countNodes(tree) }) };
  }
  return { tree: replaceAt(tree, path, (old) => (Array.isArray(old) ? [...old, value] : [old, value])) };
}

// deleteSubtree removes the node at path and everything below it. The root stays, and so does
// a node's last child (a node without children would be neither a leaf nor a move).
export function deleteSubtree(tree, path) {
  path = toPath(path);
  const bad = checked(path, tree);
  if (bad) return { error: bad };
  if (path.length === 0) return { error: t("treeops.rootStays") };
  const parent = path.slice(0, -1), i = path[path.length - 1];
  if (nodeAt(tree, parent).length === 1) {
    return { error: t("treeops.lastChild", { node: named(parent) }) };
  }
  return { tree: replaceAt(tree, parent, (p) => p.filter((_, j) => j !== i)) };
}

// height: plies from the root to its deepest leaf (a lone leaf: 0).
export function height(tree) {
  return Array.isArray(tree) ? 1 + Math.max(...tree.map(height)) : 0;
}

// horizonLeaves: the leaves a search to depth d sees: the tree's leaves above ply d, and its
// nodes at ply d (the engine estimates those; they are read like leaves).
export function horizonLeaves(tree, d) {
  if (!Array.isArray(tree) || d <= 0) return 1;
  return tree.reduce((s, c) => s + horizonLeaves(c, d - 1), 0);
}

// uniformBranching: b when every node above ply d has exactly b children and no leaf lies
// above ply d, else 0.
export function uniformBranching(tree, d) {
  let b = -1;
  const walk = (x, left) => {
    if (left === 0) return true;
    if (!Array.isArray(x)) return false;
    if (b < 0) b = x.length;
    return x.length === b && x.every((c) => walk(c, left - 1));
  };
  return d > 0 && walk(tree, d) ? b : 0;
}

// knuthMoore: the fewest leaves any alpha-beta search of a uniform tree (branching b, depth d)
// reads, b^ceil(d/2) + b^floor(d/2) - 1 (Knuth and Moore 1975; Levin).
export function knuthMoore(b, d) {
  return b ** Math.ceil(d / 2) + b ** Math.floor(d / 2) - 1;
}
