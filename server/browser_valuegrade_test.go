package server

import (
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// Issue 39, item 1: one grading of values. The quiz's "which value will node N return?" and
// the values exercise take the same answers at every node: the number returned, plain or with
// the bound it is ("≤ 2" where it is an upper bound), and an exact value at its window's edge
// with its edge's mark too; a mark the value is not, or another number, is wrong. What each
// node returns, its window and whether it is exact come from a search written here.

// gradeVisit is one visit of a node: what it returned, its window (root view), and whether
// that number is its true value.
type gradeVisit struct {
	value, lo, hi int
	exact         bool
	max           bool
}

// gradeRef searches a tree in MAX/MIN form (the root view) as the textbooks write alpha-beta
// and PVS (a later child probed with a null window at the bound and searched again with the
// node's window when the probe lands strictly inside it), failing soft or hard (every
// returned value clamped into its node's window), and records each node's visits in order.
type gradeRef struct {
	algo     string
	failHard bool
	visits   map[string][]gradeVisit
}

func newGradeRef(tree *refTree, algo string, failHard bool) *gradeRef {
	g := &gradeRef{algo: algo, failHard: failHard, visits: map[string][]gradeVisit{}}
	g.search(tree, "", 0, -refInf, refInf)
	return g
}

func (g *gradeRef) search(n *refTree, path string, ply, alpha, beta int) (int, bool) {
	lo, hi := alpha, beta
	isMax := ply%2 == 0
	clamp := func(v int) int {
		if g.failHard {
			return max(lo, min(v, hi))
		}
		return v
	}
	if n.leaf {
		v := clamp(n.value)
		exact := v == n.value // a leaf is its own value unless clamped
		g.visits[path] = append(g.visits[path], gradeVisit{v, lo, hi, exact, isMax})
		return v, exact
	}
	best := refInf
	if isMax {
		best = -refInf
	}
	last := map[int]bool{} // the last visit of each child: whether it was exact
	bestChild := best
	for i, c := range n.kids {
		p := child(path, i)
		var v int
		var ex bool
		switch {
		case g.algo == "alphabeta" || i == 0 || beta-alpha <= 1:
			v, ex = g.search(c, p, ply+1, alpha, beta)
		case isMax:
			v, ex = g.search(c, p, ply+1, alpha, alpha+1)
			if v > alpha && v < beta {
				v, ex = g.search(c, p, ply+1, alpha, beta)
			}
		default:
			v, ex = g.search(c, p, ply+1, beta-1, beta)
			if v < beta && v > alpha {
				v, ex = g.search(c, p, ply+1, alpha, beta)
			}
		}
		last[i] = ex
		if isMax {
			best, bestChild = max(best, v), max(bestChild, v)
			alpha = max(alpha, v)
			if v >= beta {
				break
			}
		} else {
			best, bestChild = min(best, v), min(bestChild, v)
			beta = min(beta, v)
			if v <= alpha {
				break
			}
		}
	}
	v := clamp(best)
	whole := len(last) == len(n.kids) && v == bestChild
	for _, ex := range last {
		whole = whole && ex
	}
	exact := (lo < v && v < hi) || whole
	g.visits[path] = append(g.visits[path], gradeVisit{v, lo, hi, exact, isMax})
	return v, exact
}

// gradeForms are the answers tried at a node, and which of them are right there.
func gradeForms(v gradeVisit) (forms []string, right map[string]bool) {
	n := v.value
	forms = []string{fmt.Sprint(n), fmt.Sprintf("≤%d", n), fmt.Sprintf("<= %d", n), fmt.Sprintf("≥ %d", n), fmt.Sprintf(">=%d", n), fmt.Sprint(n + 1), fmt.Sprintf("≤%d", n+1)}
	right = map[string]bool{fmt.Sprint(n): true}
	upper, lower := n <= v.lo, n >= v.hi
	inside := !upper && !lower
	if !inside { // a bound, or exact at its edge: the edge's mark is right as well
		if upper {
			right[forms[1]], right[forms[2]] = true, true
		} else {
			right[forms[3]], right[forms[4]] = true, true
		}
	}
	return forms, right
}

// gradeSentence is what the verdict says a node's number means, worked from the visit.
func gradeSentence(v gradeVisit) string {
	n := v.value
	switch {
	case !v.exact && n <= v.lo:
		return fmt.Sprintf("It returns %d, and %d is only an upper bound: the true value is at most %d.", n, n, n)
	case !v.exact:
		return fmt.Sprintf("It returns %d, and %d is only a lower bound: the true value is at least %d.", n, n, n)
	case n <= v.lo || n >= v.hi:
		return fmt.Sprintf("It returns %d, its true value: every child was read, each exact (", n)
	}
	return fmt.Sprintf("It returns %d, its true value (inside its window).", n)
}

func TestBrowserQuizAndExerciseGradeValuesAlike(t *testing.T) {
	p := newPage(t, 1366, 768)
	shots := os.Getenv("PVSCOPE_SHOTS")
	for _, fig := range []struct{ name, tree string }{{"R&N", aima}, {"Wikipedia", wikipedia}} {
		tree := parseRefTree(fig.tree)
		// The quiz, under alpha-beta (soft and hard) and PVS.
		for _, run := range []struct {
			algo     string
			failHard bool
		}{{"alphabeta", false}, {"alphabeta", true}, {"pvs", false}, {"pvs", true}} {
			name := fmt.Sprintf("%s %s fail-hard=%v", fig.name, run.algo, run.failHard)
			ref := newGradeRef(tree, run.algo, run.failHard)
			q := url.Values{"tree": {fig.tree}, "algo": {run.algo}, "quiz": {"value"}}
			if run.failHard {
				q.Set("fail-hard", "true")
			}
			p.open("/?" + q.Encode())
			p.run(chromedp.SetValue(`#speed`, "41", chromedp.ByQuery),
				chromedp.Evaluate(`document.getElementById("speed").dispatchEvent(new Event("input"))`, nil))
			p.click("start-button")
			p.waitFor(`window.pvscope.snapshot().eventCount > 0 && !window.pvscope.snapshot().streaming && window.pvscope.snapshot().quiz.question !== null`)
			seen, asked := map[string]int{}, 0
			for {
				p.waitFor(`(() => { const s = window.pvscope.snapshot(); return s.quiz.question !== null || (s.eventIndex === s.eventCount && !s.running); })()`)
				var qs string
				p.eval(`JSON.stringify(window.pvscope.snapshot().quiz.question)`, &qs)
				if qs == "null" {
					break
				}
				var qn struct{ Kind, Node string }
				json.Unmarshal([]byte(qs), &qn)
				vs := ref.visits[qn.Node]
				if qn.Kind != "value" || seen[qn.Node] >= len(vs) {
					t.Fatalf("%s: asked %s of %q, visit %d of %d the reference made", name, qn.Kind, qn.Node, seen[qn.Node]+1, len(vs))
				}
				v := vs[seen[qn.Node]]
				seen[qn.Node]++
				forms, right := gradeForms(v)
				// One wrong form (a mark the value is not, where there is one), then a right one,
				// turn about plain and marked.
				wrongs, rights := []string{}, []string{}
				for _, f := range forms {
					if right[f] {
						rights = append(rights, f)
					} else {
						wrongs = append(wrongs, f)
					}
				}
				for i, f := range []string{wrongs[asked%len(wrongs)], rights[asked%len(rights)]} {
					var got any
					p.eval(fmt.Sprintf(`window.pvscope.answer(%q)`, f), &got)
					if got != (i == 1) {
						t.Errorf("%s: node %q (returns %d in (%d, %d), exact %v) answered %q: right=%v, want %v", name, qn.Node, v.value, v.lo, v.hi, v.exact, f, got, i == 1)
					}
				}
				var said string
				p.eval(`(document.querySelector('[data-testid="quiz-feedback"]') || {}).textContent || ""`, &said)
				if want := gradeSentence(v); !strings.Contains(said, want) {
					t.Errorf("%s: node %q: the verdict %q does not say %q", name, qn.Node, said, want)
				}
				if shots != "" && fig.name == "R&N" && run.algo == "alphabeta" && !run.failHard && qn.Node == "1" {
					p.screenshot(filepath.Join(shots, "quiz-verdict-1366.png"))
				}
				asked++
			}
			for path, vs := range ref.visits {
				if !tree.isLeafAt(path) && seen[path] != len(vs) {
					t.Errorf("%s: node %q asked %d times, the reference visits it %d times", name, path, seen[path], len(vs))
				}
			}
		}

		// The values exercise (alpha-beta failing soft, as R&N write it) on the same figure: each
		// form at every node at once, and the nodes it marks wrong are those the quiz rejects.
		ref := newGradeRef(tree, "alphabeta", false)
		p.open("/?" + url.Values{"tree": {fig.tree}, "exercise": {"values"}}.Encode())
		p.waitFor(`(() => { const e = window.pvscope.snapshot().exercise; return e && e.kind === "values" })()`)
		paths := []string{}
		for path := range ref.visits {
			if !tree.isLeafAt(path) {
				paths = append(paths, path)
			}
		}
		slices.Sort(paths)
		for form := range 7 {
			answer, want := map[string]string{}, []string{}
			for _, path := range paths {
				v := ref.visits[path][0]
				forms, right := gradeForms(v)
				answer[path] = forms[form]
				if !right[forms[form]] {
					want = append(want, path)
				}
			}
			b, _ := json.Marshal(answer)
			var got struct {
				Right bool
				Marks []string
			}
			p.eval(`(() => { const r = window.pvscope.answerExercise(`+string(b)+`); return { right: r.right, marks: r.marks }; })()`, &got)
			slices.Sort(got.Marks)
			if !slices.Equal(got.Marks, want) || got.Right != (len(want) == 0) {
				t.Errorf("%s exercise: answers %s marked %q wrong (right=%v), the quiz's grading %q", fig.name, b, got.Marks, got.Right, want)
			}
		}
	}
}

// isLeafAt reports whether the node at path is a leaf.
func (n *refTree) isLeafAt(path string) bool {
	if path == "" {
		return n.leaf
	}
	for _, s := range strings.Split(path, ".") {
		var i int
		fmt.Sscan(s, &i)
		n = n.kids[i]
	}
	return n.leaf
}
