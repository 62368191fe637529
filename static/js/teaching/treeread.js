// treeread.js: the tree field's text read as a tree (readTree), for the tree drawn before Start
// (treepreview.js) and the editor (treeedit.js). Apart from the editor, whose module comes when
// it is first opened (treeeditlazy.js): the preview is part of the first load, the editor not.
import { parseTreeText } from "../model/model.js";
import { t } from "../i18n/i18n.js";
import { nestingProblem } from "../urlparams.js";

export const NEW_TREE = "((0 0) (0 0))"; // an empty field's tree
export const MAX_EDIT_NODES = 400; // the editor's own bound: a tree built by clicking stays small enough to draw whole

export function countNodes(tree) {
  return Array.isArray(tree) ? 1 + tree.reduce((s, c) => s + countNodes(c), 0) : 1;
}

// readTree: the field's text as a tree, or {error}. The server checks again on Start.
export function readTree(text) {
  const s = String(text || "").trim();
  if (!s) return { tree: parseTreeText(NEW_TREE) };
  if (/[^\s()\d,+-]/.test(s)) return { error: t("treeedit.notTree") };
  let open = 0;
  for (const ch of s) if ((open += ch === "(" ? 1 : ch === ")" ? -1 : 0) < 0) break;
  if (open !== 0 || /\(\s*\)/.test(s)) return { error: t("treeedit.parentheses") };
  // The engine's limit and sentence (engine.ParseTree): deeper, the drawing's walks would overflow the stack.
  const deep = nestingProblem(s);
  if (deep) return { error: t("urlparams.treeTooDeep", deep) };
  const tree = parseTreeText(s);
  if (countNodes(tree) > MAX_EDIT_NODES) return { error: t("treeedit.tooBig", { max: MAX_EDIT_NODES }) };
  return { tree };
}

