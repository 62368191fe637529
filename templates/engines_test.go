package templates

import (
	"slices"
	"testing"
)

// The engine panel renders hidden (the page shows it once the server lists an engine), with
// its controls by their contract names and MultiPV 1 to 8; its lines' region is hidden too.
func TestEnginePanel(t *testing.T) {
	ids := render(t, EnginePanel())
	for _, id := range []string{"engine-panel", "engine-select", "engine-multipv", "engine-verify", "engine-inspect",
		"engine-stop", "engine-show", "engine-progress"} {
		if ids[id] == nil {
			t.Errorf("no data-testid %q", id)
		}
	}
	if _, hidden := attr(ids["engine-panel"], "hidden"); !hidden {
		t.Error("the engine panel is shown before the server has listed an engine")
	}
	if values, selected := options(ids["engine-multipv"]); !slices.Equal(values, []string{"1", "2", "3", "4", "5", "6", "7", "8"}) || selected != "" {
		t.Errorf("MultiPV offers %v (selected %q)", values, selected)
	}
	if typ, _ := attr(ids["engine-verify"], "type"); typ != "checkbox" {
		t.Errorf("engine-verify is a %q", typ)
	}
	lines := render(t, EngineLines())
	for _, id := range []string{"engine-results", "engine-lines", "engine-verified", "engine-warnings"} {
		if lines[id] == nil {
			t.Errorf("no data-testid %q", id)
		}
	}
	if _, hidden := attr(lines["engine-results"], "hidden"); !hidden {
		t.Error("the engine lines are shown before any inspection")
	}
}
