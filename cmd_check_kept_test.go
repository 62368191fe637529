package main

import (
	"path/filepath"
	"slices"
	"testing"
)

// A node is judged by what it kept (issue 38, items 1 to 4): traces written
// by hand in tracer/testdata/kept, values worked out in its SOURCE note. A
// move searched again right after with the same window (LMR's "full window"
// at a null-window node, a repeat the table answers with a fail-hard bound)
// is worth its last search's value under meta.bounds fail-soft; a fail-hard
// clamp in a fail-soft engine says so with "bound" on its exit; a null move
// in check is a violation where it decided something and a warning where it
// changed nothing; a move that failed high in its own window and that its
// parent rejected extends no derived line.
func TestCheckKept(t *testing.T) {
	type finding struct {
		rule string
		node int32
		path []string
	}
	for _, tc := range []struct {
		file                string
		violations, warning []finding
		score               int32
		pv                  []string
	}{
		{file: "repeat_table.jsonl", score: 11, pv: []string{"e2e4"}},
		{file: "repeat_full.jsonl", score: 15, pv: []string{"e2e4", "e7e5"},
			warning: []finding{{"repeat", 6, []string{"e2e4"}}}},
		{file: "clamp_stand_pat.jsonl", score: 10, pv: []string{"a"}},
		{file: "stand_pat_window.jsonl", score: 11, pv: []string{"e4d5"}},
		{file: "re_search_repeat.jsonl", score: 10, pv: []string{"a"}},
		{file: "null_in_check_harmless.jsonl", score: 10, pv: []string{"e1e2"},
			warning: []finding{{"null-in-check", 2, []string{}}}},
		{file: "null_in_check_kept.jsonl", score: -50, pv: []string{"e1e2"},
			violations: []finding{{"null-in-check", 2, []string{}}}},
		{file: "null_in_check_cut.jsonl", score: 10, pv: []string{"e1d1"},
			violations: []finding{{"null-in-check", 4, []string{"h1h8", "0000"}}}},
		{file: "line_at_bound.jsonl", score: 32, pv: []string{"g1f3"}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			rep := kitReport(t, tc.file, filepath.Join("tracer/testdata/kept", tc.file))
			same := func(got []checkViolation, want []finding) bool {
				if len(got) != len(want) {
					return false
				}
				for i, v := range got {
					if v.Rule != want[i].rule || v.Node != want[i].node || !slices.Equal(v.Path, want[i].path) {
						return false
					}
				}
				return true
			}
			if !same(rep.Violations, tc.violations) {
				t.Errorf("violations %+v, want %+v", rep.Violations, tc.violations)
			}
			if !same(rep.Warnings, tc.warning) {
				t.Errorf("warnings %+v, want %+v", rep.Warnings, tc.warning)
			}
			if len(rep.Iterations) != 1 || rep.Iterations[0].Score != tc.score || !slices.Equal(rep.Iterations[0].PV, tc.pv) {
				t.Errorf("iterations %+v, want one scoring %d along %q", rep.Iterations, tc.score, tc.pv)
			}
		})
	}
}
