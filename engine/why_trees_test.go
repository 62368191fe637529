package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/pvscope/pvscope/tracer"
)

// whyOnTree searches tree with algo (no table, fail-soft, one iteration) and
// asks why the move at path was or was not read.
func whyOnTree(t *testing.T, tree, algo string, path []string, move string) *tracer.WhyAnswer {
	t.Helper()
	s := Setup{Tree: tree}
	pos, opt, err := s.Load()
	if err != nil {
		t.Fatal(err)
	}
	if err := opt.ApplySettings([][2]string{{"algo", algo}, {"tt", "false"}, {"fail-hard", "false"}, {"id", "false"}}); err != nil {
		t.Fatal(err)
	}
	var rec eventList
	if _, err := Search(context.Background(), pos, opt, &rec); err != nil {
		t.Fatal(err)
	}
	h := tracer.Header{Meta: map[string]string{"tree": tree}}
	walker, err := NewMoveWalker(h.Meta)
	if err != nil {
		t.Fatal(err)
	}
	return tracer.WhyEvents(h, rec, tracer.WhyQuery{Path: path, Move: move}, walker)
}

// TestWhyTeachingTreesUnreadLeaves: every leaf alpha-beta (and PVS) leaves
// unread on Russell and Norvig's Figure 5.2 and on Wikipedia's alpha-beta
// figure is explained by the cutoff that skipped it. The table is worked by
// hand, negamax (from the side to move at the cutting node), left to right:
//
// R&N ((3 12 8) (2 4 6) (14 5 2)): the root's alpha is 3 after B; at C
// (node 1) the window is (-inf, -3) (PVS: the probe (-4, -3)), and c1's leaf 2
// is worth -2 to MIN's side, -2 >= -3: c2 and c3 are cut off.
//
// Wikipedia (((5 6) (7 4 5)) ((3))) (((6) (6 9)) ((7))) (((5)) ((9 8) (6))):
// node 0.0.1 gets (-inf, -5) after 0.0.0 = 5, and its leaf 4 is -4 >= -5: leaf
// 0.0.1.2 is cut off. Node 1.0.1 gets (-inf, -6) after 1.0.0 = 6, and its leaf 6
// is -6 >= -6: leaf 1.0.1.1 is cut off. The root's alpha is 6 after B; node 2
// gets (-inf, -6) and its move 0 returns 5, worth -5 >= -6: node 2.1 is never
// reached, so neither are its leaves 2.1.0.0, 2.1.0.1, 2.1.1.0.
func TestWhyTeachingTreesUnreadLeaves(t *testing.T) {
	const rn = "((3 12 8) (2 4 6) (14 5 2))"
	const wiki = "((((5 6) (7 4 5)) ((3))) (((6) (6 9)) ((7))) (((5)) ((9 8) (6))))"
	const inf = 32000
	cases := []struct {
		tree, algo string
		path       []string
		move       string
		reached    bool     // the node the move leaves from was reached
		at         []string // where the cutoff was
		by         string
		value      int32
		alpha      int32
		beta       int32
	}{
		{rn, "alphabeta", []string{"1"}, "1", true, []string{"1"}, "0", -2, -inf, -3},
		{rn, "alphabeta", []string{"1"}, "2", true, []string{"1"}, "0", -2, -inf, -3},
		{rn, "pvs", []string{"1"}, "1", true, []string{"1"}, "0", -2, -4, -3},
		{rn, "pvs", []string{"1"}, "2", true, []string{"1"}, "0", -2, -4, -3},
		{wiki, "alphabeta", []string{"0", "0", "1"}, "2", true, []string{"0", "0", "1"}, "1", -4, -inf, -5},
		{wiki, "alphabeta", []string{"1", "0", "1"}, "1", true, []string{"1", "0", "1"}, "0", -6, -inf, -6},
		{wiki, "alphabeta", []string{"2", "1", "0"}, "0", false, []string{"2"}, "0", -5, -inf, -6},
		{wiki, "alphabeta", []string{"2", "1", "0"}, "1", false, []string{"2"}, "0", -5, -inf, -6},
		{wiki, "alphabeta", []string{"2", "1", "1"}, "0", false, []string{"2"}, "0", -5, -inf, -6},
	}
	for _, c := range cases {
		name := strings.Join(append(append([]string{}, c.path...), c.move), ".")
		a := whyOnTree(t, c.tree, c.algo, c.path, c.move)
		if a.Problem != "" || len(a.Iterations) != 1 {
			t.Fatalf("%s %s: problem %q, %d iterations, want none and 1: %+v", c.algo, name, a.Problem, len(a.Iterations), a)
		}
		f := a.Iterations[0]
		if c.reached == (f.Fate == tracer.FateNotReached) {
			t.Errorf("%s %s: fate %s, reached %v", c.algo, name, f.Fate, c.reached)
			continue
		}
		at := &f
		if !c.reached {
			at = f.Stop
		}
		if at.Fate != tracer.FateCutBefore || strings.Join(at.At, ".") != strings.Join(c.at, ".") || at.By != c.by ||
			at.ByValue != c.value || at.Alpha != c.alpha || at.Beta != c.beta {
			t.Errorf("%s %s: got %s at %v by %s value %d window (%d, %d); want cut-before at %v by %s value %d window (%d, %d)\n%s",
				c.algo, name, at.Fate, at.At, at.By, at.ByValue, at.Alpha, at.Beta, c.at, c.by, c.value, c.alpha, c.beta, f.Sentence)
		}
		want := "was cut off before its turn: move " + c.by + " scored "
		if !strings.Contains(f.Sentence, want) {
			t.Errorf("%s %s: sentence %q lacks %q", c.algo, name, f.Sentence, want)
		}
	}
}

// TestWhyTeachingTreeRootView: the same question in the root player's view
// (MAX and MIN): R&N's node 1 is MIN's, its window (3, 4) as the root sees the
// probe, and c1's leaf 2 is at most alpha 3, so c2 was cut off.
func TestWhyTeachingTreeRootView(t *testing.T) {
	const rn = "((3 12 8) (2 4 6) (14 5 2))"
	s := Setup{Tree: rn}
	pos, opt, err := s.Load()
	if err != nil {
		t.Fatal(err)
	}
	if err := opt.ApplySettings([][2]string{{"algo", "pvs"}, {"tt", "false"}, {"id", "false"}}); err != nil {
		t.Fatal(err)
	}
	var rec eventList
	if _, err := Search(context.Background(), pos, opt, &rec); err != nil {
		t.Fatal(err)
	}
	h := tracer.Header{Meta: map[string]string{"tree": rn}}
	for _, c := range []struct {
		root bool
		want string
	}{
		{true, "at MIN's node 1 (window (3, 4)), move 2 was cut off before its turn: move 0 scored 2 ≤ α = 3."},
		{false, "at node 1 (window (-4, -3)), move 2 was cut off before its turn: move 0 scored -2 ≥ β = -3."},
	} {
		a := tracer.WhyEvents(h, rec, tracer.WhyQuery{Path: []string{"1"}, Move: "2", RootView: c.root}, nil)
		if len(a.Iterations) != 1 || !strings.HasSuffix(a.Iterations[0].Sentence, c.want) {
			t.Errorf("root view %v: %+v, want a sentence ending %q", c.root, a.Iterations, c.want)
		}
	}
}
