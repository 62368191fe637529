package tracer

import (
	"slices"
	"strings"
	"testing"
)

// Traces of modern search, written by hand as another engine would write
// them (enter and exit only, plus the optional reduced/why and end), and what
// the rules make of them. Windows are null, as in an MTD driver's bound search.

func en(node, parent int32, move string, alpha, beta int32, depth int16) Event {
	return Event{Kind: Enter, Node: node, Parent: parent, Move: move, Alpha: alpha, Beta: beta, Depth: depth}
}

func ex(node, score int32) Event { return Event{Kind: Exit, Node: node, Score: score} }

func reduced(e Event, plies int16, why string) Event {
	e.Reduced, e.Why = plies, why
	return e
}

func ttEx(node, score int32) Event {
	return Event{Kind: Exit, Node: node, Score: score, End: TTCut}
}

// checkAll derives and checks a minimal trace, keeping every violation and warning.
func checkAll(h Header, events []Event) (violations, warnings []*Violation, c *Checker, derived []Event) {
	c = &Checker{
		Report: func(v *Violation) { violations = append(violations, v) },
		Warn:   func(v *Violation) { warnings = append(warnings, v) },
	}
	derived = Derive(h, events)
	for _, e := range derived {
		c.Emit(e)
	}
	c.Finish()
	return violations, warnings, c, derived
}

// killerTrace: the killer e2e4 is searched first and fails low; the sorted
// list meets it again with the same window and depth, and the table answers.
func killerTrace(repeat ...Event) []Event {
	es := []Event{
		en(1, 0, "", 543, 544, 2),
		en(2, 1, "e2e4", -544, -543, 1),
		en(3, 2, "e7e5", 543, 544, 0), ex(3, 524),
		ex(2, -524),
	}
	es = append(es, repeat...)
	return append(es,
		en(5, 1, "d2d4", -544, -543, 1),
		en(6, 5, "d7d5", 543, 544, 0), ex(6, 530),
		ex(5, -530),
		ex(1, 530))
}

func TestRepeatIsNotAReSearch(t *testing.T) {
	answered := killerTrace(en(4, 1, "e2e4", -544, -543, 1), ttEx(4, -524))
	searched := killerTrace(en(4, 1, "e2e4", -544, -543, 1), en(7, 4, "e7e5", 543, 544, 0), ex(7, 524), ex(4, -524))
	withRef := slices.Clone(answered)
	withRef[5].Ref = 2
	for _, c := range []struct {
		name     string
		events   []Event
		warnings int
		warn     string
	}{
		{"answered by the table", answered, 0, ""},
		{"searched in full again", searched, 1, "its table did not answer the repeat"},
		{"written with a ref", withRef, 1, "a repeat, not a re-search"},
	} {
		vs, ws, chk, derived := checkAll(Header{}, c.events)
		if len(vs) != 0 {
			t.Errorf("%s: %d violations, the first %v; want none", c.name, len(vs), vs[0])
		}
		if chk.Repeats != 1 {
			t.Errorf("%s: %d repeats, want 1", c.name, chk.Repeats)
		}
		if len(ws) != c.warnings || (c.warn != "" && !strings.Contains(ws[0].Problem, c.warn)) {
			t.Errorf("%s: warnings %v, want %d saying %q", c.name, ws, c.warnings, c.warn)
		}
		for _, e := range derived {
			if e.Kind == ReSearch {
				t.Errorf("%s: a re-search was derived: %+v", c.name, e)
			}
		}
	}
}

// An enter whose ref no re-search announced is one violation: the node is
// still opened, so its exit is not a second, nesting one.
func TestUnannouncedRefIsOneViolation(t *testing.T) {
	es := killerTrace(en(4, 1, "g1f3", -544, -543, 1), ttEx(4, -524))
	es[5].Ref = 2 // another move: not a repeat of node 2
	vs, _, _, _ := checkAll(Header{}, es)
	if len(vs) != 1 || vs[0].Rule != "re-search" || !strings.Contains(vs[0].Problem, "no re-search announced it") {
		t.Fatalf("violations %v, want one re-search violation", vs)
	}
}

