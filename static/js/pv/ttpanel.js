// ttpanel.js: the table's links at the node the board shows (issue 41), under the board's caption.
// On a node the table answered (a keyed tt-hit), the store it read: "Stored at node N (path),
// depth d, bound b, score s, k steps earlier", with a button that selects that node; on a node
// that stored an entry (a keyed tt-store), the hits that read it, each with its button. The links
// are the model's (model/ttlinks.js); this module comes with the first keyed tt-* event (app.js).
import { t } from "../i18n/i18n.js";

const el = (tag, props = {}, ...kids) => { const e = Object.assign(document.createElement(tag), props); e.append(...kids); return e; };

// createTTPanel(S, deps): S the page state; showNode(id) selects a node as a click on the tree does.
export function createTTPanel(S, { showNode }) {
  const box = el("div", { className: "tt-link", hidden: true });
  box.dataset.testid = "tt-link";
  box.setAttribute("aria-live", "off");
  document.getElementById("board-title").after(box);
  let drawn = "";

  const nodeOf = (tr, i) => tr.c.node.get(i);
  const pathOf = (id) => (S.notation ? S.notation.nodeTitle(id) : String(id));
  const scoreOf = (v) => String(v); // as the table holds it and the event log says it (-570, not −5.70)
  function goTo(testid, id, title) {
    const b = el("button", { type: "button", className: "tt-goto", textContent: t("ttlink.goto"), title });
    b.dataset.testid = testid;
    b.dataset.node = String(id);
    b.addEventListener("click", () => showNode(id));
    return b;
  }

  // The lines for node id at step k: its last keyed hit's store, its last keyed store's hits.
  function lines(tr, id, k) {
    const at = tr.tt.atNode(id, k), hitKind = tr.K["tt-hit"];
    let hit = -1, store = -1;
    for (const i of at) if (tr.c.kind.get(i) === hitKind) hit = i; else store = i;
    const out = [];
    if (hit >= 0) {
      const s = tr.tt.storeOfHit(hit);
      if (s >= 0) {
        const e = tr.event(s), sn = nodeOf(tr, s);
        const text = t("ttlink.stored", { node: sn, path: pathOf(sn), depth: e.depth, bound: e.bound || "none", score: scoreOf(e.score), steps: hit - s });
        out.push({ sig: `h${hit}`, make: () => el("p", { className: "tt-store" }, text + " ", goTo("tt-store-goto", sn, t("ttlink.gotoStore", { node: sn }))) });
      } else out.push({ sig: `n${hit}`, make: () => el("p", { className: "tt-store", textContent: t("ttlink.noStore", { key: tr.tt.keyOf(hit) }) }) });
    }
    if (store >= 0) {
      const hits = tr.tt.hitsOfStore(store, k);
      out.push({ sig: `s${store}:${hits.length}`, make: () => {
        const li = hits.map((h) => {
          const hn = nodeOf(tr, h);
          return el("li", {}, t("ttlink.hit", { node: hn, path: pathOf(hn), steps: h - store }) + " ", goTo("tt-hit-goto", hn, t("ttlink.gotoHit", { node: hn })));
        });
        const p = el("p", { className: "tt-hits", textContent: t("ttlink.readBy", { n: hits.length, key: tr.tt.keyOf(store) }) });
        return hits.length ? el("div", {}, p, el("ul", { className: "tt-hit-list" }, ...li)) : p;
      } });
    }
    return out;
  }

  // render(tr, k): the selected node's links, else the searched node's; only what changed is written.
  function render(tr, k) {
    const id = S.selected || tr.current(k);
    const out = id ? lines(tr, id, k) : [];
    const sig = `${id}|${out.map((o) => o.sig).join(",")}`;
    if (sig === drawn) return;
    drawn = sig;
    box.replaceChildren(...out.map((o) => o.make()));
    box.hidden = !out.length;
  }

  return { render };
}
