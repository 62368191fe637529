// why.js: "Why not …?" at the selected node (issue 42). The button beside the path box asks the
// server (server/why.go) for the fate of every legal move at the node, moves with no child
// included; choosing a move shows one sentence per iteration, and each node the answer names is a
// button that selects that node on the tree. The static site's worker keeps no recording: it
// answers with a sentence that says so (go-why.serverOnly).
import { t } from "../i18n/i18n.js";
import { frameText } from "../errors.js";
import { fateText } from "./whysentence.js";

const el = (tag, props = {}, ...kids) => { const e = Object.assign(document.createElement(tag), props); e.append(...kids); return e; };

// createWhy(S, deps): S the page state; send(cmd) sends a command; showNode(id) selects a node;
// view() is "root" or "negamax"; nodeName(id) names a node for its link; open is the button
// beside the path box (whylazy.js makes it with the page, and loads this module on its first press).
export function createWhy(S, { send, showNode, view, nodeName, open }) {
  const panel = el("div", { className: "why-panel", hidden: true });
  panel.dataset.testid = "why-panel";
  panel.style.cssText = "position:fixed;right:1em;top:4em;z-index:30;max-width:32em;max-height:70vh;overflow:auto;background:var(--bg,#fff);color:inherit;border:1px solid #888;border-radius:6px;padding:.5em .75em;box-shadow:0 2px 8px #0004";
  const head = el("p", { className: "why-head" });
  const close = el("button", { type: "button", textContent: "×", title: t("why.close") });
  close.style.float = "right";
  close.addEventListener("click", () => { panel.hidden = true; });
  const moves = el("div", { className: "why-moves" });
  moves.dataset.testid = "why-moves";
  const answer = el("ol", { className: "why-answer" });
  answer.dataset.testid = "why-answer";
  answer.style.paddingLeft = "1.2em";
  panel.append(close, head, moves, answer);
  document.body.append(panel);
  let asked = 0, answers = [], askedView = "negamax";

  function ask() {
    const tr = S.trace;
    if (!tr || !tr.started) return;
    const id = S.selected || tr.root || 1;
    const p = S.selected ? tr.positionMoves(S.selected) : [];
    asked++;
    panel.hidden = false;
    head.textContent = t("why.asking");
    moves.replaceChildren();
    answer.replaceChildren();
    askedView = view();
    send({ type: "why", id: asked, path: p, view: askedView });
    place();
    panel.dataset.node = String(id);
  }
  open.addEventListener("click", ask);

  // Under the button, its right edge on the tree's: the tree's right side, not the Start button.
  function place() {
    const b = open.getBoundingClientRect(), tv = document.getElementById("tree-view");
    const right = tv ? tv.getBoundingClientRect().right : window.innerWidth;
    panel.style.top = `${Math.round(b.bottom + 6)}px`;
    panel.style.right = `${Math.max(8, Math.round(window.innerWidth - right + 8))}px`;
  }

  // A why frame: the list of moves.
  function frame(f) {
    if (f.id !== asked) return;
    answers = f.answers || [];
    head.textContent = f.path.length ? t("why.headAt", { path: f.path.join(".") }) : t("why.headRoot");
    if (answers.length === 1 && answers[0].problem === "no-path") {
      answer.replaceChildren(el("li", { textContent: answers[0].sentence }));
      return;
    }
    moves.replaceChildren(...answers.map((a, i) => {
      const b = el("button", { type: "button", textContent: a.move });
      b.dataset.move = a.move;
      b.addEventListener("click", () => choose(i));
      return b;
    }));
  }

  // An error frame that answers a why (the static site's, a path too long).
  function error(f) {
    if (f.id !== asked || panel.hidden) return false;
    head.textContent = frameText(f);
    return true;
  }

  function link(id) {
    const b = el("button", { type: "button", className: "why-node", textContent: nodeName(id) });
    b.dataset.testid = "why-node";
    b.dataset.node = String(id);
    b.addEventListener("click", () => showNode(id)); // at the step shown: the answer is about the whole search
    return b;
  }

  function choose(i) {
    const a = answers[i];
    for (const b of moves.children) b.setAttribute("aria-pressed", String(b === moves.children[i]));
    const items = [];
    if (a.problem && a.sentence) items.push(el("li", { textContent: a.sentence }));
    for (const f of a.iterations || []) {
      const st = S.trace && S.trace.started;
      const li = el("li", { textContent: fateText(f, { tree: !!st && st.kind === "tree", root: askedView === "root", scores: st && st.scores }) + " " });
      li.dataset.fate = f.fate;
      const named = [f.node, f.child, f.stop && f.stop.node].filter((n, k, all) => n && all.indexOf(n) === k && S.trace && S.trace.node(n));
      for (const n of named) li.append(link(n), " ");
      items.push(li);
    }
    if (!items.length) items.push(el("li", { textContent: t("why.none") }));
    answer.replaceChildren(...items);
  }

  return { ask, frame, error, snapshot: () => ({ open: !panel.hidden, moves: answers.map((a) => a.move) }) };
}
