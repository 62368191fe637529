// app.js: the controller. It owns the step k shown (0..n events received), sends start/stop
// over the socket, feeds frames into the Trace, plays back at the chosen speed on
// requestAnimationFrame, and renders every region for step k at most once per frame.
// Tests drive it through window.pvscope = {snapshot(), seek(k), trace, timings}.
import { Trace } from "./model.js";
import { stepOver, stepOut, nextIteration, prevIteration, runToBreakpoint } from "./stepping.js";
import { TreeView } from "./treeview.js";
import { narrate } from "./narrate.js";
import { Socket } from "./socket.js";
import { SOURCES, formControls, readForm, readURL, applyToForm, writeURL, validate } from "./url.js";
import { Board, Notation, START_FEN } from "./board.js";
import { PVPanel, Stats, EventLog, fmtInt } from "./panels.js";
import { bindKeys, HelpOverlay } from "./keys.js";

const $ = (id) => document.getElementById(id);
const config = JSON.parse($("pvscope-config").textContent || "{}");

// ---- state ----
const S = {
  hello: null,
  trace: null,
  notation: null,
  id: 0, // id of the search this page asked for last
  k: 0,
  streaming: false, // a search is running on the server (or we asked for one)
  playing: false,
  speed: 20, // events per second; Infinity = follow the stream
  speedTouched: false,
  acc: 0, // fractional events owed to playback
  selected: 0, // node chosen on the tree (0: follow the node being searched)
  hover: null, // {positions, i} while a PV move is hovered
  status: null, // last status frame
  done: null, // the done frame
  error: "",
  pov: "auto",
  limits: { maxDepth: config.maxDepth || 0, maxNodes: config.maxNodes || 0 },
  narrations: new Map(),
  dirty: true,
  frame: 0,
  lastTime: 0,
};

// timings.last: the current search's milestones in ms after the start click (started, firstEvents,
// firstNode = first node painted, done, error); timings.runs: the last 20 searches; also
// performance marks "pvscope:start-click", "pvscope:first-node-painted" and the measure
// "pvscope:start-to-first-node".
const timings = {
  runs: [],
  last: null,
  get startToFirstNode() { return this.last && this.last.firstNode !== undefined ? this.last.firstNode : null; },
};
let run = null; // the timings of the current search (also timings.last)

// ---- regions ----
const form = $("setup");
const board = new Board($("board"), $("tree-path"), $("board-title"));
const pvPanel = new PVPanel($("pv-line"), $("pv-score"), $("pv-iterations"), {
  onHover(line, i) {
    S.hover = line && i >= 0 ? { line, i } : null;
    renderBoard();
  },
});
const stats = new Stats(document);
const log = new EventLog($("event-log"), { size: 200, onPick: (k) => { pause(); seek(k); } });
const help = new HelpOverlay($("help-overlay"), $("help-close"));
let view = null;

const socket = new Socket({
  onFrame: (f) => {
    try {
      handleFrame(f);
    } catch (err) {
      console.error(err);
      showError(`The page could not use a "${f.type}" frame from the server: ${err.message}.`);
    }
  },
  onState: (state, message) => {
    if (state === "open") {
      setRunState(S.streaming ? "Starting…" : "", "");
      return;
    }
    if (state === "incompatible") {
      showError(message);
      return;
    }
    if (state === "closed" && S.streaming) {
      S.streaming = false;
      if (run) run.lost = true;
      message = "The connection was lost during the search; the events received so far stay steppable. " + message;
    }
    setRunState(message, state === "closed" ? "warn" : "");
    S.dirty = true;
  },
});

