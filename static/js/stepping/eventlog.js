// eventlog.js: the narration of the last `size` events up to step k, newest last, the event
// just applied (k-1) highlighted. Naming chess moves costs a board per new node, so a render
// narrates newest first within a time budget; older rows start as a short placeholder
// ("Event 812: enter") and are filled in, a slice at a time, between frames. A key pressed
// while a big search streams in is never stuck behind a hundred sentences.

import { t } from "../i18n/i18n.js";

const BUDGET_MS = 6; // narration per render or per fill-in slice

const IN_VIEW_ROWS = 40; // rows watched for their height, and at most the rows a jump builds at once (more than a screen holds)
const MIN_VIEW_ROWS = 8; // the fewest rows a jump builds, however short the log
const GROW_ROWS = 40; // older rows added per slice after a jump

export class EventLog {
  // narrateAt(i) -> {text, kind} is cached by the caller; narrateAt.cached(i), when given,
  // returns the cached sentence or undefined without narrating.
  // lineOf(i): the code panel's line for event i, 0 when the panel is closed (codepanel.js).
  constructor(el, { size = 200, onPick, budgetMs = BUDGET_MS, lineOf } = {}) {
    this.el = el;
    this.lineOf = lineOf || (() => 0);
    this.size = size;
    this.budgetMs = budgetMs;
    this.win = null; // {from, to}: the events whose rows are shown, from..to-1
    this.pending = new Map(); // event index -> its placeholder <li>
    this.filling = 0;
    this.onPick = onPick || (() => {});
    el.addEventListener("click", (e) => {
      const li = e.target.closest("li[data-i]");
      if (li) this.onPick(+li.dataset.i + 1);
    });
    // After a resize the newest row must stay in view; the observer runs after layout.
    this.scrollOwed = false;
    // The rows a jump builds at once: as many as the log's height holds at one line each, and
    // two more. All 40 in a 300-px log were 12 ms of sentences and 10 of layout in the first
    // frame of a search, its longest task (issue 28); the older rows come between frames.
    this.inView = IN_VIEW_ROWS;
    if (typeof ResizeObserver !== "undefined") {
      new ResizeObserver(([entry]) => {
        const line = 1.1 * (parseFloat(getComputedStyle(el).fontSize) || 13) + 3; // a one-line row, padding and border
        const h = entry.contentRect.height;
        if (h > 0) this.inView = Math.max(MIN_VIEW_ROWS, Math.min(IN_VIEW_ROWS, Math.ceil(h / line) + 2));
        this._scrollToEnd();
      }).observe(el);
      // A row grows when its placeholder becomes a sentence of two lines, and pushes the current
      // one below the fold: when one of the rows a screen shows changes size, scroll again.
      this.currentRO = new ResizeObserver(() => this._scrollToEnd());
    }
  }

  // scroll keeps the newest row in view after a render changed the rows. The caller calls it
  // once the rest of the page is written too: reading scrollHeight lays the page out, once.
  scroll() {
    if (this.scrollOwed) this._scrollToEnd();
  }

  _scrollToEnd() {
    this.scrollOwed = false;
    this.el.scrollTop = this.el.scrollHeight;
  }

  clear() {
    this.win = null;
    this.pending.clear();
    this.el.replaceChildren();
  }

  // render shows the rows up to step k. A step or two moves the window a row or two; a jump
  // builds the rows a screen shows (inView) and the older ones are added between frames,
  // GROW_ROWS at a time (_grow): 200 rows at once took 10-15 ms of layout, at 1,000 events a
  // second while a search streams in, and at every jump through a finished one.
  render(k, narrateAt) {
    this.narrateAt = narrateAt;
    const el = this.el, had = this.win;
    const { from: oldFrom, to: oldTo } = had || { from: 0, to: 0 };
    const whole = !!had && oldFrom < oldTo && el.childElementCount === oldTo - oldFrom;
    const target = Math.max(0, k - this.size);
    let from = target;
    let path = "rebuild";
    if (whole && k >= oldTo && k - oldTo <= IN_VIEW_ROWS && target < oldTo) {
      path = "forward";
      from = Math.max(target, oldFrom); // a window still growing keeps its top
    } else if (whole && k < oldTo && k > oldFrom && oldTo - k <= IN_VIEW_ROWS) {
      path = "back";
      from = Math.max(target, oldFrom - (oldTo - k)); // as many rows above as went below
    }
    if (path === "rebuild") from = Math.max(target, k - this.inView);
    if (had && from === oldFrom && k === oldTo) return;
    this.win = { from, to: k };
    const deadline = performance.now() + this.budgetMs;
    if (path === "forward") {
      // Drop from the top, add at the bottom.
      for (let i = oldFrom; i < from; i++) this._drop(el.firstElementChild);
      if (el.lastElementChild) el.lastElementChild.classList.remove("current");
      el.append(this._items(oldTo, k, deadline));
    } else if (path === "back") {
      // Back within the window (← on a big search): drop from the bottom, add at the top.
      for (let i = k; i < oldTo; i++) this._drop(el.lastElementChild);
      el.prepend(this._items(from, oldFrom, deadline));
      for (const li of el.querySelectorAll("li.current")) li.classList.remove("current");
    } else {
      this.pending.clear();
      el.replaceChildren(this._items(from, k, deadline));
    }
    if (el.lastElementChild) {
      el.lastElementChild.classList.add("current");
      if (this.currentRO) {
        // The current row and the rows just above it, those a screen of log shows: any of them
        // growing (a placeholder that becomes a two-line sentence) pushes the current row down,
        // out of view; observing the current row alone missed that (CI, once).
        this.currentRO.disconnect();
        let li = el.lastElementChild;
        for (let n = 0; li && n < IN_VIEW_ROWS; n++, li = li.previousElementSibling) this.currentRO.observe(li);
      }
    }
    this.scrollOwed = true; // newest last: keep the current event in view (scroll())
    if ((this.pending.size || from > target) && !this.filling) this.filling = setTimeout(() => this._fill(), 0);
  }