// lmrTrace: the root's second move is reduced a ply; it beats alpha and is
// searched again at full depth with the same null window.
func lmrTrace(reSearch bool) []Event {
	es := []Event{
		en(1, 0, "", 0, 1, 3),
		en(2, 1, "e2e4", -1, 0, 2),
		en(3, 2, "e7e5", 0, 1, 1), ex(3, 5),
		ex(2, -5),
		reduced(en(4, 1, "g1f3", -1, 0, 1), 1, WhyLMR),
		ex(4, -20),
	}
	score := int32(20) // without the re-search, the reduced visit's score stands
	if reSearch {
		es = append(es, en(5, 1, "g1f3", -1, 0, 2),
			en(6, 5, "g8f6", 0, 1, 1), ex(6, 12),
			ex(5, -12))
		score = 12
	}
	return append(es, ex(1, score))
}

func TestReducedSearchAndItsReSearch(t *testing.T) {
	vs, _, chk, derived := checkAll(Header{}, lmrTrace(true))
	if len(vs) != 0 {
		t.Fatalf("violations %v, want none", vs)
	}
	i := slices.IndexFunc(derived, func(e Event) bool { return e.Kind == ReSearch })
	if i < 0 || derived[i].Ref != 4 || derived[i+1].Kind != Enter || derived[i+1].Ref != 4 {
		t.Errorf("no re-search of node 4 derived before node 5's enter: %v", derived)
	}
	if chk.Repeats != 0 {
		t.Errorf("%d repeats, want 0", chk.Repeats)
	}
	// The root's line: the re-search decided it (12), not the reduced visit (20).
	if last := derived[len(derived)-1]; !slices.Equal(last.PV, []string{"g1f3", "g8f6"}) || last.Score != 12 {
		t.Errorf("search-end %+v, want g1f3 g8f6 scoring 12", last)
	}

	vs, _, _, _ = checkAll(Header{}, lmrTrace(false))
	if len(vs) != 1 || vs[0].Rule != "re-search" || vs[0].Node != 4 {
		t.Fatalf("without the re-search: violations %v, want one re-search at node 4", vs)
	}
}

func TestNodeScoresAtLeastItsBestMove(t *testing.T) {
	es := killerTrace(en(4, 1, "e2e4", -544, -543, 1), ttEx(4, -524))
	es[len(es)-1].Score = 500 // below the 530 its move d2d4 gave it
	vs, _, _, _ := checkAll(Header{}, es)
	if len(vs) != 1 || vs[0].Rule != "best-score" || !strings.Contains(vs[0].Problem, "below the 530 its move d2d4 (node 5)") {
		t.Fatalf("violations %v, want one best-score", vs)
	}
}

// A null move that does not cut gives its node no score and no line; one
// that cuts does both.
func TestNullMove(t *testing.T) {
	es := []Event{
		en(1, 0, "", 0, 1, 4),
		en(2, 1, "e2e4", -1, 0, 3),
		reduced(en(3, 2, NullMove, 0, 1, 0), 2, WhyNullMove), ex(3, 3), // -3 for node 2: no cut
		en(4, 2, "e7e5", 0, 1, 2), ex(4, 8),
		ex(2, -8),
		en(5, 1, "d2d4", -1, 0, 3),
		reduced(en(6, 5, NullMove, 0, 1, 0), 2, WhyNullMove), ex(6, -4), // 4 for node 5: it cuts
		ex(5, 4),
		ex(1, 8),
	}
	vs, _, _, derived := checkAll(Header{}, es)
	if len(vs) != 0 {
		t.Fatalf("violations %v, want none", vs)
	}
	if last := derived[len(derived)-1]; !slices.Equal(last.PV, []string{"e2e4", "e7e5"}) {
		t.Errorf("line %v, want e2e4 e7e5", last.PV)
	}
	// Alone, d2d4 scores -4 for the root, decided by the null move that cut
	// node 5: the line is d2d4 0000.
	_, _, _, derived = checkAll(Header{}, []Event{
		en(1, 0, "", 0, 1, 4),
		en(5, 1, "d2d4", -1, 0, 3),
		reduced(en(6, 5, NullMove, 0, 1, 0), 2, WhyNullMove), ex(6, -4),
		ex(5, 4),
		ex(1, -4),
	})
	if last := derived[len(derived)-1]; !slices.Equal(last.PV, []string{"d2d4", NullMove}) {
		t.Errorf("line %v, want d2d4 0000", last.PV)
	}
}

