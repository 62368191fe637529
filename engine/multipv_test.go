package engine

import (
	"context"
	"slices"
	"sort"
	"testing"
)

// MultiPV 3 on the start position: three different first moves, scores that
// do not increase, each line legal and the first the result's PV (issue 4).
func TestMultiPVStartPosition(t *testing.T) {
	for _, depth := range []int{1, 3, 4} {
		opt := ChessDefaults()
		opt.Depth, opt.MultiPV = depth, 3
		res, events := recordedSearch(t, newPositions(t, []string{StartFEN})[0], opt, true)
		checkLines(t, StartFEN, res, events, opt)
		for _, it := range res.Iterations {
			if len(it.Lines) != 3 {
				t.Fatalf("depth %d iteration %d: %d lines, want 3", depth, it.Depth, len(it.Lines))
			}
			firsts := map[Move]bool{}
			for k, l := range it.Lines {
				if len(l.PV) == 0 || firsts[l.PV[0]] {
					t.Fatalf("depth %d iteration %d: line %d %v is empty or repeats a first move", depth, it.Depth, k+1, names(l.PV))
				}
				firsts[l.PV[0]] = true
				if k > 0 && l.Score > it.Lines[k-1].Score {
					t.Fatalf("depth %d iteration %d: line %d scores %d, above line %d's %d", depth, it.Depth, k+1, l.Score, k, it.Lines[k-1].Score)
				}
				if len(l.PV) < it.Depth {
					t.Errorf("depth %d iteration %d: line %d %v is short", depth, it.Depth, k+1, names(l.PV))
				}
			}
			if !slices.Equal(it.Lines[0].PV, it.PV) || it.Lines[0].Score != it.Score {
				t.Fatalf("depth %d iteration %d: line 1 %v (%d) is not the iteration's PV %v (%d)",
					depth, it.Depth, names(it.Lines[0].PV), it.Lines[0].Score, names(it.PV), it.Score)
			}
		}
	}
}

// With exact cuts at PV nodes on and grafting off, MultiPV lines after the
// first can be cut short too, and each then says where and why (BK.06 at
// depth 4 has such a line, found by the review of this change).
func TestMultiPVLinesSayWhyTheyAreShort(t *testing.T) {
	short := 0
	for _, fen := range bkFENs(t, 8) {
		opt := ChessDefaults()
		opt.Depth, opt.MultiPV, opt.TTPVCuts, opt.PVGraft = 4, 3, true, false
		res, events := recordedSearch(t, newPositions(t, []string{fen})[0], opt, true)
		checkLines(t, fen, res, events, opt)
		for _, it := range res.Iterations {
			for _, l := range it.Lines[1:] {
				if l.Cut != nil {
					short++
				}
			}
		}
	}
	if short == 0 {
		t.Fatal("no short MultiPV line in BK.01-08: the test no longer tests anything")
	}
}

// The MultiPV lines are the best root moves by their own values: searching
// each root move alone, one plain search per move (table off, so nothing
// carries over), and taking the best three gives the same three scores.
func TestMultiPVMatchesSearchingEachMove(t *testing.T) {
	for _, fen := range append([]string{StartFEN}, bkFENs(t, 3)...) {
		opt := ChessDefaults()
		opt.Depth, opt.MultiPV, opt.TT, opt.IterativeDeepening = 3, 3, false, false
		res := checkedSearch(t, newPositions(t, []string{fen})[0], opt)

		pos := newPositions(t, []string{fen})[0]
		var values []int
		for _, m := range slices.Clone(pos.Moves()) {
			child := newPositions(t, []string{fen})[0]
			child.Make(m)
			one := opt
			one.MultiPV, one.Depth = 1, opt.Depth-1
			r, err := searchChild(child, one)
			if err != nil {
				t.Fatal(err)
			}
			values = append(values, -r)
		}
		sort.Sort(sort.Reverse(sort.IntSlice(values)))
		lines := res.Iterations[len(res.Iterations)-1].Lines
		for k := range 3 {
			if lines[k].Score != values[k] {
				t.Fatalf("%s: line %d scores %d; searching each move alone, the %d-best scores %d (all: %v)",
					fen, k+1, lines[k].Score, k+1, values[k], values[:5])
			}
		}
	}
}

// searchChild searches a position one move from the root. Search wants ply 0,
// so the child's position is set up as a root of its own.
func searchChild(child *ChessPosition, opt Options) (int, error) {
	root, err := NewChessPosition(child.FEN())
	if err != nil {
		return 0, err
	}
	res, err := Search(context.Background(), root, opt, nil)
	return res.Score, err
}
