package tracer

import (
	"slices"
	"testing"
)

// A trace written from White's view ("pov":"white") with Black to move at the
// root, worked out by hand. In the negamax convention (Black's view at plies 0
// and 2, White's at ply 1):
//
//	root 1 (Black, window -100..100) plays a: node 2 (White) -> b: node 3
//	(Black) scores 30 at the horizon; node 2 returns -30, so a is worth 30 to
//	the root, inside its window: the root's alpha is 30.
//	c is probed with (30, 31): node 4 (White, window -31..-30) -> d: node 5
//	(Black, window 30..31) scores 20 <= 30, an All node; node 4 returns -20
//	>= -30, a Cut node; c is worth 20 to the root: it fails low.
//	The root returns 30; the iteration's score and line: 30, a b.
//
// From White's view every score and window at a Black node is negated (and
// the window's ends swapped): node 3 writes -30, node 5 writes -20 with
// window (-31, -30), the root writes -30 with window (-100, 100), and so do
// the events about the root (iteration-*, root-pv, search-end, and the
// root's probe and fail-low, whose window (30, 31) becomes (-31, -30)).
const blackToMove = "4k3/8/8/8/8/8/8/4K3 b - - 0 1"

func povWhiteTrace(full bool) []Event {
	pv := func(e Event, t NodeType, ply int32) Event {
		if full {
			e.Expect, e.Ply = t, ply
		}
		return e
	}
	act := func(e Event, t NodeType) Event {
		if full {
			e.Actual = t
		}
		return e
	}
	es := []Event{
		{Kind: SearchStart, Depth: 2},
		{Kind: IterationStart, Depth: 2, Alpha: -100, Beta: 100},
		pv(en(1, 0, "", -100, 100, 2), PV, 0),
		pv(en(2, 1, "a", -100, 100, 1), PV, 1),
		pv(en(3, 2, "b", -100, 100, 0), PV, 2),
		act(Event{Kind: Exit, Node: 3, Score: -30, End: Eval}, PV),
	}
	if full {
		es = append(es, Event{Kind: PVUpdate, Node: 2, Move: "b", Score: -30, Alpha: -100, Beta: 100, PV: []string{"b"}})
	}
	es = append(es, act(ex(2, -30), PV))
	if full {
		es = append(es,
			Event{Kind: PVUpdate, Node: 1, Move: "a", Score: -30, Alpha: -100, Beta: 100, PV: []string{"a", "b"}},
			Event{Kind: Probe, Node: 1, Move: "c", Index: 1, Alpha: -31, Beta: -30})
	}
	c := en(4, 1, "c", -31, -30, 1)
	c.Index = 1
	es = append(es,
		pv(c, Cut, 1),
		pv(en(5, 4, "d", -31, -30, 0), All, 2),
		act(Event{Kind: Exit, Node: 5, Score: -20, End: Eval}, All),
		act(ex(4, -20), Cut))
	if full {
		es = append(es, Event{Kind: FailLow, Node: 1, Move: "c", Index: 1, Score: -20, Alpha: -31, Beta: -30})
	}
	es = append(es,
		act(ex(1, -30), PV),
		Event{Kind: IterationEnd, Depth: 2, Score: -30, PV: []string{"a", "b"}},
		Event{Kind: RootPV, Depth: 2, Score: -30, PV: []string{"a", "b"}},
		Event{Kind: SearchEnd, Depth: 2, Score: -30, PV: []string{"a", "b"}, Move: "a"})
	for i := range es {
		es[i].Seq = int64(i + 1)
	}
	return es
}

// povWant: the negamax score and window each written event must come out with.
type povWant struct {
	kind               Kind
	node               int32
	score, alpha, beta int32
}

var povWants = []povWant{
	{IterationStart, 0, 0, -100, 100},
	{Enter, 1, 0, -100, 100},
	{Enter, 2, 0, -100, 100},
	{Enter, 3, 0, -100, 100},
	{Exit, 3, 30, 0, 0},
	{PVUpdate, 2, -30, -100, 100},
	{Exit, 2, -30, 0, 0},
	{PVUpdate, 1, 30, -100, 100},
	{Probe, 1, 0, 30, 31},
	{Enter, 4, 0, -31, -30},
	{Enter, 5, 0, 30, 31},
	{Exit, 5, 20, 0, 0},
	{Exit, 4, -20, 0, 0},
	{FailLow, 1, 20, 30, 31},
	{Exit, 1, 30, 0, 0},
	{IterationEnd, 0, 30, 0, 0},
	{RootPV, 0, 30, 0, 0},
	{SearchEnd, 0, 30, 0, 0},
}

