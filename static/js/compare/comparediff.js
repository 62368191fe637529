// comparediff.js: the search diff in the comparison view (?diff=A,B): a bar with "first
// difference" and the previous and next difference, a sentence for the one shown, and rings on
// the nodes that differ in each pane's tree (only in this search, another window, another
// score). The lining up itself is diff.js; compare.js owns the panes and calls in here.
import { diffTraces, describe, whatText, placeOf } from "./diff.js";
import { t } from "../i18n/i18n.js";

// Ring colours, apart from the outcome colours the nodes are filled with, and what each says.
export const MARKS = {
  only: { colour: "#6A3D9A", dash: [4, 3], get text() { return t("comparediff.markOnly"); } },
  window: { colour: "#56B4E9", dash: [], get text() { return t("comparediff.markWindow"); } },
  score: { colour: "#B3261E", dash: [], get text() { return t("comparediff.markScore"); } },
};

// createDiffBar(region, { onGo }): the bar, placed under the comparison's own. onGo(step pair)
// moves the panes: {a: step|null, b: step|null} (diff.js' steps: node and k).
export function createDiffBar(region, { onGo }) {
  const bar = document.createElement("div");
  bar.className = "diff-bar";
  bar.dataset.testid = "diff-bar";
  bar.setAttribute("role", "toolbar");
  bar.setAttribute("aria-label", t("comparediff.barLabel"));
  bar.hidden = true;
  const button = (testid, text, title, fn) => {
    const b = document.createElement("button");
    b.type = "button"; b.dataset.testid = testid; b.textContent = text; b.title = title;
    b.addEventListener("click", fn);
    bar.append(b);
    return b;
  };
  const name = document.createElement("strong");
  name.className = "compare-name"; name.textContent = t("comparediff.barName");
  bar.append(name);
  button("diff-first", t("comparediff.firstButton"), t("comparediff.firstTitle"), () => go(-1));
  button("diff-prev", "◁", t("comparediff.prevTitle"), () => go(at - 1));
  button("diff-next", "▷", t("comparediff.nextTitle"), () => go(at + 1));
  const status = document.createElement("span");
  status.className = "diff-status"; status.dataset.testid = "diff-status"; status.setAttribute("aria-live", "polite");
  bar.append(status);
  const legend = document.createElement("span");
  legend.className = "diff-legend";
  for (const m of Object.values(MARKS)) {
    const s = document.createElement("span");
    s.className = "diff-key";
    s.style.setProperty("--mark", m.colour);
    s.style.setProperty("--dash", m.dash.length ? "dashed" : "solid");
    s.textContent = m.text;
    legend.append(s);
  }
  bar.append(legend);
  const after = region.querySelector(".compare-bar");
  after.after(bar);

  let result = null, at = -1, names = (moves) => moves.join(" ");

  function go(i) {
    if (!result || result.same) return;
    const d = i < 0 || i >= result.diffs.length ? null : result.diffs[i];
    at = d ? i : -1;
    onGo(d || result.first);
    say(d ? t("comparediff.differenceOf", { i: i + 1, n: result.diffs.length, sentence: describe(d, names) }) : firstText());
  }

  function firstText() {
    const f = result.first;
    const step = (s, who) => (s.event === "enter" ? t("diff.enters", { who, ...placeOf(s, names) })
      : s.event === "exit" ? t("diff.leaves", { who, ...placeOf(s, names) }) : t("comparediff.hasEnded", { who }));
    return t("comparediff.firstDifference", { what: whatText(f.what), a: step(f.a, "A"), b: step(f.b, "B"), n: result.diffs.length });
  }

  function say(text) { if (status.textContent !== text) status.textContent = text; }

  return {
    // set(ta, tb, name): line the two searches up (name(moves) prints a line, SAN for chess).
    set(ta, tb, name) {
      if (name) names = name;
      result = diffTraces(ta, tb);
      at = -1;
      bar.hidden = false;
      say(result.same ? t("comparediff.same") :
        t("comparediff.differences", { n: result.diffs.length, what: whatText(result.first.what), ...placeOf(result.first, names) }));
      return result;
    },
    clear() { result = null; at = -1; bar.hidden = true; say(""); },
    first: () => go(-1), next: () => go(at + 1), prev: () => go(Math.max(0, at - 1)),
    marks(side) { return result ? result.marks[side] : null; },
    get result() { return result; },
    get at() { return at; },
    get status() { return status.textContent; },
  };
}

// decorate wraps a TreeView's draw so that, after the tree, the nodes marksOf() names get a ring.
export function decorate(view, marksOf) {
  view.alwaysRedraw = true; // the marks change without the tree: every show() draws
  const draw = view.draw.bind(view);
  view.draw = () => {
    draw();
    const marks = marksOf();
    if (!marks || !marks.size || !view.result || !view.result.count || !view.visible) return;
    const ctx = view.ctx, r = view.nodeR + 10, px = 1 / view.scale, d = view.dpr || 1;
    // The tree's own transform (its labels leave the canvas in screen pixels).
    ctx.setTransform(d * view.scale, 0, 0, d * view.scale, d * view.tx, d * view.ty);
    for (const [kind, m] of Object.entries(MARKS)) {
      ctx.beginPath();
      let any = false;
      for (const it of view.visible) {
        if (!it.nodeId || marks.get(it.nodeId) !== kind) continue;
        ctx.moveTo(it.x + r, it.y);
        ctx.arc(it.x, it.y, r, 0, 2 * Math.PI);
        any = true;
      }
      if (!any) continue;
      ctx.strokeStyle = m.colour; ctx.lineWidth = Math.max(2.5 * px, 3); ctx.setLineDash(m.dash);
      ctx.stroke();
      ctx.setLineDash([]);
    }
  };
}
