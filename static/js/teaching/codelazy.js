// codelazy.js: the code panel's toggle in the tree's bar, and the panel's face until its module
// (codepanel.js) is loaded: the toggle, ?code= or a lesson that opens the code loads it, and from
// then on the real panel answers. Most of a class never opens it, so it is not part of the page's
// first load (issue 28's 300 KB, won back in issue 44).
import { t } from "../i18n/i18n.js";

// The languages the panel offers (codetext.js has a text in each).
export const LANGS = ["pseudo", "python"];

const $ = (id) => document.getElementById(id);

// lazyCodePanel(showError, make): make(toggle) -> a promise of createCodePanel's panel.
export function lazyCodePanel(showError, make) {
  const tools = document.querySelector(".tree-tools");
  const toggle = document.createElement("button");
  toggle.type = "button"; toggle.id = "code-toggle"; toggle.dataset.testid = "code-toggle";
  toggle.textContent = t("codepanel.toggle");
  toggle.title = t("codepanel.toggleTitle");
  // Last of the bar's group that folds behind More on a phone (treetools.js).
  const group = $("tree-more");
  if (group) group.append(toggle); else if (tools) tools.insertBefore(toggle, $("tree-info"));
  toggle.setAttribute("aria-pressed", "false");

  let made = null, real = null;
  const get = () => (made ??= make(toggle).then((p) => (real = p)));
  const fail = (err) => { made = null; showError(err.message); };
  // call(name): the real panel's method once it is there; before, load it and call it then.
  const call = (name) => (...a) => (real ? real[name](...a) : get().then((p) => p[name](...a)).catch(fail));
  toggle.addEventListener("click", () => { if (!real) call("open")("pseudo"); }); // the real one's own listener toggles after
  const q = new URLSearchParams(location.search).get("code");
  if (q && LANGS.includes(q)) queueMicrotask(() => call("open")(q)); // ?code=LANG, once the page's controllers exist

  return {
    open: call("open"), runToLine: call("runToLine"), toggle: call("toggle"),
    close: () => real && real.close(),
    render: () => real && real.render(),
    get open_() { return !!real && real.open_; },
    code: (l) => (real ? real.code(l) : null),
    snapshot: () => (real ? real.snapshot() : null),
    exportCode: () => (real ? real.exportCode() : null),
    // While the module is on its way for a panel asked for, playback waits as for its text.
    loading: () => (real ? real.loading() : !!made),
    lineAt: (i) => (real ? real.lineAt(i) : 0),
  };
}
