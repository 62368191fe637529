// app.js: the controller. It owns the page state S (the step k shown, 0..n events received,
// and what the server said last), builds the regions, feeds socket frames into the Trace, makes
// the tree view, and wires the view's own controls and the keyboard. The setup form lives in
// setup.js, what each frame does in frames.js, the playback loop and stepping in playback.js,
// drawing in render.js, errors in errors.js, the view and values menus in tree/viewchoice.js.
// Tests drive it through window.pvscope (testapi.js; DESIGN.md lists what it offers). The
// engine panel (an external engine's lines) is engines.js. Over 400 lines because it wires every
// region and lazy part of the page, a line or two each; what each does is in its own module.
import { refusedParams } from "./urlguard.js"; // first: it checks the address before the others read it
import { refusalText } from "./urlparams.js";
import { TreeView } from "./tree/treeview.js";
import { openTransport, hideServerOnly } from "./transport.js";
import { lazyTTLinks } from "./pv/ttlazy.js";
import { Board, warmUp } from "./board/board.js";
import { PVPanel, Stats } from "./pv/panels.js";
import { EventLog } from "./stepping/eventlog.js";
import { PVLab } from "./pv/pvlab.js";
import { bindKeys, HelpOverlay } from "./stepping/keys.js";
import { createRenderer } from "./render.js";
import { createPlayback } from "./stepping/playback.js";
import { holdNext, wirePaused } from "./stepping/linkstep.js";
import { keepInSightAfter } from "./tree/insight.js";
import { createErrors } from "./errors.js";
import { createSetup } from "./setup.js";
import { readURL } from "./url.js";
import { lazyTreeEdit } from "./teaching/treeeditlazy.js";
import { View } from "./tree/view.js";
import { createViewChoice } from "./tree/viewchoice.js";
import { resolvePath } from "./tree/nodepath.js";
import { createTraceFile } from "./engines/tracefile.js";
import { createTraceProblems } from "./engines/traceproblems.js";
import { lazyWhy } from "./pv/whylazy.js";
import { lazyEngines } from "./engines/engineslazy.js";
import { createTestAPI } from "./testapi.js";
import { runSteps } from "./startsteps.js";
import { createFrames, queueFrames } from "./frames.js";
import { createLessons } from "./lessons/lesson.js";
import { createTreePreview } from "./tree/treepreview.js";
import { bindTreeMore, bindMore } from "./tree/treetools.js";
import { readTree } from "./teaching/treeread.js";
import { startEmbedded } from "./rooms/embed.js";
import { lazySheet, lazyExercises, lazyCompare, lazyQuiz, lazyExport, lazyRoom, lazyGames } from "./lazy.js";
import { lazyCodePanel } from "./teaching/codelazy.js";
import { createNodeBoardSetting } from "./tree/nodeboardsetting.js";
import { bindLanguageMenu } from "./i18n/language.js";
import { t } from "./i18n/i18n.js";
import { SHOWN, MORE_FACTOR } from "./pv/pvshown.js";

const $ = (id) => document.getElementById(id);
const config = JSON.parse($("pvscope-config").textContent || "{}");

