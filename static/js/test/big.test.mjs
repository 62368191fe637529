// A synthetic search of over a million events: memory, and random seeks checked against a
// stack replay done while generating. Times are printed, never asserted (a busy machine would
// fail them); the browser benchmarks measure speed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { synthetic } from "./helpers.mjs";
import { Trace } from "../model/model.js";
import { stepOut, stepOver } from "../stepping/stepping.js";

test("1M+ events: compact, consistent random seeks", () => {
  const s = synthetic(5, 8); // 488,281 nodes, 390,624 probes: 1,367,186 events
  assert.ok(s.n > 1_000_000);
  const t = new Trace(s.hello);
  t.start(s.started);
  const mem0 = process.memoryUsage();
  const t0 = performance.now();
  for (const b of s.batches) t.append(b);
  const ms = performance.now() - t0;
  const mem1 = process.memoryUsage();
  assert.equal(t.length, s.n);
  const perEvent = t.bytes / s.n;
  console.log(`# appended ${s.n} events in ${ms.toFixed(0)} ms (${(ms * 1e6 / s.n).toFixed(0)} ns/event); ` +
    `typed arrays ${(t.bytes / 1e6).toFixed(1)} MB = ${perEvent.toFixed(1)} B/event; ` +
    `heap+buffers grew ${((mem1.heapUsed + mem1.arrayBuffers - mem0.heapUsed - mem0.arrayBuffers) / 1e6).toFixed(1)} MB`);
  assert.ok(t.bytes < 100e6 * (s.n / 1e6) * 0.8, `${t.bytes} bytes`);
  // Random seeks, 0 and n included, in random order (no state carried between them).
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const ks = [0, s.n, 1, s.n - 1];
  for (let j = 0; j < 5000; j++) ks.push(Math.floor(rnd() * (s.n + 1)));
  const q0 = performance.now();
  for (const k of ks) {
    assert.equal(t.current(k), s.expCur[k], `current(${k})`);
    assert.equal(t.nodeCount(k), s.expCount[k], `nodeCount(${k})`);
  }
  const qms = performance.now() - q0;
  console.log(`# ${ks.length} random seeks (current + nodeCount) in ${qms.toFixed(1)} ms`);
  const st = t.stats(s.n);
  assert.equal(st.nodes, s.nodes);
  assert.equal(st.leaves, s.leaves);
  assert.equal(st.probes, s.n - 2 * s.nodes);
  assert.equal(t.subtreeSize(1), s.nodes);
  assert.equal(t.subtreeSize(2), (5 ** 8 - 1) / 4); // a root child holds a depth-7 uniform tree
  // Step out of the root's first leaf goes to the exit of its parent.
  const leafK = 9; // after entering 9 nodes: root .. first leaf (ply 8)
  assert.equal(t.current(leafK), 9);
  assert.equal(stepOut(t, leafK), t.node(9).exitAt + 1);
  assert.equal(stepOver(t, 1), t.node(2).exitAt + 1);
});
