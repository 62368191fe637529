package refengine

import (
	"bytes"
	"io"
	"slices"
	"testing"

	"github.com/notnil/chess"
	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/tracer"
)

// read is what pvscope makes of a trace: every violation and warning, the
// derived events and the diagnosis, as pvscope check reads it.
type read struct {
	violations, warnings []*tracer.Violation
	diag                 tracer.Diagnosis
	checker              tracer.Checker
	end                  tracer.Event // search-end
	counts               tracer.Counters
}

func readTrace(t *testing.T, fen string, trace []byte) *read {
	t.Helper()
	rd, err := tracer.NewReader(bytes.NewReader(trace))
	if err != nil {
		t.Fatal(err)
	}
	r := &read{}
	r.checker.Report = func(v *tracer.Violation) { r.violations = append(r.violations, v) }
	r.checker.Warn = func(v *tracer.Violation) { r.warnings = append(r.warnings, v) }
	scale, err := tracer.ScaleOf(rd.Header().Meta)
	if err != nil {
		t.Fatal(err)
	}
	r.diag.Scale = scale
	r.diag.EndOfLine = func(pv []string) (tracer.Reason, bool) { return engine.LineEnd(fen, pv) }
	d := tracer.NewDeriver(rd.Header(), func(e tracer.Event, _ int) {
		r.checker.Emit(e)
		r.diag.Emit(e)
		r.counts.Emit(e)
		if e.Kind == tracer.SearchEnd {
			r.end = e
		}
	})
	for {
		e, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		d.Add(e, rd.Line())
	}
	d.Finish(rd.Line())
	r.checker.Finish()
	r.diag.Finish()
	return r
}

// playable: the line is legal from fen by the rules of chess (notnil/chess),
// a null move passing.
func playable(t *testing.T, fen string, pv []string) {
	t.Helper()
	for i, m := range pv {
		opt, err := chess.FEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		g := chess.NewGame(opt)
		if m == tracer.NullMove {
			if i == len(pv)-1 {
				return
			}
			t.Fatalf("%v: a null move inside the line", pv)
		}
		mv, err := chess.UCINotation{}.Decode(g.Position(), m)
		if err != nil || g.Move(mv) != nil {
			t.Fatalf("%v: move %d (%s) is not legal in %s", pv, i+1, m, fen)
		}
		fen = g.Position().String()
	}
}