// ---- state ----
const S = {
  hello: null,
  trace: null,
  notation: null,
  view: null, // the TreeView, made with the Trace on the first hello
  run: null, // the timings of the current search (also timings.last)
  id: 0, // id of the search this page asked for last
  k: 0,
  streaming: false, // a search is running on the server (or we asked for one)
  playing: false,
  speed: 20, // events per second; Infinity = follow the stream
  speedTouched: false,
  acc: 0, // fractional events owed to playback
  selected: 0, // node chosen on the tree (0: follow the node being searched)
  labDepth: 0, // the iteration whose collectors' lines the PV panel shows (0: the newest finished)
  hover: null, // {positions, i} while a PV move is hovered
  pvShown: SHOWN, // moves of the root line the PV panel draws (pvshown.js); "… more" raises it
  status: null, // last status frame
  done: null, // the done frame
  error: "",
  viewChoice: "auto", // the view menu: "auto" (root for trees, negamax for chess), "root" or "negamax"
  // The values menu (?values=ranges): each node's value with its bound, or R&N's ranges (ranges.js).
  valuesChoice: new URLSearchParams(location.search).get("values") === "ranges" ? "ranges" : "bounds",
  pov: new View("negamax"), // the View everything is drawn and narrated in (view.js)
  queued: 0, // place in the server's line while the search waits for a slot
  limits: { maxDepth: config.maxDepth || 0, maxNodes: config.maxNodes || 0 },
  narrations: new Map(),
  dirty: true,
  frame: 0,
  lastTime: 0,
  restFrame: false, // the last render took long while streaming: the next frame is left free (playback.js)
  arrived: false, // events came in since the last render (playback.js redraws for them at most every ARRIVAL_MS)
  arrivedDrawn: 0, // when a render last showed newly arrived events
  get eventCount() { return this.trace ? this.trace.length : 0; },
  // Named updates: each field has one writer, its owner (test/statewriters.test.mjs); the other
  // modules call these. The step (k, playing, acc, dirty, arrived, restFrame) is playback.js's;
  // the search asked for (run, id, streaming, done) frames.js's; selected and the PV panel's
  // choices (labDepth, hover, pvShown: afresh with each search) this module's.
  redraw() { playback.redraw(); }, redrawLater() { playback.redrawLater(); }, drawn() { playback.drawn(); },
  play() { playback.play(); }, halt() { playback.halt(); }, stepTo(k) { playback.stepTo(k); },
  begin(run) { return frames.begin(run); }, adopt(id) { frames.adopt(id); }, streamEnded() { frames.streamEnded(); },
  select(id) { this.selected = id || 0; },
  freshPanels() { this.labDepth = 0; this.hover = null; this.pvShown = SHOWN; },
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

// ---- regions ----
const form = $("setup");
const board = new Board($("board"), $("tree-path"), $("board-title"));
// A game's board (board/games.js), loaded when a game is first chosen or searched.
board.game = lazyGames(() => import("./board/games.js").then((m) => m.gameView(board, form)), () => (S.trace && S.trace.started ? S.redraw() : setup.preview()));
// "Boards in the tree": a game's small tree drawn with a board in every node (tree/nodeboardsetting.js).
const nodeBoards = createNodeBoardSetting(S, { form, games: board.game, redraw: () => S.redraw() });
function hoverLine(line, i) {
  S.hover = line && i >= 0 ? { line, i } : null;
  renderer.renderBoard();
}
// Clicking an iteration's row shows its collectors' lines; clicking it again follows the newest.
function pickIteration(depth) {
  S.labDepth = S.labDepth === depth ? 0 : depth;
  S.redraw();
}
// "… and 99,950 more" at the end of the root line draws MORE_FACTOR times as many of its moves.
function showMorePV() {
  S.pvShown *= MORE_FACTOR;
  S.redraw();
}
const pvPanel = new PVPanel($("pv-line"), $("pv-score"), $("pv-iterations"), { onHover: hoverLine, onCut: showNode, onPick: pickIteration, onMore: showMorePV });
const pvLab = new PVLab($("pv-lab"), { onHover: hoverLine, onCut: showNode });
const stats = new Stats(document);
const log = new EventLog($("event-log"), { size: 200, onPick: (k) => { playback.pause(); playback.seek(k); }, lineOf: (i) => codePanel.lineAt(i) });
warmUp();
bindLanguageMenu();
const help = new HelpOverlay($("help-overlay"), $("help-close"));

// The code panel's module comes with its toggle, ?code= or a lesson that opens it (codelazy.js).
const codePanel = lazyCodePanel((msg) => showError(msg), (toggle) => import("./teaching/codepanel.js").then(({ createCodePanel }) =>
  createCodePanel(S, { toggle, seek: (k) => { playback.pause(); playback.seek(k); }, kick: () => kick(), onToggle: () => log.clear() })));
const ttLinks = lazyTTLinks(S, { showNode: (id) => showNode(id), showError: (m) => showError(m) });
const renderer = createRenderer(S, { board, pvPanel, pvLab, stats, log, codePanel, tt: ttLinks });
const { render, renderSlice, setRunState } = renderer;
// Playback waits for the quiz (a question before its event) and, without moving, for the code
// panel's text; a seek (a link's step, a click) is gated by the quiz only.
const playback = createPlayback(S, { render, renderSlice, gate: (from, to) => quizUI.gate(from, to), hold: () => codePanel.loading(),
  startPaused: (hold = true) => { if (hold) holdNext(1); form.requestSubmit(); } }); // ▷ or → before Start: the search waits at step 1
const { kick } = playback;
const errors = createErrors(S, { form, kick });
// The quiz's modules come with its toggle, ?quiz= or a lesson's exercise (lazy.js).
const quizUI = lazyQuiz((msg) => showError(msg), () => import("./teaching/quizui.js").then(({ createQuizUI }) => createQuizUI(S, {
  seek: (k) => playback.seek(k), kick, lineAt: (i) => codePanel.lineAt(i), nodeName: (p) => (p ? t("app.nodeAtPath", { path: p }) : t("app.theRoot")),
  onAsk: (q, text) => pollTheRoom(q, text), presenting: () => { const r = room.snapshot(); return !!r && r.role === "presenter"; } })));
const { showError } = errors;

// Frames in order, a slice of events a task (frames.js, issue 44).
const onFrame = queueFrames((f) => {
  try {
    if (room.frame(f)) return; // rooms: room.js
    if (f.type === "why") return why.frame(f); // "Why not …?": pv/why.js
    if (f.type === "error" && typeof f.key === "string" && f.key.startsWith("go-server.why") && why.error(f)) return;
    frames.handleFrame(f);
    room.after(f);
  } catch (err) {
    console.error(err);
    showError(t("app.frameFailed", { type: f.type, error: err.message }));
  }
});
const socket = openTransport({
  onFrame,
  onState: (state, message) => {
    if (state === "open") {
      setRunState(S.streaming ? t("setup.starting") : "", "");
      return;
    }
    if (state === "incompatible") {
      showError(message);
      return;
    }
    if (state === "closed" && S.streaming) {
      S.streamEnded();
      if (S.run) S.run.lost = true;
      message = t("app.lostDuringSearch", { message });
    }
    setRunState(message, state === "closed" ? "warn" : "");
    S.redrawLater();
  },
});

// The tree out of the page: SVG, PNG, LaTeX, WebM (export.js).
// Its module comes when the Export menu opens, or with window.pvscope.export.
const exporter = lazyExport((msg) => showError(msg), () => import("./export/export.js").then(({ createExport }) => createExport(S, {
  seek: (k) => playback.seek(k), pause: () => playback.pause(), codeOf: () => codePanel.exportCode() })));
// Exam exercises (exerciseui.js) and their worksheets (sheet.js): a worksheet's module comes when one is opened.
const sheet = lazySheet(() => import("./teaching/sheet.js").then(({ createSheet }) => createSheet({ form: $("setup"), showError: (m) => showError(m) })));
// The exercises' modules come when one is opened, too (a class's first load stays under 300 KB).
const exercises = lazyExercises((msg) => showError(msg), () => import("./teaching/exerciseui.js").then(({ createExerciseUI }) => createExerciseUI(S, {
  form: $("setup"), container: $("tree-view"), pause: () => playback.pause(),
  onSheet: (kind) => sheet.open(kind).catch((err) => showError(err.message)) })));
// The comparison's modules come with the first comparison or search diff asked for.
const compare = lazyCompare((msg) => showError(msg), () => import("./compare/compare.js").then(({ createCompare }) => createCompare({ errors, onActive: () => playback.pause() })));
// The tree editor's module comes with its toggle (treeeditlazy.js).
const treeEdit = lazyTreeEdit((msg) => showError(msg), () => import("./teaching/treeedit.js").then(({ createTreeEdit }) => createTreeEdit({ form })));
const treePreview = createTreePreview(S, { readTree, View }); // the tree drawn whole before Start
const viewChoice = createViewChoice(S, { log, treePreview, kick }); // the view and values menus
const { applyView } = viewChoice;
const setup = createSetup(S, { form, board, socket, timings, errors, setRunState, kick, beforeStart: compare.start,
  onPreview: (s) => { if (s.tree && !(S.trace && S.trace.started)) applyView(); treePreview.update(s); } }); // the legend in the tree's view too
const traceFile = createTraceFile(S, { socket, timings, errors, setRunState, kick });
// The rules an opened trace breaks: the banner and the list beside the event log (traceproblems.js).
const problems = createTraceProblems(S, { seek: (k) => { playback.pause(); playback.seek(k); }, showNode,
  nodeName: (id) => (S.notation ? S.notation.nodeTitle(id) : t("app.nodeById", { id })) });
// "Why not …?" at the selected node (pv/why.js): the server's answer, each named node a link.
// Its module comes with the button's first press (whylazy.js).
const why = lazyWhy((msg) => showError(msg), (open) => import("./pv/why.js").then(({ createWhy }) => createWhy(S, { open, send: (c) => socket.send(c), showNode,
  view: () => (S.pov && S.pov.mode === "root" ? "root" : "negamax"),
  nodeName: (id) => (S.notation ? S.notation.nodeTitle(id) : t("app.nodeById", { id })) })));
// The engine panel (engines.js): an external engine's lines for the setup's position.
// Its module comes with the first Inspect (engineslazy.js).
const engines = lazyEngines((msg) => showError(msg), () => import("./engines/engines.js").then(({ createEngines }) => createEngines({ errors, board })),
  () => { help.show(); $("help-engines").scrollIntoView({ block: "start" }); });
// The room's module comes when the page shares, joins (?room=) or reclaims its room (lazy.js).
const room = lazyRoom((msg) => showError(msg), () => import("./rooms/room.js").then(({ createRoom }) => createRoom(S, {
  socket, kick, pause: () => playback.pause(), getView: () => S.pov.mode,
  setView: viewChoice.setView, judge: judgePoll }))); // a follower's own answer, right or not

// Guided lessons (lesson.js): slides bound to states of the page.
const lessons = createLessons(S, { form, playback, quizUI, errors, kick, showNode, sanOf, codePanel,
  setView: (v) => { viewChoice.setView(v); kick(); } });

// A presenter in quiz mode asks the room each question too: followers answer on their own
// devices and the presenter sees the distribution (room-poll) before revealing.
let questionsAsked = 0;
function pollTheRoom(q, text) {
  const r = room.snapshot();
  if (!r || r.role !== "presenter") return;
  const n = ++questionsAsked; // quiz.js is loaded: its quiz asked
  loadQuizJS().then(({ pollId, pollChoices }) => room.ask(pollId(n, q), text, pollChoices(q.kind))); // the choices in the presenter's language
}
// A poll's answer judged by quiz.js (judgePoll), null until the module has come: the room asks
// again every 50 ms.
let quizJS = null;
const loadQuizJS = () => import("./teaching/quiz.js").then((m) => (quizJS = m));
function judgePoll(id, x, k) {
  if (quizJS) return quizJS.judgePoll(S.trace, S.pov, id, x, k);
  loadQuizJS().catch((err) => showError(err.message));
  return null;
}

// ---- tree view ----
function makeView(trace) {
  const v = new TreeView($("tree-canvas"), trace, {
    // Chess edges carry SAN; tooltips name a node by its line from the root.
    moveLabel: (it) => {
      const from = it.nodeId ? trace.parentOf.get(it.nodeId) : it.parentId; // a pruned stub: from its parent
      return S.notation && S.notation.chess && from ? S.notation.label(from, it.move) : it.move;
    },
    nodeTitle: (id) => (S.notation ? S.notation.nodeTitle(id) : trace.positionMoves(id).join(".")),
    onSelect(id) {
      S.selected = id && id === S.selected ? 0 : id || 0;
      S.redraw();
    },
    onHover() {},
  });
  v.aheadWhen = () => quizUI.snapshot().active || treePreview.showTree; // the whole tree while a class predicts
  v.boardsFor = (count, present) => nodeBoards.spec(count, present);
  v.onDrawn = (view) => nodeBoards.drawn(view);
  v.setCollapse($("tree-collapse").checked);
  v.present = document.documentElement.classList.contains("presentation");
  return v;
}

// ---- frames (frames.js) ----
// How a link's step and node are reached: a seek, then the node shown as a click would.
const goalMoves = { seek: (k) => playback.seek(k), select: (id) => showNode(id), san: (p, m) => sanOf(p, m), warn: (m) => showError(m) };
const frames = createFrames(S, { makeView, treePreview, setRunState, showError, applyView, problems, log, quizUI, playback, goalMoves,
  stop: () => socket.send({ type: "stop" }) });

// The path box: a path (tree indices, or SAN / UCI moves) selects and reveals that node.
function goToPath(text) {
  const box = $("node-path");
  if (!S.trace || !S.trace.started) return;
  const k = Math.min(S.k, S.eventCount);
  const r = resolvePath(S.trace, k, text, sanOf);
  box.setCustomValidity("");
  if (r.id) showNode(r.id);
  else if (r.pruned) { showNode(r.parent); box.title = t("app.pathPruned", { path: text }); }
  else { box.setCustomValidity(t("app.pathMissing", { path: text, move: r.at })); box.reportValidity(); }
}
function sanOf(parentId, move) { return S.notation && S.notation.chess ? S.notation.label(parentId, move) : move; }

// A ✂ marker names the node where a line ended: select it, open the collapsed subtrees
// above it and bring it into view; the board then shows its position.
function showNode(id) {
  if (!S.trace || !S.trace.node(id)) return;
  playback.pause();
  S.selected = id;
  S.hover = null;
  if (S.view) S.view.reveal(id);
  S.redraw();
}

function zoom(f) {
  const view = S.view;
  if (!view) return;
  if (view.zoomBy) view.zoomBy(f);
  else if (view.zoom) view.zoom(f);
}

// ---- presentation mode ----
function togglePresentation() {
  const on = document.documentElement.classList.toggle("presentation");
  $("presentation").setAttribute("aria-pressed", String(on));
  try { localStorage.setItem("pvscope.presentation", on ? "1" : ""); } catch { /* private mode */ }
  requestAnimationFrame(() => { if (S.view) { S.view.present = on; S.view.resize(); S.view.fit(false); } S.redraw(); });
}

// ---- actions (buttons and keys.js) ----
const actions = {
  ...playback.actions,
  fit: () => S.view && S.view.fit(),
  zoomIn: () => zoom(1.25),
  zoomOut: () => zoom(0.8),
  center: () => S.view && S.view.center(S.selected || (S.trace && S.trace.current(S.k)) || 1),
  presentation: togglePresentation,
  help: () => help.toggle(),
  nextProblem: () => problems.step(1),
  prevProblem: () => problems.step(-1),
  // The PV panel's "?": the help, at its part on the collectors and the cut reasons.
  helpShortPV: () => { help.show(); $("help-pv").scrollIntoView({ block: "start" }); },
  escape: () => {
    for (const d of document.querySelectorAll("details[open]")) d.open = false;
    if (S.selected) { S.selected = 0; S.redraw(); }
  },
};

// ---- wiring ----
function wire() {
  setup.wire();
  compare.wire();
  treeEdit.wire();
  errors.wire();
  quizUI.wire();
  traceFile.wire();
  problems.wire();
  engines.wire();
  exporter.wire();
  room.wire();
  exercises.wire();
  playback.wire();
  wirePaused();
  lessons.wire();
  const buttons = {
    "tree-fit": "fit", "tree-zoom-in": "zoomIn", "tree-zoom-out": "zoomOut", "tree-center": "center",
    "presentation": "presentation", "help-button": "help", "pv-help": "helpShortPV",
  };
  for (const [id, a] of Object.entries(buttons)) $(id).addEventListener("click", () => actions[a]());
  bindTreeMore();
  bindMore($("controls-more"), document.querySelector(".top"));
  keepInSightAfter($("controls-more"), S); // on a phone More pushes the tree down: its current node stays on screen
  $("tree-collapse").addEventListener("change", (e) => { if (S.view) { S.view.setCollapse(e.target.checked); S.redraw(); } });
  viewChoice.wire();
  $("node-path").addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); goToPath(e.target.value); } });
  $("node-path").addEventListener("input", (e) => e.target.setCustomValidity(""));
  $("board-flip").addEventListener("click", () => board.flip());
  // Drop-down panels (options, breakpoints) close on a click elsewhere.
  document.addEventListener("click", (e) => {
    for (const d of document.querySelectorAll("details.options[open], details.breakpoints[open]")) {
      if (!d.contains(e.target)) d.open = false;
    }
  });
  // Presenting, the tree refits to the screen (a projector's window changes size when it goes
  // full screen), unless the presenter has panned or zoomed.
  window.addEventListener("resize", () => {
    if (S.view) { S.view.resize(); if (S.view.present && !S.view.userMoved) S.view.fit(false); }
    S.redraw();
  });
  bindKeys(actions, help);
}