// ---- frames ----
function handleFrame(f) {
  switch (f.type) {
    case "hello":
      S.hello = f;
      if (f.limits) {
        S.limits.maxDepth = f.limits.maxDepth || S.limits.maxDepth;
        S.limits.maxNodes = f.limits.maxNodes || S.limits.maxNodes;
      }
      if (!S.trace) {
        S.trace = new Trace(f);
        view = makeView(S.trace);
      }
      return;
    case "started":
      if (f.id !== S.id) return;
      onStarted(f);
      return;
    case "events":
      if (f.id !== S.id || !S.trace) return;
      S.trace.append(f);
      if (run && run.firstEvents === undefined) run.firstEvents = performance.now() - run.t0;
      S.dirty = true;
      return;
    case "status":
      if (f.id !== S.id) return;
      S.status = f;
      S.dirty = true;
      return;
    case "done":
      if (f.id !== S.id) return;
      S.done = f;
      S.streaming = false;
      if (run) run.done = performance.now() - run.t0;
      S.dirty = true;
      return;
    case "error":
      if (f.id !== undefined && f.id !== S.id && f.id !== 0) return;
      S.streaming = false;
      S.playing = S.playing && !!S.trace && S.k < S.trace.length;
      showError(f.message, f.field);
      S.dirty = true;
      return;
    default:
      console.warn("pvscope: unknown frame", f.type);
  }
}

function onStarted(f) {
  const t = S.trace;
  t.start(f);
  S.notation = new Notation(t);
  S.narrations.clear();
  S.k = 0;
  S.acc = 0;
  S.selected = 0;
  S.hover = null;
  S.status = null;
  S.done = null;
  if (run) run.started = performance.now() - run.t0;
  const tree = f.kind === "tree";
  document.documentElement.classList.toggle("kind-tree", tree);
  document.documentElement.classList.toggle("kind-chess", !tree);
  // Defaults a class can follow: 20 events/s for a teaching tree, 1,000/s for
  // chess (the start position at depth 3 plays in about 2 s); End or "max" skips ahead.
  if (!S.speedTouched) setSpeedSlider(tree ? 13 : 30);
  S.playing = true;
  log.clear();
  if (view && view.reset) view.reset(t);
  $("tree-empty").hidden = true;
  S.dirty = true;
}

// ---- start / stop ----
let lastSource = null; // the source the user edited last: it wins when several are filled

function onSubmit(e) {
  e.preventDefault();
  clearErrors();
  const cfg = readForm(form);
  // One source only: the last edited, else the first filled.
  const filled = SOURCES.filter((s) => cfg.setup[s]);
  if (filled.length > 1) {
    const keep = filled.includes(lastSource) ? lastSource : filled[filled.length - 1];
    for (const s of SOURCES) if (s !== keep) { cfg.setup[s] = ""; formControls(form).sources[s].value = ""; }
  }
  writeURL(cfg);
  const bad = validate(cfg, S.limits);
  if (bad) {
    showError(bad.message, bad.field);
    return;
  }
  run = { t0: performance.now(), at: new Date().toISOString() };
  timings.last = run;
  timings.runs.push(run);
  if (timings.runs.length > 20) timings.runs.shift();
  performance.mark("pvscope:start-click");
  S.id += 1;
  S.streaming = true;
  S.done = null;
  setRunState("Starting…", "live");
  socket.send({ type: "start", id: S.id, setup: cfg.setup, options: cfg.options });
  S.dirty = true;
  kick();
}

function stop() {
  socket.send({ type: "stop" });
}

// ---- playback ----
function n() { return S.trace ? S.trace.length : 0; }

function seek(k) {
  S.k = Math.max(0, Math.min(Math.floor(Number(k) || 0), n()));
  S.acc = 0;
  render();
}

function pause() { S.playing = false; S.dirty = true; kick(); }

function playPause() {
  if (S.playing) { pause(); return; }
  if (!S.trace || (n() === 0 && !S.streaming)) return;
  if (S.k >= n() && !S.streaming) S.k = 0; // at the end: play again from the start
  S.playing = true;
  S.acc = 0;
  S.dirty = true;
  kick();
}

function jump(fn) {
  return () => {
    if (!S.trace) return;
    pause();
    seek(fn(S.trace, S.k));
  };
}

function stepInto(trace, k) {
  // The next node entered, landing on its enter event.
  const next = trace.node(trace.nodeCount(k) + 1);
  return next ? next.enterAt + 1 : trace.length;
}

function breakpoints() {
  const bp = {};
  for (const el of document.querySelectorAll("input[data-bp]")) bp[el.dataset.bp] = el.checked;
  return bp;
}