// Root searches of one depth without iteration events are one iteration; the
// line is the last fail-high root search's; a null-window root expects no type.
func TestRootDriverIsOneIteration(t *testing.T) {
	root := func(id int32, gamma, depth int16, score int32, move string) []Event {
		return []Event{
			en(id, 0, "", int32(gamma)-1, int32(gamma), depth),
			en(id+1, id, move, -int32(gamma), -int32(gamma)+1, depth-1), ex(id+1, -score),
			ex(id, score),
		}
	}
	es := slices.Concat(
		root(1, 0, 2, 20, "e2e4"),  // fails high: at least 20
		root(3, 50, 2, 30, "d2d4"), // fails low: at most 30
		root(5, 25, 2, 26, "g1f3"), // fails high: at least 26, the result
		root(7, 28, 2, 27, "c2c4"), // fails low
		root(9, 26, 3, 26, "e2e4"), // depth 3
	)
	vs, _, _, derived := checkAll(Header{}, es)
	if len(vs) != 0 {
		t.Fatalf("violations %v, want none", vs)
	}
	var rootPVs []Event
	for _, e := range derived {
		if e.Kind == RootPV {
			rootPVs = append(rootPVs, e)
		}
		if e.Kind == Enter && e.Parent == 0 && e.Expect != NoType {
			t.Errorf("null-window root %d expects %v, want no type", e.Node, e.Expect)
		}
	}
	if len(rootPVs) != 2 || rootPVs[0].Score != 26 || !slices.Equal(rootPVs[0].PV, []string{"g1f3"}) || rootPVs[1].Depth != 3 {
		t.Fatalf("root-pvs %+v, want depth 2 with g1f3 at 26, then depth 3", rootPVs)
	}
	var d Diagnosis
	for _, e := range derived {
		d.Emit(e)
	}
	d.Finish()
	if len(d.Iterations) != 2 || d.Iterations[0].Depth != 2 || d.Iterations[0].Score != 26 || !d.Iterations[0].Derived {
		t.Fatalf("iterations %+v, want two, the first at depth 2 scoring 26, derived", d.Iterations)
	}
	// With iteration events and no window on iteration-start, the same.
	withIter := slices.Concat([]Event{{Kind: IterationStart, Depth: 2}}, es[:12], []Event{{Kind: IterationEnd, Depth: 2, Score: 26}},
		[]Event{{Kind: IterationStart, Depth: 3}}, es[12:], []Event{{Kind: IterationEnd, Depth: 3, Score: 26}})
	vs, _, _, derived = checkAll(Header{}, withIter)
	if len(vs) != 0 {
		t.Fatalf("with iteration events: violations %v, want none", vs)
	}
	if i := slices.IndexFunc(derived, func(e Event) bool { return e.Kind == RootPV }); i < 0 || !slices.Equal(derived[i].PV, []string{"g1f3"}) {
		t.Errorf("with iteration events: the first root-pv is not g1f3's")
	}
}

