package main

import (
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
