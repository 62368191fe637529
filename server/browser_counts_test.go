package server

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/pvscope/pvscope/tracer"
)

// checkCounts is what pvscope check counts in a trace, computed here with
// tracer's own pieces (the Deriver, the Checker, Diagnosis), not the page's
// nor the check command's code.
type checkCounts struct {
	nodes, probes, reSearches, cutoffs, ttHits, ttCutoffs int64
	depth, iterations                                     int
}

func countLikeCheck(t *testing.T, data string) checkCounts {
	t.Helper()
	rd, err := tracer.NewReader(strings.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	var diag tracer.Diagnosis
	var chk tracer.Checker
	chk.SetHeader(rd.Header())
	d := tracer.NewDeriver(rd.Header(), func(e tracer.Event, _ int) { chk.Emit(e); diag.Emit(e) })
	for {
		e, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		d.Add(e, rd.Line())
	}
	d.Finish(rd.Line())
	diag.Finish()
	c := diag.Counts
	out := checkCounts{nodes: c.Nodes, probes: c.Probes, reSearches: c.ReSearches, cutoffs: c.Cutoffs, ttHits: c.TTHits, ttCutoffs: c.TTCutoffs,
		iterations: len(diag.Iterations)}
	if n := len(diag.Iterations); n > 0 {
		out.depth = diag.Iterations[n-1].Depth
	}
	return out
}

// The page and pvscope check agree on every count of a minimal trace (issue
// 27): mate2 (the reference engine's, enter and exit only, root searches of
// depths 1 to 4 with no iteration events, 434 nodes its table answered) and
// mate1-wrong-side (with iteration events). Before, the page said "TT
// hits/cuts 0 / 0" (it counted tt-hit events, which a minimal trace does not
// write) and "depth 1" (the derived search-start's, the first root's depth).
func TestBrowserMinimalTraceCountsAgreeWithCheck(t *testing.T) {
	p := newPage(t, 1366, 768)
	for _, name := range []string{"mate2.jsonl", "mate1-wrong-side.jsonl"} {
		data, err := os.ReadFile(filepath.Join("..", "engine", "internal", "refengine", "testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		want := countLikeCheck(t, string(data))
		if name == "mate2.jsonl" && (want.depth != 4 || want.ttHits != 434 || want.iterations != 4) {
			// The file's own numbers, counted with grep: 434 exits with end tt-cutoff, roots of depth 1-4.
			t.Fatalf("%s: check counts %+v; want depth 4, 434 table hits, 4 iterations", name, want)
		}
		p.open("/?trace=" + upload(t, p.url, string(data)))
		n := p.finished()
		p.snapAt(n)
		var got struct {
			Nodes, Probes, ReSearches, Cutoffs, TTHits, TTCutoffs, Depth, Iterations int64
			TT, DepthText                                                            string
		}
		js := fmt.Sprintf(`(() => {
			const t = window.pvscope.trace, s = t.stats(%d);
			let iterations = 0;
			for (let i = 0; i < %d; i++) { const e = t.event(i); if (e.kind === "root-pv" && !e.index) iterations++; }
			return { nodes: s.nodes, probes: s.probes, reSearches: s.reSearches, cutoffs: s.cutoffs, ttHits: s.ttHits, ttCutoffs: s.ttCutoffs,
				depth: s.depth, iterations, tt: document.getElementById("stat-tt").textContent, depthText: document.getElementById("stat-depth").textContent };
		})()`, n, n)
		p.run(chromedp.Evaluate(js, &got))
		page := checkCounts{nodes: got.Nodes, probes: got.Probes, reSearches: got.ReSearches, cutoffs: got.Cutoffs, ttHits: got.TTHits, ttCutoffs: got.TTCutoffs,
			depth: int(got.Depth), iterations: int(got.Iterations)}
		if page != want {
			t.Errorf("%s: the page counts %+v; check counts %+v", name, page, want)
		}
		if tt := fmt.Sprintf("%d / %d", want.ttHits, want.ttCutoffs); got.TT != tt || got.DepthText != fmt.Sprint(want.depth) {
			t.Errorf("%s: the statistics panel shows TT %q and depth %q; want %q and %d", name, got.TT, got.DepthText, tt, want.depth)
		}
	}
}