// A table answer counts as a hit and a cutoff once, whether the engine wrote
// tt-hit and tt-cutoff for it or not.
func TestTableAnswersCountOnce(t *testing.T) {
	for _, written := range []bool{false, true} {
		es := killerTrace(en(4, 1, "e2e4", -544, -543, 1), ttEx(4, -524))
		if written {
			es = slices.Insert(es, 5, Event{Kind: TTHit, Node: 4, Bound: Lower, Score: -524}, Event{Kind: TTCutoff, Node: 4, Score: -524})
		}
		var d Diagnosis
		var c Counters
		for _, e := range Derive(Header{}, es) {
			d.Emit(e)
			c.Emit(e)
		}
		d.Finish()
		if d.Counts.TTHits != 1 || d.Counts.TTCutoffs != 1 || c.Count(TTHit) != 1 || c.Count(TTCutoff) != 1 {
			t.Errorf("written %v: diagnosis %d hits, %d cutoffs; counters %d, %d; want 1 each",
				written, d.Counts.TTHits, d.Counts.TTCutoffs, c.Count(TTHit), c.Count(TTCutoff))
		}
		if want := int64(len(Derive(Header{}, es))); c.Total() != want {
			t.Errorf("written %v: Total %d, want %d events", written, c.Total(), want)
		}
	}
}

// A prune names the node that skips the move, between its children; it is
// counted.
func TestPrune(t *testing.T) {
	es := killerTrace(en(4, 1, "e2e4", -544, -543, 1), ttEx(4, -524))
	es = slices.Insert(es, 7, Event{Kind: Prune, Node: 1, Move: "h2h4", Why: WhyFutility})
	vs, _, _, derived := checkAll(Header{}, es)
	if len(vs) != 0 {
		t.Fatalf("violations %v, want none", vs)
	}
	var d Diagnosis
	for _, e := range derived {
		d.Emit(e)
	}
	if d.Counts.Prunes != 1 {
		t.Errorf("%d prunes counted, want 1", d.Counts.Prunes)
	}
	es[7].Node = 4 // node 4 has exited
	if vs, _, _, _ = checkAll(Header{}, es); len(vs) != 1 || vs[0].Rule != "innermost" {
		t.Errorf("a prune naming a closed node: violations %v, want one innermost", vs)
	}
}

// A node that searches its moves shallower first and then in full (a null move's
// verification search, then the node's own) scores what the full search gave: the shallower
// visit's higher score is not its best move's. A same-depth repeat right after is the
// move's last search, kept too (issue 38: a node is judged by what it kept); one met later,
// after another move (a killer met again in the move list), counts beside the first.
func TestMovesSearchedAgainDeeperSupersedeTheShallowerVisit(t *testing.T) {
	trace := func(secondDepth int16) []Event {
		return []Event{
			en(1, 0, "", -100, 100, 3),
			en(2, 1, "e2e4", -100, 100, 1), ex(2, -40), // the shallow look: e2e4 worth 40
			en(3, 1, "e2e4", -100, 100, secondDepth), ex(3, -20), // searched again: worth 20
			ex(1, 20),
		}
	}
	for _, depth := range []int16{2, 1} {
		vs, _, _, _ := checkAll(Header{}, trace(depth))
		for _, v := range vs {
			if v.Rule == "best-score" {
				t.Errorf("searched again at depth %d right after: %s", depth, v.Problem)
			}
		}
	}
	later := []Event{
		en(1, 0, "", -100, 100, 3),
		en(2, 1, "e2e4", -100, 100, 1), ex(2, -40), // e2e4 worth 40
		en(3, 1, "d2d4", -100, 100, 1), ex(3, -10), // d2d4 worth 10
		en(4, 1, "e2e4", -100, 100, 1), ex(4, -20), // e2e4 met again: worth 20 this time
		ex(1, 20),
	}
	vs, _, _, _ := checkAll(Header{}, later)
	found := false
	for _, v := range vs {
		found = found || v.Rule == "best-score" && strings.Contains(v.Problem, "below the 40 its move e2e4 (node 2)")
	}
	if !found {
		t.Errorf("a same-depth repeat met later scoring less: violations %v, want best-score below node 2's 40", vs)
	}
}
