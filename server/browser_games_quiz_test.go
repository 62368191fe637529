package server

import (
	"encoding/json"
	"fmt"
	"sort"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/pvscope/pvscope/engine/games"
)

// connectFourRefTree is Connect Four two plies deep from position as the test's reference
// search reads it: the children in the engine's order for a game (the game's own order, centre
// columns first, ties by column, when only the table-move ordering is on and the table is off),
// each leaf the game's evaluation from the root player's side (red moves at even plies). names
// maps each child-index path of the reference to the page's path of move names.
func connectFourRefTree(t *testing.T, position string) (*refTree, map[string]string) {
	b, err := games.ConnectFour.Parse(position)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]string{"": ""}
	var build func(depth int, path, named string) *refTree
	build = func(depth int, path, named string) *refTree {
		moves := b.Moves(nil)
		if depth == 0 || len(moves) == 0 {
			v := b.Evaluate()
			if b.Ply()%2 == 1 {
				v = -v
			}
			return &refTree{leaf: true, value: v}
		}
		sort.SliceStable(moves, func(i, j int) bool { return b.Prefer(moves[i]) > b.Prefer(moves[j]) })
		n := &refTree{}
		for i, m := range moves {
			p := child(path, i)
			nm := games.ConnectFour.MoveName(m)
			if named != "" {
				nm = named + "." + nm
			}
			names[p] = nm
			b.Play(m)
			n.kids = append(n.kids, build(depth-1, p, nm))
			b.Undo()
		}
		return n
	}
	return build(2, "", ""), names
}

// A Connect Four search, alpha-beta two plies deep, stepped with the quiz on: every question
// (each node's window, value and outcome, as on a teaching tree) is answered, half of them wrong
// first, and the page grades each answer as the test's own alpha-beta over the same moves says.
func TestBrowserGameConnectFourQuizAnswered(t *testing.T) {
	const position = "4453"
	tree, names := connectFourRefTree(t, position)
	ref := runRef(tree, "alphabeta", true)
	byName := map[string]refNode{}
	for p, n := range ref.nodes {
		byName[names[p]] = n
	}
	p := newPage(t, 1366, 768)
	p.open("/?game=connect4&position=" + position + "&algo=alphabeta&depth=2&id=false&tt=false&order-killers=false&order-history=false&view=root&quiz=all")
	p.run(chromedp.SetValue(`#speed`, "41", chromedp.ByQuery),
		chromedp.Evaluate(`document.getElementById("speed").dispatchEvent(new Event("input"))`, nil))
	p.click("start-button")
	p.waitFor(`window.pvscope.snapshot().eventCount > 0 && !window.pvscope.snapshot().streaming && window.pvscope.snapshot().quiz.question !== null`)
	asked, right, kinds := 0, 0, map[string]int{}
	for {
		p.waitFor(`(() => { const s = window.pvscope.snapshot(); return s.quiz.question !== null || (s.eventIndex === s.eventCount && !s.running); })()`)
		var qs string
		p.run(chromedp.Evaluate(`JSON.stringify(window.pvscope.snapshot().quiz.question)`, &qs))
		if qs == "null" {
			break
		}
		var q struct{ Kind, Node string }
		if err := json.Unmarshal([]byte(qs), &q); err != nil {
			t.Fatal(err)
		}
		want, seen := byName[q.Node]
		if !seen {
			t.Fatalf("a %s question about %q, a node the reference alpha-beta never visits (it visits %d)", q.Kind, q.Node, len(byName))
		}
		kinds[q.Kind]++
		var truth, wrong any
		switch q.Kind {
		case "window":
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
		default:
			t.Fatalf("alpha-beta on a game asked a %q question", q.Kind)
		}
		meant := asked%2 == 0
		give := truth
		if !meant {
			give = wrong
		}
		arg, _ := json.Marshal(give)
		var got bool
		p.run(chromedp.Evaluate(fmt.Sprintf(`window.pvscope.answer(%s)`, arg), &got))
		if got != meant {
			t.Errorf("%s of %q answered %s: the page says right=%v, want %v", q.Kind, q.Node, arg, got, meant)
		}
		if !meant {
			arg, _ := json.Marshal(truth)
			p.run(chromedp.Evaluate(fmt.Sprintf(`window.pvscope.answer(%s)`, arg), &got))
			if !got {
				t.Errorf("the second try %s at %s of %q was not right", arg, q.Kind, q.Node)
			}
		} else {
			right++
		}
		asked++
	}
	if kinds["window"] == 0 || kinds["value"] == 0 || kinds["outcome"] == 0 {
		t.Errorf("questions asked by kind %v: want windows, values and outcomes", kinds)
	}
	var quiz struct{ Asked, Correct int }
	p.run(chromedp.Evaluate(`window.pvscope.snapshot().quiz`, &quiz))
	if quiz.Asked != asked || quiz.Correct != right {
		t.Errorf("the quiz counts %d asked, %d right; the test answered %d, %d right", quiz.Asked, quiz.Correct, asked, right)
	}
	t.Logf("%d questions (%v), %d answered right first", asked, kinds, right)
}