  // complete says whether every row of the window is there (the older ones come in slices).
  get complete() {
    return !this.win || this.win.from <= Math.max(0, this.win.to - this.size);
  }

  // _grow adds up to GROW_ROWS older rows above the window, as placeholders, until it holds size.
  _grow() {
    if (this.complete) return;
    const { from, to } = this.win;
    const top = Math.max(0, to - this.size, from - GROW_ROWS);
    this.el.prepend(this._items(top, from, 0));
    this.win.from = top;
  }

  // Rows for events from..to-1, narrated newest first until the deadline (the newest always).
  _items(from, to, deadline) {
    const lis = new Array(to - from);
    for (let i = to - 1; i >= from; i--) {
      const quick = i === to - 1 || performance.now() < deadline;
      lis[i - from] = this._item(i, quick);
    }
    const frag = document.createDocumentFragment();
    frag.append(...lis);
    return frag;
  }

  _item(i, narrate) {
    const cached = this.narrateAt.cached ? this.narrateAt.cached(i) : undefined;
    const r = cached || (narrate || !this.narrateAt.cached ? this.narrateAt(i) : null);
    const li = document.createElement("li");
    li.dataset.i = String(i);
    li.title = t("eventlog.goToEvent");
    const seq = document.createElement("span");
    seq.className = "seq";
    seq.textContent = String(i + 1);
    const txt = document.createElement("span");
    txt.className = "txt";
    li.append(seq, txt);
    const line = this.lineOf(i);
    if (line) {
      // The sentence's line in the code panel: a click on the row runs there and shows it.
      const tag = document.createElement("span");
      tag.className = "code-link";
      tag.dataset.line = String(line);
      tag.textContent = t("eventlog.codeLine", { n: line });
      li.insertBefore(tag, txt);
    }
    if (r) this._fillRow(li, r);
    else {
      const kind = this.narrateAt.kind ? this.narrateAt.kind(i) : "";
      li.className = "k-" + kind + " pending";
      // No kind word: the trace's kinds are English, and the row is narrated in a moment.
      txt.textContent = t("eventlog.placeholder", { n: i + 1 });
      this.pending.set(i, li);
    }
    return li;
  }

  _fillRow(li, { text, kind, derived }) {
    const current = li.classList.contains("current");
    li.className = "k-" + kind + (current ? " current" : "") + (derived ? " derived" : "");
    li.lastElementChild.textContent = text;
    // The engine's trace did not have this event: pvscope worked it out (README, "Traces").
    if (derived) li.title = t("eventlog.derivedTitle");
  }

  _drop(li) {
    if (!li) return;
    this.pending.delete(+li.dataset.i);
    li.remove();
  }

  // Narrate placeholders, newest first, one budget per slice, and add the window's older rows,
  // until none is left.
  _fill() {
    this.filling = 0;
    this._grow();
    const deadline = performance.now() + this.budgetMs;
    const order = [...this.pending.keys()].sort((a, b) => b - a);
    for (const i of order) {
      if (performance.now() >= deadline) break;
      const li = this.pending.get(i);
      this.pending.delete(i);
      if (li.isConnected) this._fillRow(li, this.narrateAt(i));
    }
    this._scrollToEnd(); // a sentence may wrap where its placeholder did not
    if (this.pending.size || !this.complete) this.filling = setTimeout(() => this._fill(), 0);
  }
}
