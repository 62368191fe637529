// compare.js: several searches of the same input side by side (?compare=minimax,alphabeta,pvs).
// A comparison is one Trace per pane, each drawn by its own TreeView and stepped together one
// leaf at a time (every pane moves to its next static evaluation) or alone with the pane's own
// buttons. The searches go over one websocket of their own, one after another: the server runs
// one search per connection, and a comparison then takes one search slot, as a page does.
// The pure half (what ?compare= means, leaf stepping, the counts) is compareplan.js.
import { Trace } from "./model.js";
import { TreeView } from "./treeview.js";
import { Socket } from "./socket.js";
import { fmtInt } from "./panels.js";
import { View, defaultView } from "./view.js";
import { parseCompare, planPanes, nextLeaf, prevLeaf, treeCounts } from "./compareplan.js";

const $ = (id) => document.getElementById(id);
const PLAY_MS = 600; // one joint step per 0.6 s: slow enough to follow every pane
const inf = (v) => (v >= 32000 ? "∞" : v <= -32000 ? "-∞" : String(v));

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

  const active = () => !region.hidden;

  function frameFor(f) { return panes.find((p) => p.id === f.id); }

  function onFrame(f) {
    if (f.type === "hello") { hello = f; return; }
    if (f.type === "error" && !f.id) {
      for (const p of panes) if (p.state === "running" || p.state === "waiting") fail(p, f.message);
      return;
    }
    const p = frameFor(f);
    if (!p) return; // an older comparison's frames
    switch (f.type) {
      case "started":
        p.trace = new Trace(hello);
        p.trace.start(f);
        p.counts = treeCounts(f, setup.random);
        if (p.view) p.view.reset(p.trace);
        else p.view = new TreeView(p.el.querySelector("canvas"), p.trace, { onSelect: () => {}, onHover: () => {} });
        p.state = "running";
        break;
      case "events":
        if (p.trace) p.trace.append(f);
        break;
      case "done":
        p.state = "done";
        p.stopped = f.stopped || "";
        // Chess traces are long: show the finished search; teaching trees play leaf by leaf.
        if (p.trace && p.trace.started.kind !== "tree") p.k = p.trace.length;
        runNext();
        break;
      case "error":
        fail(p, f.message);
        // Most errors are the form's (a bad tree, a depth too deep): say them where the form does.
        errors.showError(`${p.label}: ${f.message}`, f.field);
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
      if (p) fail(p, "The connection was lost during this search. " + message);
    } else if (state === "incompatible") {
      for (const p of panes) if (p.state !== "done") fail(p, message);
    }
  }

  // The searches run one after another; when the last has arrived, teaching trees play.
  function runNext() {
    const p = panes.find((x) => x.state === "waiting");
    if (!p) {
      if (panes.every((x) => x.state === "done") && panes.some((x) => x.trace && x.trace.started.kind === "tree")) play();
      return;
    }
    if (!socket) return;
    p.state = "sent";
    p.id = nextId++;
    socket.send({ type: "start", id: p.id, setup, options: p.options });
  }

  // start(cfg) is the Start button's hook (setup.js): true when the comparison took the start.
  function start(cfg) {
    const spec = cfg.options.compare;
    if (!spec) {
      if (active()) close(false);
      return false;
    }
    const plan = parseCompare(spec);
    if (plan.error) {
      errors.showError(plan.error, "compare");
      return true;
    }
    setup = { ...cfg.setup };
    const chess = !setup.tree && !setup.random;
    show(planPanes(cfg.options, plan.panes, chess));
    if (!socket) {
      socket = new Socket({ onFrame, onState });
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
      el.dataset.algo = pane.algo;
      el.dataset.pane = String(i);
      el.querySelector(".pane-title").textContent = pane.label;
      el.querySelector('[data-testid="pane-step"]').addEventListener("click", () => { pause(); stepPane(i, +1); });
      el.querySelector('[data-testid="pane-back"]').addEventListener("click", () => { pause(); stepPane(i, -1); });
      panesEl.append(el);
      return { ...pane, el, trace: null, view: null, k: 0, id: 0, state: "waiting", error: "", stopped: "", counts: null };
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
    pp.setAttribute("aria-label", playing ? "Pause" : "Play leaf by leaf");
    renderSummary();
    for (const p of panes) renderPane(p);
    refit = false;
  }

  function renderSummary() {
    const c = panes.map((p) => p.counts).find(Boolean);
    let text = "";
    if (c && c.leaves) {
      text = `The tree has ${fmtInt(c.leaves)} leaves at depth ${c.d}. `;
      text += c.minimal
        ? `It is uniform (b = ${c.b || "?"}), so any alpha-beta search reads at least ${fmtInt(c.minimal)} of them (Knuth and Moore: b^⌈d/2⌉ + b^⌊d/2⌋ − 1).`
        : "It is not uniform, so Knuth and Moore's minimum does not apply.";
    } else if (panes.some((p) => p.trace && p.trace.started.kind === "chess")) {
      text = "Chess: the number of leaves in the whole tree is not known here; compare the leaves each search read.";
    }
    const el = $("compare-summary");
    if (el.textContent !== text) el.textContent = text;
  }

  function renderPane(p) {
    const t = p.trace, el = p.el;
    const set = (testid, text) => {
      const x = el.querySelector(`[data-testid="${testid}"]`);
      if (x.textContent !== text) x.textContent = text;
    };
    const note = p.error || (p.state === "idle" ? "press Start" : "") || (p.state === "waiting" || p.state === "sent" ? "waiting for its turn…" : "") ||
      (p.state === "running" ? "searching…" : "") || (p.stopped ? `stopped: ${p.stopped}` : "") || p.note || "";
    set("pane-note", note);
    el.classList.toggle("failed", p.state === "error");
    if (!t || !t.started) {
      for (const id of ["pane-nodes", "pane-leaves", "pane-researches", "pane-ratio", "pane-minimal", "pane-pv", "pane-index"]) set(id, "–");
      return;
    }
    const k = Math.min(p.k, t.length);
    const st = t.stats(k);
    set("pane-index", `${k} / ${t.length}`);
    set("pane-nodes", fmtInt(st.nodes));
    set("pane-leaves", fmtInt(st.leaves));
    set("pane-minimal", p.counts && p.counts.minimal ? fmtInt(p.counts.minimal) : "–");
    el.querySelector('[data-testid="pane-ratio"]').parentElement.hidden = !(p.counts && p.counts.leaves); // chess: unknown
    el.querySelector('[data-testid="pane-minimal"]').parentElement.hidden = !(p.counts && p.counts.minimal);
    set("pane-researches", fmtInt(st.reSearches));
    set("pane-ratio", p.counts && p.counts.leaves
      ? `${fmtInt(st.leaves)} / ${fmtInt(p.counts.leaves)} (${Math.round((100 * st.leaves) / p.counts.leaves)}%)` : "–");
    const score = t.rootScore(k), pv = t.rootPV(k);
    set("pane-pv", score === null ? "–" : `${inf(score)} · ${pv.join(" ")}`);
    if (!p.pov) p.pov = new View(defaultView(t.started.kind)); // a pane shows its search in the default view
    p.view.present = document.documentElement.classList.contains("presentation"); // presentation sizes in the panes too
    p.view.show(k, { selected: 0, view: p.pov });
    if (refit && !p.view.userMoved) p.view.fit(false);
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
    const keys = { ArrowRight: buttons["compare-step"], ArrowLeft: buttons["compare-back"], Home: toStart, End: toEnd, " ": buttons["compare-play"] };
    document.addEventListener("keydown", (e) => {
      if (!active() || e.ctrlKey || e.metaKey || e.altKey || e.shiftKey || !keys[e.key]) return;
      const tag = e.target && e.target.tagName;
      if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || (e.target && e.target.isContentEditable)) return;
      e.preventDefault();
      keys[e.key]();
    }, true);
  }

  // load: a link with ?compare= shows the panes it will fill, waiting for Start.
  function load(cfg) {
    const spec = cfg.options.compare;
    if (!spec) return;
    const plan = parseCompare(spec);
    if (plan.error) { errors.showError(plan.error, "compare"); return; }
    const chess = !cfg.setup.tree && !cfg.setup.random;
    setup = { ...cfg.setup };
    show(planPanes(cfg.options, plan.panes, chess));
    for (const p of panes) p.state = "idle";
  }

  // snapshot: window.pvscope.snapshot().panes (DESIGN.md), one entry per pane at its own step.
  function snapshot() {
    if (!active()) return [];
    return panes.map((p) => {
      const t = p.trace && p.trace.started ? p.trace : null;
      const k = t ? Math.min(p.k, t.length) : 0;
      const st = t ? t.stats(k) : null;
      return {
        algo: p.algo, label: p.label, options: p.options,
        nodeCount: st ? st.nodes : 0, leaves: st ? st.leaves : 0, reSearches: st ? st.reSearches : 0,
        pv: t ? t.rootPV(k) : [], score: t ? t.rootScore(k) : null,
        eventIndex: k, eventCount: t ? t.length : 0, state: p.state, error: p.error,
        treeLeaves: p.counts ? p.counts.leaves : null, minimalLeaves: p.counts ? p.counts.minimal || null : null,
        lastLeaf: t && st.leaves ? t.positionMoves(t.c.node.get(t.leafIdx.get(st.leaves - 1))).join(".") : null,
      };
    });
  }

  return { start, load, wire, close, snapshot, get active() { return active(); }, get playing() { return playing; } };
}
