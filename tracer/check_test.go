package tracer

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func TestCheckValid(t *testing.T) {
	noIterations := slices.DeleteFunc(validTrace(), func(e Event) bool {
		return e.Kind == IterationStart || e.Kind == IterationEnd
	})
	stopped := validTrace()
	stopped[13].Actual, stopped[13].End = Cut, Stopped // a stopped node may say anything
	// The root failed its aspiration window and was searched again.
	aspiration := validTrace()
	rootPV := slices.IndexFunc(aspiration, func(e Event) bool { return e.Kind == RootPV })
	aspiration = renumber(slices.Insert(aspiration, rootPV,
		Event{Kind: AspirationFail, Depth: 2, Score: 15, Alpha: -1000, Beta: 1000},
		Event{Kind: Enter, Node: 6, Depth: 2, Alpha: -1000, Beta: 1000, Expect: PV},
		Event{Kind: Exit, Node: 6, Score: 15, Actual: PV, End: Eval}))
	gaps := validTrace()
	for i := range gaps {
		gaps[i].Seq = int64(7 + 3*i)
	}
	// The collectors' lines after the root's exit, one cut short.
	collected := validTrace()
	rootPV = slices.IndexFunc(collected, func(e Event) bool { return e.Kind == RootPV })
	collected = renumber(slices.Insert(collected, rootPV+1,
		Event{Kind: PVLine, Method: Triangular, Depth: 2, Score: 15, PV: []string{"d2d4"}},
		Event{Kind: PVCut, Method: Triangular, Depth: 2, Node: 4, Ply: 1, Reason: TTExactCutAtPV}))
	for name, es := range map[string][]Event{
		"collected":     collected,
		"pvs":           validTrace(),
		"no iterations": noIterations,
		"stopped":       stopped,
		"seq gaps":      gaps,
		"aspiration":    aspiration,
	} {
		if err := Check(es); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}

	var c Checker
	Multi{&c}.Emit(validTrace()[0])
	if c.Err() != nil {
		t.Errorf("Err after search-start = %v", c.Err())
	}
}

// renumber gives events the seqs 1, 2, 3, ...
func renumber(es []Event) []Event {
	for i := range es {
		es[i].Seq = int64(i + 1)
	}
	return es
}

