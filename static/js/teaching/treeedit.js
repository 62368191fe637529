// treeedit.js: build a teaching tree by clicking. The editor draws the tree field's tree (an
// SVG over the tree area: ▲ MAX, ▼ MIN, squares for leaves), and changes it with treeops.js:
// a leaf's value, a child added, a subtree deleted, undo. After every change the tree field
// holds the new text and fires "input", so the URL follows (setup.js) and Start searches it.
import { parseTreeText } from "../model/model.js";
import { toPath, pathText, nodeAt, treeText, setLeaf, addChild, deleteSubtree } from "./treeops.js";
import { t } from "../i18n/i18n.js";
import { readTree, NEW_TREE } from "./treeread.js";

export { readTree }; // treeread.js: the field's text as a tree

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const GAP = 46, LEVEL = 74, R = 15; // layout units: leaf spacing, level spacing, node size
const UNDO_DEPTH = 100;

// layout: x by leaf order (a parent centred over its children), y by ply.
function layout(tree) {
  const out = [];
  let next = 0;
  const walk = (x, path) => {
    const it = { path, leaf: !Array.isArray(x), value: x, y: path.length * LEVEL, kids: [] };
    out.push(it);
    if (it.leaf) it.x = next++ * GAP;
    else {
      it.kids = x.map((c, i) => walk(c, [...path, i]));
      it.x = (it.kids[0].x + it.kids[it.kids.length - 1].x) / 2;
    }
    return it;
  };
  walk(tree, []);
  return out;
}

