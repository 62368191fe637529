package hardengine

import (
	"strings"
	"testing"

	"github.com/pvscope/pvscope/tracer"
)

// WAC.258, the position where the table answers a PV node on an iteration's
// line (found by searching all 300 WAC positions at depths 4-6 with the bug).
const wac258FEN = "r3brkn/1p5p/2p2Ppq/2Pp3B/3Pp2Q/4P1R1/6PP/5R1K w - - 0 1"

// Each planted bug is caught by the rule that names it, in the first
// violation (a table answer at a PV node: by the short-PV diagnosis, below).
func TestPlantedBugsAreCaught(t *testing.T) {
	for _, c := range []struct {
		name  string
		bug   Bug
		fen   string
		depth int
		rule  string
		// happened: the bug changed the search (checked on the engine's counts).
		happened func(Result) bool
	}{
		{"aspiration failure not searched again", BugAspirationNoReSearch, wac001FEN, 5, "aspiration",
			func(r Result) bool { return r.AspirationFails > 0 }},
		{"PV row reset after the early returns", BugPVRowAfterEarlyReturns, wac003FEN, 4, "engine-pv", nil},
		{"null move after a null move", BugNullAfterNull, rookKnightFEN, 8, "null-move-twice",
			func(r Result) bool { return r.NullAfterNull > 0 }},
	} {
		res, trace := traced(t, c.fen, Options{Depth: c.depth, Bug: c.bug})
		if c.happened != nil && !c.happened(res) {
			t.Errorf("%s: the bug did not change the search (%+v)", c.name, res)
			continue
		}
		r := readTrace(t, c.fen, trace)
		if len(r.violations) == 0 {
			t.Errorf("%s: no violation, want %s", c.name, c.rule)
			continue
		}
		if v := r.violations[0]; v.Rule != c.rule {
			t.Errorf("%s: the first violation is %v (rule %s), want rule %s", c.name, v, v.Rule, c.rule)
		}
		t.Logf("%s: %d violations, the first: %v", c.name, len(r.violations), r.violations[0])
	}
}

// A table answer at a PV node with the row reset first: no rule is broken,
// and the iteration's line ends at that node, diagnosed as the table's
// (tt-exact-cut-at-pv). At depth 4 the last iteration's line is h2h3 a8a3
// f1e1, its fourth move cut by the table at ply 3.
func TestTableAnswerAtPVNodeDiagnosed(t *testing.T) {
	res, trace := traced(t, wac258FEN, Options{Depth: 4, Bug: BugTTAtPV})
	if res.TTAtPV == 0 {
		t.Fatalf("the table answered no PV node: %+v", res)
	}
	r := readTrace(t, wac258FEN, trace)
	for _, v := range r.violations {
		t.Errorf("%v (rule %s)", v, v.Rule)
	}
	var reasons []string
	for _, it := range r.diag.Iterations {
		if it.Short {
			reasons = append(reasons, it.End.Reason.String())
		}
	}
	if !strings.Contains(strings.Join(reasons, " "), tracer.TTExactCutAtPV.String()) {
		t.Errorf("short lines end for %v, want one for %s", reasons, tracer.TTExactCutAtPV)
	}
}