func TestCheckViolations(t *testing.T) {
	for _, tc := range []struct {
		name string
		// break_ changes a valid trace; the seq it is renumbered to stays
		// unless keepSeq.
		break_  func(es []Event) []Event
		keepSeq bool
		seq     int64  // where the violation is found
		want    string // part of the message
	}{
		// a. seq
		{"seq repeats", func(es []Event) []Event { es[5].Seq = 5; return es }, true, 5, "seq does not increase"},
		{"seq decreases", func(es []Event) []Event { es[5].Seq = 2; return es }, true, 2, "the event before was seq 5"},
		{"aspiration-fail with a node open", func(es []Event) []Event {
			return slices.Insert(es, 3, Event{Kind: AspirationFail, Depth: 2})
		}, false, 4, "aspiration-fail outside an iteration or with a node open"},
		{"first seq not positive", func(es []Event) []Event {
			for i := range es {
				es[i].Seq -= 4
			}
			return es
		}, true, -3, "the first seq must be positive"},

		// b. enter and exit balanced
		// (an exit of a node not yet entered is the writer's mistake: writer-exit, check_writer.go)
		{"exit of another node", func(es []Event) []Event { es[5].Node = 1; return es }, false, 6, "exit of node 1, but the innermost open node is 2"},
		{"exit of a node never entered", func(es []Event) []Event { es[5].Node = 3; return es }, false, 6, "exit of node 3, which no enter opened"},
		{"exit with nothing open", func(es []Event) []Event { return slices.Delete(es, 2, 3) }, false, 3, "tt-probe names node 1, but no node is open"},
		{"enter under the wrong parent", func(es []Event) []Event { es[4].Parent = 0; return es }, false, 5, "names parent 0, but the innermost open node is 1"},
		{"node id reused", func(es []Event) []Event { es[16].Node = 2; return es }, false, 17, "node 2 entered twice"},
		{"node id zero", func(es []Event) []Event { es[16].Node = 0; return es }, false, 17, "node ids start at 1"},
		{"node open at search-end", func(es []Event) []Event {
			es = slices.DeleteFunc(es, func(e Event) bool { return e.Kind == IterationStart || e.Kind == IterationEnd })
			return slices.Delete(es, 22, 23) // the root's exit
		}, false, 24, "search-end with node 1 still open"},
		{"node open at the end", func(es []Event) []Event { return es[:10] }, false, 10, "the trace ends here with node 1 still open"},

		// c. search and iteration order
		{"no search-start", func(es []Event) []Event { return es[1:] }, false, 1, "the first event is iteration-start, want search-start"},
		{"second search-start", func(es []Event) []Event { return slices.Insert(es, 1, Event{Kind: SearchStart}) }, false, 2, "a second search-start"},
		{"event after search-end", func(es []Event) []Event { return append(es, Event{Kind: SearchEnd}) }, false, 28, "search-end after search-end"},
		{"no search-end", func(es []Event) []Event { return es[:len(es)-1] }, false, 26, "without search-end"},
		{"iteration-end without start", func(es []Event) []Event { return slices.Delete(es, 1, 2) }, false, 25, "iteration-end without iteration-start"},
		{"nested iteration", func(es []Event) []Event { return slices.Insert(es, 2, Event{Kind: IterationStart}) }, false, 3, "iteration-start inside an iteration"},
		{"node open across an iteration end", func(es []Event) []Event {
			es[23], es[25] = es[25], es[23]
			return es
		}, false, 24, "iteration-end with node 1 still open"},
		{"node outside an iteration", func(es []Event) []Event {
			return append(es[:len(es)-1], Event{Kind: Enter, Node: 9, Alpha: -1, Beta: 1}, Event{Kind: Exit, Node: 9, Actual: PV}, es[len(es)-1])
		}, false, 27, "node 9 entered outside any iteration"},
		{"search-end inside an iteration", func(es []Event) []Event { return slices.Delete(es, 25, 26) }, false, 26, "search-end inside an iteration"},
		{"event names a node that is not innermost", func(es []Event) []Event { es[17].Node = 1; return es }, false, 18, "tt-probe names node 1, but the innermost open node is 5"},

		// d. probe
		{"probe window not null", func(es []Event) []Event { es[7].Beta = 12; return es }, false, 8, "probe window (10, 12) is not null"},

		// e. re-search
		{"re-search of a node not a child", func(es []Event) []Event { es[11].Ref = 1; return es }, false, 12, "re-search at node 1 of ref 1, which is a child of node 0"},
		{"re-search of a node never entered", func(es []Event) []Event { es[11].Ref = 42; return es }, false, 12, "a node never entered"},
		{"re-search after a score outside the window", func(es []Event) []Event {
			es[9].Score, es[9].Actual = -5, Cut // the probe failed low
			return es
		}, false, 12, "its probe 3 scored 5 for it, not strictly inside the window (10, 1000)"},
		{"re-search of a node no probe entered", func(es []Event) []Event { es[11].Ref, es[11].Alpha = 2, 5; return es }, false, 12, "which no probe entered"},
		{"re-search alpha differs from the probe's", func(es []Event) []Event { es[11].Alpha = 9; return es }, false, 12, "re-search window alpha 9 is not the alpha 10 of the probe"},
		{"re-search not entered next", func(es []Event) []Event { es[12].Ref = 0; return es }, false, 13, "is not the re-search of ref 3 at node 1 announced at seq 12"},
		{"re-search never entered", func(es []Event) []Event {
			return append(es[:12], Event{Kind: Exit, Node: 1, Score: 20, Actual: PV})
		}, false, 13, "node 1 exits without the re-search it announced at seq 12"},
		{"enter with a ref and no re-search", func(es []Event) []Event { es[16].Ref = 3; return es }, false, 17, "no re-search announced it"},

		// f. pv-update
		{"pv-update at beta", func(es []Event) []Event { es[14].Score = 1000; return es }, false, 15, "pv-update score 1000 is not strictly inside the window (10, 1000)"},
		{"pv-update at alpha", func(es []Event) []Event { es[6].Score = -1000; return es }, false, 7, "not strictly inside"},

		// h. pv-line and pv-cut: inside an iteration, after the root exits
		{"pv-cut with a node open", func(es []Event) []Event {
			return slices.Insert(es, 23, Event{Kind: PVCut, Method: Triangular, Depth: 2, Node: 2, Ply: 1, Reason: ReasonMate})
		}, false, 24, "pv-cut outside an iteration or with a node open"},
		{"pv-line without a method", func(es []Event) []Event {
			return slices.Insert(es, 25, Event{Kind: PVLine, Depth: 2, PV: []string{"d2d4"}})
		}, false, 26, "pv-line names no PV method"},
		{"pv-cut without a reason", func(es []Event) []Event {
			return slices.Insert(es, 25, Event{Kind: PVCut, Method: Stack, Depth: 2, Node: 4, Ply: 1})
		}, false, 26, "pv-cut gives no reason"},
		{"pv-cut of a full line", func(es []Event) []Event {
			return slices.Insert(es, 25, Event{Kind: PVCut, Method: TTWalk, Depth: 2, Node: 4, Ply: 2, Reason: TTEntryNotExact})
		}, false, 26, "the line is not short"},
		{"pv-cut at a node never entered", func(es []Event) []Event {
			return slices.Insert(es, 25, Event{Kind: PVCut, Method: PVHash, Depth: 2, Node: 77, Ply: 1, Reason: TTEntryMissing})
		}, false, 26, "pv-cut names node 77, which the search never entered"},

		// g. exit's actual type
		{"exit type does not match its score", func(es []Event) []Event { es[13].Actual = Cut; return es }, false, 14, `exit of node 4 says "cut", but score -15 in its window (-1000, -10) makes it "pv"`},
		{"exit type at beta", func(es []Event) []Event { es[20].Actual = PV; return es }, false, 21, `makes it "cut"`},
		{"exit type at alpha", func(es []Event) []Event { es[9].Actual = PV; return es }, false, 10, `makes it "all"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			es := tc.break_(validTrace())
			if !tc.keepSeq {
				renumber(es)
			}
			err := Check(es)
			var v *Violation
			if !errors.As(err, &v) {
				t.Fatalf("Check = %v, want a *Violation", err)
			}
			if v.Seq != tc.seq || !strings.Contains(err.Error(), fmt.Sprintf("seq %d:", tc.seq)) {
				t.Errorf("violation at seq %d (%v), want seq %d", v.Seq, err, tc.seq)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Check = %v\nwant a message containing %q", err, tc.want)
			}
		})
	}
}

func TestCheckEmpty(t *testing.T) {
	if err := Check(nil); err == nil || !strings.Contains(err.Error(), "no search-start") {
		t.Errorf("Check(nil) = %v, want an empty-trace error", err)
	}
}

func TestCheckerStopsAtFirstViolation(t *testing.T) {
	es := validTrace()
	es[5].Node = 3  // seq 6
	es[7].Beta = 50 // seq 8
	var c Checker
	for _, e := range es {
		c.Emit(e)
	}
	var v *Violation
	if err := c.Finish(); !errors.As(err, &v) || v.Seq != 6 || c.Err() != err {
		t.Errorf("Finish = %v, Err = %v; want the violation at seq 6 from both", err, c.Err())
	}
}

// Valid traces with one to three events replaced at random are nearly all
// rejected (a replacement can happen to be valid: a tt-probe of the open node,
// say), and neither they nor random event sequences make the checker panic.
func TestCheckRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	moves := uciMoves(10)
	rejected := 0
	for range 2000 {
		es := validTrace()
		for range 1 + rng.IntN(3) {
			i := rng.IntN(len(es))
			e := randomEvent(rng, es[i].Seq, moves)
			switch rng.IntN(3) {
			case 0:
				e.Node = int32(rng.IntN(7) - 1)
			case 1:
				e.Ref, e.Parent = int32(rng.IntN(6)), int32(rng.IntN(6))
			}
			es[i] = e
		}
		if Check(es) != nil {
			rejected++
		}
	}
	if rejected < 1900 {
		t.Errorf("only %d of 2000 damaged traces rejected", rejected)
	}
	for range 500 {
		es := []Event{{Seq: 1, Kind: SearchStart}}
		for i := range rng.IntN(6) {
			e := randomEvent(rng, int64(i+2), moves)
			e.Node = int32(rng.IntN(3))
			es = append(es, e)
		}
		_ = Check(es)
	}
}

// A reduced probe (a late move reduction) is searched again at full depth once
// it beats alpha, even when it scores at or above beta: the re-search rule
// accepts that; a re-search of a reduced probe that failed low is wasted work,
// a warning, not a violation.
func TestCheckReSearchOfAReducedProbe(t *testing.T) {
	trace := func(probeScore int32) []Event {
		actual := All // the probe's score for the parent beats alpha: the child failed low
		if probeScore <= 10 {
			actual = Cut
		}
		return renumber([]Event{
			{Kind: SearchStart, Depth: 3},
			{Kind: IterationStart, Depth: 3, Alpha: -1000, Beta: 1000},
			{Kind: Enter, Node: 1, Depth: 3, Alpha: 10, Beta: 11, Expect: Cut},
			{Kind: Enter, Node: 2, Parent: 1, Ply: 1, Depth: 2, Move: "e2e4", Alpha: -11, Beta: -10, Expect: All},
			{Kind: Exit, Node: 2, Score: -5, Actual: Cut, End: Eval},
			{Kind: Probe, Node: 1, Move: "d2d4", Index: 1, Alpha: 10, Beta: 11},
			{Kind: Enter, Node: 3, Parent: 1, Ply: 1, Depth: 0, Move: "d2d4", Index: 1, Alpha: -11, Beta: -10, Expect: Cut, Reduced: 1, Why: WhyLMR},
			{Kind: Exit, Node: 3, Score: -probeScore, Actual: actual, End: Eval},
			{Kind: FailHigh, Node: 1, Move: "d2d4", Index: 1, Score: probeScore, Alpha: 10, Beta: 11},
			{Kind: ReSearch, Node: 1, Move: "d2d4", Index: 1, Ref: 3, Alpha: 10, Beta: 11},
			{Kind: Enter, Node: 4, Parent: 1, Ply: 1, Depth: 1, Move: "d2d4", Index: 1, Ref: 3, Alpha: -11, Beta: -10, Expect: Cut},
			{Kind: Exit, Node: 4, Score: -12, Actual: All, End: Eval},
			{Kind: Cutoff, Node: 1, Move: "d2d4", Index: 1, Score: 12, Beta: 11},
			{Kind: Exit, Node: 1, Score: 12, Actual: Cut},
			{Kind: IterationEnd, Depth: 3, Score: 12},
			{Kind: SearchEnd, Depth: 3, Score: 12},
		})
	}
	if err := Check(trace(40)); err != nil {
		t.Errorf("a reduced probe at 40 above beta 11, searched again: %v", err)
	}
	var warned []*Violation
	c := Checker{Warn: func(v *Violation) { warned = append(warned, v) }}
	for _, e := range trace(8) {
		c.Emit(e)
	}
	if err := c.Err(); err != nil || len(warned) != 1 || !strings.Contains(warned[0].Problem, "not above alpha 10") {
		t.Errorf("a reduced probe at 8, below alpha 10, searched again: %v, warnings %v; want no violation and one warning", err, warned)
	}
	var v *Violation
	// The same probe without Reduced is an ordinary probe: at or above beta it is not searched again.
	plain := trace(40)
	plain[6].Reduced, plain[6].Why = 0, ""
	if err := Check(plain); !errors.As(err, &v) || v.Rule != "re-search" {
		t.Errorf("an unreduced probe at 40 above beta 11, searched again: %v, want a re-search violation", err)
	}
}
