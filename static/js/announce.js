// announce.js: what a screen reader hears. The narration of the step shown goes to a polite live
// region (data-testid="narration-live"), throttled: at most one sentence per gap, the newest one
// when playback runs faster than a person can listen. Selecting a node says what it is, in words.
import { describeNode } from "./nodepath.js";

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

const num = (v) => (v === null ? "infinity" : String(v).replace("-", "minus "));
const OUTCOMES = { "fail-high": "fails high", "fail-low": "fails low", exact: "exact", searching: "being searched", "tt-cutoff": "ended by the table" };

// describeSelected(t, k, view, id) -> "Selected: node 1.0, MIN, value 2, window minus infinity to 3, fails low."
export function describeSelected(t, k, V, id) {
  const path = t.positionMoves(id).join(".");
  const d = describeNode(t, k, V, path.replaceAll(".", " "));
  const name = path ? `node ${path}` : "the root";
  const parts = [`Selected: ${name}`];
  if (V.root && d.player) parts.push(d.player.toUpperCase());
  if (d.value !== null && d.value !== undefined) parts.push(`value ${num(d.value)}`);
  if (d.window) parts.push(`window ${d.window[0] === null ? "minus infinity" : num(d.window[0])} to ${num(d.window[1])}`);
  parts.push(OUTCOMES[d.outcome] || d.outcome);
  return parts.join(", ") + ".";
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