var positions = []struct {
	name, fen string
	depth     int
	heavy     bool
}{
	{"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4, false},
	{"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5, true},
	{"Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, false},
	{"Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, true},
	{"back-rank mate in one", "6k1/5ppp/8/8/8/8/5PPP/3Q2K1 w - - 0 1", 3, false},
	{"rook against knight", "8/8/4k3/8/2n5/8/3RK3/8 w - - 0 1", 6, false},
}

// The reference engine's traces keep every rule, and the line pvscope derives
// from them (no root-pv is written) is the engine's own.
func TestTracesCheckCleanAndDeriveTheEnginesPV(t *testing.T) {
	for _, p := range positions {
		if p.heavy && testing.Short() {
			continue
		}
		for _, opt := range []Options{{}, {Iterations: true}, {RootPV: true}} {
			opt.Depth = p.depth
			var buf bytes.Buffer
			res, err := Search(p.fen, opt, &buf)
			if err != nil {
				t.Fatal(err)
			}
			r := readTrace(t, p.fen, buf.Bytes())
			name := p.name
			switch {
			case opt.Iterations:
				name += " with iteration events"
			case opt.RootPV:
				name += " with its own root-pv"
			}
			for i, v := range r.violations {
				if i < 5 {
					t.Errorf("%s depth %d: %v (rule %s)", name, p.depth, v, v.Rule)
				}
			}
			if !slices.Equal(r.end.PV, res.PV) || int(r.end.Score) != res.Score {
				t.Errorf("%s depth %d: derived PV %v score %d, the engine's %v score %d", name, p.depth, r.end.PV, r.end.Score, res.PV, res.Score)
			}
			its := r.diag.Iterations
			if len(its) != p.depth {
				t.Fatalf("%s: %d iterations from %d root searches, want %d", name, len(its), res.RootSearches, p.depth)
			}
			last := its[len(its)-1]
			if !slices.Equal(last.PV, res.PV) || last.Derived == opt.RootPV || last.Depth != p.depth {
				t.Errorf("%s: the last iteration %+v, want the engine's line %v, derived unless written, at depth %d", name, last, res.PV, p.depth)
			}
			for _, it := range its {
				if it.Short && (it.End.Ply != len(it.PV) || it.End.Node == 0 || it.End.Reason == tracer.NoReason) {
					t.Errorf("%s: a %d-move line ends at %+v: want its end at ply %d, at a node, with a reason", name, len(it.PV), it.End, len(it.PV))
				}
			}
			playable(t, p.fen, res.PV)
			// The killer met again in the move list and the table's answers
			// are there to be read right.
			if r.checker.Repeats == 0 || r.diag.Counts.TTCutoffs == 0 || r.diag.Counts.TTHits != r.diag.Counts.TTCutoffs {
				t.Errorf("%s: %d repeats, %d TT hits, %d TT cutoffs: want repeats, and every table answer a hit and a cutoff",
					name, r.checker.Repeats, r.diag.Counts.TTHits, r.diag.Counts.TTCutoffs)
			}
		}
	}
}

// The mate in one: Qd8 is mate by the rules of chess, the engine scores it
// its own Mate-1, and the line of one move ends there, for mate.
func TestMateInOne(t *testing.T) {
	fen := "6k1/5ppp/8/8/8/8/5PPP/3Q2K1 w - - 0 1"
	var buf bytes.Buffer
	res, err := Search(fen, Options{Depth: 3}, &buf)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(res.PV, []string{"d1d8"}) || res.Score != Mate-1 {
		t.Fatalf("the engine plays %v scoring %d, want d1d8 scoring %d", res.PV, res.Score, Mate-1)
	}
	r := readTrace(t, fen, buf.Bytes())
	last := r.diag.Iterations[len(r.diag.Iterations)-1]
	if !last.Short || last.End.Ply != 1 || last.End.Reason != tracer.ReasonMate {
		t.Errorf("the last iteration %+v, want a short line ending at ply 1 for mate", last)
	}
	scale, _ := tracer.ScaleOf(map[string]string{"mate": "50000", "mateBand": "500"})
	if plies, ok := scale.IsMate(int32(res.Score)); !ok || plies != 1 {
		t.Errorf("IsMate(%d) = %d, %v; want a mate in 1 ply", res.Score, plies, ok)
	}
}

// The same engine with a planted bug is caught by the rule that names it,
// and by that rule only.
func TestPlantedBugsAreCaught(t *testing.T) {
	fen := positions[0].fen
	for _, c := range []struct {
		bug  Bug
		rule string
	}{
		{BugNoReSearch, "re-search"},
		{BugWrongSide, "best-score"},
		{BugUnbalancedExit, "nesting"},
		{BugPVUpdateOutside, "pv-update-window"},
	} {
		var buf bytes.Buffer
		if _, err := Search(fen, Options{Depth: 4, Bug: c.bug}, &buf); err != nil {
			t.Fatal(err)
		}
		r := readTrace(t, fen, buf.Bytes())
		if len(r.violations) == 0 {
			t.Errorf("bug %d: no violation, want %s", c.bug, c.rule)
			continue
		}
		t.Logf("bug %d: %d violations, the first: %v", c.bug, len(r.violations), r.violations[0])
		for i, v := range r.violations {
			if v.Rule != c.rule && i < 5 {
				t.Errorf("bug %d: %v (rule %s), want only %s", c.bug, v, v.Rule, c.rule)
			}
		}
	}
}
