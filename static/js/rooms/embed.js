// embed.js: the page inside a course page's frame (?embed=1). The server renders it with
// html.embed (teach.css hides the setup form, the trace files and the room) and an "Open in
// pvscope" link; here the link gets the same search without embed=1, and the search given by
// the URL starts at once, since an embedded page has no Start button to press.
import { readURL } from "../url.js";
import { t } from "../i18n/i18n.js";

export function isEmbedded() { return document.documentElement.classList.contains("embed"); }

// startEmbedded(form): in an embedded page, points the full-page link at this search and starts it.
export function startEmbedded(form) {
  if (!isEmbedded()) return;
  const link = document.getElementById("embed-full");
  if (link) {
    const q = new URLSearchParams(location.search);
    q.delete("embed");
    const s = q.toString();
    link.href = location.pathname + (s ? "?" + s : "");
  }
  // The course page may listen for this to know the frame loaded (any origin may read it: it says nothing more).
  if (window.parent !== window) window.parent.postMessage({ type: "pvscope", state: "ready" }, "*");
  const { setup } = readURL();
  if (setup.fen || setup.tree || setup.random) { form.requestSubmit(); return; }
  // Nothing to search, and no form or Start button in a frame (issue 39): the drawing tells
  // the embedding page what its link must add, where "press Start" was.
  const empty = document.getElementById("tree-empty");
  if (empty) {
    const here = location.origin + location.pathname;
    empty.textContent = t("embed.nothingChosen", { example: `${here}?embed=1&tree=((3 12 8) (2 4 6) (14 5 2))&algo=alphabeta` });
    empty.dataset.testid = "embed-empty";
    empty.hidden = false;
  }
}
