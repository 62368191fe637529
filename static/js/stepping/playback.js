// playback.js: moving the step S.k through the trace. It runs the playback loop on
// requestAnimationFrame at the chosen speed (or following the stream), seeks, pauses, and
// provides the stepping actions shared by the buttons and the keyboard (step, into, over, out,
// iterations, run to breakpoint, start, end). It also wires the play button, the stepping
// buttons, the speed slider, the timeline scrubber and the breakpoint count.
import { stepOver, stepOut, nextIteration, prevIteration, runToBreakpoint } from "./stepping.js";
import { t, num } from "../i18n/i18n.js";

const $ = (id) => document.getElementById(id);

// Button data-ids to the stepping action each one runs.
const BUTTONS = {
  "step-forward": "stepForward", "step-back": "stepBack", "step-into": "stepInto", "step-over": "stepOver",
  "step-out": "stepOut", "next-iteration": "nextIteration", "prev-iteration": "prevIteration",
  "run-to-breakpoint": "runToBreakpoint", "to-start": "toStart", "to-end": "toEnd",
};

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

// The speed beside the slider ("20/s", "max") and as a screen reader says it.
export const speedText = (speed) => (speed === Infinity ? t("playback.speedMax") : t("playback.speed", { n: speed }));
export const speedValueText = (speed) => (speed === Infinity ? t("playback.speedMaxSpoken") : t("playback.speedSpoken", { n: speed }));

const BUSY_RENDER_MS = 8; // a render longer than this while streaming skips the next frame
const BUSY_FRAME_MS = 12; // a frame already this far gone when playback's turn comes renders in the next
const SLOW_DRAW_MS = 100; // a drawing this long makes the next seeks draw a region a frame
const SLICE_MS = 8; // while streaming, a render stops between regions past this; the next frame goes on
// Events arriving change only the counters (received, nodes/s) while the step shown stays: a
// render for them alone comes at most this often, not on every frame of a big search (issue 28).
const ARRIVAL_MS = 100;

// speed slider: 0..40 -> 10^(v/10) events/s (1..10000), 41 -> max (follow the stream).
function speedOf(v) { return v >= 41 ? Infinity : Math.round(10 ** (v / 10)); }

