// Quiz questions on Russell & Norvig's Fig. 5.2 under PVS (the golden trace), in the root view:
// the answers are the book's (C = node 1 gets the null window (3, 4), returns 2 and fails low;
// after its first leaf its other two children are pruned).
import { test } from "node:test";
import assert from "node:assert/strict";
import { load, GOLDEN } from "./helpers.mjs";
import { questionsAt, check, Quiz } from "../quiz.js";
import { View } from "../view.js";

const root = new View("root");

test("the questions of R&N under PVS carry the book's answers", () => {
  const t = load(GOLDEN);
  const all = [];
  for (let i = 0; i < t.length; i++) for (const q of questionsAt(t, i, root)) all.push({ i, ...q });
  const find = (kind, node) => all.find((q) => q.kind === kind && q.node === node);
  assert.deepEqual(find("window", "1").truth, [3, 4]);
  assert.equal(find("value", "1").truth, 2);
  assert.equal(find("outcome", "1").truth, "fail-low");
  assert.equal(find("value", "0").truth, 3);
  assert.equal(find("outcome", "0").truth, "exact");
  assert.deepEqual(find("pruned", "1").truth, ["1.1", "1.2"]);
  // No probe of R&N lands inside its window: no re-search follows any.
  assert.ok(all.filter((q) => q.kind === "research").every((q) => q.truth === false));
  assert.ok(all.some((q) => q.kind === "research"));
});

test("answers are checked as the form gives them", () => {
  assert.ok(check("window", [null, 3], [-Infinity, 3]));
  assert.ok(check("window", [null, 3], [null, 3]));
  assert.ok(!check("window", [null, 3], [0, 3]));
  assert.ok(check("value", 2, "2"));
  assert.ok(!check("value", 2, ""));
  assert.ok(check("pruned", ["1.1", "1.2"], ["1.2", "1.1"]));
  assert.ok(check("pruned", ["1.1", "1.2"], "1.1, 1.2"));
  assert.ok(!check("pruned", ["1.1", "1.2"], ["1.1"]));
  assert.ok(check("research", false, false));
});

test("the quiz stops before each question and keeps the score", () => {
  const t = load(GOLDEN);
  const q = new Quiz();
  q.active = true;
  let k = 0, guard = 0;
  while (k < t.length && guard++ < 200) {
    const stop = q.gate(t, root, k, t.length);
    if (stop === t.length && !q.open) break;
    assert.equal(stop, q.open.at);
    const r = q.answer(t, root, q.asked % 2 === 0 ? q.open.truth : "wrong");
    if (r.reveal) k = r.at + 1;
  }
  assert.ok(q.asked > 10);
  assert.equal(q.correct, Math.ceil(q.asked / 2));
});
