// announce.js: what a screen reader hears. The narration of the step shown goes to a polite live
// region (data-testid="narration-live"), throttled: at most one sentence per gap, the newest one
// when playback runs faster than a person can listen. Selecting a node says what it is, in words.
import { describeNode } from "../tree/nodepath.js";
import { t } from "../i18n/i18n.js";

const GAP_MS = 1500;

// Announcer speaks into el; now() and later(fn, ms) are the clock (tests pass their own).
export class Announcer {
  constructor(el, { gap = GAP_MS, now = () => performance.now(), later = (fn, ms) => setTimeout(fn, ms) } = {}) {
    this.el = el; this.gap = gap; this.now = now; this.later = later;
    this.key = null; this.at = -Infinity; this.queued = null;
  }

  // say(key, text): text is spoken unless key was the last thing said; text may be a function,
  // called only when the sentence is due.
  say(key, text) {
    if (key === this.key) return;
    this.key = key;
    const wait = this.at + this.gap - this.now();
    if (wait <= 0) { this._speak(text); return; }
    const pending = this.queued;
    this.queued = text;
    if (pending === null) this.later(() => { const t = this.queued; this.queued = null; if (t !== null) this._speak(t); }, wait);
  }

  _speak(text) {
    const s = typeof text === "function" ? text() : text;
    this.at = this.now();
    if (s) this.el.textContent = s;
  }
}

// A number spoken: "minus 3", "infinity" (a window's open edge is null).
const spoken = (v, open) => (v === null ? t(open) : v < 0 ? t("announce.minus", { n: String(-v) }) : String(v));
const OUTCOMES = new Set(["fail-high", "fail-low", "exact", "searching", "tt-cutoff", "stopped", "pruned", "unvisited"]);

// describeSelected(t, k, view, id) -> "Selected: node 1.0, MIN, value 2, window minus infinity to 3, fails low."
export function describeSelected(tr, k, V, id) {
  const path = tr.positionMoves(id).join(".");
  const d = describeNode(tr, k, V, path.replaceAll(".", " "));
  const has = (v) => v !== null && v !== undefined;
  return t("announce.selected", {
    root: path ? "no" : "yes", path, player: V.root && d.player ? d.player : "none",
    hasValue: has(d.value) ? "yes" : "no", value: has(d.value) ? spoken(d.value, "announce.infinity") : "",
    hasWindow: d.window ? "yes" : "no",
    lo: d.window ? spoken(d.window[0], "announce.minusInfinity") : "", hi: d.window ? spoken(d.window[1], "announce.infinity") : "",
    outcome: OUTCOMES.has(d.outcome) ? d.outcome : "other", word: d.outcome,
  });
}

// The live region, made once beside the event log.
export function liveRegion() {
  let el = document.getElementById("narration-live");
  if (el) return el;
  el = document.createElement("div");
  el.id = "narration-live"; el.className = "vh";
  el.dataset.testid = "narration-live";
  el.setAttribute("aria-live", "polite");
  el.setAttribute("aria-atomic", "true");
  document.body.append(el);
  return el;
}
