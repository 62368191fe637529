// startsteps.js: the page's start, a task a step (issue 44: the start was one task of 150-250 ms).
import { test } from "node:test";
import assert from "node:assert/strict";
import { runSteps } from "../startsteps.js";

test("each step runs in a task of its own, in order, none in the caller's", async () => {
  const log = [];
  const done = runSteps([0, 1, 2].map((i) => () => {
    log.push(i);
    // A microtask queued by a step runs before the next step only if that step is a new task.
    queueMicrotask(() => log.push(`after ${i}`));
  }));
  log.push("caller");
  await done;
  assert.deepEqual(log, ["caller", 0, "after 0", 1, "after 1", 2, "after 2"]);
});

test("a step that throws rejects the start and the steps after it do not run", async () => {
  const log = [];
  await assert.rejects(runSteps([() => log.push(0), () => { throw new Error("boom"); }, () => log.push(2)]), /boom/);
  assert.deepEqual(log, [0]);
});
