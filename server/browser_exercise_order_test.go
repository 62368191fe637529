package server

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/pvscope/pvscope/engine"
)

// order on 20 seeded trees small enough to try every order of every node's children.
func TestBrowserExerciseOrderAgainstEveryOrder(t *testing.T) {
	p := newPage(t, 1366, 768)
	for seed := 1; seed <= 20; seed++ {
		spec := fmt.Sprintf("b=3,d=2,seed=%d", seed)
		if seed > 10 {
			spec = fmt.Sprintf("b=2,d=3,seed=%d", seed)
		}
		ts, _ := engine.ParseTreeSpec(spec)
		gen, _ := engine.Generate(ts)
		tree := refParse(t, gen.String())
		// Seed 1 opens on its link; each later seed is typed in the setup's random field and
		// chosen in the menu on the same page (as the exercise's "Another" does). In one page
		// script: the exercise's key, then its own order graded, then the given order (none
		// typed) graded.
		step := &exerciseStep{Kind: "order", Seed: seed}
		if seed == 1 {
			p.open("/?" + url.Values{"random": {spec}, "exercise": {"order"}}.Encode())
		} else {
			step.Open, step.Random = true, spec
		}
		var r struct {
			Exercise string
			Own      string
			Given    string
		}
		p.await(pageScript(exerciseOpenJS+`await openExercise(arg.step);
		const e = window.pvscope.snapshot().exercise, order = e.key && e.key.order !== undefined ? e.key.order : null;
		const own = JSON.stringify(window.pvscope.answerExercise({ order }));
		return { exercise: JSON.stringify(e), own, given: JSON.stringify(window.pvscope.answerExercise(arg.given)) };`,
			map[string]any{"step": step, "given": map[string]any{"order": map[string][]int{}}}), &r)
		var e exerciseSnap
		if err := json.Unmarshal([]byte(r.Exercise), &e); err != nil {
			t.Fatal(err)
		}
		var own, g graded
		json.Unmarshal([]byte(r.Own), &own)
		json.Unmarshal([]byte(r.Given), &g)
		var key struct {
			Leaves int              `json:"leaves"`
			Order  map[string][]int `json:"order"`
		}
		json.Unmarshal(e.Key, &key)
		best := refBestOrder(tree)
		if key.Leaves != best {
			t.Errorf("%s: the page's best order reads %d leaves, trying every order gives %d", spec, key.Leaves, best)
		}
		// The page's own order, searched by the reference, reads that many.
		if n := len(refAlphaBeta(tree, func(p string, n int) []int { return key.Order[p] }).read); n != best {
			t.Errorf("%s: the page's order %v reads %d leaves in the reference, want %d", spec, key.Order, n, best)
		}
		if !own.Right {
			t.Errorf("%s: the best order graded wrong: %q", spec, own.Mistakes)
		}
		// The worst order (the most leaves over every order) is wrong unless every order ties.
		_, ab := refRun("alphabeta", tree)
		if (len(ab.leaves) == best) != g.Right {
			t.Errorf("%s: the given order (%d leaves, best %d) graded %+v", spec, len(ab.leaves), best, g)
		}
		if !g.Right && !strings.Contains(g.Mistakes[0], fmt.Sprintf("evaluate %d leaves; the best order evaluates %d", len(ab.leaves), best)) {
			t.Errorf("%s: %q", spec, g.Mistakes)
		}
	}
}
