package server

import (
	"encoding/json"
	"fmt"
	"net/url"

	"github.com/chromedp/chromedp"
	"github.com/pvscope/pvscope/engine"
)

// The quiz and exercise tests answer hundreds of questions. Asked one round trip at a time
// (wait for the question, read it, answer it, read it again) a question cost four or five calls
// from Go to Chromium; now each test hands the page every answer it may need, worked out in Go
// from its own reference, and one script in the page waits for each question through
// window.pvscope, answers it, and returns a log of what the page asked and said. The test then
// checks the log in Go with the same assertions as before, question by question.

// untilJS defines until(cond, what): a Promise that resolves once cond() is true, checked now
// and then after each animation frame's callbacks (playback opens a question in one), as
// chromedp.Poll checked at each frame; it rejects after 60 s, as waitFor did. quizNext() is
// a Promise of the open question as JSON.stringify gives it, or "null" once playback has ended
// with none open (the condition the tests polled for).
const untilJS = `const until = (cond, what) => new Promise((resolve, reject) => {
	const t0 = performance.now();
	const tick = () => {
		if (cond()) return resolve();
		if (performance.now() - t0 > 60000) return reject(new Error("waited 60 s for " + what));
		requestAnimationFrame(() => setTimeout(tick, 0));
	};
	tick();
});
const quizNext = async () => {
	await until(() => { const s = window.pvscope.snapshot(); return s.quiz.question !== null || (s.eventIndex === s.eventCount && !s.running); },
		"a question, or playback to end");
	return JSON.stringify(window.pvscope.snapshot().quiz.question);
};`

// pageScript wraps body (an async function's statements, with until and quizNext defined and
// the argument in arg) into an expression that calls it with arg encoded as JSON.
func pageScript(body string, arg any) string {
	b, err := json.Marshal(arg)
	if err != nil {
		panic(err)
	}
	return fmt.Sprintf("(async (arg) => { %s\n%s\n})(%s)", untilJS, body, b)
}

// startRandomQuiz searches the random tree spec with alpha-beta in quiz mode (kinds: the quiz=
// parameter), playback at full speed, and returns the tree the page searched (the started
// frame's). The first call opens the page on the link; later ones type spec in the setup's
// random field and press Start on the same page, as a teacher trying seed after seed does (a
// started frame resets the quiz: frames.js). Either way the tree must be the one the engine
// generates for spec, so each seed is really searched.
func (p *page) startRandomQuiz(spec, kinds string, first bool) any {
	p.t.Helper()
	if first {
		p.open("/?" + url.Values{"random": {spec}, "algo": {"alphabeta"}, "quiz": {kinds}}.Encode())
		// Playback as fast as it goes: the quiz still stops before every decision.
		p.run(chromedp.SetValue(`#speed`, "41", chromedp.ByQuery),
			chromedp.Evaluate(`document.getElementById("speed").dispatchEvent(new Event("input"))`, nil))
	} else {
		p.run(chromedp.SetValue(`#random-input`, spec, chromedp.ByQuery),
			chromedp.Evaluate(`document.getElementById("random-input").dispatchEvent(new Event("input", { bubbles: true }))`, nil))
	}
	p.click("start-button")
	p.waitFor(`window.pvscope.snapshot().eventCount > 0 && !window.pvscope.snapshot().streaming && window.pvscope.snapshot().quiz.question !== null`)
	var raw string
	p.run(chromedp.Evaluate(`JSON.stringify(window.pvscope.trace.started.tree)`, &raw))
	var tv any
	if err := json.Unmarshal([]byte(raw), &tv); err != nil {
		p.t.Fatal(err)
	}
	ts, err := engine.ParseTreeSpec(spec)
	if err != nil {
		p.t.Fatal(err)
	}
	gen, err := engine.Generate(ts)
	if err != nil {
		p.t.Fatal(err)
	}
	if got, want := refText(tv), gen.String(); got != want {
		p.t.Fatalf("%s: the page searched %s, the engine generates %s", spec, got, want)
	}
	return tv
}

// exerciseStep is one exercise of an exercise script: its kind, chosen in the exercise menu
// (Open, as openExercise does) or already open, and the answers to grade in turn. Random, when
// set, is typed in the setup's random field first (as the exercise's "Another" button does), so
// the exercise opens on that tree; the script then also waits for the exercise of that Seed.
type exerciseStep struct {
	Kind    string            `json:"kind"`
	Open    bool              `json:"open"`
	Random  string            `json:"random,omitempty"`
	Seed    int               `json:"seed,omitempty"`
	Answers []json.RawMessage `json:"answers"`
}

// exerciseOpenJS defines openExercise(s): types s.random in the setup's random field when
// given, chooses s.kind in the exercise menu when s.open, and waits until the exercise of that
// kind (and seed, when given) is open.
const exerciseOpenJS = `const openExercise = async (s) => {
	if (s.random) {
		const field = document.querySelector('[data-testid="random-input"]');
		field.value = s.random;
		field.dispatchEvent(new Event("input", { bubbles: true }));
	}
	if (s.open) {
		const menu = document.querySelector('[data-testid="exercise-menu"]');
		menu.value = s.kind;
		menu.dispatchEvent(new Event("change"));
	}
	await until(() => { const e = window.pvscope.snapshot().exercise; return e && e.kind === s.kind && (!s.seed || e.seed === s.seed); },
		"the " + s.kind + " exercise" + (s.seed ? " of seed " + s.seed : ""));
};`

// answer adds x, encoded now (a later change to a map given does not reach it).
func (s *exerciseStep) answer(x any) *exerciseStep {
	b, err := json.Marshal(x)
	if err != nil {
		panic(err)
	}
	s.Answers = append(s.Answers, b)
	return s
}

// exerciseDone is what the page said at one step: snapshot().exercise once the kind was open
// (as exercise() reads it) and each answer's grade (as answerExercise reads it).
type exerciseDone struct {
	Exercise *exerciseSnap
	Graded   []graded
}

// exercises runs steps in one page script: each step's exercise opened and waited for, its key
// read, its answers graded by window.pvscope.answerExercise.
func (p *page) exercises(steps []*exerciseStep) []exerciseDone {
	p.t.Helper()
	var raw []struct {
		Exercise string   `json:"exercise"`
		Graded   []string `json:"graded"`
	}
	p.await(pageScript(exerciseOpenJS+`const out = [];
	for (const s of arg) {
		await openExercise(s);
		const done = { exercise: JSON.stringify(window.pvscope.snapshot().exercise), graded: [] };
		for (const x of s.answers) done.graded.push(JSON.stringify(window.pvscope.answerExercise(x)));
		out.push(done);
	}
	return out;`, steps), &raw)
	out := make([]exerciseDone, len(raw))
	for i, r := range raw {
		if r.Exercise != "null" {
			out[i].Exercise = &exerciseSnap{}
			if err := json.Unmarshal([]byte(r.Exercise), out[i].Exercise); err != nil {
				p.t.Fatal(err)
			}
		}
		for _, g := range r.Graded {
			var x graded
			if err := json.Unmarshal([]byte(g), &x); err != nil {
				p.t.Fatal(err)
			}
			out[i].Graded = append(out[i].Graded, x)
		}
	}
	return out
}
