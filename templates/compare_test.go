package templates

import (
	"slices"
	"testing"
)

// The comparison control is a setup option (data-option "compare", so the URL fills it) whose
// first choice is "off", and the comparison's and the editor's regions carry their testids.
func TestCompareAndTreeEditorRender(t *testing.T) {
	ids := render(t, CompareControl())
	sel := ids["compare-select"]
	if sel == nil {
		t.Fatal("no compare-select")
	}
	if v, _ := attr(sel, "data-option"); v != "compare" {
		t.Errorf("compare-select's data-option is %q, want compare", v)
	}
	values, _ := options(sel)
	if len(values) < 3 || values[0] != "" || !slices.Contains(values, "minimax,alphabeta,pvs") || !slices.Contains(values, "pvs:tt=true,pvs:tt=false") {
		t.Errorf("compare choices %q", values)
	}
	ids = render(t, CompareRegion())
	for _, id := range []string{"compare", "compare-step", "compare-back", "compare-play", "compare-to-start", "compare-to-end",
		"compare-close", "compare-summary", "compare-panes"} {
		if ids[id] == nil {
			t.Errorf("CompareRegion has no %q", id)
		}
	}
	ids = render(t, TreeEditor())
	for _, id := range []string{"tree-edit", "edit-tree", "edit-value", "edit-add", "edit-delete", "edit-undo", "edit-close"} {
		if ids[id] == nil {
			t.Errorf("TreeEditor has no %q", id)
		}
	}
	if render(t, TreeEditButton())["tree-edit-toggle"] == nil {
		t.Error("no tree-edit-toggle")
	}
}