const actions = {
  playPause,
  stepForward: jump((t, k) => k + 1),
  stepBack: jump((t, k) => k - 1),
  stepInto: jump(stepInto),
  stepOver: jump(stepOver),
  stepOut: jump(stepOut),
  nextIteration: jump(nextIteration),
  prevIteration: jump(prevIteration),
  runToBreakpoint: jump((t, k) => runToBreakpoint(t, k, breakpoints())),
  toStart: jump(() => 0),
  toEnd: jump((t) => t.length),
  fit: () => view && view.fit(),
  zoomIn: () => zoom(1.25),
  zoomOut: () => zoom(0.8),
  center: () => view && view.center(S.selected || (S.trace && S.trace.current(S.k)) || 1),
  presentation: togglePresentation,
  help: () => help.toggle(),
  escape: () => {
    for (const d of document.querySelectorAll("details[open]")) d.open = false;
    if (S.selected) { S.selected = 0; S.dirty = true; kick(); }
  },
};

function zoom(f) {
  if (!view) return;
  if (view.zoomBy) view.zoomBy(f);
  else if (view.zoom) view.zoom(f);
}

// speed slider: 0..40 -> 10^(v/10) events/s (1..10000), 41 -> max (follow the stream).
function speedOf(v) { return v >= 41 ? Infinity : Math.round(10 ** (v / 10)); }
function setSpeedSlider(v) {
  $("speed").value = String(v);
  updateSpeed();
}
function updateSpeed() {
  S.speed = speedOf(+$("speed").value);
  const text = S.speed === Infinity ? "max" : `${fmtInt(S.speed)}/s`;
  $("speed-text").value = text;
  $("speed").setAttribute("aria-valuetext", S.speed === Infinity ? "as fast as events arrive" : `${S.speed} events per second`);
}

function tick(time) {
  S.frame = 0;
  const dt = S.lastTime ? Math.min(time - S.lastTime, 250) : 16;
  S.lastTime = time;
  if (S.playing && S.trace) {
    const total = n();
    if (S.speed === Infinity) S.k = total;
    else {
      S.acc += (S.speed * dt) / 1000;
      const step = Math.floor(S.acc);
      S.acc -= step;
      S.k = Math.min(S.k + step, total);
    }
    if (S.k >= total && !S.streaming) S.playing = false;
    S.dirty = true;
  }
  if (S.dirty) render();
  if (S.playing || S.streaming) kick();
  else S.lastTime = 0;
}

function kick() {
  if (!S.frame) S.frame = requestAnimationFrame(tick);
}

// ---- rendering ----
function render() {
  S.dirty = false;
  const t = S.trace;
  const total = n();
  const k = Math.min(S.k, total);
  $("event-index").value = `${k} / ${total}`;
  $("event-index").textContent = `${k} / ${total}`;
  const tl = $("timeline");
  tl.max = String(total);
  if (document.activeElement !== tl || +tl.value !== k) tl.value = String(k);
  const pp = $("play-pause");
  pp.textContent = S.playing ? "❚❚" : "▶";
  pp.setAttribute("aria-pressed", String(S.playing));
  pp.setAttribute("aria-label", S.playing ? "Pause" : "Play");
  $("stop-button").disabled = !S.streaming;
  renderRunState();
  if (!t || !t.started) return;

  if (view) {
    view.show(k, { selected: S.selected || 0, pov: povFor() });
    if (run && run.firstNode === undefined && t.nodeCount(k) > 0) {
      run.firstNode = performance.now() - run.t0;
      performance.mark("pvscope:first-node-painted");
      try { performance.measure("pvscope:start-to-first-node", "pvscope:start-click", "pvscope:first-node-painted"); } catch { /* marks cleared */ }
    }
    $("tree-info").textContent = `${fmtInt(t.nodeCount(k))} nodes, ${fmtInt(view.visibleNodes)} drawn`;
  }

  const N = S.notation;
  const pv = t.rootPV(k);
  const its = t.iterations(k).map((it) => ({ depth: it.depth, scoreText: N.score(it.score), line: N.items(0, it.pv) }));
  const st = t.stats(k);
  pvPanel.render(N.items(0, pv), N.score(t.rootScore(k)), st.depth, its);
  stats.render(st, { nps: nodesPerSecond(), minimalLeaves: t.started.minimalLeaves });
  log.render(k, narrateAt);
  renderBoard();
}

