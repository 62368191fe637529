package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// checkFile runs pvscope check --json on a file of tracer/testdata/engines38
// (its SOURCE works each out by hand).
func checkFile(t *testing.T, name string) checkReport {
	t.Helper()
	data, err := os.ReadFile("tracer/testdata/engines38/" + name)
	if err != nil {
		t.Fatal(err)
	}
	rep, _ := checkJSON(t, strings.Split(strings.TrimSpace(string(data)), "\n"))
	return rep
}

// Issue 38: a FEN ending "0 0" (move number 0) is read as move 1, with a warning.
func TestCheckHeaderFullmoveZero(t *testing.T) {
	rep := checkFile(t, "fullmove0.jsonl")
	if rep.ViolationCount != 0 || rep.WarningCount != 1 || rep.Warnings[0].Rule != "meta" || !strings.Contains(rep.Warnings[0].Message, "move 0") {
		t.Errorf("violations %v, warnings %v; want none, and one meta warning of the move 0", rep.Violations, rep.Warnings)
	}
	if len(rep.Iterations) != 1 || strings.Join(rep.Iterations[0].PV, " ") != "h1h8" {
		t.Errorf("iterations %+v, want one with PV h1h8", rep.Iterations)
	}
}

// Issue 38: meta.infinity equal to meta.mate is the engine's scale: its
// window (-10000, 10000) is infinite, and the mated root's -10000 is a mate.
func TestCheckHeaderInfinityIsMate(t *testing.T) {
	rep := checkFile(t, "infinity_mate.jsonl")
	if rep.ViolationCount != 0 || rep.WarningCount != 0 {
		t.Errorf("violations %v, warnings %v; want none", rep.Violations, rep.Warnings)
	}
	if len(rep.Iterations) != 1 || rep.Iterations[0].End == nil || rep.Iterations[0].End.Reason != "mate" || rep.Iterations[0].Bound != "" {
		t.Errorf("iterations %+v, want one short line ended by mate, its score no bound", rep.Iterations)
	}
}

// Issue 38: the engine's own line written through iteration-end counts as
// root-pv's does: check shows it, not derived, and judges it.
func TestCheckIterationEndLine(t *testing.T) {
	for _, c := range []struct {
		file, pv string
		warnings int // the other line parts from the one the scores derive (0): engine-pv's warning
	}{{"iteration_end_line.jsonl", "0", 0}, {"iteration_end_other.jsonl", "1", 1}} {
		rep := checkFile(t, c.file)
		if len(rep.Iterations) != 1 || rep.Iterations[0].Derived || strings.Join(rep.Iterations[0].PV, " ") != c.pv {
			t.Errorf("%s: iterations %+v, want one with the engine's PV %s, not derived", c.file, rep.Iterations, c.pv)
		}
		if rep.ViolationCount != 0 || rep.WarningCount != c.warnings {
			t.Errorf("%s: violations %v, warnings %v; want none and %d", c.file, rep.Violations, rep.Warnings, c.warnings)
		}
	}
}

