package server

import (
	"encoding/json"
	"fmt"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// Reading lesson slides in one round trip each. A slide takes a fraction of a second to load in
// the page; waiting for it with one chromedp call, asking node() with a second and reading the
// probe with a third cost as much again under load (TestBrowserLessonsWalkEverySlide walks 75
// slides), so the wait and the reads run in the page, in one awaited Evaluate.

// slideWaitJS is a page function: a Promise that resolves once the open lesson shows slide n
// (1-based) loaded or failed, waitSlide's condition polled every animation frame for 60 s at most.
const slideWaitJS = `(n) => new Promise((resolve, reject) => {
  const until = Date.now() + 60000;
  const poll = () => {
    const l = window.pvscope.snapshot().lesson;
    if (l && l.slide === n && (l.loaded || l.error !== "")) { resolve(); return; }
    if (Date.now() > until) { reject(new Error("slide " + n + " neither loaded nor failed in 60 s: " + JSON.stringify(l))); return; }
    requestAnimationFrame(poll);
  };
  poll();
})`

// textWaitJS is a page function: a Promise that resolves once the slide's text is written (the
// first slide's Markdown module arrives after its state may have loaded, lesson.js's slideText),
// or after 10 s without it, when the test says that no text is shown.
const textWaitJS = `() => new Promise((resolve) => {
  const until = Date.now() + 10000;
  const poll = () => {
    if (document.querySelector('[data-testid="lesson-text"]').textContent.trim() !== "" || Date.now() > until) resolve();
    else requestAnimationFrame(poll);
  };
  poll();
})`

// slideReadJS is a page function of (sel): lessonProbe's object, with selPath the path
// node(sel) resolves to ("?" when none) when sel is not "".
var slideReadJS = `(sel) => { const s = JSON.parse(` + lessonProbe + `);
  if (sel !== "") s.selPath = (window.pvscope.node(sel) || {path: "?"}).path;
  return s; }`

// awaitJSON evaluates js, a Promise of JSON text, and decodes it into out.
func (p *page) awaitJSON(js string, out any) {
	p.t.Helper()
	var raw string
	p.run(chromedp.Evaluate(js, &raw, func(e *runtime.EvaluateParams) *runtime.EvaluateParams { return e.WithAwaitPromise(true) }))
	if err := json.Unmarshal([]byte(raw), out); err != nil {
		p.t.Fatalf("%v: %s", err, raw)
	}
}

// slideAt waits for slide n of the open lesson to have loaded or failed (waitSlide) and its
// text to be written (textWaitJS), and reads it (lessonSnap, with SelPath node(sel)'s path when sel is not ""); when quiz is true it then
// also waits for the quiz to ask its question (an exercise slide, read before it is asked).
func (p *page) slideAt(n int, sel string, quiz bool) lessonSnap {
	p.t.Helper()
	var got lessonSnap
	p.awaitJSON(fmt.Sprintf(`(async () => {
  await (%s)(%d);
  await (%s)();
  const s = (%s)(%q);
  if (%v) await new Promise((resolve, reject) => {
    const until = Date.now() + 60000;
    const poll = () => {
      if (window.pvscope.snapshot().quiz.question !== null) resolve();
      else if (Date.now() > until) reject(new Error("the exercise asked no question in 60 s"));
      else requestAnimationFrame(poll);
    };
    poll();
  });
  return JSON.stringify(s);
})()`, slideWaitJS, n, textWaitJS, slideReadJS, sel, quiz), &got)
	return got
}

// lessonSlides opens slides from..to of the lesson name in turn in the page as it stands
// (window.pvscope.lesson.open) and reads each once it has loaded or failed (slideAt, without a
// selection), all in one round trip.
func (p *page) lessonSlides(name string, from, to int) []lessonSnap {
	p.t.Helper()
	var got []lessonSnap
	p.awaitJSON(fmt.Sprintf(`(async () => {
  const wait = %s, read = %s, out = [];
  for (let n = %d; n <= %d; n++) {
    if (!window.pvscope.lesson.open(%q, n)) throw new Error("the page has no lesson %s");
    await wait(n);
    out.push(read(""));
  }
  return JSON.stringify(out);
})()`, slideWaitJS, slideReadJS, from, to, name, name), &got)
	if len(got) != to-from+1 {
		p.t.Fatalf("%s slides %d to %d: read %d", name, from, to, len(got))
	}
	return got
}
