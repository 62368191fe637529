// frames.js: what the server's frames do to the page's state S (app.js hands them over from
// transport.js). hello makes the Trace and its tree view; started begins a search (every
// per-search field of S back to its start); events append to the Trace; queued, notice,
// status, done and error say where the search is.
import { Trace } from "./model/model.js";
import { Notation } from "./board/board.js";
import { frameText } from "./errors.js";
import { noticeText } from "./notices.js";
import { takeGoal, reach, forgetGoal } from "./stepping/linkstep.js";
import { t } from "./i18n/i18n.js";

const $ = (id) => document.getElementById(id);

// createFrames(S, deps): S is the page state (app.js); deps are makeView(trace) (the tree view),
// the tree preview (treepreview.js), setRunState (render.js), showError (errors.js), applyView
// (viewchoice.js), the trace's problems (traceproblems.js), the event log, the quiz (quizui.js),
// playback (playback.js) and goalMoves, how a link's step and node are reached (linkstep.js).
export function createFrames(S, { makeView, treePreview, setRunState, showError, applyView, problems, log, quizUI, playback, goalMoves, stop = () => {} }) {
  let fullSaid = false; // the page's budget (model/budget.js) is said once a search

  // fullText: the sentence for a search past the page's budget.
  function fullText({ what, max }) {
    if (what === "nodes") return t("pagebudget.nodes", { max });
    if (what === "lines") return t("pagebudget.lines", { max });
    return t("pagebudget.events", { max });
  }

  function handleFrame(f) {
    const run = S.run;
    switch (f.type) {
      case "hello":
        S.hello = f;
        if (f.limits) {
          S.limits.maxDepth = f.limits.maxDepth || S.limits.maxDepth;
          S.limits.maxNodes = f.limits.maxNodes || S.limits.maxNodes;
        }
        if (!S.trace) {
          S.trace = new Trace(f);
          S.view = makeView(S.trace);
          treePreview.apply();
        }
        return;
      case "queued": // the search waits for a slot; f.position is its place in line
      case "notice":
        if (f.id !== S.id) return;
        S.queued = f.type === "queued" ? f.position : 0;
        setRunState(noticeText(f), "warn");
        return;
      case "started":
        if (f.id !== S.id) return;
        if (S.queued) setRunState("", "live");
        S.queued = 0;
        onStarted(f);
        return;
      case "events":
        if (f.id !== S.id || !S.trace) return;
        S.trace.append(f);
        if (S.trace.full && !fullSaid) {
          // Past the page's budget: what arrived stays, the rest is refused, the search stopped.
          fullSaid = true;
          S.streaming = false;
          stop();
          showError(fullText(S.trace.full));
        }
        if (S.goal && !(S.goal = reach(S.goal, S.trace, false, goalMoves))) forgetGoal();
        if (run && run.firstEvents === undefined) run.firstEvents = performance.now() - run.t0;
        playback.arrive(); // the counters follow within ARRIVAL_MS (playback.js); the step shown did not change
        return;
      case "status":
        if (f.id !== S.id) return;
        S.status = f;
        S.redrawLater();
        return;
      case "done":
        if (f.id !== S.id) return;
        S.done = f;
        S.streaming = false;
        problems.write(); // every node has arrived: the list names them
        if (S.goal && !(S.goal = reach(S.goal, S.trace, true, goalMoves))) forgetGoal();
        if (run) run.done = performance.now() - run.t0;
        S.redrawLater();
        return;
      case "error":
        if (f.id !== undefined && f.id !== S.id && f.id !== 0) return;
        S.streaming = false;
        if (!(S.trace && S.k < S.trace.length)) playback.halt();
        showError(frameText(f), f.field);
        S.redrawLater();
        return;
      default:
        console.warn("pvscope: unknown frame", f.type);
    }
  }

  function onStarted(f) {
    fullSaid = false;
    const t = S.trace;
    t.start(f);
    S.notation = new Notation(t);
    problems.start(f);
    S.narrations.clear();
    playback.rewind(); // also: a slow render of the previous search must not hold back this one's first node
    S.select(0);
    S.freshPanels();
    S.status = null;
    S.done = null;
    if (S.run) S.run.started = performance.now() - S.run.t0;
    const tree = f.kind === "tree";
    applyView();
    document.documentElement.classList.toggle("kind-tree", tree);
    document.documentElement.classList.toggle("kind-chess", !tree);
    // Defaults a class can follow: 20 events/s for a teaching tree, 1,000/s for
    // chess (the start position at depth 3 plays in about 2 s); End or "max" skips ahead.
    if (!S.speedTouched) playback.setSpeedSlider(tree || f.kind === "game" ? 13 : 30);
    // A link may name a step or a node (linkstep.js): the page then waits there, paused.
    S.goal = takeGoal();
    playback.setPlaying(!S.goal.hold);
    log.clear();
    quizUI.reset();
    if (S.view && S.view.reset) S.view.reset(t);
    $("tree-empty").hidden = true;
    S.redrawLater();
  }

  // The named updates of the fields this module owns (S.begin, S.adopt, S.streamEnded: app.js
  // hands them to setup.js, engines/tracefile.js, rooms/room.js and itself).
  // begin: the page asks for a new search (a start, a trace opened), timed by run; its id.
  function begin(run) {
    S.run = run;
    S.id += 1;
    S.streaming = true;
    S.done = null;
    return S.id;
  }
  // adopt: a follower's search is the presenter's, id.
  function adopt(id) { S.id = id; }
  // streamEnded: nothing more comes (the connection was lost).
  function streamEnded() { S.streaming = false; }

  return { handleFrame, begin, adopt, streamEnded };
}

// queueFrames(handle) -> push(f): framequeue.js, loaded with the first big frame (issue 44).
export function queueFrames(handle) {
  let q = null, wait = null;
  return (f) => {
    if (q) return q.push(f);
    if (wait) return wait.push(f);
    if (!(f.type === "events" && f.count > 2048)) return handle(f);
    wait = [f];
    import("./framequeue.js").then(({ createFrameQueue }) => {
      q = createFrameQueue(handle);
      for (const g of wait) q.push(g);
    }, () => { q = { push: handle }; for (const g of wait) handle(g); });
  };
}
