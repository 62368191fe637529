package server

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/chromedp/chromedp"
)

// Quiz mode on 20 seeded generated trees under alpha-beta: every question is answered from an
// independent alpha-beta written in the test, every other one deliberately wrong; the page says
// right exactly when it was, the score matches, and a window was asked for every node entered.
func TestBrowserQuizOnSeededTrees(t *testing.T) {
	p := newPage(t, 1366, 768)
	for seed := 1; seed <= 20; seed++ {
		p.open(fmt.Sprintf("/?random=b=3,d=3,seed=%d&algo=alphabeta&quiz=all", seed)) // every kind (quiz=1 asks fewer)
		// Playback as fast as it goes: the quiz still stops before every decision.
		p.run(chromedp.SetValue(`#speed`, "41", chromedp.ByQuery),
			chromedp.Evaluate(`document.getElementById("speed").dispatchEvent(new Event("input"))`, nil))
		p.click("start-button")
		p.waitFor(`window.pvscope.snapshot().eventCount > 0 && !window.pvscope.snapshot().streaming && window.pvscope.snapshot().quiz.question !== null`)
		var raw string
		p.run(chromedp.Evaluate(`JSON.stringify(window.pvscope.trace.started.tree)`, &raw))
		var tv any
		if err := json.Unmarshal([]byte(raw), &tv); err != nil {
			t.Fatal(err)
		}
		tree := refFromJSON(tv)
		ref := runRef(tree, "alphabeta", true)
		asked, right := 0, 0
		windows := map[string]bool{}
		for {
			p.waitFor(`(() => { const s = window.pvscope.snapshot(); return s.quiz.question !== null || (s.eventIndex === s.eventCount && !s.running); })()`)
			var q struct {
				Kind string `json:"kind"`
				Node string `json:"node"`
			}
			var qs string
			p.run(chromedp.Evaluate(`JSON.stringify(window.pvscope.snapshot().quiz.question)`, &qs))
			if qs == "null" {
				break
			}
			if seed == 1 && asked == 5 && os.Getenv("PVSCOPE_SHOTS") != "" {
				p.screenshot(filepath.Join(os.Getenv("PVSCOPE_SHOTS"), "quiz-question.png"))
			}
			if err := json.Unmarshal([]byte(qs), &q); err != nil {
				t.Fatal(err)
			}
			want, seen := ref.nodes[q.Node]
			var truth, wrong any
			switch q.Kind {
			case "window":
				windows[q.Node] = true
				w := func(v int) any {
					if v >= refInf || v <= -refInf {
						return nil
					}
					return v
				}
				truth, wrong = []any{w(want.lo), w(want.hi)}, []any{-7777, 7777}
			case "value":
				truth, wrong = want.value, want.value+1
			case "outcome":
				truth, wrong = want.outcome, "exact"
				if want.outcome == "exact" {
					wrong = "fail-high"
				}
			case "pruned":
				pruned := []string{}
				for i := range tree.at(q.Node).kids {
					if _, ok := ref.nodes[child(q.Node, i)]; !ok {
						pruned = append(pruned, child(q.Node, i))
					}
				}
				truth, wrong = pruned, append(slices.Clone(pruned), "9.9.9")
			default:
				t.Fatalf("seed %d: alpha-beta asked a %q question", seed, q.Kind)
			}
			if !seen {
				t.Fatalf("seed %d: a %s question about %q, which alpha-beta never visits", seed, q.Kind, q.Node)
			}
			give, meant := truth, asked%2 == 0
			if !meant {
				give = wrong
			}
			arg, _ := json.Marshal(give)
			var got bool
			p.run(chromedp.Evaluate(fmt.Sprintf(`window.pvscope.answer(%s)`, arg), &got))
			if got != meant {
				t.Errorf("seed %d: %s of %q answered %s: the page says right=%v, want %v", seed, q.Kind, q.Node, arg, got, meant)
			}
			if !meant {
				// A wrong answer keeps the question open for a second try (not scored again).
				var again string
				p.run(chromedp.Evaluate(`JSON.stringify(window.pvscope.snapshot().quiz.question)`, &again))
				want, _ := json.Marshal(map[string]any{"kind": q.Kind, "node": q.Node, "retry": true})
				if again != string(want) {
					t.Fatalf("seed %d: after a wrong answer the question is %s, want %s", seed, again, want)
				}
				arg, _ := json.Marshal(truth)
				p.run(chromedp.Evaluate(fmt.Sprintf(`window.pvscope.answer(%s)`, arg), &got))
				if !got {
					t.Errorf("seed %d: the second try %s at %s of %q was not right", seed, arg, q.Kind, q.Node)
				}
			}
			asked++
			if meant {
				right++
			}
		}
		if seed == 1 && os.Getenv("PVSCOPE_SHOTS") != "" {
			p.screenshot(filepath.Join(os.Getenv("PVSCOPE_SHOTS"), "quiz-end.png"))
		}
		var quiz struct{ Asked, Correct int }
		p.run(chromedp.Evaluate(`window.pvscope.snapshot().quiz`, &quiz))
		if quiz.Asked != asked || quiz.Correct != right {
			t.Errorf("seed %d: score %d / %d, want %d / %d", seed, quiz.Correct, quiz.Asked, right, asked)
		}
		for path := range ref.nodes {
			if path != "" && !windows[path] {
				t.Errorf("seed %d: no window question for %q", seed, path)
			}
		}
	}
}
