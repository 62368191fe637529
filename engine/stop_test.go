package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/pvscope/pvscope/tracer"
)

// cancelAfter cancels a context once it has seen n events, so the test stops
// a search at a known point without a clock.
type cancelAfter struct {
	n      int
	cancel context.CancelFunc
}

func (c *cancelAfter) Emit(tracer.Event) {
	if c.n--; c.n == 0 {
		c.cancel()
	}
}

// TestCancelledSearchReturnsBalanced: a search cancelled midway returns
// normally, says why, keeps the last completed iteration's result, and its
// trace still balances every enter with an exit.
func TestCancelledSearchReturnsBalanced(t *testing.T) {
	p, _ := NewChessPosition("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	opt := ChessDefaults()
	opt.Depth = 6
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	checker := &tracer.Checker{}
	res, err := Search(ctx, p, opt, tracer.Multi{checker, &cancelAfter{n: 20000, cancel: cancel}})
	if err != nil {
		t.Fatal(err)
	}
	if err := checker.Finish(); err != nil {
		t.Fatalf("cancelled trace: %v", err)
	}
	if !strings.HasPrefix(res.Stopped, "cancelled") || res.Depth >= opt.Depth || res.Depth < 1 {
		t.Errorf("stopped %q at depth %d, want cancelled before depth %d with an iteration done", res.Stopped, res.Depth, opt.Depth)
	}
	if len(res.PV) == 0 || res.BestMove != res.PV[0] {
		t.Errorf("result PV %v, best %v: want the last completed iteration's", names(res.PV), UCI(res.BestMove))
	}
	replayPV(t, p.FEN(), res.PV)
	if p.Ply() != 0 {
		t.Errorf("position left at ply %d", p.Ply())
	}
}

// TestNodeLimit: a search that reaches its node limit stops cleanly, says so,
// and has entered exactly that many nodes.
func TestNodeLimit(t *testing.T) {
	p, _ := NewChessPosition(StartFEN)
	opt := ChessDefaults()
	opt.Depth, opt.MaxNodes = 8, 3000
	res := checkedSearch(t, p, opt)
	if res.Stopped != "node limit of 3000 reached" || res.Stats.Nodes != 3000 {
		t.Errorf("stopped %q after %d nodes", res.Stopped, res.Stats.Nodes)
	}
}
