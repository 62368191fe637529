package server

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// BenchmarkBrowserSiteChainMemory reports the memory of a chain of 10k, 30k
// and 100k nodes opened from the file picker in the static site, each in a
// Chromium of its own: the renderer's resident memory (rendererRSS, the
// page's and its worker's, whose WebAssembly session read the trace) and the
// page's JS heap (issue 44: the 100k chain under 500 MB of renderer).
// go test ./server -run XXX -bench BrowserSiteChainMemory -benchtime 1x
func BenchmarkBrowserSiteChainMemory(b *testing.B) {
	for _, n := range []int{10_000, 30_000, 100_000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			file := filepath.Join(b.TempDir(), "chain"+strconv.Itoa(n)+".jsonl")
			if err := os.WriteFile(file, uploadChain(n), 0o644); err != nil {
				b.Fatal(err)
			}
			for range b.N {
				p := newSitePageWith(b, 1366, 768, newPrivateBrowser)
				p.open(sitePath + "index.html")
				empty := rendererRSS(p)
				p.run(chromedp.Evaluate(watchPage, nil))
				p.run(chromedp.SetUploadFiles(`[data-testid="trace-file"]`, []string{file}, chromedp.ByQuery))
				// The worker reads the whole file before the first frame: on a loaded
				// machine that passes finished's 30 s.
				if err := chromedp.Run(p.ctx, chromedp.Poll(`(() => { const s = window.pvscope.snapshot(); return s.eventCount > 0 && !s.streaming || s.error !== ""; })()`, nil, chromedp.WithPollingTimeout(4*time.Minute))); err != nil {
					b.Fatalf("%v; the page: %+v", err, p.snapshot())
				}
				m := measureChain(p)
				b.Logf("%d nodes: %v (the empty page: %.0f MB)", n, m, empty/(1<<20))
				b.ReportMetric(m.renderer/(1<<20), "MB-renderer")
				b.ReportMetric(empty/(1<<20), "MB-renderer-empty")
				b.ReportMetric(m.heap/(1<<20), "MB-heap")
			}
		})
	}
}
