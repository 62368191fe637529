// viewchoice.js: the view and values menus beside the tree. The view menu's choice, or the
// kind's default, makes the View (view.js) every number is drawn and narrated in, with the
// legend's words for it; the values menu shows bounds or R&N's ranges and keeps ?values=ranges
// in the URL. A new View redraws and re-narrates.
import { View, VIEWS, defaultView, scoreScale } from "./view.js";

const $ = (id) => document.getElementById(id);

// createViewChoice(S, deps): S is the page state (app.js); deps are the event log (its
// narration is in the old View), the tree preview (treepreview.js) and kick (playback.js).
export function createViewChoice(S, { log, treePreview, kick }) {
  function applyView() {
    const kind = S.trace && S.trace.started ? S.trace.started.kind : "tree";
    const mode = S.viewChoice === "auto" ? defaultView(kind) : S.viewChoice;
    // The scale: how this search writes infinity and mate (a trace file's engine may have its own).
    const scale = scoreScale(S.trace && S.trace.started);
    if (S.pov.mode !== mode || JSON.stringify(S.pov.scale) !== JSON.stringify(scale)) {
      S.pov = new View(mode, scale);
      S.narrations.clear();
      log.clear();
    }
    S.pov.ranges = S.valuesChoice === "ranges";
    const words = S.pov.legend();
    for (const el of document.querySelectorAll("[data-legend]")) {
      const w = words[el.dataset.legend];
      if (w !== undefined) el.textContent = w;
    }
    document.documentElement.classList.toggle("view-root", S.pov.root);
    S.redrawLater();
  }

  // setView(mode): the view menu set as if chosen ("auto", "root" or "negamax"), for a room,
  // a lesson and the test surface; the caller redraws.
  function setView(mode) {
    $("tree-pov").value = mode;
    S.viewChoice = mode;
    applyView();
  }

  // The link keeps the view both ways (issue 39): ?view=negamax chooses it (and so the negamax
  // code in the code panel), and choosing a view writes it into the address ("auto" leaves it out).
  function writeView(mode) {
    const q = new URLSearchParams(location.search);
    if (mode === "auto") q.delete("view"); else q.set("view", mode);
    const qs = q.toString().replace(/%28/g, "(").replace(/%29/g, ")").replace(/%2C/g, ",");
    history.replaceState(null, "", location.pathname + (qs ? "?" + qs : "") + location.hash);
  }

  function wire() {
    const linked = new URLSearchParams(location.search).get("view");
    if (linked === "auto" || VIEWS.includes(linked)) { $("tree-pov").value = linked; S.viewChoice = linked; applyView(); }
    $("tree-pov").addEventListener("change", (e) => { S.viewChoice = e.target.value; writeView(S.viewChoice); applyView(); treePreview.apply(); kick(); });
    $("tree-values").value = S.valuesChoice;
    $("tree-values").addEventListener("change", (e) => {
      S.valuesChoice = e.target.value === "ranges" ? "ranges" : "bounds";
      const q = new URLSearchParams(location.search);
      if (S.valuesChoice === "ranges") q.set("values", "ranges"); else q.delete("values");
      const qs = q.toString().replace(/%28/g, "(").replace(/%29/g, ")").replace(/%2C/g, ",");
      history.replaceState(null, "", location.pathname + (qs ? "?" + qs : "") + location.hash);
      applyView(); kick();
    });
  }

  return { applyView, setView, wire };
}