func checkPovWants(t *testing.T, out []Event, full bool) {
	t.Helper()
	var got []povWant
	for _, e := range out {
		if e.Derived || e.Kind == SearchStart {
			continue
		}
		got = append(got, povWant{e.Kind, e.Node, e.Score, e.Alpha, e.Beta})
	}
	want := slices.DeleteFunc(slices.Clone(povWants), func(w povWant) bool {
		return !full && (w.kind == PVUpdate || w.kind == Probe || w.kind == FailLow)
	})
	if !slices.Equal(got, want) {
		t.Errorf("written events as negamax:\n got %v\nwant %v", got, want)
	}
}

// Item 1: a full trace from White's view is turned to negamax like a
// minimal one: its actual types then agree with its scores.
func TestPovWhiteFullTrace(t *testing.T) {
	r := runRules(meta("fen", blackToMove, "pov", "white"), nil, povWhiteTrace(true))
	if len(r.violations) > 0 || len(r.warnings) > 0 {
		t.Errorf("violations %v, warnings %v, want none", r.violations, r.warnings)
	}
	checkPovWants(t, r.derived, true)
	if len(r.diag.Iterations) != 1 || r.diag.Iterations[0].Score != 30 {
		t.Errorf("iterations %+v, want one scoring 30", r.diag.Iterations)
	}
}

// Item 2: the events that name no node (iteration-*, root-pv, search-end)
// are the root's: under pov white with Black to move they are negated like
// the root's exit.
func TestPovWhiteRootEvents(t *testing.T) {
	r := runRules(meta("fen", blackToMove, "pov", "white"), nil, povWhiteTrace(false))
	if len(r.violations) > 0 || len(r.warnings) > 0 {
		t.Errorf("violations %v, warnings %v, want none", r.violations, r.warnings)
	}
	checkPovWants(t, r.derived, false)
	if len(r.diag.Iterations) != 1 || r.diag.Iterations[0].Score != 30 || !slices.Equal(r.diag.Iterations[0].PV, []string{"a", "b"}) {
		t.Errorf("iterations %+v, want one scoring 30 with line a b", r.diag.Iterations)
	}
}

// An aspiration-fail is the root's too: its score and window are negated.
// Black to move: White's window (-60, -40) and score -70 are Black's
// (40, 60) and 70, a fail high.
func TestPovWhiteAspirationFail(t *testing.T) {
	out := Derive(meta("fen", blackToMove, "pov", "white"), []Event{
		{Kind: AspirationFail, Depth: 1, Score: -70, Alpha: -60, Beta: -40},
	})
	found := false
	for _, e := range out {
		if e.Kind == AspirationFail {
			found = true
			if e.Score != 70 || e.Alpha != 40 || e.Beta != 60 {
				t.Fatalf("aspiration-fail %+v, want score 70, window (40, 60)", e)
			}
		}
	}
	if !found {
		t.Fatal("the aspiration-fail did not come out")
	}
}

// A bound the engine wrote describes its written score: White's "at most
// -70" is Black's "at least 70", so negating the score swaps lower and upper.
// By hand: a root-pv with Black to move, written as White's -70, bound upper.
func TestPovWhiteSwapsAWrittenBound(t *testing.T) {
	out := Derive(meta("fen", blackToMove, "pov", "white"), []Event{
		{Kind: RootPV, Depth: 1, Score: -70, Bound: Upper, PV: []string{"a"}},
	})
	found := false
	for _, e := range out {
		if e.Kind == RootPV {
			found = true
			if e.Score != 70 || e.Bound != Lower {
				t.Fatalf("root-pv %+v, want score 70 with bound lower", e)
			}
		}
	}
	if !found {
		t.Fatal("the root-pv did not come out")
	}
}

// A minimal trace's move-value is weighed by the Deriver (it replaces the
// child's value in the parent's decision), so under pov white it is turned to
// the side to move's view before it is weighed. By hand, Black to move at the
// root: a's leaf writes White's 10 (Black's -10), then the root's move-value
// for a writes White's 40 (Black's -40: worse for Black than a's -10); b's
// leaf writes White's 20 (Black's -20). Black's best is b, -20: the root's
// last window narrowing names b. Weighed unturned, a's 40 would stay best.
func TestPovWhiteMoveValueIsWeighedAsTheSideToMoveSeesIt(t *testing.T) {
	b := en(3, 1, "b", -100, 100, 0)
	b.Index = 1
	out := Derive(meta("fen", blackToMove, "pov", "white"), []Event{
		{Kind: SearchStart, Depth: 1},
		en(1, 0, "", -100, 100, 1),
		en(2, 1, "a", -100, 100, 0),
		{Kind: Exit, Node: 2, Score: 10, End: Eval},
		{Kind: MoveValue, Node: 1, Move: "a", Score: 40},
		b,
		{Kind: Exit, Node: 3, Score: 20, End: Eval},
		ex(1, 20),
	})
	var last *Event
	for i, e := range out {
		if e.Kind == PVUpdate && e.Node == 1 {
			last = &out[i]
		}
	}
	if last == nil || last.Move != "b" || last.Score != -20 {
		t.Fatalf("the root's last pv-update is %+v, want b at -20 (Black's view)", last)
	}
}
