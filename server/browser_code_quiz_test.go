package server

import (
	"encoding/json"
	"fmt"
	"net/url"
	"reflect"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// The quiz's "which line runs next?" with the code panel open, on R&N's tree under alpha-beta
// (AIMA Fig. 5.5). By hand from the book's figure: B's first leaf (3) lowers β at B; B's 3 raises
// α at A; C's first leaf (2 ≤ α = 3) cuts C off; D's 14 and then 5 lower β at D; D's 2 cuts D
// off. Each question's right line is the pseudo-code's line for that step, found here by its
// text (β ← MIN(β, v) in MIN-VALUE, α ← MAX(α, v) in MAX-VALUE, MIN-VALUE's break); every other
// question is answered with the line below, which the page must call wrong.
func TestBrowserQuizAsksWhichLineRunsNext(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.open("/?" + url.Values{"tree": {aima}, "algo": {"alphabeta"}, "quiz": {"line"}, "code": {"pseudo"}}.Encode())
	p.run(chromedp.SetValue(`#speed`, "41", chromedp.ByQuery),
		chromedp.Evaluate(`document.getElementById("speed").dispatchEvent(new Event("input"))`, nil))
	p.click("start-button")
	p.waitFor(`(() => { const s = window.pvscope.snapshot(); return s.eventCount > 0 && !s.streaming && s.code && window.pvscope.code("pseudo").text; })()`)
	lines := strings.Split(evalJS[string](p, `window.pvscope.code("pseudo").text`), "\n")
	// lineIn finds the line holding text inside the function named fn (1-based, as shown).
	lineIn := func(fn, text string) int {
		in := false
		for i, l := range lines {
			if strings.HasPrefix(l, "function ") {
				in = strings.HasPrefix(l, "function "+fn+"(")
			}
			if in && strings.Contains(l, text) {
				return i + 1
			}
		}
		t.Fatalf("no line %q in %s of the pseudo-code:\n%s", text, fn, strings.Join(lines, "\n"))
		return 0
	}
	lowerBeta, raiseAlpha, cutMin := lineIn("MIN-VALUE", "β ← MIN(β, v)"), lineIn("MAX-VALUE", "α ← MAX(α, v)"), lineIn("MIN-VALUE", "break")
	type question struct {
		Node string
		Line int
	}
	want := []question{{"0", lowerBeta}, {"", raiseAlpha}, {"1", cutMin}, {"2", lowerBeta}, {"2", lowerBeta}, {"2", cutMin}}
	var got []question
	for n := 0; n < 20; n++ {
		p.waitFor(`(() => { const s = window.pvscope.snapshot(); return s.quiz.question !== null || (s.eventIndex === s.eventCount && !s.running); })()`)
		qs := evalJS[string](p, `JSON.stringify(window.pvscope.snapshot().quiz.question)`)
		if qs == "null" {
			break
		}
		var q struct{ Kind, Node string }
		if err := json.Unmarshal([]byte(qs), &q); err != nil {
			t.Fatal(err)
		}
		if q.Kind != "line" {
			t.Fatalf("quiz=line asked a %q question", q.Kind)
		}
		i := len(got)
		if i >= len(want) {
			t.Fatalf("more line questions than the book's six decisions: %v and now %q", got, q.Node)
		}
		got = append(got, question{q.Node, want[i].Line})
		if odd := i%2 == 1; odd {
			if right := evalJS[bool](p, fmt.Sprintf(`window.pvscope.answer("%d")`, want[i].Line+1)); right {
				t.Errorf("question %d (node %q): line %d was called right, want wrong (the right line is %d)", i+1, q.Node, want[i].Line+1, want[i].Line)
			}
		}
		if right := evalJS[bool](p, fmt.Sprintf(`window.pvscope.answer("%d")`, want[i].Line)); !right {
			t.Errorf("question %d (node %q): line %d (%q) was called wrong", i+1, q.Node, want[i].Line, strings.TrimSpace(lines[want[i].Line-1]))
		}
	}
	gotNodes, wantNodes := []string{}, []string{}
	for i := range got {
		gotNodes = append(gotNodes, got[i].Node)
	}
	for i := range want {
		wantNodes = append(wantNodes, want[i].Node)
	}
	if !reflect.DeepEqual(gotNodes, wantNodes) {
		t.Errorf("line questions were asked at nodes %q, want %q (B, A, C, D, D, D)", gotNodes, wantNodes)
	}
	if code := evalJS[map[string]any](p, `window.pvscope.snapshot().code`); code == nil {
		t.Error("the code panel closed during the quiz")
	}
}

// A link to a step with the code panel open: the panel's text loads after the search has
// started, and the link's seek must not wait for it (it once went through the wait that holds
// playback, and the page stayed at step 0). R&N's step 12, the panel on a line there.
func TestBrowserCodePanelLinkToAStep(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.open("/?" + url.Values{"tree": {aima}, "algo": {"alphabeta"}, "code": {"pseudo"}, "step": {"12"}}.Encode())
	p.click("start-button")
	p.waitFor(`(() => { const s = window.pvscope.snapshot(); return s.eventCount > 0 && !s.streaming && s.code && s.code.line > 0; })()`)
	if k := evalJS[int](p, `window.pvscope.snapshot().eventIndex`); k != 12 {
		t.Errorf("a link to step 12 with the code panel open shows step %d", k)
	}
}

// The code's text does not come (a host missing the file, the network gone): the panel says so
// with the file's name, and playback, which waits for the text, goes on to the end.
func TestBrowserCodePanelSaysWhenItsTextDoesNotCome(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.run(network.Enable(), network.SetBlockedURLs([]string{"*alphabeta-maxmin.txt*"}))
	p.open("/?" + url.Values{"tree": {aima}, "algo": {"alphabeta"}, "code": {"pseudo"}}.Encode())
	p.click("start-button")
	p.waitFor(`(() => { const s = window.pvscope.snapshot(); return s.eventCount > 0 && !s.streaming && s.eventIndex === s.eventCount; })()`)
	p.waitFor(`document.querySelector('[data-testid="code-note"]').textContent.includes("alphabeta-maxmin.txt")`)
	if note := p.text("code-note"); !strings.Contains(note, "could not be loaded") {
		t.Errorf("the panel's note reads %q, want a sentence saying the code could not be loaded", note)
	}
}
