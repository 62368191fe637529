// Quiz questions on Russell & Norvig's Fig. 5.2 under PVS (the golden trace), in the root view:
// the answers are the book's (C = node 1 gets the null window (3, 4), returns 2 and fails low;
// after its first leaf its other two children are pruned).
import { test } from "node:test";
import assert from "node:assert/strict";
import "./words.mjs";
import { load, GOLDEN } from "./helpers.mjs";
import { questionsAt, check, Quiz, KINDS, DEFAULT_KINDS, kindsFromParam, blank, whyText } from "../teaching/quiz.js";
import { View } from "../tree/view.js";

const root = new View("root");

test("the questions of R&N under PVS carry the book's answers", () => {
  const t = load(GOLDEN);
  const all = [];
  for (let i = 0; i < t.length; i++) for (const q of questionsAt(t, i, root)) all.push({ i, ...q });
  const find = (kind, node) => all.find((q) => q.kind === kind && q.node === node);
  assert.deepEqual(find("window", "1").truth, [3, 4]);
  // C returns 2 after its first leaf (2 ≤ α = 3): an upper bound (valuegrade.js, issue 39).
  assert.deepEqual([find("value", "1").truth.value, find("value", "1").truth.bound], [2, "upper"]);
  assert.equal(find("outcome", "1").truth, "fail-low");
  assert.deepEqual([find("value", "0").truth.value, find("value", "0").truth.bound], [3, "exact"]);
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
  const c = { value: 2, bound: "upper", edge: "", window: [3, 32000] };
  assert.ok(check("value", c, "2") && check("value", c, "≤ 2") && check("value", c, "<=2") && check("value", c, 2));
  assert.ok(!check("value", c, "") && !check("value", c, "≥2") && !check("value", c, "3"));
  assert.ok(check("pruned", ["1.1", "1.2"], ["1.2", "1.1"]));
  assert.ok(check("pruned", ["1.1", "1.2"], "1.1, 1.2"));
  assert.ok(!check("pruned", ["1.1", "1.2"], ["1.1"]));
  assert.ok(check("research", false, false));
});

test("the quiz stops before each question and keeps the score", () => {
  const t = load(GOLDEN);
  const q = new Quiz();
  q.active = true;
  q.kinds = new Set(KINDS); // every kind (the default asks fewer)
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

test("a blank answer is not graded, and not taken for (-∞, ∞)", () => {
  const t = load(GOLDEN);
  const q = new Quiz();
  q.active = true; q.kinds = new Set(["window"]);
  q.gate(t, root, 0, t.length);
  // The first window asked is the root's first child's: (-∞, ∞) in the book, so a blank box would have been "right".
  assert.deepEqual(q.open.truth, [null, null]);
  for (const x of [["", ""], ["", "∞"], [" ", "3"], [undefined, undefined], ""]) {
    const r = q.answer(t, root, x);
    assert.equal(r.blank, true, JSON.stringify(x));
  }
  assert.equal(q.asked, 0);
  assert.equal(q.answer(t, root, ["-∞", "∞"]).right, true); // typed, it is graded
  assert.deepEqual([q.asked, q.correct], [1, 1]);
  assert.ok(blank("value", "") && blank("value", null) && !blank("value", "0"));
  assert.ok(blank("pruned", "") && blank("pruned", []) && !blank("pruned", "none"));
  assert.ok(check("pruned", [], "none"));
});

test("a wrong answer gets a why and a second try, scored once", () => {
  const t = load(GOLDEN);
  const q = new Quiz();
  q.active = true; q.kinds = new Set(["value"]);
  const at = q.gate(t, root, 0, t.length);
  assert.equal(q.open.node, "0"); // B returns 3 (the book)
  const r1 = q.answer(t, root, "12");
  assert.deepEqual([r1.right, r1.retry, r1.reveal], [false, true, false]);
  assert.equal(q.snapshot().question.retry, true);
  assert.equal(q.gate(t, root, 0, t.length), at); // still the same question
  const why = whyText(t, root, q.open);
  assert.equal(why, "Node 0 is a MIN node: it takes the smallest of what its children returned (3, 12, 8), 3.");
  const r2 = q.answer(t, root, "3");
  assert.deepEqual([r2.right, r2.reveal], [true, true]);
  assert.deepEqual([q.asked, q.correct], [1, 0]);
});

test("the kinds asked: a shorter default, chosen by ?quiz=", () => {
  assert.deepEqual(kindsFromParam("1"), DEFAULT_KINDS);
  assert.deepEqual(kindsFromParam("all"), KINDS);
  assert.deepEqual(kindsFromParam("window,value,bogus"), ["window", "value"]);
  const t = load(GOLDEN);
  const count = (kinds) => {
    let n = 0;
    for (let i = 0; i < t.length; i++) n += questionsAt(t, i, root).filter((x) => kinds.includes(x.kind)).length;
    return n;
  };
  assert.ok(count(DEFAULT_KINDS) < count(KINDS) / 2, `${count(DEFAULT_KINDS)} of ${count(KINDS)}`);
});

// Issue 28: the feedback said "It is fails low." An outcome, a window, a list or a value all
// read as a sentence after "The answer:".
test("the feedback names the answer in a sentence whatever its kind", async () => {
  const { t } = await import("../i18n/i18n.js");
  const { show } = await import("../teaching/quizui.js");
  for (const [truth, kind] of [["fail-low", "outcome"], [[null, 3], "window"], [["1.1", "1.2"], "pruned"], [{ value: 2, bound: "upper", edge: "", window: [3, 32000] }, "value"]]) {
    const said = t("quizui.itIs", { answer: show(truth, kind), why: "" });
    assert.match(said, /^The answer: \S/);
    assert.doesNotMatch(said, /It is fails/);
  }
  assert.equal(t("quizui.itIs", { answer: show("fail-low", "outcome"), why: "" }).trim(), "The answer: fails low.");
});

// Issue 28: the page's quiz is a stand-in (lazy.js) until its module is loaded; what it
// reports before then is what a new quiz reports, and it asks nothing.
test("the quiz's stand-in reports what a new quiz does, and lets playback through", async () => {
  const { lazyQuiz, QUIZ_KINDS } = await import("../lazy.js");
  assert.deepEqual(QUIZ_KINDS, DEFAULT_KINDS);
  const face = lazyQuiz(() => {}, () => Promise.reject(new Error("not loaded in this test")));
  assert.deepEqual(face.snapshot(), { ...new Quiz().snapshot(), note: "" });
  assert.equal(face.gate(3, 9), 9);
  assert.equal(face.answer("3"), null);
});
