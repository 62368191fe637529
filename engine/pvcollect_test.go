package engine

import (
	"fmt"
	"slices"
	"testing"

	"github.com/pvscope/pvscope/tracer"
)

// finalReasons are the ends a line may have short of the depth when nothing
// went wrong: the game is over on it.
var finalReasons = []tracer.Reason{tracer.ReasonMate, tracer.ReasonStalemate, tracer.ReasonRepetition, tracer.ReasonFiftyMove}

// checkLines checks what every search's collectors must give: each line is
// legal move by move from the root, a line short of its iteration's depth has
// a cut with a reason where the line ends (and a line as long has none), and
// given the trace, the trace's pv-cut events say the same, and the cut's node
// is where the line ended: entered in that iteration, at the cut's ply, by the
// line's own moves. A line grafted from the PV hash table (table cuts at PV
// nodes and grafting both on) may end at a node of the search that stored it,
// so there only the ply is checked.
func checkLines(t *testing.T, fen string, res Result, events []tracer.Event, opt Options) {
	t.Helper()
	type visit struct {
		parent int32
		ply    int
		move   string
		depth  int // the iteration it was entered in
	}
	nodes := map[int32]visit{}
	type key struct {
		depth  int
		method tracer.Method
	}
	traced := map[key]tracer.Event{}
	iteration := 0
	for _, e := range events {
		switch e.Kind {
		case tracer.IterationStart:
			iteration = int(e.Depth)
		case tracer.Enter:
			nodes[e.Node] = visit{e.Parent, int(e.Ply), e.Move, iteration}
		case tracer.PVCut:
			traced[key{int(e.Depth), e.Method}] = e
		}
	}
	path := func(n int32) []string {
		var p []string
		for ; n != 0 && nodes[n].parent != 0; n = nodes[n].parent {
			p = append([]string{nodes[n].move}, p...)
		}
		return p
	}
	grafts := opt.TTPVCuts && opt.PVGraft
	checkNode := func(depth int, line []Move, c *Truncation) {
		t.Helper()
		v, entered := nodes[c.Node]
		if grafts && entered {
			return
		}
		if want := names(line); !entered || v.depth != depth || v.ply != c.Ply || !slices.Equal(path(c.Node), want) {
			t.Fatalf("depth %d: %v line %v cut at node %d, which is %+v with path %v: want a node of this iteration at ply %d reached by the line",
				depth, c.Method, want, c.Node, v, path(c.Node), c.Ply)
		}
	}
	for _, it := range res.Iterations {
		for _, l := range it.Methods {
			replayPV(t, fen, l.PV)
			switch {
			case len(l.PV) < it.Depth && l.Cut == nil:
				t.Fatalf("depth %d: %v line %v is short and has no cut", it.Depth, l.Method, names(l.PV))
			case len(l.PV) >= it.Depth && l.Cut != nil:
				t.Fatalf("depth %d: %v line %v is full and has a cut", it.Depth, l.Method, names(l.PV))
			case l.Cut == nil:
				continue
			case l.Cut.Reason == tracer.NoReason || l.Cut.Ply != len(l.PV):
				t.Fatalf("depth %d: %v line %v has cut %+v: no reason, or not where the line ends", it.Depth, l.Method, names(l.PV), *l.Cut)
			}
			if events == nil {
				continue
			}
			e, ok := traced[key{it.Depth, l.Method}]
			if !ok || e.Node != l.Cut.Node || e.Reason != l.Cut.Reason || int(e.Ply) != l.Cut.Ply {
				t.Fatalf("depth %d: %v cut %+v, but the trace says %+v", it.Depth, l.Method, *l.Cut, e)
			}
			checkNode(it.Depth, l.PV, l.Cut)
		}
		for k, l := range it.Lines {
			replayPV(t, fen, l.PV)
			if k > 0 && (len(l.PV) < it.Depth) != (l.Cut != nil && l.Cut.Reason != tracer.NoReason && l.Cut.Ply == len(l.PV)) {
				t.Fatalf("depth %d: MultiPV line %d %v has cut %+v: a short line needs one where it ends, a full one none",
					it.Depth, k+1, names(l.PV), l.Cut)
			}
			if k > 0 && l.Cut != nil && events != nil {
				checkNode(it.Depth, l.PV, l.Cut)
			}
		}
	}
}

// With exact table cuts at PV nodes off and grafting on (the defaults), the
// triangular, stack and PV hash lines of all 24 Bratko-Kopec positions reach
// the depth, or end where the game ends, at depths 4 and 6 (issue 4).
func TestCollectorsReachTheDepthOnBratkoKopec(t *testing.T) {
	depths := []int{4}
	if !testing.Short() {
		depths = append(depths, 6)
	}
	for _, depth := range depths {
		for i, fen := range bkFENs(t, 0) {
			t.Run(fmt.Sprintf("depth%d/BK.%02d", depth, i+1), func(t *testing.T) {
				t.Parallel()
				opt := ChessDefaults()
				opt.Depth = depth
				if opt.TTPVCuts || !opt.PVGraft {
					t.Fatal("the defaults should be table cuts at PV nodes off, grafting on")
				}
				res, events := recordedSearch(t, newPositions(t, []string{fen})[0], opt, depth <= 4)
				checkLines(t, fen, res, events, opt)
				for _, m := range []tracer.Method{tracer.Triangular, tracer.Stack, tracer.PVHash} {
					l, ok := res.ByMethod(m)
					if !ok {
						t.Fatalf("no %v line", m)
					}
					if l.Cut != nil && !slices.Contains(finalReasons, l.Cut.Reason) {
						t.Errorf("%v line %v cut at ply %d: %v", m, names(l.PV), l.Cut.Ply, l.Cut.Reason)
					}
				}
				tri, _ := res.ByMethod(tracer.Triangular)
				if !slices.Equal(tri.PV, res.PV) {
					t.Errorf("the triangular line %v is not the result's PV %v", names(tri.PV), names(res.PV))
				}
			})
		}
	}
}