// createPlayback(S, { render, renderSlice, gate, hold }): S is the page state (app.js); render
// draws step S.k; renderSlice(budgetMs) draws it in parts, region by region, and leaves
// S.renderOwed set when the next frame must go on (render.js); gate(from, to) may stop a move
// forward early (quiz mode asks before a decision); hold() keeps playback where it is for now
// (the code panel's text on its way), a seek still goes where asked; now is the clock that
// times a render (a test's own).
// startPaused(hold), when given, starts a search before any search: ▷ and → one that waits at
// step 1 (hold), ▶ one that plays as Start does.
export function createPlayback(S, { render, renderSlice = () => { render(); return true; }, gate = (from, to) => to, hold = () => false, now = () => performance.now(), startPaused = null }) {
  // Before any search (none shown, none starting), ▷ and → start one, paused at step 1 (issue 39).
  const idle = () => !(S.trace && S.trace.started) && !S.streaming; // the hello frame makes an empty trace
  function seek(k) {
    k = Math.max(0, Math.min(Math.floor(Number(k) || 0), S.eventCount));
    S.k = k > S.k ? gate(S.k, k) : k;
    S.acc = 0;
    // While a search streams in, a key's step draws the tree and the counters at once and the
    // rest of the page in the next frame: the whole page cold, one 26 ms task, took 55 ms by the
    // clock with the engine on the other core (issue 28).
    // A finished search whose last drawing took long (a chain of 100,000 nodes: the tree, the
    // board and the panels 300 ms each) is drawn the same way, a region a frame, so that no task
    // holds the tab past 200 ms (issue 44); a small one is drawn whole at once, as before.
    if (S.streaming || slow) {
      S.dirty = true;
      renderSlice(SLICE_MS);
      if (S.renderOwed) kick();
    } else {
      timed(render);
      if (S.renderOwed) kick(); // the tree laid out in parts: the next frames go on
    }
  }

  // slow: the last whole drawing took SLOW_DRAW_MS or more (timed), so seeks draw in slices.
  let slow = false;
  function timed(draw) {
    const t0 = now();
    draw();
    slow = now() - t0 >= SLOW_DRAW_MS;
  }

  function pause() { S.playing = false; S.dirty = true; kick(); }

  function playPause() {
    if (S.playing) { pause(); return; }
    if (idle() && startPaused) { startPaused(false); return; } // ▶ before Start: Start, which plays
    if (!S.trace || (S.eventCount === 0 && !S.streaming)) return;
    if (S.k >= S.eventCount && !S.streaming) S.k = 0; // at the end: play again from the start
    S.playing = true;
    S.acc = 0;
    S.dirty = true;
    kick();
  }

  // A stepping action: pause, then seek to fn(trace, k).
  function jump(fn) {
    return () => {
      if (!S.trace) return;
      pause();
      seek(fn(S.trace, S.k));
    };
  }

  const actions = {
    playPause,
    stepForward: (...a) => (idle() && startPaused ? startPaused() : jump((t, k) => k + 1)(...a)),
    stepBack: jump((t, k) => k - 1),
    stepInto: jump(stepInto),
    stepOver: jump(stepOver),
    stepOut: jump(stepOut),
    nextIteration: jump(nextIteration),
    prevIteration: jump(prevIteration),
    runToBreakpoint: jump((t, k) => runToBreakpoint(t, k, { ...breakpoints(), ttFindings: S.ttFindings || [] })),
    toStart: jump(() => 0),
    toEnd: jump((t) => t.length),
  };

  function setSpeedSlider(v) {
    $("speed").value = String(v);
    updateSpeed();
  }

  function updateSpeed() {
    S.speed = speedOf(+$("speed").value);
    $("speed-text").value = speedText(S.speed);
    $("speed").setAttribute("aria-valuetext", speedValueText(S.speed));
  }

  function tick(time) {
    S.frame = 0;
    // Cap the step: a background tab resumes without a burst of events.
    const dt = S.lastTime ? Math.min(time - S.lastTime, 250) : 16;
    S.lastTime = time;
    // A render left unfinished (a slice) is finished before playback moves on.
    if (S.playing && S.trace && !hold() && !S.renderOwed) {
      const total = S.eventCount;
      // The opening events (search-start, iteration-start) draw nothing: start at the root.
      const root = S.trace.nodeCount(S.k) === 0 && S.trace.node(1);
      if (root) S.k = Math.max(S.k, Math.min(root.enterAt + 1, total));
      if (S.speed === Infinity) S.k = gate(S.k, total);
      else {
        S.acc += (S.speed * dt) / 1000;
        const step = Math.floor(S.acc);
        S.acc -= step;
        S.k = gate(S.k, Math.min(S.k + step, total));
      }
      if (S.k >= total && !S.streaming) S.playing = false;
      S.dirty = true;
    }
    // A render that took long while a search streams in (its first frames: cold code, a new
    // layout) leaves the next frame free: a key pressed meanwhile runs at once, not behind
    // frame after frame of playback. Not before the first node is drawn (start to first node).
    if (S.arrived && !S.renderOwed && (S.playing || time - (S.arrivedDrawn || 0) >= ARRIVAL_MS)) { S.dirty = true; S.arrivedDrawn = time; }
    // Another part of the page already spent this frame (the tree's first drawing of a big
    // search, 26 ms): render in the next one, once, so that no frame holds both (72 ms).
    const due = S.dirty || S.renderOwed;
    if (due && S.streaming && !S.restFrame && !S.deferred && now() - time > BUSY_FRAME_MS && !!S.trace && S.trace.nodeCount(S.k) > 0) {
      S.deferred = true;
      kick();
      return;
    }
    S.deferred = false;
    if (due && !(S.restFrame && S.streaming)) {
      const t0 = now();
      if (S.streaming || (S.renderOwed && !S.dirty)) renderSlice(SLICE_MS); // goes on with a sliced seek
      else timed(render);
      S.restFrame = S.streaming && now() - t0 > BUSY_RENDER_MS && !!S.trace && S.trace.nodeCount(S.k) > 0;
    } else S.restFrame = false;
    if (S.playing || S.streaming || S.renderOwed) kick();
    else S.lastTime = 0;
  }

  // At most one frame pending: every change just marks S.dirty and kicks.
  function kick() {
    if (!S.frame) S.frame = requestAnimationFrame(tick);
  }

  // The named updates of S.dirty (its owner is this module; the page's other modules call them
  // through S.redraw and S.redrawLater, app.js): the step's drawing is stale, draw it at the
  // next frame (redraw), or when the loop comes round anyway (redrawLater).
  function redraw() { S.dirty = true; kick(); }
  function redrawLater() { S.dirty = true; }
  // play: playback goes on from the step shown (a lesson's slide, the quiz after an answer).
  function play() { S.playing = true; S.acc = 0; redraw(); }
  // halt: playback stops where it is, nothing redrawn (the quiz asks before the next event).
  function halt() { S.playing = false; }
  // The other modules' changes to the step (frames.js, rooms/room.js, render.js): a new search
  // starts at step 0 (rewind), playing or waiting (setPlaying); a follower shows the presenter's
  // step k (stepTo); events arrived (arrive); the step is drawn, with every event received (drawn).
  function rewind() { S.k = 0; S.acc = 0; S.restFrame = false; }
  function setPlaying(on) { S.playing = on; }
  function stepTo(k) { S.k = k; }
  function arrive() { S.arrived = true; }
  function drawn() { S.dirty = false; S.arrived = false; }

  function wire() {
    $("play-pause").addEventListener("click", playPause);
    for (const [id, a] of Object.entries(BUTTONS)) $(id).addEventListener("click", () => actions[a]());
    $("speed").addEventListener("input", () => { S.speedTouched = true; updateSpeed(); });
    $("timeline").addEventListener("input", (e) => { pause(); seek(+e.target.value); });
    const bpCount = () => {
      const c = [...document.querySelectorAll("input[data-bp]")].filter((x) => x.checked).length;
      $("bp-count").textContent = c ? num(c) : "";
    };
    document.querySelectorAll("input[data-bp]").forEach((x) => x.addEventListener("change", bpCount));
    bpCount();
  }

  return { seek, pause, kick, redraw, redrawLater, play, halt, rewind, setPlaying, stepTo, arrive, drawn, actions, setSpeedSlider, updateSpeed, wire };
}
