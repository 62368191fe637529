// linkstep.js: a link that opens the page at a step or a node. ?step=K shows the search after its
// K-th event, ?node=PATH selects that node (a path of child indices, or moves) and, without a
// step, shows the step where it is entered: a lecturer's slide can link "the moment 2.1 is cut".
// A page opened so waits there, paused, and so does an embedded page (?embed=1) with neither: a
// course page's frame used to play to the end in 1.5 s and spoil the answer.
import { isEmbedded } from "../rooms/embed.js";
import { resolvePath } from "../tree/nodepath.js";
import { t } from "../i18n/i18n.js";

// linkGoal(search) -> {step (number or null), node (text or null), hold}: hold says the page
// must not play by itself.
export function linkGoal(search = location.search) {
  const q = new URLSearchParams(search);
  const raw = q.get("step");
  const step = raw !== null && /^\d{1,9}$/.test(raw.trim()) ? Number(raw.trim()) : null;
  const node = q.get("node") ? q.get("node").slice(0, 2000) : null;
  return { step, node, hold: step !== null || node !== null || isEmbedded() || q.get("paused") === "1" };
}

// A search may start paused (issue 39, item 6): ?paused=1 in the address (the setting
// "start paused" writes it there), so a lecturer starts at step 0 and steps; and ▷ or → pressed
// before any search starts one that waits at step 1 (holdNext).
export function startsPaused(search = typeof location === "undefined" ? "" : location.search) {
  return new URLSearchParams(search).get("paused") === "1";
}
// wirePaused(): the setting's checkbox (data-testid="start-paused") shows and sets ?paused=1,
// and remembers it in this browser.
export function wirePaused() {
  const box = document.getElementById("start-paused");
  if (!box) return;
  let kept = false;
  try { kept = localStorage.getItem("pvscope.paused") === "1"; } catch { /* private mode */ }
  const set = (on) => {
    const q = new URLSearchParams(location.search);
    if (on) q.set("paused", "1"); else q.delete("paused");
    const rest = q.toString().replace(/%28/g, "(").replace(/%29/g, ")").replace(/%2C/g, ",").replace(/%3D/g, "=");
    history.replaceState(null, "", location.pathname + (rest ? "?" + rest : "") + location.hash);
    try { localStorage.setItem("pvscope.paused", on ? "1" : ""); } catch { /* private mode */ }
  };
  if (kept && !startsPaused()) set(true);
  box.checked = startsPaused();
  box.addEventListener("change", () => set(box.checked));
}
let next = null; // a one-search goal: ▷ or → before Start
export function holdNext(step) { next = { step, node: null, hold: true }; }

// The address the page was opened with: the setup form rewrites it when Start is pressed.
const opened = typeof location === "undefined" ? "" : location.search;
let taken = false;

// takeGoal(): the opening link's goal for the page's first search; later searches only hold
// when embedded.
export function takeGoal() {
  const goal = next || linkGoal(taken ? "" : opened);
  taken = true;
  next = null;
  if (startsPaused()) goal.hold = true;
  return goal;
}

// reach(goal, trace, done, {seek, select, san, warn}): moves the page to the goal once enough of
// the search has arrived; returns what is still to reach (null when nothing is). A step is reached
// when that many events have come (or the search is done: the last step then); a node needs the
// whole search, since a path may name a node entered late. A step past the search's end or a node
// it never entered is said (warn(text): a sentence naming the parameter), not passed over.
export function reach(goal, trace, done, { seek, select, san = null, warn = () => {} }) {
  if (!goal || !trace || !trace.started) return goal;
  if (goal.step !== null) {
    if (trace.length < goal.step && !done) return goal;
    if (goal.step > trace.length) warn(t("linkstep.stepPastEnd", { step: goal.step, n: trace.length }));
    seek(Math.min(goal.step, trace.length));
  }
  if (goal.node === null) return null;
  if (!done) return { ...goal, step: null, stepped: goal.stepped || goal.step !== null };
  const stepped = goal.stepped || goal.step !== null;
  const r = resolvePath(trace, trace.length, goal.node, san);
  const id = r.id || (r.pruned ? r.parent : 0);
  if (!id) {
    const cut = (x) => (x.length > 80 ? x.slice(0, 80) + "…" : x);
    warn(t("linkstep.nodeMissing", { node: cut(goal.node), move: cut(r.at || "") }));
    return null;
  }
  if (!stepped) seek(trace.enterAt.get(id) + 1);
  select(id);
  return null;
}

// forgetGoal: once reached, the link's step and node leave the address, so Start plays as usual.
export function forgetGoal() {
  const q = new URLSearchParams(location.search);
  if (!q.has("step") && !q.has("node")) return;
  q.delete("step"); q.delete("node");
  const rest = q.toString().replace(/%28/g, "(").replace(/%29/g, ")").replace(/%2C/g, ",").replace(/%3D/g, "=");
  history.replaceState(null, "", location.pathname + (rest ? "?" + rest : "") + location.hash);
}
