// compare.js: several searches of the same input side by side (?compare=minimax,alphabeta,pvs).
// A comparison is one Trace per pane, each drawn by its own TreeView and stepped together one
// leaf at a time (every pane moves to its next static evaluation) or alone with the pane's own
// buttons. The searches go over one websocket of their own, one after another: the server runs
// one search per connection, and a comparison then takes one search slot, as a page does.
// The pure half (what ?compare= means, leaf stepping, the counts) is compareplan.js.
// A search diff (?diff=A,B: two opened traces, or two option sets) is two panes here, lined up by
// diff.js, with comparediff.js' bar (first, previous and next difference) and rings on the nodes.
// Over 400 lines because the panes, their one socket and their stepping share one comparison's
// state; the pure half is compareplan.js.
import { Trace } from "../model/model.js";
import { TreeView } from "../tree/treeview.js";
import { openTransport } from "../transport.js";
import { t, num } from "../i18n/i18n.js";
import { frameText } from "../errors.js";
import { View, defaultView, scoreScale } from "../tree/view.js";
import { parseCompare, planPanes, nextLeaf, prevLeaf, treeCounts, parseDiff } from "./compareplan.js";
import { createDiffBar, decorate } from "./comparediff.js";
import { narrate } from "../stepping/narrate.js";
import { Notation } from "../board/board.js";
import { lineWords, shownOf, moreText } from "../pv/pvshown.js";

const $ = (id) => document.getElementById(id);
const fmtInt = (n) => (n === null || n === undefined || Number.isNaN(n) ? "–" : num(n)); // in the page's language
const PLAY_MS = 600; // one joint step per 0.6 s: slow enough to follow every pane
const LOG_LINES = 4; // a pane's log: the steps up to the one shown