// Nodes per second: the server's status while searching, else the final result's nodes over time.
function nodesPerSecond() {
  const r = S.done && S.done.result;
  if (r && r.elapsedMs > 0) return (r.nodes * 1000) / r.elapsedMs;
  return S.status ? S.status.nps : null;
}

function povFor() {
  if (S.pov !== "auto") return S.pov;
  return S.trace && S.trace.started && S.trace.started.kind === "tree" ? "root" : "node";
}

function narrateAt(i) {
  let r = S.narrations.get(i);
  if (!r) {
    const t = S.trace, N = S.notation;
    const e = t.event(i);
    let text;
    try {
      text = narrate(t, i, (id, m) => N.label(id, m), { line: (id, moves) => N.lineText(id, moves) });
    } catch (err) {
      text = `Event ${i + 1}: ${e.kind} (${err.message})`;
    }
    r = { text, kind: e.kind };
    if (S.narrations.size > 20000) S.narrations.clear();
    S.narrations.set(i, r);
  }
  return r;
}

// The board shows the hovered PV position, else the selected node, else the node being searched.
function renderBoard() {
  const t = S.trace, N = S.notation;
  if (!t || !t.started || !N) return;
  const k = Math.min(S.k, n());
  if (S.hover) {
    const { line, i } = S.hover;
    const p = line.positions[i];
    if (!p) return;
    const title = `after ${N.lineText(line.from, line.raw.slice(0, i + 1))}`;
    if (N.chess) board.showChess(p.fen, { line: p.rest, last: p.last, title });
    else board.showTreePath(p.path, { title, value: leafValue(p.path) });
    return;
  }
  const id = S.selected || t.current(k);
  const nd = id ? t.node(id) : null;
  const line = nodeLine(id, k);
  const what = S.selected ? "selected" : nd ? "searching" : "root";
  const title = nd && nd.parent
    ? `${what}: ${N.nodeTitle(id)} · ply ${nd.ply}, depth ${nd.depth}, window (${nd.alpha}, ${nd.beta})`
    : S.selected ? "selected: the root" : "root position";
  if (N.chess) {
    const fen = id ? N.lines.fenAt(t, id) : N.lines.rootFen;
    board.showChess(fen, { line, last: nd && nd.parent ? nd.move : "", title });
  } else {
    const path = id ? t.positionMoves(id) : [];
    board.showTreePath(path, { line, title, value: leafValue(path) });
  }
}

// The best line from node id as known at step k: the root PV (or its tail, when id is on it),
// else the latest pv-update at id.
function nodeLine(id, k) {
  const t = S.trace;
  const pv = t.rootPV(k);
  if (!id) return pv;
  const path = t.positionMoves(id);
  if (path.length <= pv.length && path.every((m, i) => m === pv[i])) return pv.slice(path.length);
  const nd = t.node(id);
  const upd = t.byKind && t.K ? t.byKind[t.K["pv-update"]] : null;
  if (!upd || !nd) return [];
  for (let j = upd.length - 1, seen = 0; j >= 0 && seen < 4000; j--, seen++) {
    const i = upd.get(j);
    if (i >= k) continue;
    if (i < nd.enterAt) break;
    const e = t.event(i);
    if (e.node === id) return e.pv || [];
  }
  return [];
}

function leafValue(path) {
  let x = S.trace.started.tree;
  for (const m of path) {
    if (!Array.isArray(x)) return null;
    x = x[+m];
  }
  return typeof x === "number" ? x : null;
}

function renderRunState() {
  const el = $("run-state");
  if (el.dataset.sticky) return;
  let text = "", cls = "";
  if (S.streaming) {
    const s = S.status;
    text = s ? `searching: ${fmtInt(s.nodes)} nodes, depth ${s.depth}, ${fmtInt(s.nps)} nodes/s` : "searching…";
    cls = "live";
  } else if (S.done) {
    const r = S.done.result || {};
    text = S.done.stopped ? `stopped: ${S.done.stopped}` : `done: ${fmtInt(r.nodes)} nodes in ${fmtInt(r.elapsedMs)} ms`;
    cls = S.done.stopped ? "warn" : "";
  }
  if (el.textContent !== text) el.textContent = text;
  el.className = "run-state " + cls;
}

