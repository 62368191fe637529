package engine

import (
	"context"
	"slices"
	"testing"

	"github.com/pvscope/pvscope/tracer"
)

// TestProgressReportsEachIteration: the Iteration hook hears every completed
// iteration once, in order, with the same lines the result keeps, and the
// search's selective depth reaches past the nominal depth when quiescence runs.
func TestProgressReportsEachIteration(t *testing.T) {
	p, _ := NewChessPosition("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	opt := ChessDefaults()
	opt.Depth = 4
	var heard []Iteration
	var last Stats
	res, err := SearchWithProgress(context.Background(), p, opt, nil, Progress{
		Iteration: func(it Iteration, st Stats) { heard, last = append(heard, it), st },
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(heard) != 4 {
		t.Fatalf("heard %d iterations, want 4", len(heard))
	}
	for i, it := range heard {
		if it.Depth != i+1 || it.Score != res.Iterations[i].Score || !slices.Equal(it.PV, res.Iterations[i].PV) {
			t.Errorf("iteration %d heard as depth %d score %d, result has %+v", i, it.Depth, it.Score, res.Iterations[i])
		}
	}
	// Kiwipete is full of captures: quiescence goes beyond depth 4.
	if last.SelDepth <= 4 || res.Stats.SelDepth != last.SelDepth {
		t.Errorf("seldepth %d (result %d), want beyond 4 and the same", last.SelDepth, res.Stats.SelDepth)
	}
}

// TestProgressAspirationFail: with a window one unit wide, some iteration's
// score falls outside it, and the hook hears the side it fell on.
func TestProgressAspirationFail(t *testing.T) {
	p, _ := NewChessPosition("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	opt := ChessDefaults()
	opt.Depth, opt.Aspiration, opt.AspirationWindow = 5, true, 1
	fails := 0
	scores := map[int]int{}
	res, err := SearchWithProgress(context.Background(), p, opt, nil, Progress{
		Iteration: func(it Iteration, _ Stats) { scores[it.Depth] = it.Score },
		AspirationFail: func(depth, score int, bound tracer.Bound, _ Stats) {
			fails++
			prev, ok := scores[depth-1]
			if !ok {
				t.Errorf("aspiration fail at depth %d before depth %d completed", depth, depth-1)
			}
			// The window was (prev-1, prev+1): failing high means score >= prev+1.
			if bound == tracer.Lower && score < prev+1 || bound == tracer.Upper && score > prev-1 {
				t.Errorf("depth %d: %s bound %d outside the window around %d", depth, bound, score, prev)
			}
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if fails == 0 || res.Depth != 5 {
		t.Errorf("%d aspiration fails, depth %d", fails, res.Depth)
	}
}
