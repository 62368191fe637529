package tracer

import (
	"reflect"
	"testing"
)

// A recording gives back each event's Reduced, Extended and Why (the
// page's tree and narration need them), and nothing on the events without.
func TestRecordingKeepsModernFields(t *testing.T) {
	in := []Event{
		{Seq: 1, Kind: Enter, Node: 1},
		{Seq: 2, Kind: Enter, Node: 2, Parent: 1, Move: NullMove, Reduced: 2, Why: WhyNullMove},
		{Seq: 3, Kind: Exit, Node: 2},
		{Seq: 4, Kind: Prune, Node: 1, Move: "a7a5", Why: WhyFutility},
		{Seq: 5, Kind: Enter, Node: 3, Parent: 1, Move: "e7e5", Extended: 1, Why: WhyCheck},
		{Seq: 6, Kind: Enter, Node: 4, Parent: 3, Move: "d2d4", Reduced: -3, Extended: 300, Why: "engine's own"},
		{Seq: 7, Kind: Prune, Node: 3, Move: "h7h6", Why: WhyFutility},
	}
	var r Recording
	for _, e := range in {
		r.Emit(e)
	}
	if got := r.Events(); !reflect.DeepEqual(got, in) {
		t.Errorf("recorded\n%+v\nwant\n%+v", got, in)
	}
	if len(r.marks) != 5 { // unused slot 0 and four distinct triples
		t.Errorf("the recording keeps %d marks, want 5: one per distinct (reduced, extended, why)", len(r.marks))
	}
}
