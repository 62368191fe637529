// framequeue.js (issue 44): a big events frame is handled as frames of SLICE_EVENTS events, a
// task each, in order with the frames after it; the Trace they make is the one the whole frame
// makes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createFrameQueue, splitEvents, SLICE_EVENTS } from "../framequeue.js";

// A frame of n events by hand: enters of a chain, every third carrying a line, every fifth derived,
// a cut at event 2 and at the last, a key at the first.
function frame(n) {
  const f = { type: "events", id: 1, from: 0, count: n, moves: ["a", "b"], lines: [1, 0, 2, 1], kind: [], node: [], move: [], pv: [], derived: [], cuts: [[2, 1, 0], [n - 1, 2, 1]], keys: [[0, "ff"]] };
  for (let i = 0; i < n; i++) {
    f.kind.push(1); f.node.push(i + 1); f.move.push(1 + (i % 2));
    if (i % 3 === 0) f.pv.push([i, 1 + (i % 2)]);
    if (i % 5 === 0) f.derived.push(i);
  }
  return f;
}

// The events of a list of frames, each as the whole frame's offset-free record.
function events(frames) {
  const out = [];
  for (const f of frames) {
    for (let i = 0; i < f.count; i++) {
      const at = f.from + i;
      out.push({
        at, kind: f.kind[i], node: f.node[i], move: f.move[i],
        pv: (f.pv.find((x) => x[0] === i) || [])[1], derived: f.derived.includes(i),
        cut: (f.cuts.find((x) => x[0] === i) || []).slice(1).join(","), key: (f.keys.find((x) => x[0] === i) || [])[1],
      });
    }
  }
  return out;
}

test("a frame split in two keeps every event's fields, its line, cut, key and derived mark; the tables go first", () => {
  const f = frame(10);
  const [a, b] = splitEvents(f, 4);
  assert.deepEqual([a.from, a.count, b.from, b.count], [0, 4, 4, 6]);
  assert.deepEqual([a.moves, a.lines, b.moves, b.lines], [["a", "b"], [1, 0, 2, 1], [], []]);
  assert.deepEqual(events([a, b]), events([f]));
  assert.deepEqual(splitEvents(f, 10), [f, null]);
});

test("the queue hands a big frame on in slices, a task each, and the frames after it after it", () => {
  const n = 2 * SLICE_EVENTS + 100;
  const got = [], tasks = [];
  const q = createFrameQueue((f) => got.push(f), (fn) => tasks.push(fn));
  q.push({ type: "started", id: 1 });
  q.push(frame(n));
  assert.equal(got.length, 2); // started, then the first slice: the rest waits for the next task
  q.push({ type: "done", id: 1 });
  assert.equal(got.length, 2);
  let ran = 0;
  while (tasks.length) { tasks.shift()(); ran++; }
  assert.equal(ran, 2);
  assert.deepEqual(got.map((f) => f.type), ["started", "events", "events", "events", "done"]);
  assert.deepEqual(got.filter((f) => f.type === "events").map((f) => [f.from, f.count]), [[0, SLICE_EVENTS], [SLICE_EVENTS, SLICE_EVENTS], [2 * SLICE_EVENTS, 100]]);
  assert.deepEqual(events(got.filter((f) => f.type === "events")), events([frame(n)]));
});
