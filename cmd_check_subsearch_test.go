package main

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/pvscope/pvscope/tracer"
)

// Searches of a node's own position (IID, singular verification, razoring's
// and ProbCut's verification), written by hand in tracer/testdata/subsearch:
// each checks clean with the root value worked out by hand in its SOURCE note,
// its sub-search is read at its node's ply, and nothing derived takes it for a
// move; a sub-search's score taken for the node's, and a singular verification
// that searches the move it excludes, are named by the subsearch rule.

var subSearchTraces = []struct {
	file  string
	score int32 // the root's value, by hand
	sub   int32 // the sub-search's node
}{
	{"iid.jsonl", 10, 2},
	{"singular.jsonl", 40, 2},
	{"razor.jsonl", 35, 4},
	{"probcut.jsonl", 20, 4},
}

func TestCheckSubSearches(t *testing.T) {
	for _, tc := range subSearchTraces {
		t.Run(tc.file, func(t *testing.T) {
			path := filepath.Join("tracer/testdata/subsearch", tc.file)
			rep := kitReport(t, tc.file, path)
			if rep.ViolationCount != 0 || rep.WarningCount != 0 {
				t.Errorf("violations %+v, warnings %+v; want none", rep.Violations, rep.Warnings)
			}
			if len(rep.Iterations) != 1 || rep.Iterations[0].Score != tc.score {
				t.Errorf("iterations %+v, want one scoring %d", rep.Iterations, tc.score)
			}
			h, events := readKitTrace(t, path)
			plies := map[int32]int32{}
			var parent int32
			for _, e := range tracer.Derive(h, events) {
				switch {
				case e.Kind == tracer.Enter:
					plies[e.Node] = e.Ply
					if e.Node == tc.sub {
						parent = e.Parent
						if e.Ply != plies[e.Parent] || e.Move != "" || e.Sub == "" {
							t.Errorf("the sub-search's enter %+v, want its node %d's ply %d, no move, a purpose", e, e.Parent, plies[e.Parent])
						}
					}
				case e.Derived && parent != 0 && e.Node == parent && e.Move == "" && e.Kind != tracer.Exit:
					t.Errorf("derived %s at node %d about no move: the sub-search taken for a move", e.Kind, e.Node)
				case e.Kind == tracer.RootPV || e.Kind == tracer.SearchEnd:
					for _, m := range e.PV {
						if m == "" {
							t.Errorf("%s's line %q holds the sub-search", e.Kind, e.PV)
						}
					}
				}
			}
			if parent == 0 {
				t.Errorf("node %d was not entered", tc.sub)
			}
		})
	}
}

func TestCheckSubSearchMistakes(t *testing.T) {
	for _, tc := range []struct {
		file, rule string
		node       int32
		path       []string // the moves to its position: the sub-search plays none
	}{
		// iid.jsonl with the IID scoring 20 and the root returning it, its moves giving 10 and 3.
		{"iid_value.jsonl", "subsearch", 1, []string{}},
		// singular.jsonl with the verification searching a, the move it excludes.
		{"singular_excluded.jsonl", "subsearch", 4, []string{"a"}},
		// A null move that cuts in the root's IID, the root's king in check: the position
		// below a sub-search is its node's, so null-in-check judges it.
		{"null_in_check.jsonl", "null-in-check", 3, []string{"0000"}},
	} {
		rep := kitReport(t, tc.file, filepath.Join("tracer/testdata/subsearch", tc.file))
		if rep.ViolationCount != 1 || rep.Violations[0].Rule != tc.rule || rep.Violations[0].Node != tc.node || !slices.Equal(rep.Violations[0].Path, tc.path) {
			t.Errorf("%s: violations %+v; want one, %s at node %d, path %q", tc.file, rep.Violations, tc.rule, tc.node, tc.path)
		}
	}
	if _, err := os.Stat("tracer/testdata/subsearch/SOURCE"); err != nil {
		t.Error(err)
	}
}
