package tracer

import (
	"slices"
	"strings"
	"testing"
)

// The short line, as a minimal trace and as richer ones: depth 4,
// the root's line a x, where x (node 3, ply 2, window (-32000, 32000))
// scored 5 from its table. Its reason is tt-exact-cut-at-pv at node 3, ply 2,
// whatever else the trace writes: nothing (the derived line a x), the
// engine's stale root-pv a x y, or the table traffic, the engine's own
// pv-updates (x y at node 2, a x y at the root) and iteration-end's line too,
// or all that as a full trace (expect and ply written, nothing derived).
func TestShortLineReasonWithOrWithoutRichEvents(t *testing.T) {
	head := []Event{
		iter(4, -32000, 32000),
		en(1, 0, "", -32000, 32000, 4),
		en(2, 1, "a", -32000, 32000, 3),
		en(3, 2, "x", -32000, 32000, 2),
	}
	stale := []string{"a", "x", "y"}
	minimal := append(slices.Clone(head), ttEx(3, 5), ex(2, -5), ex(1, 5), iterEnd(4, 5))
	withRootPV := append(slices.Clone(head), ttEx(3, 5), ex(2, -5), ex(1, 5),
		Event{Kind: RootPV, Depth: 4, Score: 5, PV: stale}, iterEnd(4, 5))
	rich := append(slices.Clone(head),
		Event{Kind: TTProbe, Node: 3},
		Event{Kind: TTHit, Node: 3, Bound: Exact, Depth: 2, Score: 5, Move: "y"},
		Event{Kind: TTCutoff, Node: 3, Bound: Exact, Depth: 2, Score: 5},
		ex(3, 5),
		Event{Kind: PVUpdate, Node: 2, Move: "x", Score: -5, Alpha: -32000, Beta: 32000, PV: []string{"x", "y"}},
		ex(2, -5),
		Event{Kind: PVUpdate, Node: 1, Move: "a", Score: 5, Alpha: -32000, Beta: 32000, PV: stale},
		ex(1, 5),
		Event{Kind: RootPV, Depth: 4, Score: 5, PV: stale},
		Event{Kind: IterationEnd, Depth: 4, Score: 5, PV: stale})
	// A full trace (expect on its enters, ply written): nothing derived.
	full := slices.Clone(rich)
	for i, ply := range map[int]int32{1: 0, 2: 1, 3: 2} {
		full[i].Expect, full[i].Ply = PV, ply
	}
	for i := range full {
		if full[i].Kind == Exit { // a full trace's exits say their type
			full[i].Actual = PV
		}
	}
	full = append([]Event{{Kind: SearchStart, Depth: 4}}, full...)
	full = append(full, Event{Kind: SearchEnd, Depth: 4, Score: 5, PV: stale, Move: "a"})
	for i := range full {
		full[i].Seq = int64(i + 1)
	}
	want := PVEnd{Node: 3, Ply: 2, Reason: TTExactCutAtPV}
	for _, c := range []struct {
		name   string
		events []Event
		pv     []string
	}{
		{"minimal", minimal, []string{"a", "x"}},
		{"with the engine's root-pv", withRootPV, stale},
		{"rich", rich, stale},
		{"full", full, stale},
	} {
		r := runRules(Header{}, nil, c.events)
		if c.name == "full" && slices.ContainsFunc(r.derived, func(e Event) bool { return e.Derived }) {
			t.Errorf("full: events were derived; want the trace read as full")
		}
		it := r.diag.Iterations
		if len(it) != 1 || !it[0].Short || it[0].End != want || !slices.Equal(it[0].PV, c.pv) {
			t.Errorf("%s: iterations %+v; want the line %v, short, ending at node 3, ply 2, for tt-exact-cut-at-pv", c.name, it, c.pv)
		}
		// The stale line goes on past the table's answer: one engine-pv
		// violation; the minimal trace has no line of the engine's to judge.
		wantRules := []string{"engine-pv"}
		if c.pv[len(c.pv)-1] != "y" {
			wantRules = nil
		}
		if !slices.Equal(rules(r.violations), wantRules) || len(r.warnings) != 0 {
			t.Errorf("%s: violations %v, warnings %v; want %v", c.name, r.violations, r.warnings, wantRules)
		}
		if wantRules != nil && !strings.Contains(r.violations[0].Problem, "where its table answered node 3") {
			t.Errorf("%s: %q; want it to name the table's answer at node 3", c.name, r.violations[0].Problem)
		}
	}
}