function setRunState(text, cls) {
  const el = $("run-state");
  if (cls === "warn") el.dataset.sticky = "1";
  else delete el.dataset.sticky;
  el.textContent = text;
  el.className = "run-state " + (cls || "");
}

// ---- errors ----
function showError(message, field) {
  S.error = message || "";
  $("error-text").textContent = S.error;
  $("error-banner").hidden = !S.error;
  if (run && S.error) run.error = S.error;
  if (field) {
    const slot = document.querySelector(`[data-error-for="${CSS.escape(field)}"]`);
    if (slot) {
      slot.textContent = message;
      slot.hidden = false;
      const details = slot.closest("details");
      if (details) details.open = true;
    }
    const input = form.elements.namedItem(field) || document.querySelector(`[data-option="${CSS.escape(field)}"]`);
    if (input && input.setAttribute) {
      input.setAttribute("aria-invalid", "true");
      if (input.focus) input.focus({ preventScroll: true });
    }
  }
  S.dirty = true;
  kick();
}

function clearErrors() {
  S.error = "";
  $("error-banner").hidden = true;
  $("error-text").textContent = "";
  for (const el of document.querySelectorAll("[data-error-for]")) { el.hidden = true; el.textContent = ""; }
  for (const el of form.querySelectorAll("[aria-invalid]")) el.removeAttribute("aria-invalid");
}

function clearFieldError(el) {
  if (!el.hasAttribute("aria-invalid")) return;
  el.removeAttribute("aria-invalid");
  const name = el.dataset.option || el.name;
  const slot = document.querySelector(`[data-error-for="${CSS.escape(name)}"]`);
  if (slot) { slot.hidden = true; slot.textContent = ""; }
}

// ---- tree view ----
function makeView(trace) {
  const v = new TreeView($("tree-canvas"), trace, {
    onSelect(id) {
      S.selected = id && id === S.selected ? 0 : id || 0;
      S.dirty = true;
      kick();
    },
    onHover() {},
  });
  v.setCollapse($("tree-collapse").checked);
  return v;
}

// ---- presentation mode ----
function togglePresentation() {
  const on = document.documentElement.classList.toggle("presentation");
  $("presentation").setAttribute("aria-pressed", String(on));
  try { localStorage.setItem("pvscope.presentation", on ? "1" : ""); } catch { /* private mode */ }
  requestAnimationFrame(() => { if (view) view.resize(); S.dirty = true; kick(); });
}