// createCompare({ errors, onActive }): errors is errors.js' (field "compare" names the setup
// control); onActive() is called when the comparison takes the work area (the page pauses).
export function createCompare({ errors, onActive = () => {} }) {
  const region = $("compare"), panesEl = $("compare-panes"), template = $("compare-pane-template");
  const select = $("compare-select");
  let socket = null, hello = null;
  let panes = []; // {algo, label, options, note, el, trace, view, k, id, state, error}
  let nextId = 1, playing = false, timer = 0, frame = 0;
  let setup = null; // the form's setup of the comparison being shown
  let refit = false; // the panes changed size: fit each tree again (unless the user moved it)
  let diffSpec = ""; // ?diff=A,B while a search diff is shown
  let diffBar = null; // comparediff.js' bar, made when first needed (load() runs before wire())
  const bar = () => diffBar || (diffBar = createDiffBar(region, { onGo: goDiff }));

  const active = () => !region.hidden;

  function frameFor(f) { return panes.find((p) => p.id === f.id); }

  function onFrame(f) {
    if (f.type === "hello") { hello = f; return; }
    if (f.type === "error" && !f.id) {
      for (const p of panes) if (p.state === "running" || p.state === "waiting") fail(p, frameText(f));
      return;
    }
    const p = frameFor(f);
    if (!p) return; // an older comparison's frames
    switch (f.type) {
      case "started":
        p.trace = new Trace(hello);
        p.trace.start(f);
        p.counts = treeCounts(f, setup.random);
        // Panes name moves as the page does (SAN for chess), in the tree, the line and a diff's log.
        p.notation = new Notation(p.trace);
        if (p.view) p.view.reset(p.trace);
        else {
          const san = { moveLabel: (it) => (p.notation && p.notation.chess && it.nodeId ? p.notation.label(p.trace.parentOf.get(it.nodeId), it.move) : it.move) };
          p.view = new TreeView(p.el.querySelector("canvas"), p.trace, { onSelect: (id) => { p.selected = id; dirty(); }, onHover: () => {}, ...san });
          if (p.side) decorate(p.view, () => diffBar && diffBar.marks(p.side === "A" ? "a" : "b"));
        }
        p.state = "running";
        break;
      case "events":
        if (p.trace) p.trace.append(f);
        break;
      case "done":
        p.state = "done";
        // The server's reason in the page's language, as the run-state line says it.
        p.stopped = f.stopped ? frameText({ message: f.stopped, key: f.stoppedKey, args: f.stoppedArgs }) : "";
        // Chess traces are long: show the finished search; teaching trees play leaf by leaf.
        if (p.trace && (p.trace.started.kind !== "tree" || diffSpec)) p.k = p.trace.length;
        runNext();
        if (diffSpec && panes.length === 2 && panes.every((x) => x.state === "done" && x.trace)) {
          const n = panes[0].notation;
          bar().set(panes[0].trace, panes[1].trace, n && n.chess ? (moves) => n.lineText(0, moves) : null);
        }
        break;
      case "error":
        fail(p, frameText(f));
        // Most errors are the form's (a bad tree, a depth too deep): say them where the form does.
        errors.showError(t("compare.paneError", { label: p.label, message: frameText(f) }), f.field);
        break;
    }
    dirty();
  }

  function fail(p, message) {
    p.state = "error";
    p.error = message;
    if (playing) pause();
    runNext();
    dirty();
  }

  function onState(state, message) {
    if (state === "closed") {
      const p = panes.find((x) => x.state === "running");
      if (p) fail(p, t("compare.connectionLost", { message }));
    } else if (state === "incompatible") {
      for (const p of panes) if (p.state !== "done") fail(p, message);
    }
  }

  // The searches run one after another; when the last has arrived, teaching trees play.
  function runNext() {
    const p = panes.find((x) => x.state === "waiting");
    if (!p) {
      if (!diffSpec && panes.every((x) => x.state === "done") && panes.some((x) => x.trace && x.trace.started.kind === "tree")) play();
      return;
    }
    if (!socket) return;
    p.state = "sent";
    p.id = nextId++;
    if (p.token) socket.send({ type: "open", id: p.id, trace: p.token });
    else socket.send({ type: "start", id: p.id, setup, options: p.options });
  }

  // start(cfg) is the Start button's hook (setup.js): true when the comparison took the start.
  function start(cfg) {
    const spec = cfg.options.compare;
    if (!spec && diffSpec) return startDiff(cfg);
    if (!spec) {
      if (active()) close(false);
      return false;
    }
    diffSpec = "";
    if (diffBar) diffBar.clear();
    const plan = parseCompare(spec);
    if (plan.error) {
      errors.showError(plan.error, "compare");
      return true;
    }
    setup = { ...cfg.setup };
    const chess = !setup.tree && !setup.random;
    show(planPanes(cfg.options, plan.panes, chess));
    if (!socket) {
      socket = openTransport({ onFrame, onState });
      socket.connect();
    }
    runNext();
    return true;
  }

  // startDiff runs (or opens) the two searches of ?diff=, over the form's setup and options.
  function startDiff(cfg) {
    const plan = parseDiff(diffSpec);
    if (plan.error) {
      errors.showError(plan.error, "compare");
      return true;
    }
    setup = { ...cfg.setup };
    const base = { ...cfg.options };
    delete base.compare; delete base.diff;
    bar().clear();
    show(plan.panes.map((pane) => ({ ...pane, options: pane.token ? {} : { ...base, ...pane.options }, note: "" })));
    if (!socket) {
      socket = openTransport({ onFrame, onState });
      socket.connect();
    }
    runNext();
    return true;
  }

  // show lays out one pane per entry (waiting: nothing searched yet).
  function show(list) {
    pause();
    for (const p of panes) if (p.view) p.view.tooltip(null);
    panesEl.replaceChildren();
    panes = list.map((pane, i) => {
      const el = template.content.firstElementChild.cloneNode(true);
      el.dataset.algo = pane.algo || "";
      if (pane.side) el.dataset.side = pane.side;
      const log = document.createElement("ol");
      log.className = "pane-log"; log.dataset.testid = "pane-log"; log.setAttribute("aria-label", t("compare.logLabel"));
      el.querySelector(".pane-tree").before(log);
      el.dataset.pane = String(i);
      el.querySelector(".pane-title").textContent = pane.label;
      el.querySelector('[data-testid="pane-step"]').addEventListener("click", () => { pause(); stepPane(i, +1); });
      el.querySelector('[data-testid="pane-back"]').addEventListener("click", () => { pause(); stepPane(i, -1); });
      panesEl.append(el);
      return { ...pane, el, trace: null, view: null, k: 0, id: 0, state: "waiting", error: "", stopped: "", counts: null, selected: 0, centre: false };
    });
    panesEl.style.setProperty("--panes", String(panes.length));
    if (!active()) {
      region.hidden = false;
      document.documentElement.classList.add("comparing");
      onActive();
    }
    dirty();
  }

  // close hides the comparison; clearSelect also sets the setup control back to "off".
  function close(clearSelect = true) {
    pause();
    // Closing the socket ends its search too (the server cancels a closed page's search).
    if (socket) { socket.close(); socket = null; }
    for (const p of panes) p.state = p.state === "done" ? "done" : "closed";
    diffSpec = "";
    if (diffBar) diffBar.clear();
    region.hidden = true;
    document.documentElement.classList.remove("comparing");
    if (clearSelect && select.value) {
      select.value = "";
      select.dispatchEvent(new Event("change", { bubbles: true })); // the URL follows
    }
    window.dispatchEvent(new Event("resize")); // the page's own tree view takes the room back
  }

  // ---- stepping ----
  function stepPane(i, dir) {
    const p = panes[i];
    if (!p || !p.trace) return;
    p.k = dir > 0 ? nextLeaf(p.trace, p.k) : prevLeaf(p.trace, p.k);
    dirty();
  }
  function stepAll(dir) { panes.forEach((_, i) => stepPane(i, dir)); }
  function toStart() { pause(); for (const p of panes) p.k = 0; dirty(); }
  function toEnd() { pause(); for (const p of panes) if (p.trace) p.k = p.trace.length; dirty(); }
  const atEnd = () => panes.every((p) => !p.trace || (p.k >= p.trace.length && p.state !== "running"));

  function play() {
    if (playing) return;
    if (atEnd()) for (const p of panes) p.k = 0;
    playing = true;
    timer = setInterval(() => {
      stepAll(+1);
      if (atEnd()) pause();
    }, PLAY_MS);
    dirty();
  }
  function pause() {
    clearInterval(timer);
    if (playing) { playing = false; dirty(); }
  }

  // ---- drawing ----
  function dirty() { if (!frame) frame = requestAnimationFrame(render); }

  function render() {
    frame = 0;
    const pp = $("compare-play");
    pp.textContent = playing ? "❚❚" : "▶";
    pp.setAttribute("aria-pressed", String(playing));
    pp.setAttribute("aria-label", playing ? t("compare.pause") : t("compare.play"));
    renderSummary();
    for (const p of panes) renderPane(p);
    refit = false;
  }

  function renderSummary() {
    const c = panes.map((p) => p.counts).find(Boolean);
    let text = "";
    if (c && c.leaves) {
      text = t("compare.treeLeaves", { leaves: c.leaves, depth: c.d }) + " " + (c.minimal
        ? t("compare.uniform", { b: c.b || "?", minimal: c.minimal })
        : t("compare.notUniform"));
    } else if (panes.some((p) => p.trace && p.trace.started.kind === "chess")) {
      text = t("compare.chessLeaves");
    }
    const el = $("compare-summary");
    if (el.textContent !== text) el.textContent = text;
  }

  function renderPane(p) {
    const tr = p.trace, el = p.el;
    const set = (testid, text) => {
      const x = el.querySelector(`[data-testid="${testid}"]`);
      if (x.textContent !== text) x.textContent = text;
    };
    const note = p.error || (p.state === "idle" ? t("compare.pressStart") : "") || (p.state === "waiting" || p.state === "sent" ? t("compare.waiting") : "") ||
      (p.state === "running" ? t("compare.searching") : "") || (p.stopped ? t("compare.stopped", { reason: p.stopped }) : "") || p.note || "";
    set("pane-note", note);
    el.classList.toggle("failed", p.state === "error");
    if (!tr || !tr.started) {
      for (const id of ["pane-nodes", "pane-depth", "pane-leaves", "pane-researches", "pane-ratio", "pane-minimal", "pane-pv", "pane-index"]) set(id, "–");
      return;
    }
    const k = Math.min(p.k, tr.length);
    const st = tr.stats(k);
    set("pane-index", t("compare.paneIndex", { k, events: tr.length }));
    set("pane-nodes", fmtInt(st.nodes));
    set("pane-depth", st.depth ? String(st.depth) : "–");
    set("pane-leaves", fmtInt(st.leaves));
    set("pane-minimal", p.counts && p.counts.minimal ? fmtInt(p.counts.minimal) : "–");
    el.querySelector('[data-testid="pane-ratio"]').parentElement.hidden = !(p.counts && p.counts.leaves); // chess: unknown
    el.querySelector('[data-testid="pane-minimal"]').parentElement.hidden = !(p.counts && p.counts.minimal);
    set("pane-researches", fmtInt(st.reSearches));
    set("pane-ratio", p.counts && p.counts.leaves
      ? t("compare.ratio", { read: st.leaves, leaves: p.counts.leaves, percent: Math.round((100 * st.leaves) / p.counts.leaves) }) : "–");
    const score = tr.rootScore(k), pv = tr.rootPV(k);
    if (!p.pov) p.pov = new View(defaultView(tr.started.kind), scoreScale(tr.started)); // a pane shows its search in the default view
    // SAN for chess, bounded like every line the page draws (pvshown.js).
    const cut = shownOf(pv);
    const line = p.notation && p.notation.chess && cut.moves.length ? p.notation.lineText(0, cut.moves) + (cut.more ? " " + moreText(cut.more) : "") : lineWords(pv);
    set("pane-pv", score === null ? "–" : `${p.pov.fmt(score)} · ${line}`); // an opened trace's own scale
    p.view.present = document.documentElement.classList.contains("presentation"); // presentation sizes in the panes too
    p.view.show(k, { selected: p.selected || 0, view: p.pov });
    if (p.centre) { p.centre = false; p.view.center(p.selected); } else if (refit && !p.view.userMoved) p.view.fit(false);
    renderLog(p, k);
  }

  // A pane's own steps: the sentences of the last few events up to the one shown.
  function renderLog(p, k) {
    const log = p.el.querySelector('[data-testid="pane-log"]');
    const key = `${p.id}:${k}`;
    if (!log || log.dataset.at === key) return;
    log.dataset.at = key;
    const items = logLines(p, k).map((text, i, all) => {
      const li = document.createElement("li");
      li.textContent = text;
      if (i === all.length - 1) li.className = "now";
      return li;
    });
    log.replaceChildren(...items);
  }
  function logLines(p, k) {
    const out = [];
    const label = p.notation ? (id, m) => p.notation.label(id, m) : undefined;
    for (let i = Math.max(0, k - LOG_LINES); i < k; i++) out.push(narrate(p.trace, i, label, { view: p.pov }));
    return out;
  }

  // goDiff moves each pane to its step of a difference and selects its node there.
  function goDiff(d) {
    panes.forEach((p, i) => {
      const s = i === 0 ? d.a : d.b;
      if (!s || !p.trace) return;
      p.k = Math.min(s.k, p.trace.length);
      p.selected = s.node || 0;
      p.centre = !!s.node;
    });
    pause();
    dirty();
  }

  // ---- wiring ----
  function wire() {
    const buttons = {
      "compare-step": () => { pause(); stepAll(+1); }, "compare-back": () => { pause(); stepAll(-1); },
      "compare-to-start": toStart, "compare-to-end": toEnd, "compare-play": () => (playing ? pause() : play()),
      "compare-close": () => close(true),
    };
    for (const [id, fn] of Object.entries(buttons)) $(id).addEventListener("click", fn);
    select.addEventListener("change", () => { if (!select.value && active()) close(false); });
    // A new pane size (window, presentation mode) changes how tall each tree may be drawn.
    if (typeof ResizeObserver !== "undefined") new ResizeObserver(() => { refit = true; dirty(); }).observe(panesEl);
    // While comparing, the stepping keys step the panes together (before keys.js sees them).
    bar();
    const keys = { ArrowRight: buttons["compare-step"], ArrowLeft: buttons["compare-back"], Home: toStart, End: toEnd, " ": buttons["compare-play"],
      d: () => diffSpec && bar().first(), "]": () => diffSpec && bar().next(), "[": () => diffSpec && bar().prev() };
    document.addEventListener("keydown", (e) => {
      if (!active() || e.ctrlKey || e.metaKey || e.altKey || e.shiftKey || !keys[e.key]) return;
      const tag = e.target && e.target.tagName;
      if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || (e.target && e.target.isContentEditable)) return;
      e.preventDefault();
      keys[e.key]();
    }, true);
  }

  // load: a link with ?compare= shows the panes it will fill, waiting for Start. A link with
  // ?diff= opens two traces at once, or shows two option sets waiting for Start.
  function load(cfg) {
    if (cfg.options.diff && !cfg.options.compare) {
      diffSpec = cfg.options.diff;
      const plan = parseDiff(diffSpec);
      if (plan.error) { errors.showError(plan.error, "compare"); diffSpec = ""; return; }
      if (plan.panes.every((p) => p.token)) { startDiff(cfg); return; }
      setup = { ...cfg.setup };
      show(plan.panes.map((pane) => ({ ...pane, options: pane.options, note: "" })));
      for (const p of panes) p.state = "idle";
      return;
    }
    const spec = cfg.options.compare;
    if (!spec) return;
    const plan = parseCompare(spec);
    if (plan.error) {
      // The link's comparison is left out (the menu and the address follow), or every Start
      // after it was refused with the same sentence.
      select.value = "";
      select.dispatchEvent(new Event("change", { bubbles: true }));
      errors.showError(plan.error, "compare");
      return;
    }
    const chess = !cfg.setup.tree && !cfg.setup.random;
    setup = { ...cfg.setup };
    show(planPanes(cfg.options, plan.panes, chess));
    for (const p of panes) p.state = "idle";
  }

  // snapshot: window.pvscope.snapshot().panes (DESIGN.md), one entry per pane at its own step.
  function snapshot() {
    if (!active()) return [];
    return panes.map((p) => {
      const tr = p.trace && p.trace.started ? p.trace : null;
      const k = tr ? Math.min(p.k, tr.length) : 0;
      const st = tr ? tr.stats(k) : null;
      return {
        algo: p.algo, label: p.label, options: p.options,
        nodeCount: st ? st.nodes : 0, depth: st ? st.depth : 0, leaves: st ? st.leaves : 0, reSearches: st ? st.reSearches : 0,
        pv: tr ? tr.rootPV(k) : [], score: tr ? tr.rootScore(k) : null,
        eventIndex: k, eventCount: tr ? tr.length : 0, state: p.state, error: p.error,
        treeLeaves: p.counts ? p.counts.leaves : null, minimalLeaves: p.counts ? p.counts.minimal || null : null,
        lastLeaf: tr && st.leaves ? tr.positionMoves(tr.c.node.get(tr.leafIdx.get(st.leaves - 1))).join(".") : null,
        side: p.side || null, selected: p.selected || 0, selectedPath: tr && p.selected ? tr.positionMoves(p.selected) : [],
        log: tr ? logLines(p, k) : [],
        diff: diffSpec && diffBar && diffBar.result ? { same: diffBar.result.same, count: diffBar.result.diffs.length, at: diffBar.at, status: diffBar.status } : null,
      };
    });
  }

  return { start, load, wire, close, snapshot, get active() { return active(); }, get playing() { return playing; } };
}
