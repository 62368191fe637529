package server

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// The four searches of a node's own position written by hand in
// tracer/testdata/subsearch open in the page: every node is there (counted by
// hand in each file), the log says of the sub-search's enter that it searches
// its node's own position again, the tree writes its purpose where a move
// would be, and the legend shows the sub-search's mark.
func TestBrowserSubSearches(t *testing.T) {
	p := newPage(t, 1366, 768)
	for _, tc := range []struct {
		file, label string // label: the tree's, where a move would be
		nodes       int
		says        string
	}{
		{"iid", "⟲ IID", 6, "The root searches its own position again (internal iterative deepening"},
		{"singular", "⟲ singular", 7, "The root searches its own position again (the singular-extension test"},
		{"razor", "⟲ razor", 5, "b searches its own position again (razoring's verification"},
		{"probcut", "⟲ ProbCut", 5, "b searches its own position again (ProbCut's verification"},
		// iid.jsonl on a board: a is e2e4, b d2d4.
		{"iid_chess", "⟲ IID", 6, "The root searches its own position again (internal iterative deepening"},
	} {
		file, err := filepath.Abs(filepath.Join("../tracer/testdata/subsearch", tc.file+".jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		p.open("/")
		p.run(chromedp.SetUploadFiles(`[data-testid="trace-file"]`, []string{file}, chromedp.ByQuery))
		n := p.finished()
		if s := p.snapAt(n); s["nodeCount"] != float64(tc.nodes) || s["error"] != "" {
			t.Errorf("%s: at the end nodeCount %v, error %q; want %d nodes and no error", tc.file, s["nodeCount"], s["error"], tc.nodes)
		}
		var rows []string
		p.await(fmt.Sprintf(`(async () => {
			const rows = [];
			for (let k = 1; k <= %d; k++) {
				window.pvscope.seek(k);
				await window.pvscope.settled(); // a slow search's log comes a frame or more after the seek
				const lis = [...document.querySelectorAll('[data-testid="event-log"] li .txt')];
				rows.push(lis.length ? lis[lis.length - 1].textContent : "");
			}
			return rows;
		})()`, n), &rows)
		said := 0
		for _, r := range rows {
			if strings.HasPrefix(r, tc.says) {
				said++
			}
		}
		if said != 1 {
			t.Errorf("%s: %d steps' newest row starts %q, want 1:\n%s", tc.file, said, tc.says, strings.Join(rows, "\n"))
		}
		// The tree at the end, drawn whole: its labels hold the sub-search's purpose.
		var labels []string
		p.await(fmt.Sprintf(`(async () => {
			const P = window.pvscope, v = P.view;
			P.seek(%d);
			for (let i = 0; i < 3; i++) await new Promise(requestAnimationFrame);
			v.draw();
			return v.labels ? v.labels.placed.map((l) => l.text) : [];
		})()`, n), &labels)
		if !slices.Contains(labels, tc.label) {
			t.Errorf("%s: the tree's labels %q hold no %q", tc.file, labels, tc.label)
		}
		var legend bool
		p.run(chromedp.Evaluate(`(() => { const li = document.querySelector(".legend .legend-own"); return !!li && getComputedStyle(li).display !== "none"; })()`, &legend))
		if !legend {
			t.Errorf("%s: the legend does not show the sub-search's mark", tc.file)
		}
	}
}
