package server

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// A student with a keyboard only: the alpha-beta lesson paged with PgDn to its exercise, and every
// quiz question answered by typing and Tab / Enter, right each time (from the test's own
// alpha-beta in the root view). The result is kept, passed, and survives a reload.
func TestBrowserLessonExerciseByKeyboardAlone(t *testing.T) {
	p := newPage(t, 1366, 768)
	errs := consoleErrors(p)
	_, slides := readLessonFile(t, "../static/lessons/alphabeta.md")
	last := slides[len(slides)-1]
	q, _ := url.ParseQuery(last.state)
	ref := runRef(parseRefTree(q.Get("tree")), "alphabeta", true)
	p.open("/?lesson=alphabeta&slide=1")
	p.waitSlide(1)
	for i := 2; i <= len(slides); i++ {
		p.run(chromedp.KeyEvent(kb.PageDown))
		p.waitSlide(i)
	}
	type question struct{ Kind, Node string }
	asked := 0
	for {
		p.waitFor(`(() => { const s = window.pvscope.snapshot(); return s.quiz.question !== null || (s.eventCount > 0 && s.eventIndex === s.eventCount && !s.running); })()`)
		var qs string
		p.run(chromedp.Evaluate(`JSON.stringify(window.pvscope.snapshot().quiz.question)`, &qs))
		if qs == "null" {
			break
		}
		var qq question
		if err := json.Unmarshal([]byte(qs), &qq); err != nil {
			t.Fatal(err)
		}
		// The panel takes the focus itself: the keys go where a student's would.
		p.waitFor(`document.querySelector('[data-testid="quiz-panel"]').contains(document.activeElement)`)
		want, ok := ref.nodes[qq.Node]
		if !ok && qq.Kind != "pruned" {
			t.Fatalf("a %s question about %q, which alpha-beta never visits", qq.Kind, qq.Node)
		}
		edge := func(v int, neg bool) string {
			if v >= refInf || v <= -refInf {
				if neg {
					return "-inf"
				}
				return "inf"
			}
			return strconv.Itoa(v)
		}
		var keys []chromedp.Action
		switch qq.Kind {
		case "window":
			keys = []chromedp.Action{chromedp.KeyEvent(edge(want.lo, true)), chromedp.KeyEvent(kb.Tab), chromedp.KeyEvent(edge(want.hi, false)), chromedp.KeyEvent(kb.Enter)}
		case "value":
			keys = []chromedp.Action{chromedp.KeyEvent(strconv.Itoa(want.value)), chromedp.KeyEvent(kb.Enter)}
		case "outcome":
			tabs := map[string]int{"fail-high": 0, "exact": 1, "fail-low": 2}[want.outcome]
			for range tabs {
				keys = append(keys, chromedp.KeyEvent(kb.Tab))
			}
			keys = append(keys, chromedp.KeyEvent(kb.Enter))
		case "pruned":
			var pruned []string
			n := parseRefTree(q.Get("tree")).at(qq.Node)
			for i := range n.kids {
				if _, seen := ref.nodes[child(qq.Node, i)]; !seen {
					pruned = append(pruned, child(qq.Node, i))
				}
			}
			keys = []chromedp.Action{chromedp.KeyEvent(strings.Join(pruned, " ")), chromedp.KeyEvent(kb.Enter)}
		default:
			t.Fatalf("alpha-beta asked a %q question", qq.Kind)
		}
		before := asked
		p.run(keys...)
		asked++
		p.waitFor(fmt.Sprintf(`window.pvscope.snapshot().quiz.asked === %d`, before+1))
		if asked > 200 {
			t.Fatal("more than 200 questions")
		}
	}
	var quiz struct{ Asked, Correct int }
	p.run(chromedp.Evaluate(`window.pvscope.snapshot().quiz`, &quiz))
	if quiz.Asked != asked || quiz.Correct != asked || asked < 10 {
		t.Fatalf("quiz %d / %d after %d questions answered right by keyboard", quiz.Correct, quiz.Asked, asked)
	}
	p.waitFor(`!document.querySelector('[data-testid="lesson-result"]').hidden`)
	if r := p.text("lesson-result"); !strings.Contains(r, fmt.Sprintf("%d of %d", asked, asked)) || !strings.Contains(r, "passed") {
		t.Errorf("lesson-result %q", r)
	}
	// Try again: the exercise starts over from step 0 with every question asked again.
	p.click("lesson-retry")
	p.waitFor(`(() => { const s = window.pvscope.snapshot(); return s.lesson.loaded && s.quiz.question !== null && s.quiz.asked === 0; })()`)
	// Kept in the browser: after a reload the menu still says so.
	p.open("/")
	p.waitFor(`window.pvscope.lessons().length > 0`)
	var prog struct {
		Read     bool
		Exercise struct {
			Asked, Correct int
			Passed         bool
		}
	}
	p.run(chromedp.Evaluate(`window.pvscope.lesson.progress().alphabeta`, &prog))
	if !prog.Read || !prog.Exercise.Passed || prog.Exercise.Asked != asked {
		t.Errorf("progress after a reload: %+v", prog)
	}
	var menu string
	p.run(chromedp.Evaluate(`[...document.querySelector('[data-testid="lesson-menu"]').options].map((o) => o.textContent).join("|")`, &menu))
	if !strings.Contains(menu, fmt.Sprintf("Alpha-beta (read, exercise %d/%d passed)", asked, asked)) {
		t.Errorf("menu %q does not show the progress", menu)
	}
	p.run(chromedp.Evaluate(`window.pvscope.lesson.resetProgress()`, nil))
	var after string
	p.run(chromedp.Evaluate(`JSON.stringify(window.pvscope.lesson.progress().alphabeta)`, &after))
	if after != `{"seen":0,"read":false,"exercise":null}` {
		t.Errorf("progress after a reset: %s", after)
	}
	if e := errs(); len(e) > 0 {
		t.Errorf("console errors: %q", e)
	}
}
