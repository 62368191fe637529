package main

import (
	"path/filepath"
	"slices"
	"testing"
)

// The ladder judged on its last search (issue 38, item 1, as CounterGo's
// PVS shows it): a full-window search after a probe that failed high, also
// at or beyond the node's beta ("if score > alpha, search again"), is
// wasteful but correct; after a probe that failed low it stays a re-search
// violation. A move searched again right after with the same window and
// more depth (LMR absorbing a check extension: the reduced search is written
// as a plain probe) is the ladder's next step: whether a re-search is owed is
// judged on that last search. Traces and values: tracer/testdata/kept/SOURCE.
func TestCheckKeptLadder(t *testing.T) {
	type finding struct {
		rule string
		node int32
		path []string
	}
	for _, tc := range []struct {
		file       string
		violations []finding
		score      int32
		pv         []string
	}{
		{file: "re_search_fail_high.jsonl", score: 10, pv: []string{"a"}},
		{file: "re_search_fail_low.jsonl", score: 15, pv: []string{"b", "c"},
			violations: []finding{{"re-search", 3, []string{"b"}}, {"re-search", 6, []string{"b", "d"}}}},
		{file: "ladder_deeper_low.jsonl", score: 10, pv: []string{"a"}},
		{file: "ladder_deeper_full.jsonl", score: 18, pv: []string{"b"}},
		{file: "ladder_deeper_owed.jsonl", score: 15,
			violations: []finding{{"re-search", 4, []string{}}}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			rep := kitReport(t, tc.file, filepath.Join("tracer/testdata/kept", tc.file))
			ok := len(rep.Violations) == len(tc.violations)
			for i := 0; ok && i < len(rep.Violations); i++ {
				v := rep.Violations[i]
				ok = v.Rule == tc.violations[i].rule && v.Node == tc.violations[i].node && slices.Equal(v.Path, tc.violations[i].path)
			}
			if !ok {
				t.Errorf("violations %+v, want %+v", rep.Violations, tc.violations)
			}
			if len(rep.Warnings) != 0 {
				t.Errorf("warnings %+v, want none", rep.Warnings)
			}
			if len(rep.Iterations) != 1 || rep.Iterations[0].Score != tc.score || tc.pv != nil && !slices.Equal(rep.Iterations[0].PV, tc.pv) {
				t.Errorf("iterations %+v, want one scoring %d along %q", rep.Iterations, tc.score, tc.pv)
			}
		})
	}
}
