package server

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The longest main-thread task (the browser's own PerformanceObserver
// "longtask" entries) while a chain of n nodes opens from a ?trace= link or
// as a file on the static site, while the page seeks to its middle, over 20
// steps forward from there, and seeking to its end (issue 44: never a task
// over 200 ms).
// go test ./server -run XXX -bench BrowserChainLongTasks -benchtime 1x
func BenchmarkBrowserChainLongTasks(b *testing.B) {
	const observe = `window.__longest = 0; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longest = Math.max(window.__longest, e.duration); }).observe({ type: "longtask", buffered: true }); 0`
	// The chain opened from a ?trace= link of the server, or picked as a file on
	// the static site, whose worker reads it (session.OpenReader).
	openChain := map[string]func(b *testing.B, n int) *page{
		"link": func(b *testing.B, n int) *page {
			p := newPage(b, 1366, 768)
			token := uploadTB(b, p.url, string(uploadChain(n)))
			p.open("/?trace=" + token)
			p.run(chromedp.Evaluate(observe, nil))
			return p
		},
		"site": func(b *testing.B, n int) *page {
			file := filepath.Join(b.TempDir(), "chain.jsonl")
			if err := os.WriteFile(file, uploadChain(n), 0o644); err != nil {
				b.Fatal(err)
			}
			p := newSitePageWith(b, 1366, 768, newPrivateBrowser)
			p.open(sitePath + "index.html")
			p.run(chromedp.Evaluate(observe, nil))
			p.run(chromedp.SetUploadFiles(`[data-testid="trace-file"]`, []string{file}, chromedp.ByQuery))
			return p
		},
	}
	for _, how := range []string{"link", "site"} {
		for _, n := range []int{10_000, 30_000, 100_000} {
			b.Run(how+"/"+strconv.Itoa(n), func(b *testing.B) {
				for range b.N {
					p := openChain[how](b, n)
					events := p.finished()
					var open, seek, step, end float64
					// settle waits two frames and a little for the observer's entries.
					const settle = `new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 100))))`
					awaited := func(e *runtime.EvaluateParams) *runtime.EvaluateParams { return e.WithAwaitPromise(true) }
					read := func(into *float64) {
						p.run(chromedp.Evaluate(settle, nil, func(e *runtime.EvaluateParams) *runtime.EvaluateParams { return e.WithAwaitPromise(true) }),
							chromedp.Evaluate(`window.__longest`, into), chromedp.Evaluate(`window.__longest = 0; 0`, nil))
					}
					read(&open)
					mid := events / 2
					// The seek lands at once; its drawing may take several frames (settled). The
					// snapshot settled() resolves with is left in the page: sent back to the test,
					// a 100,000-move line took DevTools 0.4 s to serialise, in the page's task.
					p.run(chromedp.Evaluate(`window.pvscope.seek(`+itoa(mid)+`); window.pvscope.settled().then(() => 0)`, nil, awaited))
					read(&seek)
					for i := 1; i <= 20; i++ {
						p.run(chromedp.Evaluate(`window.pvscope.seek(`+itoa(mid+i)+`); window.pvscope.settled().then(() => 0)`, nil, awaited),
							chromedp.Evaluate(settle, nil, func(e *runtime.EvaluateParams) *runtime.EvaluateParams { return e.WithAwaitPromise(true) }))
					}
					read(&step)
					// The end: the root's line is the whole chain.
					p.run(chromedp.Evaluate(`window.pvscope.seek(`+itoa(events)+`); window.pvscope.settled().then(() => 0)`, nil, awaited))
					read(&end)
					// Home, then End, as keys: from step 0 nothing is laid out to extend (an
					// outside probe's 0.6-1.8 s task, before step 0 was a path; layout.js).
					var home, homeEnd float64
					p.run(chromedp.Evaluate(`document.body.focus(); 0`, nil), chromedp.KeyEvent(kb.Home), chromedp.Evaluate(`window.pvscope.settled().then(() => 0)`, nil, awaited))
					read(&home)
					p.run(chromedp.KeyEvent(kb.End), chromedp.Evaluate(`window.pvscope.settled().then(() => 0)`, nil, awaited))
					read(&homeEnd)
					homeEnd = max(home, homeEnd)
					if at := p.snapshot().EventIndex; at != events {
						b.Fatalf("after Home and End the page is at step %d, want %d", at, events)
					}
					b.Logf("%d nodes: longest task opening %.0f ms, seeking to the middle %.0f ms, 20 steps from there %.0f ms, seeking to the end %.0f ms, Home then End %.0f ms", n, open, seek, step, end, homeEnd)
					b.ReportMetric(homeEnd, "ms-home-end")
					b.ReportMetric(end, "ms-end")
					b.ReportMetric(open, "ms-open")
					b.ReportMetric(seek, "ms-seek")
					b.ReportMetric(step, "ms-step")
				}
			})
		}
	}
}
