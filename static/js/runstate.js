// runstate.js: the run-state line beside the controls (render.js): what the server is doing
// with the search, in the page's words (area "render"). Pure, so it is tested without a page.
import { t } from "./i18n/i18n.js";
import { frameText } from "./errors.js";

// runStateText(S) for the page state S (app.js): searching (with the last status frame's
// counts), stopped (with the server's reason) or done (nodes and time), else "".
export function runStateText({ streaming, status, done }) {
  if (streaming) {
    return status ? t("render.searching", { nodes: status.nodes, depth: status.depth, nps: status.nps }) : t("render.searchingNoStatus");
  }
  if (done) {
    const r = done.result || {};
    const why = done.stopped && frameText({ message: done.stopped, key: done.stoppedKey, args: done.stoppedArgs });
    return why ? t("render.stopped", { why }) : t("render.done", { nodes: r.nodes, ms: r.elapsedMs });
  }
  return "";
}
