// keys.js: keyboard shortcuts and the help overlay. Shortcuts are off while typing in a field.
//   Space play/pause, → step, ← back, ↓ step into, Shift+→ step over, ↑ step out,
//   N / Shift+N next / previous iteration, B run to breakpoint, Home / End, F fit, + / − zoom,
//   C centre, P presentation mode, ? help, Esc closes help (else clears the tree selection),
//   V / Shift+V next / previous problem of an opened trace (traceproblems.js).

// Map from a key description to an action name (see bindKeys' actions argument).
const KEYMAP = [
  { key: " ", action: "playPause" },
  { key: "ArrowRight", shift: true, action: "stepOver" },
  { key: "ArrowRight", action: "stepForward" },
  { key: "ArrowLeft", action: "stepBack" },
  { key: "ArrowDown", action: "stepInto" },
  { key: "ArrowUp", action: "stepOut" },
  { key: "N", shift: true, action: "prevIteration" },
  { key: "n", action: "nextIteration" },
  { key: "b", action: "runToBreakpoint" },
  { key: "Home", action: "toStart" },
  { key: "End", action: "toEnd" },
  { key: "f", action: "fit" },
  { key: "+", action: "zoomIn" },
  { key: "=", action: "zoomIn" },
  { key: "-", action: "zoomOut" },
  { key: "c", action: "center" },
  { key: "p", action: "presentation" },
  { key: "?", action: "help" },
  { key: "V", shift: true, action: "prevProblem" },
  { key: "v", action: "nextProblem" },
];

// Space and the arrows belong to playback everywhere but in a text field: a focused menu
// (the view menu, the algorithm) does not take them (it still opens with Enter or Alt+↓).
const PLAYBACK_KEYS = new Set([" ", "ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown"]);

function typing(target, key = "") {
  if (!target || !(target instanceof Element)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === "SELECT") return !PLAYBACK_KEYS.has(key);
  if (tag === "TEXTAREA") return true;
  if (tag !== "INPUT") return false;
  // Sliders and checkboxes take arrow keys themselves only while focused; text fields always type.
  return !["checkbox", "radio", "button", "submit", "range"].includes(target.type);
}

// bindKeys(actions, help): actions maps action names to functions; help is the HelpOverlay.
export function bindKeys(actions, help) {
  // A button or checkbox acts on Space when the key comes up: once Space played or paused, its
  // keyup is swallowed, so Space on a focused Start (after Enter) pauses instead of restarting.
  let spaceTaken = false;
  document.addEventListener("keyup", (e) => {
    if (e.key === " " && spaceTaken) { spaceTaken = false; e.preventDefault(); }
  }, true);
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && help.open) {
      e.preventDefault();
      help.hide();
      return;
    }
    if (e.key === "Escape" && !typing(e.target) && actions.escape) {
      actions.escape();
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
    if (typing(e.target, e.key)) return;
    // The focused event log scrolls with ↑ / ↓ (a keyboard user reads back through it).
    if ((e.key === "ArrowUp" || e.key === "ArrowDown") && e.target instanceof Element && e.target.closest(".event-log")) return;
    if (help.open && e.key !== "?") return;
    // A focused slider keeps its own arrow keys (the timeline moves by one step anyway).
    if (e.target instanceof HTMLInputElement && e.target.type === "range" && e.key.startsWith("Arrow")) return;
    const k = e.key.length === 1 && !e.shiftKey ? e.key.toLowerCase() : e.key;
    const hit = KEYMAP.find((m) => m.key === k && (m.shift === undefined || m.shift === e.shiftKey)) ||
      KEYMAP.find((m) => m.key === e.key && m.shift === undefined);
    if (!hit || !actions[hit.action]) return;
    // Space on a focused button would also click it: one action only.
    e.preventDefault();
    if (e.key === " ") spaceTaken = true;
    actions[hit.action]();
  });
}

// HelpOverlay shows and hides the help dialog, returning focus where it was.
export class HelpOverlay {
  constructor(el, closeButton) {
    this.el = el;
    this.back = null;
    closeButton.addEventListener("click", () => this.hide());
    el.addEventListener("click", (e) => {
      if (e.target === el) this.hide();
    });
  }

  get open() { return !this.el.hidden; }

  show() {
    this.back = document.activeElement;
    this.el.hidden = false;
    this.el.querySelector("button").focus();
  }

  hide() {
    this.el.hidden = true;
    if (this.back && this.back.focus) this.back.focus();
  }

  toggle() {
    if (this.open) this.hide(); else this.show();
  }
}