// ---- wiring ----
function wire() {
  form.addEventListener("submit", onSubmit);
  $("stop-button").addEventListener("click", stop);
  const { sources } = formControls(form);
  const clearOthers = (keep) => {
    lastSource = keep;
    for (const s of SOURCES) {
      if (s === keep) continue;
      if (sources[s].value) sources[s].value = "";
    }
    if (keep !== "fen") $("position-select").value = "";
    if (keep !== "tree") $("tree-select").value = "";
    markActive();
  };
  for (const s of SOURCES) {
    sources[s].addEventListener("input", () => { if (sources[s].value.trim()) clearOthers(s); });
  }
  $("position-select").addEventListener("change", (e) => {
    if (!e.target.value) return;
    sources.fen.value = e.target.value;
    clearOthers("fen");
    clearFieldError(sources.fen);
    syncURL();
  });
  $("tree-select").addEventListener("change", (e) => {
    if (!e.target.value) return;
    sources.tree.value = e.target.value;
    clearOthers("tree");
    clearFieldError(sources.tree);
    syncURL();
  });
  form.addEventListener("input", (e) => { clearFieldError(e.target); syncURL(); });
  form.addEventListener("change", (e) => { clearFieldError(e.target); syncURL(); });
  // Ctrl+Enter in the tree field starts the search.
  sources.tree.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) { e.preventDefault(); form.requestSubmit(); }
  });

  $("error-close").addEventListener("click", () => clearErrors());
  $("play-pause").addEventListener("click", playPause);
  const buttons = {
    "step-forward": "stepForward", "step-back": "stepBack", "step-into": "stepInto", "step-over": "stepOver",
    "step-out": "stepOut", "next-iteration": "nextIteration", "prev-iteration": "prevIteration",
    "run-to-breakpoint": "runToBreakpoint", "to-start": "toStart", "to-end": "toEnd",
    "tree-fit": "fit", "tree-zoom-in": "zoomIn", "tree-zoom-out": "zoomOut", "tree-center": "center",
    "presentation": "presentation", "help-button": "help",
  };
  for (const [id, a] of Object.entries(buttons)) $(id).addEventListener("click", () => actions[a]());
  $("speed").addEventListener("input", () => { S.speedTouched = true; updateSpeed(); });
  $("timeline").addEventListener("input", (e) => { pause(); seek(+e.target.value); });
  $("tree-collapse").addEventListener("change", (e) => { if (view) { view.setCollapse(e.target.checked); S.dirty = true; kick(); } });
  $("tree-pov").addEventListener("change", (e) => { S.pov = e.target.value; S.dirty = true; kick(); });
  $("board-flip").addEventListener("click", () => board.flip());
  const bpCount = () => {
    const c = [...document.querySelectorAll("input[data-bp]")].filter((x) => x.checked).length;
    $("bp-count").textContent = c ? String(c) : "";
  };
  document.querySelectorAll("input[data-bp]").forEach((x) => x.addEventListener("change", bpCount));
  bpCount();
  const optCount = () => {
    const c = [...form.querySelectorAll(".options [data-option]")].filter((x) => x.value !== "").length;
    $("options-count").textContent = c ? `${c} set` : "";
  };
  form.addEventListener("change", optCount);
  optCount();
  // Drop-down panels (options, breakpoints) close on a click elsewhere.
  document.addEventListener("click", (e) => {
    for (const d of document.querySelectorAll("details.options[open], details.breakpoints[open]")) {
      if (!d.contains(e.target)) d.open = false;
    }
  });
  window.addEventListener("resize", () => { if (view) view.resize(); S.dirty = true; kick(); });
  bindKeys(actions, help);
}

function syncURL() {
  writeURL(readForm(form));
  preview();
}

// Before the first search, the board previews the form: the FEN (or the start position) for chess,
// the tree's root for trees.
function preview() {
  if (S.trace && S.trace.started) return;
  const { setup } = readForm(form);
  const tree = !!(setup.tree || setup.random);
  document.documentElement.classList.toggle("kind-tree", tree);
  document.documentElement.classList.toggle("kind-chess", !tree);
  if (tree) board.showTreePath([], { title: setup.random ? "random tree: press Start" : "tree: press Start" });
  else if (!setup.fen || setup.fen.split(/\s+/)[0].split("/").length === 8) {
    try {
      board.showChess(setup.fen || START_FEN, { title: setup.fen ? "position to search" : "start position" });
    } catch { /* not a position the board can draw */ }
  }
}

function markActive() {
  const cfg = readForm(form);
  for (const fs of form.querySelectorAll("fieldset[data-source]")) {
    fs.classList.toggle("active", !!cfg.setup[fs.dataset.source]);
  }
}

function init() {
  applyToForm(form, readURL());
  markActive();
  preview();
  updateSpeed();
  try { if (localStorage.getItem("pvscope.presentation")) togglePresentation(); } catch { /* private mode */ }
  wire();
  socket.connect();
  render();
}

// ---- the test and benchmark surface ----
window.pvscope = {
  snapshot() {
    const t = S.trace;
    const has = !!(t && t.started);
    const k = Math.min(S.k, n());
    const st = has ? t.stats(k) : null;
    return {
      eventIndex: k,
      eventCount: n(),
      nodeCount: has ? t.nodeCount(k) : 0,
      visibleNodes: view && has ? view.visibleNodes : 0,
      pv: has ? t.rootPV(k) : [],
      running: S.streaming || S.playing,
      streaming: S.streaming,
      playing: S.playing,
      error: S.error,
      score: has ? t.rootScore(k) : null,
      depth: st ? st.depth : 0,
      selected: S.selected || 0,
      pruned: has && t.started.kind === "tree" ? t.pruned(k).map((p) => p.path) : [],
    };
  },
  seek(k) { pause(); seek(k); return this.snapshot(); },
  get trace() { return S.trace; },
  get view() { return view; }, // the TreeView (for tests: hit testing, visibleNodes)
  timings,
};

init();
