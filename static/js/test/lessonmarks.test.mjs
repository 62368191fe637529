// The Lessons menu's progress marks and an exercise's closing line, in English and in French
// (issue 28): the words come from the catalogs, never the "yes"/"no" that pick them. Expected
// sentences written by hand; French puts U+00A0 before ":".
import "./words.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { speak } from "./words.mjs";
import { progressMarks, doneText } from "../lessons/lessonprogress.js";

const NB = "\u00a0";
const done = { seen: 8, read: true, exercise: { asked: 3, correct: 2, passed: true } };
const half = { seen: 2, read: false, exercise: { asked: 3, correct: 1, passed: false } };
const none = { seen: 0, read: false, exercise: null };

function inFrench(fn) {
  speak("fr");
  try { fn(); } finally { speak("en"); }
}

test("the menu's marks in English", () => {
  assert.equal(progressMarks(done, 8), "read, exercise 2/3 passed");
  assert.equal(progressMarks(half, 8), "2/8 read, exercise 1/3");
  assert.equal(progressMarks(none, 8), "");
  assert.equal(doneText(3, 2).trim(), "Exercise done: 2 of 3 answers right — passed.");
  assert.equal(doneText(3, 1).trim(), "Exercise done: 1 of 3 answers right. Two in three right pass.");
});

test("the menu's marks in French, no English word left", () => {
  inFrench(() => {
    const got = [progressMarks(done, 8), progressMarks(half, 8), doneText(3, 2).trim(), doneText(3, 1).trim()];
    assert.deepEqual(got, [
      "lue, exercice 2/3 réussi",
      "2/8 lues, exercice 1/3",
      `Exercice terminé${NB}: 2 bonnes réponses sur 3 — réussi.`,
      `Exercice terminé${NB}: 1 bonne réponse sur 3. Il faut deux bonnes réponses sur trois pour réussir.`,
    ]);
    for (const s of got) assert.doesNotMatch(s, /\b(passed|yes|no|exercise|read|done|right)\b/i, s);
    assert.equal(progressMarks(none, 8), "");
  });
});
