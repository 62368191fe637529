package tracer

import (
	"slices"
	"testing"
)

// The header's convention words: one the trace format does not know is read
// as the default, and pvscope check warns of it (rule meta), as it does of a
// scale key it cannot read. The words it knows, or none, give no warning.
func TestUnknownConventionWordIsAMetaWarning(t *testing.T) {
	events := []Event{en(1, 0, "", -100, 100, 1), en(2, 1, "a", -100, 100, 0), ex(2, -3), ex(1, 3)}
	for _, tc := range []struct {
		h    Header
		want []string
	}{
		{meta("pov", "White"), []string{`meta.pov "White" is neither "negamax" nor "white" (read as "negamax")`}},
		{meta("bounds", "hard"), []string{`meta.bounds "hard" is neither "fail-soft" nor "fail-hard" (either is accepted)`}},
		{meta("pov", "black", "bounds", "soft"), []string{
			`meta.pov "black" is neither "negamax" nor "white" (read as "negamax")`,
			`meta.bounds "soft" is neither "fail-soft" nor "fail-hard" (either is accepted)`,
		}},
		{meta("pov", "white", "bounds", "fail-hard"), nil},
		{meta("pov", "negamax", "bounds", "fail-soft"), nil},
		{meta("pov", "", "bounds", ""), nil},
		{Header{}, nil},
	} {
		r := runRules(tc.h, nil, events)
		var got []string
		for _, w := range r.warnings {
			if w.Rule != "meta" {
				t.Errorf("%v: warning %s: %s, want only meta", tc.h.Meta, w.Rule, w.Problem)
			}
			got = append(got, w.Problem)
		}
		if !slices.Equal(got, tc.want) || len(r.violations) > 0 {
			t.Errorf("%v: warnings %q, violations %v; want %q and none", tc.h.Meta, got, r.violations, tc.want)
		}
	}
}
