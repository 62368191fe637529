// The playback loop leaves a frame free after a long render while a search streams in, so a
// key pressed in the first, heaviest frames of a big search is not stuck behind frame after
// frame of playback (README, "Speed"). Driven frame by frame with a fake clock: no timing.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createPlayback } from "../stepping/playback.js";

// A page state streaming a search of `total` events whose first node enters at event 2.
function setup({ streaming = true, renderMs = 20, total = 100000, othersMs = () => 0 } = {}) {
  let clock = 0, renders = 0;
  const frames = [];
  globalThis.requestAnimationFrame = (f) => { frames.push(f); return frames.length; };
  const trace = { length: total, nodeCount: (k) => (k >= 2 ? 1 : 0), node: (id) => (id === 1 ? { enterAt: 1 } : null) };
  const S = { trace, k: 0, acc: 0, speed: 1000, playing: true, streaming, dirty: true, frame: 0, lastTime: 0,
    restFrame: false, get eventCount() { return trace.length; } };
  const pb = createPlayback(S, { render: () => { renders++; clock += renderMs; S.dirty = false; }, now: () => clock });
  let time = 0;
  // frame() runs the pending animation frame, 16 ms after the last, and says whether it rendered.
  const frame = () => {
    const before = renders;
    const f = frames.shift();
    assert.ok(f, "the loop asked for a frame");
    time = Math.max(time + 16, clock); // a frame starts once the last one's work is done
    clock = time + othersMs(); // the frame's other callbacks ran first
    f(time);
    return renders > before;
  };
  return { S, pb, frame };
}

test("a long render while streaming leaves the next frame free, then playback goes on", () => {
  const { S, pb, frame } = setup({ renderMs: 20 });
  pb.kick();
  assert.equal(frame(), true); // the first frame draws the root (start to first node is never delayed)
  const k1 = S.k;
  assert.ok(k1 >= 2);
  assert.equal(frame(), false); // 20 ms render: this frame is left free for input
  assert.equal(frame(), true); // and playback goes on, the cursor moved by both frames' time
  assert.ok(S.k > k1 + 16, `k ${S.k} after ${k1}`);
  assert.equal(frame(), false);
});

test("short renders, or a finished search, render every frame", () => {
  const quick = setup({ renderMs: 3 });
  quick.pb.kick();
  for (let i = 0; i < 5; i++) assert.equal(quick.frame(), true);
  const done = setup({ renderMs: 20, streaming: false });
  done.pb.kick();
  for (let i = 0; i < 5; i++) assert.equal(done.frame(), true);
});

test("no frame is left free before the first node is drawn", () => {
  const { S, pb, frame } = setup({ renderMs: 20 });
  S.trace.nodeCount = () => 0; // the search has not entered its root yet
  S.trace.node = () => null;
  pb.kick();
  for (let i = 0; i < 4; i++) assert.equal(frame(), true);
});

test("a slow render of a finished search does not hold back the next search's first frame", () => {
  const { S, pb, frame } = setup({ renderMs: 20, streaming: false });
  pb.kick();
  assert.equal(frame(), true); // a big finished tree, slow to draw
  S.playing = false;
  S.dirty = true;
  assert.equal(frame(), true);
  // Start: the new search streams in; its first frame draws at once.
  S.streaming = true;
  S.playing = true;
  S.dirty = true;
  pb.kick();
  assert.equal(frame(), true);
});

test("when the stream ends right after a slow render, the next frame draws the end", () => {
  const { S, pb, frame } = setup({ renderMs: 20 });
  pb.kick();
  assert.equal(frame(), true);
  S.streaming = false; // the done frame arrived
  S.dirty = true;
  assert.equal(frame(), true);
});

// Issue 28: events arriving while the step shown stays (paused) change only the counters; they
// are rendered at most every 100 ms, not on every frame, and a change of step still renders at once.
test("arrivals alone re-render the counters at most every 100 ms while paused", () => {
  const { S, pb, frame } = setup({ renderMs: 1 });
  S.playing = false;
  pb.kick();
  assert.equal(frame(), true); // t = 16: the page was dirty
  const rendered = [];
  for (let i = 0; i < 25; i++) { // frames at t = 32 .. 416, an events frame before each
    S.arrived = true;
    if (frame()) rendered.push(16 * (i + 2));
  }
  // From the clock's 0 (no arrival drawn yet): t = 112 is the first frame 100 ms on, then 224
  // (212 is no frame), then 336; 436 is past the last frame.
  assert.deepEqual(rendered, [112, 224, 336]);
  S.k = 5; S.dirty = true; // a key's step renders in the next frame, arrivals or not
  assert.equal(frame(), true);
});

