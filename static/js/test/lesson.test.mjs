// Lesson format, Markdown and the live region's throttle, against hand-written expectations.
import { test } from "node:test";
import assert from "node:assert/strict";
import "./words.mjs";
import { parseLesson, parseStep, resolveStep, splitState } from "../lessons/lessonformat.js";
import { markdownToHTML } from "../lessons/markdown.js";
import { Announcer } from "../stepping/announce.js";
import { Progress, passed } from "../lessons/lessonprogress.js";

const LESSON = `# Two slides

An introduction.

---
state: tree=((1 2) (3 4))&algo=minimax&view=root
step: exit 1
select: 1

First **slide**.

---
step: 7

Second, same state.

---
state: tree=((1 2))
color: red

Bad key.
`;

test("a lesson reads into slides, each keeping the state before it", () => {
  const l = parseLesson(LESSON, "two");
  assert.equal(l.title, "Two slides");
  assert.equal(l.slides.length, 3);
  assert.deepEqual({ ...l.slides[0], text: undefined }, { state: "tree=((1 2) (3 4))&algo=minimax&view=root", step: "exit 1", select: "1", exercise: "", text: undefined, error: "" });
  assert.equal(l.slides[0].text, "First **slide**.");
  assert.equal(l.slides[1].state, l.slides[0].state);
  assert.equal(l.slides[1].step, "7");
  assert.match(l.slides[2].error, /"color" is not a slide key/);
});

test("steps: numbers, end, an event at a node, the n-th one, any node", () => {
  assert.deepEqual(parseStep("12"), { at: 12 });
  assert.deepEqual(parseStep("end"), { end: true });
  assert.deepEqual(parseStep("exit 1.0"), { kind: "exit", path: "1.0", nth: 1 });
  assert.deepEqual(parseStep("exit root #2"), { kind: "exit", path: "", nth: 2 });
  assert.deepEqual(parseStep("tt-cutoff *"), { kind: "tt-cutoff", path: "*", nth: 1 });
  assert.equal(parseStep("exit 1 2 3"), null);
  // A trace of 4 events: enter root, enter 0, exit 0, exit root (paths by node id).
  const events = [{ kind: "enter", node: 1 }, { kind: "enter", node: 2 }, { kind: "exit", node: 2 }, { kind: "exit", node: 1 }];
  const trace = { length: 4, event: (i) => events[i] };
  const pathOf = (id) => (id === 1 ? "" : "0");
  assert.deepEqual(resolveStep("exit 0", trace, pathOf), { k: 3 });
  assert.deepEqual(resolveStep("exit root", trace, pathOf), { k: 4 });
  assert.deepEqual(resolveStep("end", trace, pathOf), { k: 4 });
  assert.match(resolveStep("9", trace, pathOf).error, /Step 9 is past the end of this search, which has 4 steps/);
  assert.match(resolveStep("cutoff 0", trace, pathOf).error, /no "cutoff" event at node 0/);
});

test("the page's own parameters leave the search's", () => {
  assert.deepEqual(splitState("?tree=((1 2))&view=root&quiz=1&algo=pvs"), { search: "tree=%28%281+2%29%29&algo=pvs", view: "root", quiz: "1" });
});

test("markdown: paragraphs, lists, emphasis, code; HTML escaped; links only to http(s) or this server", () => {
  assert.equal(markdownToHTML("a **b** *c* `d<e>`\n\n- x\n- y"), "<p>a <strong>b</strong> <em>c</em> <code>d&lt;e&gt;</code></p><ul><li>x</li><li>y</li></ul>");
  assert.equal(markdownToHTML("<script>alert(1)</script>"), "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>");
  assert.equal(markdownToHTML("[a](javascript:alert)"), "<p>a</p>");
  assert.equal(markdownToHTML("[a](/?lesson=pvs)"), '<p><a href="/?lesson=pvs">a</a></p>');
});

test("the live region says at most one sentence per gap, the newest when steps come fast", () => {
  let t = 0;
  const timers = [];
  const el = { textContent: "" };
  const a = new Announcer(el, { gap: 1000, now: () => t, later: (fn, ms) => timers.push({ fn, at: t + ms }) });
  a.say(1, "one");
  assert.equal(el.textContent, "one");
  t = 100; a.say(2, "two");
  t = 200; a.say(3, () => "three");
  assert.equal(el.textContent, "one");
  assert.equal(timers.length, 1);
  t = 1000; timers[0].fn();
  assert.equal(el.textContent, "three");
  a.say(3, "three again"); // the same key: nothing
  t = 2500; a.say(4, "four");
  assert.equal(el.textContent, "four");
});

test("progress: slides read, exercise kept, reset", () => {
  const store = new Map();
  const storage = { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v) };
  const p = new Progress(storage);
  p.seen("ab", 0); p.seen("ab", 1); p.seen("ab", 1);
  assert.deepEqual(p.of("ab", 2), { seen: 2, read: true, exercise: null });
  p.exercise("ab", 9, 6);
  assert.deepEqual(new Progress(storage).of("ab", 3), { seen: 2, read: false, exercise: { asked: 9, correct: 6, passed: true } });
  assert.equal(passed(3, 1), false);
  p.reset();
  assert.deepEqual(new Progress(storage).of("ab", 2), { seen: 0, read: false, exercise: null });
});

// Issue 28, item 4: a slide names moves as the page writes them. The page numbers a line from the
// FEN's move number (3.Nc3 after 1.e4 e5 2.Nf3 Nc6), so a move number in a chess slide's text is
// never below the FEN's own: "1.Nc3" in a position at move 3 is a move the page never shows.
test("the lessons' move numbers start from their position's move number", async () => {
  const fs = await import("node:fs");
  const dir = new URL("../../lessons/", import.meta.url);
  let checked = 0;
  // The lessons and their translations (lessons/LANG/NAME.md).
  const files = fs.readdirSync(dir, { recursive: true }).filter((x) => x.endsWith(".md"));
  assert.ok(files.some((f) => f.startsWith("fr/")), "no French lesson found");
  for (const f of files) {
    const lesson = parseLesson(fs.readFileSync(new URL(f, dir), "utf8"), f);
    for (const [i, s] of lesson.slides.entries()) {
      const fen = new URLSearchParams(s.state).get("fen");
      if (!fen) continue;
      const first = Number(fen.trim().split(/\s+/)[5] || 1);
      for (const m of s.text.matchAll(/(?<![\w.])(\d+)\.(?:\.\.)?(?:[NBRQK]?[a-h]?x?[a-h][1-8]|O-O)/g)) {
        checked++;
        assert.ok(Number(m[1]) >= first, `${f} slide ${i + 1}: "${m[0]}" in a position at move ${first}`);
      }
    }
  }
  assert.ok(checked >= 5, `only ${checked} numbered moves found in the chess slides`);
});
