package hardengine

import (
	"strings"
	"testing"

	"github.com/pvscope/pvscope/tracer"
)

const (
	startFEN    = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	kiwipeteFEN = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	// WAC.001, .003, .004 and .008 from ../../testdata/tactics/wac_original_300.epd.
	wac001FEN = "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1"
	wac003FEN = "5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - 0 1"
	wac004FEN = "r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1"
	wac008FEN = "r4q1k/p2bR1rp/2p2Q1N/5p2/5p2/2P5/PP3PPP/R5K1 w - - 0 1"
	// A mate in two from ../../testdata/mates/matetrack_mate1to5_pv.epd (PV h5a5 c8d7 a5d5).
	mate2FEN = "2brrb2/8/p7/7Q/1p1kpPp1/1P1pN1K1/3P4/8 w - - 0 1"
	// Black, a rook and more down, draws by perpetual check: Qe1+ Kh2 Qh4+.
	perpetualFEN  = "k7/1p2QP2/4PP2/8/1P5q/8/6P1/1RRN2K1 b - - 0 1"
	rookKnightFEN = "8/8/4k3/8/2n5/8/3RK3/8 w - - 0 1"
	// A queen against a rook: null moves and checks in an ending.
	queenRookFEN = "8/3k4/8/2r5/8/8/4Q3/4K3 w - - 0 1"
)

// The ten positions, each at the depth the full run searches and at the one
// -short searches.
var positions = []struct {
	name, fen    string
	depth, short int
}{
	{"start", startFEN, 6, 4},
	{"Kiwipete", kiwipeteFEN, 5, 3},
	{"WAC.001", wac001FEN, 6, 4},
	{"WAC.003", wac003FEN, 6, 4},
	{"WAC.004", wac004FEN, 5, 4},
	{"WAC.008", wac008FEN, 5, 4},
	{"mate in two", mate2FEN, 5, 4},
	{"perpetual check", perpetualFEN, 7, 5},
	{"rook against knight", rookKnightFEN, 8, 6},
	{"queen against rook", queenRookFEN, 8, 6},
}

func depthOf(full, short int) int {
	if testing.Short() {
		return short
	}
	return full
}

// The engine's correct traces break no rule and draw no warning, the engine's
// own line is the derived line, tracing changes nothing, and each iteration's
// line ends where the trace says why.
func TestCorrectTracesCheckClean(t *testing.T) {
	var standPats, aspirations int
	for _, p := range positions {
		depth := depthOf(p.depth, p.short)
		res, trace := traced(t, p.fen, Options{Depth: depth})
		r := readTrace(t, p.fen, trace)
		for i, v := range r.violations {
			if i < 5 {
				t.Errorf("%s depth %d: %v (rule %s)", p.name, depth, v, v.Rule)
			}
		}
		for i, v := range r.warnings {
			if i < 5 {
				t.Errorf("%s depth %d: warning %v (rule %s)", p.name, depth, v, v.Rule)
			}
		}
		its := r.diag.Iterations
		if len(its) != depth {
			t.Fatalf("%s: %d iterations, want %d", p.name, len(its), depth)
		}
		last := its[len(its)-1]
		if !equal(last.PV, res.PV) || last.Derived || int(last.Score) != res.Score || last.Bound != tracer.NoBound {
			t.Errorf("%s: the last iteration %v score %d (bound %v, derived %v), the engine's %v score %d",
				p.name, last.PV, last.Score, last.Bound, last.Derived, res.PV, res.Score)
		}
		if r.end.Move != res.Move || !equal(r.end.PV, res.PV) {
			t.Errorf("%s: search-end %s %v, the engine's %s %v", p.name, r.end.Move, r.end.PV, res.Move, res.PV)
		}
		for _, it := range its {
			if it.Short && it.End.Reason == tracer.NoReason {
				t.Errorf("%s depth %d: line %v ends at ply %d with no reason", p.name, it.Depth, it.PV, it.End.Ply)
			}
		}
		standPats += strings.Count(string(trace), `"kind":"stand-pat"`)
		aspirations += res.AspirationFails
		t.Logf("%s depth %d: %d nodes, %s %d %v; %d aspiration re-searches, %d null moves, %d table answers",
			p.name, depth, res.Nodes, res.Move, res.Score, res.PV, res.AspirationFails, res.NullMoves, res.TTCutoffs)
	}
	if standPats == 0 || aspirations == 0 {
		t.Errorf("%d stand pats, %d aspiration re-searches: the traces must have both", standPats, aspirations)
	}
}
