// framequeue.js: the frames from the transport, handled in order, a slice of events a task. An
// events frame carries 8,192 events (server/session/producer.go, MaxBatch); appending them to the
// Trace, with the goal and the counters after it, took 10-230 ms in one task while a chain of
// 100,000 nodes opened (issue 44). A frame of more than SLICE_EVENTS events is handled as
// consecutive frames of SLICE_EVENTS (splitEvents), each in a task of its own, and the frames
// after it wait their turn, so the page sees the same frames in the same order, cut finer. The
// slice is a count of events, not a clock: the page does the same whatever the machine's load.
export const SLICE_EVENTS = 2048;

// The fields of an events frame that are not one value per event (docs/protocol.md): the new
// names and lines (tables, in the first part), the sparse lists by offset in the frame.
const TABLES = new Set(["moves", "whys", "lines"]);
const BY_OFFSET = new Set(["pv", "cuts", "keys"]); // [[offset, ...], ...]
const OFFSETS = new Set(["derived"]); // [offset, ...]

// splitEvents(f, n): an events frame's first n events as a frame, and the rest as another (null
// when nothing is left). Every other array is one value per event (kind, node, ..., why).
export function splitEvents(f, n) {
  if (!(f.count > n)) return [f, null];
  const head = { ...f, count: n }, rest = { ...f, from: f.from + n, count: f.count - n };
  for (const [key, v] of Object.entries(f)) {
    if (!Array.isArray(v)) continue;
    if (TABLES.has(key)) { rest[key] = []; continue; }
    if (BY_OFFSET.has(key)) {
      head[key] = v.filter((x) => x[0] < n);
      rest[key] = v.filter((x) => x[0] >= n).map((x) => [x[0] - n, ...x.slice(1)]);
    } else if (OFFSETS.has(key)) {
      head[key] = v.filter((x) => x < n);
      rest[key] = v.filter((x) => x >= n).map((x) => x - n);
    } else {
      head[key] = v.slice(0, n);
      rest[key] = v.slice(n);
    }
  }
  return [head, rest];
}

// createFrameQueue(handle, later): push(f) hands f to handle now, when nothing waits and the
// task has handled fewer than SLICE_EVENTS events; else it waits, and later(fn) runs the rest in
// a next task (a message to the page itself: no timer's delay).
export function createFrameQueue(handle, later = nextTask()) {
  const queue = [];
  let busy = false, scheduled = false;
  function push(f) {
    queue.push(f);
    if (!busy && !scheduled) run();
  }
  function run() {
    scheduled = false;
    busy = true;
    let events = 0;
    try {
      while (queue.length) {
        if (events >= SLICE_EVENTS) { scheduled = true; later(run); return; }
        let f = queue[0];
        if (f && f.type === "events" && f.count > SLICE_EVENTS) {
          const [head, rest] = splitEvents(f, SLICE_EVENTS);
          queue[0] = rest;
          f = head;
        } else queue.shift();
        events += (f && f.type === "events" && f.count) || 0;
        handle(f);
      }
    } finally { busy = false; }
  }
  return { push, get waiting() { return queue.length; } };
}

// nextTask: fn runs in a task of its own, soon (a MessageChannel's message; setTimeout where
// there is none).
function nextTask() {
  if (typeof MessageChannel !== "function") return (fn) => setTimeout(fn, 0);
  const ch = new MessageChannel(), fns = [];
  ch.port1.onmessage = () => { const fn = fns.shift(); if (fn) fn(); };
  return (fn) => { fns.push(fn); ch.port2.postMessage(0); };
}
