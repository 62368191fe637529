package server

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// Issue 39, item 2: the quiz's answer boxes show the form of an answer with paths and numbers
// that are not in the tree asked about. On six seeded trees every question of every kind is
// asked (each answered wrong twice, which reveals it); no placeholder names a path of the tree,
// a leaf's value, a window edge or a value any node returns (from the alpha-beta written in
// the test), nor ∞. On main "e.g. 1.1 1.2, or none" named two of each tree's paths and the
// window's "α (-∞)", "β (∞)" the first question's answer.
func TestBrowserQuizPlaceholdersNameNoAnswer(t *testing.T) {
	p := newPage(t, 1366, 768)
	tokens := regexp.MustCompile(`-?\d+(\.\d+)*|∞`)
	for seed := 1; seed <= 6; seed++ {
		p.open(fmt.Sprintf("/?random=b=3,d=3,seed=%d&algo=alphabeta&quiz=all", seed))
		p.run(chromedp.SetValue(`#speed`, "41", chromedp.ByQuery),
			chromedp.Evaluate(`document.getElementById("speed").dispatchEvent(new Event("input"))`, nil))
		p.click("start-button")
		p.waitFor(`window.pvscope.snapshot().eventCount > 0 && !window.pvscope.snapshot().streaming && window.pvscope.snapshot().quiz.question !== null`)
		var raw string
		p.eval(`JSON.stringify(window.pvscope.trace.started.tree)`, &raw)
		var tv any
		json.Unmarshal([]byte(raw), &tv)
		tree := refFromJSON(tv)
		// Every path of the tree, and every number an answer can hold.
		taken := map[string]bool{}
		var walk func(n *refTree, path string)
		walk = func(n *refTree, path string) {
			if path != "" {
				taken[path] = true
			}
			if n.leaf {
				taken[strconv.Itoa(n.value)] = true
			}
			for i, c := range n.kids {
				walk(c, child(path, i))
			}
		}
		walk(tree, "")
		for _, n := range runRef(tree, "alphabeta", true).nodes {
			for _, v := range []int{n.value, n.lo, n.hi} {
				if v > -refInf && v < refInf {
					taken[strconv.Itoa(v)] = true
				}
			}
		}
		kinds := map[string]int{}
		for asked := 0; ; asked++ {
			p.waitFor(`(() => { const s = window.pvscope.snapshot(); return s.quiz.question !== null || (s.eventIndex === s.eventCount && !s.running); })()`)
			var q struct {
				Kind, Node string
				Holders    []string
			}
			p.eval(`(() => { const q = window.pvscope.snapshot().quiz.question; return q && { kind: q.kind, node: q.node,
				holders: [...document.querySelectorAll('[data-testid="quiz-panel"] input[type="text"]')].map((i) => i.placeholder) }; })()`, &q)
			if q.Kind == "" {
				break
			}
			kinds[q.Kind]++
			for _, h := range q.Holders {
				for _, tok := range tokens.FindAllString(h, -1) {
					if tok == "∞" || taken[tok] || taken[strings.TrimPrefix(tok, "-")] && strings.Contains(tok, ".") {
						t.Errorf("seed %d: the %s question about %q shows %q: %q is in the tree or one of its answers", seed, q.Kind, q.Node, h, tok)
					}
				}
			}
			wrong := `"zz"`
			if q.Kind == "window" {
				wrong = `["zz", "zz"]`
			}
			for range 2 { // a wrong answer, then a wrong second try, which reveals the step
				p.eval(`window.pvscope.answer(`+wrong+`)`, nil)
			}
			if asked > 400 {
				t.Fatalf("seed %d: more than 400 questions", seed)
			}
		}
		for _, k := range []string{"window", "value", "pruned"} {
			if kinds[k] == 0 {
				t.Errorf("seed %d: no %s question was asked (%v)", seed, k, kinds)
			}
		}
	}
}
