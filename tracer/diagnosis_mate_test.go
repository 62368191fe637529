package tracer_test

import (
	"testing"

	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/tracer"
)

// diagnoseChess runs a trace of fen through the Deriver into a Diagnosis
// whose EndOfLine is the engine's chess, as pvscope check does.
func diagnoseChess(fen string, events []tracer.Event) *tracer.Diagnosis {
	d := &tracer.Diagnosis{EndOfLine: func(pv []string) (tracer.Reason, bool) { return engine.LineEnd(fen, pv) }}
	h := tracer.Header{Meta: map[string]string{"fen": fen}}
	for _, e := range tracer.Derive(h, events) {
		d.Emit(e)
	}
	d.Finish()
	return d
}

// The review's repro: the start position searched to depth 3, whose only
// child e2e4 has no children and scores -29993 (mated 7 plies from the root,
// by pvscope's scale: 30000 - 29993). After 1.e4 the game goes on, so the
// short line does not end in mate, whether the Deriver or the engine says so
// (the engine's "mate" is wrong: chess decides mate and stalemate).
func TestDiagnosisNoMateWhereTheGameGoesOn(t *testing.T) {
	for _, end := range []tracer.End{tracer.Searched, tracer.Mate, tracer.Stalemate} {
		events := []tracer.Event{
			{Kind: tracer.Enter, Node: 1, Depth: 3, Alpha: -32000, Beta: 32000},
			{Kind: tracer.Enter, Node: 2, Parent: 1, Move: "e2e4", Depth: 2, Alpha: -32000, Beta: 32000},
			{Kind: tracer.Exit, Node: 2, Score: -29993, End: end},
			{Kind: tracer.Exit, Node: 1, Score: 29993},
		}
		d := diagnoseChess(engine.StartFEN, events)
		if len(d.Iterations) != 1 {
			t.Fatalf("end %q: %d iterations, want 1", end, len(d.Iterations))
		}
		it := d.Iterations[0]
		if !it.Short || it.End.Node != 2 || it.End.Ply != 1 || it.End.Reason != tracer.NoReason {
			t.Errorf("end %q: the line e2e4 ends %+v (short %v), want at node 2, ply 1, with no reason", end, it.End, it.Short)
		}
	}
	// A real mate stays one: the fool's mate, the mated side's node at ply 4
	// scoring -(30000 - 4), with no moves.
	fool := []string{"f2f3", "e7e5", "g2g4", "d8h4"}
	events := []tracer.Event{{Kind: tracer.Enter, Node: 1, Depth: 5, Alpha: -32000, Beta: 32000}}
	for i, m := range fool {
		events = append(events, tracer.Event{Kind: tracer.Enter, Node: int32(i + 2), Parent: int32(i + 1), Move: m, Depth: int16(4 - i), Alpha: -32000, Beta: 32000})
	}
	score := int32(-(30000 - 4))
	for n := int32(5); n >= 1; n-- {
		events = append(events, tracer.Event{Kind: tracer.Exit, Node: n, Score: score})
		score = -score
	}
	it := diagnoseChess(engine.StartFEN, events).Iterations[0]
	if it.End.Node != 5 || it.End.Reason != tracer.ReasonMate {
		t.Errorf("the fool's mate ends %+v, want at node 5: mate", it.End)
	}
}