// The stack line is the triangular line by another route: they agree at every
// iteration, whatever the settings.
func TestStackAgreesWithTriangular(t *testing.T) {
	for i, fen := range bkFENs(t, 6) {
		for _, cuts := range []bool{false, true} {
			opt := ChessDefaults()
			opt.Depth, opt.TTPVCuts, opt.PVGraft = 4, cuts, false
			res := checkedSearch(t, newPositions(t, []string{fen})[0], opt)
			for _, it := range res.Iterations {
				tri, stack := it.Methods[0], it.Methods[1]
				if !slices.Equal(tri.PV, stack.PV) || (tri.Cut == nil) != (stack.Cut == nil) ||
					tri.Cut != nil && (tri.Cut.Reason != stack.Cut.Reason || tri.Cut.Node != stack.Cut.Node) {
					t.Fatalf("BK.%02d depth %d cuts %v: triangular %v %+v, stack %v %+v", i+1, it.Depth, cuts,
						names(tri.PV), tri.Cut, names(stack.PV), stack.Cut)
				}
			}
		}
	}
}

// A mate nearer than the horizon ends every line, with reason mate, at the
// mated side's node. WAC.001 is a mate in 2 (the suite's "dm 2"): at depth
// 5 the lines are 3 moves long.
func TestMateEndsTheLines(t *testing.T) {
	fen := readEPD(t, "tactics/wac_shallow20.epd")[0].fen
	opt := ChessDefaults()
	opt.Depth = 5
	res, events := recordedSearch(t, newPositions(t, []string{fen})[0], opt, true)
	checkLines(t, fen, res, events, opt)
	if res.MateMoves() != 2 {
		t.Fatalf("mate %d, want 2", res.MateMoves())
	}
	for _, m := range tracer.Methods() {
		l, ok := res.ByMethod(m)
		if !ok || len(l.PV) != 3 || l.Cut == nil || l.Cut.Reason != tracer.ReasonMate || l.Cut.Ply != 3 {
			t.Errorf("%v: line %v cut %+v, want 3 moves ending in mate", m, names(l.PV), l.Cut)
		}
	}
}

// A search stopped by its node limit reports, for the iteration it stopped
// in, a search-stopped cut per method at the node it stopped at.
func TestStoppedSearchCutsEveryLine(t *testing.T) {
	fen := bkFENs(t, 1)[0]
	opt := ChessDefaults()
	opt.Depth, opt.MaxNodes = 6, 3000
	res, events := recordedSearch(t, newPositions(t, []string{fen})[0], opt, true)
	if res.Stopped == "" {
		t.Fatal("the search was not stopped")
	}
	if len(res.StoppedCuts) != 4 {
		t.Fatalf("stopped cuts %+v, want one per method", res.StoppedCuts)
	}
	// The innermost node of the main search (depth above 0) open at the stop
	// is the first such node to exit stopped.
	depth := map[int32]int16{}
	var want int32
	for _, e := range events {
		switch {
		case e.Kind == tracer.Enter:
			depth[e.Node] = e.Depth
		case e.Kind == tracer.Exit && e.End == tracer.Stopped && depth[e.Node] > 0 && want == 0:
			want = e.Node
		}
	}
	for _, c := range res.StoppedCuts {
		if c.Reason != tracer.SearchStopped || c.Depth != res.Depth+1 {
			t.Errorf("cut %+v, want search-stopped in iteration %d", c, res.Depth+1)
		}
		if c.Node != want {
			t.Errorf("cut %+v, want it at node %d, the innermost the stop found open", c, want)
		}
	}
}

// The collectors only watch: with all four or the triangular table alone the
// search enters the same nodes and finds the same line.
func TestCollectorsDoNotChangeTheSearch(t *testing.T) {
	for _, fen := range bkFENs(t, 8) {
		all := ChessDefaults()
		all.Depth = 4
		tri := all
		tri.PVMethods = TriangularOnly
		a := checkedSearch(t, newPositions(t, []string{fen})[0], all)
		b := checkedSearch(t, newPositions(t, []string{fen})[0], tri)
		if a.Stats != b.Stats || !slices.Equal(a.PV, b.PV) || a.Score != b.Score {
			t.Fatalf("%s: all four %+v %v, triangular alone %+v %v", fen, a.Stats, names(a.PV), b.Stats, names(b.PV))
		}
	}
}

// A root that is already mate (the fool's mate) or stalemate has no line:
// every method says so with that reason, at the root, the PV hash table too
// (the root stores no line there).
func TestGameOverAtTheRootEndsEveryLine(t *testing.T) {
	for fen, want := range map[string]tracer.Reason{
		"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3": tracer.ReasonMate,
		"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1":                                tracer.ReasonStalemate,
	} {
		opt := ChessDefaults()
		opt.Depth = 3
		res, events := recordedSearch(t, newPositions(t, []string{fen})[0], opt, true)
		checkLines(t, fen, res, events, opt)
		for _, m := range tracer.Methods() {
			l, ok := res.ByMethod(m)
			if !ok || len(l.PV) != 0 || l.Cut == nil || l.Cut.Reason != want || l.Cut.Ply != 0 {
				t.Errorf("%s: %v line %v cut %+v, want no move and %v", fen, m, names(l.PV), l.Cut, want)
			}
		}
	}
}
