// whylazy.js: the "Why not …?" button beside the path box, and why.js's face until its module is
// loaded: the first press loads why.js (and whysentence.js) and asks; from then on why.js answers
// the button and the server's why frames. Not part of the page's first load (issue 44 won back
// issue 28's 300 KB with it).
import { t } from "../i18n/i18n.js";

// lazyWhy(showError, make): make(button) -> a promise of createWhy's answer.
export function lazyWhy(showError, make) {
  const open = document.createElement("button");
  Object.assign(open, { type: "button", className: "why-open", textContent: t("why.open"), title: t("why.openTitle"), id: "why-open" });
  open.dataset.testid = "why-open";
  document.getElementById("node-path").after(open);
  let made = null, real = null;
  open.addEventListener("click", () => {
    if (real) return; // why.js's own listener asks
    (made ??= make(open).then((w) => (real = w))).then((w) => w.ask()).catch((err) => { made = null; showError(err.message); });
  });
  return {
    frame: (f) => (real ? real.frame(f) : undefined), // a why frame before any question is nobody's
    error: (f) => (real ? real.error(f) : false),
    snapshot: () => (real ? real.snapshot() : { open: false, moves: [] }),
  };
}
