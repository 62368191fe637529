package uci

import (
	"context"
	"slices"
	"testing"
)

// TestInspectProgress: with Progress set, every line of the search reaches
// the callback as it arrives, in the engine's order, before Inspect returns;
// they are the report's lines (the progress ones lack only the flags made
// across a depth), and each is legal by notnil/chess (checkReport).
func TestInspectProgress(t *testing.T) {
	command, pidFile := fakeCommand(t, "pvscope")
	var seen []Line
	r, err := Inspect(context.Background(), Inspection{Engine: command, Depth: 3, MultiPV: 2,
		Progress: func(l Line) { seen = append(seen, l) }})
	if err != nil {
		t.Fatal(err)
	}
	// Our engine prints one line per MultiPV line per iteration: 2 x 3.
	if len(seen) != 6 || len(r.Iterations) != 6 {
		t.Fatalf("%d progress lines, %d in the report; want 6 each (3 depths, 2 lines)", len(seen), len(r.Iterations))
	}
	for i, l := range seen {
		want := r.Iterations[i]
		if l.Depth != want.Depth || l.MultiPV != want.MultiPV || !slices.Equal(l.PV, want.PV) ||
			!slices.Equal(l.SAN, want.SAN) || l.End != want.End || l.Nodes != want.Nodes {
			t.Errorf("progress line %d: %+v, the report has %+v", i, l, want)
		}
	}
	checkReport(t, Report{Engine: r.Engine, FEN: r.FEN, Iterations: seen, Warnings: []string{}}, r.Searched, 3)
	assertReaped(t, pidFile)
}