// Issue 38: diff reads the engine's line from iteration-end too: the same
// search whose engine says 0 in one and 1 in the other parts at move 1.
func TestDiffIterationEndLine(t *testing.T) {
	dir := "tracer/testdata/engines38/"
	out, stderr, code := run(t, "diff", dir+"iteration_end_line.jsonl", dir+"iteration_end_other.jsonl", "--json")
	var rep struct {
		Iterations []struct {
			A, B   struct{ PV []string }
			PVPart *struct {
				Ply  int
				A, B string
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("exit %d: %v\n%s%s", code, err, out, stderr)
	}
	if len(rep.Iterations) != 1 {
		t.Fatalf("iterations: %s", out)
	}
	it := rep.Iterations[0]
	if p := it.PVPart; p == nil || p.Ply != 0 || p.A != "0" || p.B != "1" || strings.Join(it.A.PV, " ") != "0" || strings.Join(it.B.PV, " ") != "1" {
		t.Errorf("iteration: %+v; want A's line 0 and B's 1, parting at ply 0", it)
	}
}

// Issue 38: diff's sentences read as English on an aspiration plant (it
// said "leaves iteration 2 never left", and "1 leaves").
func TestDiffAspirationPlantReads(t *testing.T) {
	dir := "tracer/testdata/engines38/"
	out, stderr, code := run(t, "diff", dir+"aspiration_plant.jsonl", dir+"aspiration_fixed.jsonl")
	if code != 1 {
		t.Fatalf("exit %d, want 1 (they differ)\n%s%s", code, out, stderr)
	}
	for _, want := range []string{"A (line 12, seq 16): ends iteration 2\n", "B (line 12, seq 15): enters the root with window (-100, 100), depth 2\n",
		"A: 2 nodes, 1 leaf, 0 re-searches, 0 cutoffs, 0 table cuts; score 3"} {
		if !strings.Contains(out, want) {
			t.Errorf("diff says\n%s\nwant %q in it", out, want)
		}
	}
	for _, bad := range []string{"never left", "1 leaves", "1 nodes"} {
		if strings.Contains(out, bad) {
			t.Errorf("diff says %q:\n%s", bad, out)
		}
	}
}

// Issue 38: view counts violations and rules apart ("breaks 26 rules" was
// said of 26 violations of one rule): two null-move-twice violations.
func TestViewCountsViolationsAndRules(t *testing.T) {
	var out strings.Builder
	if err := viewCheck("tracer/testdata/engines38/null_twice_twice.jsonl", &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "has 2 violations of 1 rule (the first, line 4: null-move-twice:") {
		t.Errorf("view says %q; want 2 violations of 1 rule", out.String())
	}
	rep := checkFile(t, "null_twice_twice.jsonl")
	if rep.ViolationCount != 2 || rep.ViolationRules != 1 {
		t.Errorf("check --json: %d violations of %d rules; want 2 of 1", rep.ViolationCount, rep.ViolationRules)
	}
}

// Issue 38: a table entry of depth 2 answering a node of depth 9 is a
// tt-depth violation (the planted bug); a depth-9 entry answering a
// depth-9 node is not; an engine that says meta.ttShallow true allows it.
func TestCheckTTDepth(t *testing.T) {
	rep := checkFile(t, "tt_shallow.jsonl")
	if rep.ViolationCount != 1 || rep.Violations[0].Rule != "tt-depth" || rep.Violations[0].Node != 2 || rep.Violations[0].Line != 5 {
		t.Errorf("violations %+v; want one tt-depth at node 2, line 5", rep.Violations)
	}
	if rep := checkFile(t, "tt_shallow_allowed.jsonl"); rep.ViolationCount != 0 {
		t.Errorf("meta.ttShallow true: violations %+v; want none", rep.Violations)
	}
}

// Issue 38: the trace's own mistakes are named as its writer's, apart from
// the engine's violations and first in the report.
func TestCheckWriterMistakes(t *testing.T) {
	for _, c := range []struct {
		file, rule string
		node       int32
		line       int
	}{
		{"writer_research_move.jsonl", "writer-re-search", 4, 7},
		{"writer_move.jsonl", "writer-move", 4, 7},
		{"writer_exit.jsonl", "writer-exit", 9, 5},
	} {
		rep := checkFile(t, c.file)
		if rep.WriterMistakeCount != 1 || len(rep.WriterMistakes) != 1 {
			t.Errorf("%s: writer's mistakes %+v, violations %+v; want one %s", c.file, rep.WriterMistakes, rep.Violations, c.rule)
			continue
		}
		if m := rep.WriterMistakes[0]; m.Rule != c.rule || m.Node != c.node || m.Line != c.line {
			t.Errorf("%s: %+v; want %s at node %d, line %d", c.file, m, c.rule, c.node, c.line)
		}
		if rep.ViolationCount != 0 {
			t.Errorf("%s: violations %+v; want none of the engine's", c.file, rep.Violations)
		}
	}
	// The text report: the writer's mistakes come first, and the count says whose.
	out, _, code := run(t, "check", "tracer/testdata/engines38/writer_move.jsonl")
	if code != 1 || !strings.Contains(out, "the trace's writer: line 7 (seq 8, node 4, path a2a4): writer-move: ") ||
		!strings.Contains(out, "1 mistake of the trace's writer, no violations\n") {
		t.Errorf("exit %d, report\n%s", code, out)
	}
}

// Issue 38: the report counts the writer's mistakes, then violations, then
// warnings, in that order, each in its own words.
func TestCheckReportOrder(t *testing.T) {
	out, _, _ := run(t, "check", "tracer/testdata/engines38/writer_order.jsonl")
	w, v, warn := strings.Index(out, "the trace's writer: "), strings.Index(out, "\nline "), strings.Index(out, "\nwarning: ")
	if w < 0 || v < 0 || warn < 0 || !(w < v && v < warn) {
		t.Errorf("want the writer's mistake, then the violation, then the warning:\n%s", out)
	}
	if !strings.Contains(out, "1 mistake of the trace's writer, 1 violation of 1 rule, 1 warning\n") {
		t.Errorf("the counts:\n%s", out)
	}
}

// Issue 38: every short line gets its reason when the trace holds one.
func TestCheckShortLineReasons(t *testing.T) {
	for _, c := range []struct {
		file, pv, reason string
		node             int32
		ply              int
	}{
		{"short_mate.jsonl", "a y", "mate", 3, 2},
		{"short_aspiration.jsonl", "a", "aspiration-fail", 3, 1},
		{"short_repetition.jsonl", "a x", "repetition", 3, 2},
		{"short_mtd.jsonl", "a x", "root-bound", 3, 2},
		{"infinity_mate.jsonl", "", "mate", 1, 0},
	} {
		rep := checkFile(t, c.file)
		if len(rep.Iterations) != 1 {
			t.Errorf("%s: iterations %+v; want one", c.file, rep.Iterations)
			continue
		}
		it := rep.Iterations[0]
		if strings.Join(it.PV, " ") != c.pv || !it.Short || it.End == nil || it.End.Reason != c.reason || it.End.Node != c.node || it.End.Ply != c.ply {
			t.Errorf("%s: %+v (end %+v); want the short line %q ending at node %d, ply %d for %s", c.file, it, it.End, c.pv, c.node, c.ply, c.reason)
		}
	}
}