test("a frame the tree's drawing already spent renders in the next one, once", () => {
  let others = 0;
  const { S, pb, frame } = setup({ renderMs: 3, othersMs: () => others });
  pb.kick();
  assert.equal(frame(), true); // the first node is drawn at once, however busy the frame
  others = 26; // the tree's first drawing of a big search came first in this frame
  assert.equal(frame(), false); // playback waits for the next frame
  assert.equal(frame(), true); // and renders there even if that one is busy too: only once
  others = 0;
  assert.equal(frame(), true);
  assert.equal(S.deferred, false);
});

test("a busy frame is not deferred once the search has arrived", () => {
  const { S, pb, frame } = setup({ renderMs: 3, streaming: false, othersMs: () => 26 });
  pb.kick();
  for (let i = 0; i < 3; i++) assert.equal(frame(), true);
  assert.ok(S.k > 0);
});

test("hold keeps playback where it is, and a seek still goes where asked", () => {
  let holding = true;
  let clock = 0;
  const frames = [];
  globalThis.requestAnimationFrame = (f) => { frames.push(f); return frames.length; };
  const trace = { length: 1000, nodeCount: (k) => (k >= 2 ? 1 : 0), node: (id) => (id === 1 ? { enterAt: 1 } : null) };
  const S = { trace, k: 0, acc: 0, speed: 1000, playing: true, streaming: false, dirty: true, frame: 0, lastTime: 0,
    restFrame: false, get eventCount() { return trace.length; } };
  const pb = createPlayback(S, { render: () => { S.dirty = false; }, hold: () => holding, now: () => clock });
  pb.kick();
  for (let i = 1; i <= 3; i++) frames.shift()(i * 16);
  assert.equal(S.k, 0); // held: not a step played
  assert.equal(S.playing, true);
  pb.seek(12); // a link's step=12 while the code panel's text is on its way
  assert.equal(S.k, 12);
  holding = false;
  frames.shift()(64);
  frames.shift()(80);
  assert.ok(S.k > 12, `k ${S.k}`);
});

// Issue 28: while a search streams, a render may be drawn in slices (render.js, stages.js): a
// fake renderer here draws a step in two slices, 6 ms each.
function sliced({ streaming = true } = {}) {
  let clock = 0;
  const frames = [], calls = [];
  globalThis.requestAnimationFrame = (f) => { frames.push(f); return frames.length; };
  const trace = { length: 100000, nodeCount: (k) => (k >= 2 ? 1 : 0), node: (id) => (id === 1 ? { enterAt: 1 } : null) };
  const S = { trace, k: 0, acc: 0, speed: 1000, playing: true, streaming, dirty: true, frame: 0, lastTime: 0,
    restFrame: false, get eventCount() { return trace.length; } };
  let half = false;
  const pb = createPlayback(S, {
    render: () => { calls.push(["whole", S.k]); clock += 12; S.dirty = false; S.renderOwed = false; half = false; },
    renderSlice: () => {
      const goOn = half && !S.dirty;
      calls.push([goOn ? "rest" : "first", S.k]);
      clock += 6; S.dirty = false; half = !goOn; S.renderOwed = half;
      return !half;
    },
    now: () => clock,
  });
  let time = 0;
  const frame = () => { time = Math.max(time + 16, clock); clock = time; frames.shift()(time); };
  return { S, pb, frame, calls, frames };
}

test("while streaming, playback finishes a step drawn in slices before it moves on", () => {
  const { S, pb, frame, calls } = sliced();
  pb.kick();
  frame(); // the first slice of the first step
  const k1 = S.k;
  frame(); // its rest, at the same step
  assert.deepEqual(calls, [["first", k1], ["rest", k1]]);
  frame(); // then playback moves on: the next step, from its first slice
  assert.equal(calls[2][0], "first");
  assert.ok(calls[2][1] > k1, `k ${calls[2][1]} after ${k1}`);
});

test("a step taken while streaming draws its first slice at once and the rest in the next frame", () => {
  const { S, pb, frame, calls, frames } = sliced();
  S.playing = false;
  pb.seek(500);
  assert.deepEqual(calls, [["first", 500]]);
  assert.equal(frames.length, 1, "the rest is asked for");
  frame();
  assert.deepEqual(calls, [["first", 500], ["rest", 500]]);
  assert.equal(S.renderOwed, false);
});

test("a step taken once the search has arrived is drawn whole at once", () => {
  const { S, pb, calls } = sliced({ streaming: false });
  S.playing = false;
  pb.seek(500);
  assert.deepEqual(calls, [["whole", 500]]);
});
