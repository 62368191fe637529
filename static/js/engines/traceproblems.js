// traceproblems.js: the rules an opened trace breaks, and its warnings. A trace that breaks a
// rule still opens (a debugger that refuses a wrong search cannot help find what is wrong): the
// server lists what its checker found on the started frame (violations, violationCount,
// warnings, warningCount), the banner says how many, and the list beside the event log has one
// button per problem that seeks to its node's enter and selects the node on the tree.
import { t } from "../i18n/i18n.js";
import { frameText } from "../errors.js";

const $ = (id) => document.getElementById(id);

// said(p): a sentence the server sends ({message, key, args}) in the page's language; one
// rule for every frame (errors.js).
export const said = frameText;

// problemText(p, name): "line 6 · actual-type · Kh1: exit of node 2 says …" for the list.
export function problemText(p, name = "") {
  return t("traceproblems.problem", { line: p.line, rule: p.rule, named: name ? "yes" : "no", name, message: said(p) });
}

// bannerText(violations, warnings, rules): the banner's sentence, "" when there is nothing to
// say; rules is how many rules the violations break (26 violations of one rule: 1).
export function bannerText(violations, warnings, rules = violations) {
  if (violations && warnings) return t("traceproblems.breaksAndHas", { violations, warnings, rules });
  if (violations) return t("traceproblems.breaks", { violations, rules });
  if (warnings) return t("traceproblems.has", { warnings });
  return "";
}

// scrollInto scrolls the list alone to show li (scrollIntoView would scroll the side column too,
// whose overflow is hidden, and cut off the board's head).
function scrollInto(ol, li) {
  if (li.offsetTop < ol.scrollTop) ol.scrollTop = li.offsetTop;
  else if (li.offsetTop + li.offsetHeight > ol.scrollTop + ol.clientHeight) ol.scrollTop = li.offsetTop + li.offsetHeight - ol.clientHeight;
}

// createTraceProblems(S, deps): S is the page state (app.js); seek(k) shows step k, showNode(id)
// selects and reveals a node, nodeName(id) names it by its line from the root.
export function createTraceProblems(S, { seek, showNode, nodeName }) {
  let violations = [], warnings = [], violationCount = 0, warningCount = 0;
  let named = 0; // nodes known when the list was last written

  // A started frame: a trace file's problems, or none for a live search.
  function start(f) {
    violations = f.violations || [];
    warnings = f.warnings || [];
    violationCount = f.violationCount || violations.length;
    // The events of the table's findings (tt-* rules), in order, for the breakpoint on them (stepping.js).
    S.ttFindings = [...violations, ...(f.warnings || [])].filter((p) => typeof p.rule === "string" && p.rule.startsWith("tt-") && p.event >= 0)
      .map((p) => p.event).sort((a, b) => a - b);
    warningCount = f.warningCount || warnings.length;
    named = -1;
    at = -1;
    const text = bannerText(violationCount, warningCount, f.violationRules || new Set(violations.map((v) => v.rule)).size);
    $("violation-text").textContent = text;
    $("violation-banner").hidden = !text;
    $("violations").hidden = !text;
    // Open where the side column has room; on a laptop's 768 pixels the event log needs it, and
    // the banner's "see the list" (or V) opens it.
    $("violations").open = window.innerHeight > 900;
    write();
  }

  // The list names each node once the events that enter it have arrived.
  function write() {
    const ol = $("violation-list");
    const tr = S.trace;
    const known = tr ? tr.totalNodes : 0;
    if (known === named) return;
    named = known;
    const items = [];
    const add = (p, kind) => {
      const li = document.createElement("li");
      li.className = kind;
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.testid = "violation";
      b.dataset.node = String(p.node || 0);
      b.dataset.kind = kind;
      const name = p.node && tr && tr.node(p.node) ? nodeName(p.node) : p.node ? t("traceproblems.node", { node: p.node }) : "";
      b.textContent = problemText(p, name);
      b.title = t("traceproblems.problemTitle", { text: b.textContent, kind, seq: p.seq, node: p.node ? "yes" : "no" });
      const index = items.length;
      b.addEventListener("click", () => { at = index; select(p, li); });
      li.append(b);
      items.push(li);
    };
    for (const p of violations) add(p, "violation");
    for (const p of warnings) add(p, "warning");
    const more = violationCount - violations.length + warningCount - warnings.length;
    if (more > 0) {
      const li = document.createElement("li");
      li.className = "more";
      li.textContent = t("traceproblems.more", { more });
      items.push(li);
    }
    ol.replaceChildren(...items);
    const count = $("violation-count");
    count.textContent = warningCount ? t("traceproblems.countWarnings", { violations: violationCount, warnings: warningCount })
      : t("traceproblems.count", { violations: violationCount }); // app.css brackets it
  }

  // Seek to the node's enter and select it; a problem without a node seeks to its event.
  function select(p, li) {
    const t = S.trace;
    if (!t) return;
    for (const el of $("violation-list").querySelectorAll("[aria-current]")) el.removeAttribute("aria-current");
    if (li) li.setAttribute("aria-current", "true");
    if (p.node && t.node(p.node)) {
      seek(t.enterAt.get(p.node) + 1);
      showNode(p.node);
    } else if (p.event < t.length) {
      seek(p.event + 1);
    }
  }

  // V / Shift+V: the next or previous problem in the list, from the one chosen last.
  let at = -1;
  function step(dir) {
    const all = [...violations, ...warnings];
    if (!all.length) return;
    at = at < 0 ? (dir > 0 ? 0 : all.length - 1) : (at + dir + all.length) % all.length;
    const ol = $("violation-list"), li = ol.children[at];
    $("violations").open = true;
    if (li) scrollInto(ol, li);
    select(all[at], li);
  }

  function reveal() {
    const d = $("violations");
    d.open = true;
    const first = d.querySelector("button");
    if (first) first.focus({ preventScroll: true });
  }

  function wire() {
    $("violation-show").addEventListener("click", reveal);
    $("violation-close").addEventListener("click", () => { $("violation-banner").hidden = true; });
  }

  function snapshot() {
    return { violations, violationCount, warnings, warningCount };
  }

  return { start, write, select, step, snapshot, wire };
}
