package tracer

import "testing"

// A minimal trace that numbers its own events: the Deriver's events must not
// take the engine's seq numbers. The review's repro (the start position,
// e2e4 with no children), and a PVS of the tree ((3 5) (2 9)) worked by hand
// (cmd_check_test.go's minimalTrace: the probe of a's b fails low, the probe
// of b is cut off by its first leaf), which gets probes, a fail-low, a
// cutoff, pv-updates and the root-pv derived between the engine's events.
func TestDeriveKeepsTheEnginesSeqsApart(t *testing.T) {
	for _, c := range []struct {
		name   string
		h      Header
		events []Event
	}{
		{"e2e4", Header{Meta: map[string]string{"fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}}, []Event{
			{Seq: 1, Kind: Enter, Node: 1, Depth: 3, Alpha: -32000, Beta: 32000},
			{Seq: 2, Kind: Enter, Node: 2, Parent: 1, Move: "e2e4", Depth: 2, Alpha: -32000, Beta: 32000},
			{Seq: 3, Kind: Exit, Node: 2, Score: -29993},
			{Seq: 4, Kind: Exit, Node: 1, Score: 29993},
		}},
		{"tree", Header{Meta: map[string]string{"tree": "((3 5) (2 9))"}}, []Event{
			{Seq: 1, Kind: Enter, Node: 1, Alpha: -100, Beta: 100, Depth: 2},
			{Seq: 2, Kind: Enter, Node: 2, Parent: 1, Move: "a", Alpha: -100, Beta: 100, Depth: 1},
			{Seq: 3, Kind: Enter, Node: 3, Parent: 2, Move: "a", Alpha: -100, Beta: 100, Depth: 0},
			{Seq: 4, Kind: Exit, Node: 3, Score: 3},
			{Seq: 5, Kind: Enter, Node: 4, Parent: 2, Move: "b", Alpha: 2, Beta: 3, Depth: 0},
			{Seq: 6, Kind: Exit, Node: 4, Score: 5},
			{Seq: 7, Kind: Exit, Node: 2, Score: -3},
			{Seq: 8, Kind: Enter, Node: 5, Parent: 1, Move: "b", Alpha: -4, Beta: -3, Depth: 1},
			{Seq: 9, Kind: Enter, Node: 6, Parent: 5, Move: "a", Alpha: 3, Beta: 4, Depth: 0},
			{Seq: 10, Kind: Exit, Node: 6, Score: 2},
			{Seq: 11, Kind: Exit, Node: 5, Score: -2},
			{Seq: 12, Kind: Exit, Node: 1, Score: 3},
		}},
	} {
		var chk Checker
		var got []*Violation
		chk.Report = func(v *Violation) { got = append(got, v) }
		out := Derive(c.h, c.events)
		for _, e := range out {
			chk.Emit(e)
		}
		chk.Finish()
		if len(got) != 0 {
			t.Errorf("%s: %d violations, the first %v", c.name, len(got), got[0])
		}
		derived, written := 0, 0
		for _, e := range out {
			if e.Derived {
				derived++
			} else {
				written++
			}
		}
		if written != len(c.events) || derived == 0 {
			t.Errorf("%s: %d written events out of %d, %d derived", c.name, written, len(c.events), derived)
		}
	}
}