export function createTreeEdit({ form }) {
  const region = $("tree-edit"), svg = $("edit-svg"), field = form.elements.namedItem("tree");
  const value = $("edit-value"), msg = $("edit-message");
  let tree = null, selected = null; // selected: a path array, or null
  const undo = [];

  const isOpen = () => !region.hidden;

  function open() {
    const r = readTree(field.value);
    if (r.error) { say(r.error); region.hidden = false; tree = null; draw(); sync(); return; }
    tree = r.tree;
    region.hidden = false;
    if (!field.value.trim()) write(); // an empty field gets the new tree at once
    selected = null;
    say("");
    draw();
    sync();
  }
  function close() {
    region.hidden = true;
    sync();
  }
  function sync() {
    const b = $("tree-edit-toggle");
    b.setAttribute("aria-pressed", String(isOpen()));
    b.classList.toggle("on", isOpen());
  }
  function say(text) { msg.textContent = text; msg.classList.toggle("bad", !!text); }

  // apply an edit's result: a new tree goes to the field (and the URL); an error is said.
  function apply(r, select) {
    if (r.error) { say(r.error); return false; }
    undo.push(treeText(tree));
    if (undo.length > UNDO_DEPTH) undo.shift();
    tree = r.tree;
    selected = select === undefined ? selected : select;
    if (selected && nodeAt(tree, selected) === undefined) selected = null;
    say("");
    write();
    const inEditor = region.contains(document.activeElement) && document.activeElement !== value;
    draw();
    if (inEditor || document.activeElement === document.body) focusSelected();
    return true;
  }

  function write() {
    field.value = treeText(tree);
    field.dispatchEvent(new Event("input", { bubbles: true }));
    // A named tree, once edited, is no longer that tree.
    const named = $("tree-select");
    if (named) named.value = [...named.options].some((o) => o.value === field.value) ? field.value : "";
  }

  const actions = {
    setValue() {
      if (!selected) return;
      const v = value.value.trim();
      if (v === "" || String(nodeAt(tree, selected)) === v) return;
      apply(setLeaf(tree, selected, v));
    },
    add() {
      if (!selected) return;
      const leaf = !Array.isArray(nodeAt(tree, selected));
      const r = addChild(tree, selected);
      if (r.tree) apply(r, [...selected, leaf ? 1 : nodeAt(r.tree, selected).length - 1]);
      else say(r.error);
    },
    del() {
      if (!selected) return;
      const parent = selected.slice(0, -1);
      apply(deleteSubtree(tree, selected), selected.length ? parent : selected);
    },
    undo() {
      if (!undo.length) return;
      tree = parseTreeText(undo.pop());
      if (selected && nodeAt(tree, selected) === undefined) selected = null;
      say("");
      write();
      const inEditor = region.contains(document.activeElement) && document.activeElement !== value;
      draw();
      if (inEditor || document.activeElement === document.body) focusSelected();
    },
  };

  // The selected node keeps the keyboard focus (draw() replaces the nodes), so A, Delete and
  // Ctrl+Z work after a click; on a leaf, typing a number goes to the value box.
  function select(path) {
    selected = path;
    draw();
    focusSelected();
  }
  function focusSelected() {
    const g = selected ? svg.querySelector(`[data-path="${pathText(selected)}"]`) : null;
    if (g) g.focus({ preventScroll: true });
  }

  function draw() {
    const sel = selected ? nodeAt(tree, selected) : undefined;
    const leaf = sel !== undefined && !Array.isArray(sel);
    $("edit-selected").textContent = sel === undefined ? t("treeedit.clickANode")
      : t("treeedit.selected", { kind: leaf ? "leaf" : selected.length % 2 ? "min" : "max", node: pathText(selected) || "root" });
    value.disabled = !leaf;
    value.value = leaf ? String(sel) : "";
    $("edit-add").disabled = sel === undefined;
    $("edit-delete").disabled = sel === undefined || !selected.length;
    $("edit-undo").disabled = !undo.length;
    svg.replaceChildren();
    if (!tree) return;
    const items = layout(tree);
    const xs = items.map((i) => i.x), ys = items.map((i) => i.y);
    const pad = R * 2.4;
    const minX = Math.min(...xs) - pad, w = Math.max(...xs) - Math.min(...xs) + 2 * pad;
    const h = Math.max(...ys) + 2 * pad;
    svg.setAttribute("viewBox", `${minX} ${-pad} ${Math.max(w, 6 * GAP)} ${Math.max(h, 2 * LEVEL)}`);
    const el = (name, attrs, parent = svg) => {
      const e = document.createElementNS(SVG, name);
      for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
      parent.append(e);
      return e;
    };
    for (const it of items) {
      for (const [i, k] of it.kids.entries()) {
        el("line", { x1: it.x, y1: it.y, x2: k.x, y2: k.y, class: "edge" });
        // The move's name as the search shows it: the child's 0-based index.
        el("text", { x: k.x, y: k.y - R * 1.9, class: "move", "text-anchor": "middle" }).textContent = String(i);
      }
    }
    for (const it of items) {
      const p = pathText(it.path);
      const max = it.path.length % 2 === 0;
      const cls = ["node", it.leaf ? "leaf" : max ? "max" : "min"];
      if (selected && pathText(selected) === p) cls.push("selected");
      const g = el("g", { class: cls.join(" "), "data-testid": "edit-node", "data-path": p, tabindex: "0", role: "button",
        "aria-label": t("treeedit.nodeLabel", { kind: it.leaf ? "leaf" : max ? "max" : "min", value: String(it.value), node: p || "root" }) });
      if (it.leaf) el("rect", { x: it.x - R, y: it.y - R, width: 2 * R, height: 2 * R, rx: 3 }, g);
      else {
        const s = max ? -1 : 1; // ▲ for MAX, ▼ for MIN
        el("polygon", { points: `${it.x},${it.y + s * R * 1.15} ${it.x - R * 1.2},${it.y - s * R * 0.8} ${it.x + R * 1.2},${it.y - s * R * 0.8}` }, g);
      }
      if (it.leaf) el("text", { x: it.x, y: it.y, "text-anchor": "middle", "dominant-baseline": "central" }, g).textContent = String(it.value);
      g.addEventListener("click", (e) => { e.stopPropagation(); select(it.path); });
      g.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); select(it.path); }
        else if (it.leaf && /^[-\d]$/.test(e.key) && !e.ctrlKey && !e.metaKey) {
          // A number typed on a leaf edits its value: the key lands in the value box.
          if (!selected || pathText(selected) !== p) select(it.path);
          value.value = ""; value.focus();
        }
      });
    }
  }

  function wire() {
    $("tree-edit-toggle").addEventListener("click", () => (isOpen() ? close() : open()));
    $("edit-close").addEventListener("click", close);
    $("edit-add").addEventListener("click", actions.add);
    $("edit-delete").addEventListener("click", actions.del);
    $("edit-undo").addEventListener("click", actions.undo);
    value.addEventListener("change", actions.setValue);
    value.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); actions.setValue(); } });
    svg.addEventListener("click", () => select(null));
    // Keys inside the editor (not in its value field): Delete, A, Ctrl+Z.
    region.addEventListener("keydown", (e) => {
      if (e.target === value) return;
      if ((e.ctrlKey || e.metaKey) && e.key === "z") { e.preventDefault(); actions.undo(); }
      else if (e.key === "Delete" || e.key === "Backspace") { e.preventDefault(); actions.del(); }
      else if (e.key === "a" && !e.ctrlKey && !e.metaKey) { e.preventDefault(); actions.add(); }
      else return;
      e.stopPropagation();
    });
    // Typing in the field redraws the editor (when the text is a tree); Start closes it.
    field.addEventListener("input", () => {
      if (!isOpen() || field.value === (tree && treeText(tree))) return;
      const r = readTree(field.value);
      if (r.error) { say(r.error); return; }
      tree = r.tree;
      if (selected && nodeAt(tree, selected) === undefined) selected = null;
      say("");
      draw();
    });
    form.addEventListener("submit", () => { if (isOpen()) close(); });
  }

  // For tests and the page: the tree being edited as text, and the selected path.
  const state = () => ({ open: isOpen(), text: tree ? treeText(tree) : "", selected: selected ? pathText(selected) : null, undo: undo.length });
  return { wire, open, close, state, select: (p) => select(p === null ? null : toPath(p)), actions };
}