// init: the start in four tasks (startsteps.js); window.pvscope (testapi.js) comes after the last.
function init() {
  return runSteps([
    () => setup.load(), // the form from the link, the board (40-50 ms)
    () => {
      compare.load(readURL());
      playback.updateSpeed(); // the page's first Intl.NumberFormat (30-40 ms)
      try { if (localStorage.getItem("pvscope.presentation")) togglePresentation(); } catch { /* private mode */ }
    },
    () => { wire(); hideServerOnly(); room.load(); socket.connect(); }, // room.js: ?room= or a presenter's reloaded tab
    () => {
      render();
      startEmbedded(form); // ?embed=1 (embed.js)
      exercises.load(); // ?exercise=KIND (exerciseui.js)
      sheet.load(); // ?exercise=KIND&sheet=1 (sheet.js)
      lessons.start();
      // The link's parameters past their limits, taken out before anything read them (urlguard.js).
      if (refusedParams.length) showError(refusedParams.map(refusalText).join(" "), refusedParams[0].param);
    },
  ]);
}
init().then(() => {
  window.pvscope = createTestAPI(S, { board, codePanel,
    playback, quizUI, compare, room, engines, treeEdit, timings, sanOf, problems, exporter, exercises, sheet, lessons,
    setView(mode) { viewChoice.setView(mode); render(); },
  });
});
