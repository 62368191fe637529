package tracer

import (
	"slices"
	"testing"
)

func diagnose(h Header, events []Event) *Diagnosis {
	var d Diagnosis
	for _, e := range Derive(h, events) {
		d.Emit(e)
	}
	d.Finish()
	return &d
}

// Two iterations of the test's own PVS, with the iteration events written by
// the engine and everything else derived: one entry each, at its depth, with
// the root's line, and the whole trace keeps every rule.
func TestDiagnosisIterations(t *testing.T) {
	var events []Event
	var want []Iteration
	next := int32(0)
	for depth := 1; depth <= 3; depth++ {
		minimal, full, score, _ := tinyTrace(11, depth)
		events = append(events, Event{Kind: IterationStart, Depth: int16(depth), Alpha: -1000, Beta: 1000})
		for _, e := range minimal {
			if e.Node != 0 {
				e.Node += next
			}
			if e.Parent != 0 {
				e.Parent += next
			}
			events = append(events, e)
		}
		next += int32(len(minimal) / 2)
		events = append(events, Event{Kind: IterationEnd, Depth: int16(depth), Score: int32(score)})
		pv := full[len(full)-1].PV
		want = append(want, Iteration{Depth: depth, Score: int32(score), PV: pv, Short: len(pv) < depth})
	}
	if err := Check(Derive(Header{}, events)); err != nil {
		t.Fatalf("derived trace: %v", err)
	}
	d := diagnose(Header{}, events)
	if len(d.Iterations) != len(want) {
		t.Fatalf("%d iterations, want %d", len(d.Iterations), len(want))
	}
	for i, it := range d.Iterations {
		w := want[i]
		if it.Depth != w.Depth || it.Score != w.Score || !slices.Equal(it.PV, w.PV) || it.Short != w.Short {
			t.Errorf("iteration %d: %+v, want %+v", i+1, it, w)
		}
	}
}

// Where a PV stops early, the diagnosis names the node and what the trace
// shows there: a PV node that failed low, or a mated side.
func TestDiagnosisShortPVReasons(t *testing.T) {
	// An aspiration window (10, 20) at the root: its only move a scores 5
	// for it (node 2 fails high, -5 >= -10), so the root fails low and has no
	// move to start the line: the PV is empty at depth 2, and ends at the root.
	failLow := []Event{
		{Kind: Enter, Node: 1, Depth: 2, Alpha: 10, Beta: 20},
		{Kind: Enter, Node: 2, Parent: 1, Move: "a", Depth: 1, Alpha: -20, Beta: -10},
		{Kind: Enter, Node: 3, Parent: 2, Move: "a", Depth: 0, Alpha: 10, Beta: 20},
		{Kind: Exit, Node: 3, Score: 5},
		{Kind: Exit, Node: 2, Score: -5},
		{Kind: Exit, Node: 1, Score: 5},
	}
	// The root plays f7f8, after which the other side has no move and is mated.
	mate := []Event{
		{Kind: Enter, Node: 1, Depth: 3, Alpha: -32000, Beta: 32000},
		{Kind: Enter, Node: 2, Parent: 1, Move: "f7f8", Depth: 2, Alpha: -32000, Beta: 32000},
		{Kind: Exit, Node: 2, Score: -31999},
		{Kind: Exit, Node: 1, Score: 31999},
	}
	for _, c := range []struct {
		name   string
		h      Header
		events []Event
		pv     []string
		end    PVEnd
	}{
		{"fail-low at a PV node", Header{}, failLow, nil, PVEnd{Node: 1, Ply: 0, Reason: FailLowAtPV}},
		{"mate", Header{Meta: map[string]string{"mate": "32000"}}, mate, []string{"f7f8"}, PVEnd{Node: 2, Ply: 1, Reason: ReasonMate}},
	} {
		d := diagnose(c.h, c.events)
		it := d.Iterations[0]
		if !slices.Equal(it.PV, c.pv) || !it.Short || it.End != c.end {
			t.Errorf("%s: %+v, want PV %v, short, ending at %+v", c.name, it, c.pv, c.end)
		}
	}
}

// With Report set, the checker goes on after a violation: a lost exit is one
// violation, not one per event after it, and a later, different one is found too.
func TestCheckerReportsEveryViolation(t *testing.T) {
	minimal, _, _, _ := tinyTrace(5, 3)
	// Lose the exit of the first leaf.
	leaf := slices.IndexFunc(minimal, func(e Event) bool { return e.Kind == Exit })
	lost := minimal[leaf].Node
	events := Derive(Header{}, slices.Delete(slices.Clone(minimal), leaf, leaf+1))
	// And put a pv-update outside its window near the end.
	last := len(events) - 3
	events = slices.Insert(events, last, Event{Kind: PVUpdate, Node: 1, Score: 50, Alpha: 50, Beta: 1000})
	var got []*Violation
	c := Checker{Report: func(v *Violation) { got = append(got, v) }}
	for i, e := range events {
		e.Seq = int64(i + 1)
		c.Emit(e)
	}
	c.Finish()
	var rules []string
	for _, v := range got {
		rules = append(rules, v.Rule)
	}
	if len(got) != 2 || got[0].Rule != "nesting" || got[0].Node != lost || got[1].Rule != "pv-update-window" {
		t.Fatalf("violations %v (%d), want nesting at node %d, then pv-update-window", rules, len(got), lost)
	}
}
