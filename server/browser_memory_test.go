package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/performance"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// The page's memory while it opens a deep chain (issue 44): a chain of n
// nodes, each the only child of the one before, derives a pv-update per node
// whose line is the whole chain below it. Sent and kept as moves, those lines
// were n²/2 numbers: 10,000 nodes took 242 MB of JavaScript heap, 30,000 took
// 1.9 GB. Sent and kept by reference (protocol 3), the heap grows with n.

// chainMemory is what the page holds after opening a chain: the JS heap in
// use after a garbage collection (Chrome's own metric, CDP
// Performance.getMetrics JSHeapUsedSize), its peak seen while opening
// (performance.memory, sampled every 20 ms), and the longest main-thread task
// (PerformanceObserver "longtask").
type chainMemory struct {
	heap, peak  float64 // bytes
	renderer    float64 // the renderer processes' resident memory after the gc, bytes (rendererRSS)
	longestTask float64 // ms
	events      int
	snap        snapshot // at the end
}

func (m chainMemory) String() string {
	return fmt.Sprintf("JS heap %.1f MB (peak while opening %.1f MB), renderer %.0f MB resident, longest task %.0f ms, %d events",
		m.heap/(1<<20), m.peak/(1<<20), m.renderer/(1<<20), m.longestTask, m.events)
}

// watchPage starts the peak heap sampler and the long-task observer in the page.
const watchPage = `(() => {
	window.__peak = 0; window.__longest = 0;
	setInterval(() => { window.__peak = Math.max(window.__peak, performance.memory.usedJSHeapSize); }, 20);
	new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longest = Math.max(window.__longest, e.duration); }).observe({ type: "longtask" });
})()`

// measureChain reads chainMemory once the opened chain has arrived whole.
func measureChain(p *page) chainMemory {
	p.t.Helper()
	m := chainMemory{events: p.finished()}
	// The end and the middle drawn: the root's line is the chain below it, m2 ... mn.
	for _, k := range []int{m.events, m.events / 2, m.events} {
		// Each step drawn whole before the next (a far seek draws over several frames); the
		// snapshot settled() resolves with stays in the page (serialised for the test, a
		// 100,000-move line took DevTools 0.4 s inside the page's task, and memory).
		p.run(chromedp.Evaluate(`window.pvscope.seek(`+itoa(k)+`); window.pvscope.settled().then(() => 0)`, nil,
			func(e *runtime.EvaluateParams) *runtime.EvaluateParams { return e.WithAwaitPromise(true) }))
	}
	m.snap = p.snapshot()
	p.run(chromedp.Evaluate(`window.__peak = Math.max(window.__peak, performance.memory.usedJSHeapSize); window.gc(); window.gc(); 0`, nil))
	var metrics []*performance.Metric
	p.run(performance.Enable(), chromedp.ActionFunc(func(ctx context.Context) (err error) {
		metrics, err = performance.GetMetrics().Do(ctx)
		return err
	}))
	for _, x := range metrics {
		if x.Name == "JSHeapUsedSize" {
			m.heap = x.Value
		}
	}
	p.run(chromedp.Evaluate(`window.__peak`, &m.peak), chromedp.Evaluate(`window.__longest`, &m.longestTask))
	m.renderer = rendererRSS(p)
	return m
}

// chainFile writes uploadChain(n) to a file for the file picker.
func chainFile(t *testing.T, n int) (string, []byte) {
	body := uploadChain(n)
	file := filepath.Join(t.TempDir(), "chain"+strconv.Itoa(n)+".jsonl")
	if err := os.WriteFile(file, body, 0o644); err != nil {
		t.Fatal(err)
	}
	return file, body
}

// checkLinear fails unless the heap at 30k is under 4.5 times the heap at 10k
// (linear is 3, quadratic 9) and under bound.
func checkLinear(t *testing.T, how string, at10k, at30k chainMemory, bound float64) {
	t.Helper()
	ratio := at30k.heap / at10k.heap
	t.Logf("%s: 10,000 nodes: %v; 30,000 nodes: %v; ratio %.2f", how, at10k, at30k, ratio)
	if ratio >= 4.5 {
		t.Errorf("%s: the JS heap grew %.2f times for 3 times the nodes (%.1f MB to %.1f MB); want linear growth (under 4.5)", how, ratio, at10k.heap/(1<<20), at30k.heap/(1<<20))
	}
	if at30k.heap > bound {
		t.Errorf("%s: a 30,000-node chain holds %.1f MB of JS heap; want under %.0f MB", how, at30k.heap/(1<<20), bound/(1<<20))
	}
	for _, c := range []struct {
		n int
		m chainMemory
	}{{10_000, at10k}, {30_000, at30k}} {
		s := c.m.snap
		if s.Error != "" || s.NodeCount != c.n || len(s.PV) != c.n-1 || s.PV[0] != "m2" || s.PV[c.n-2] != "m"+itoa(c.n) {
			t.Errorf("%s: a chain of %d nodes at its end: error %q, %d nodes, a line of %d moves; want no error, every node and the line m2 ... m%d below the root",
				how, c.n, s.Error, s.NodeCount, len(s.PV), c.n)
		}
	}
}

const chainHeapBound = 64 << 20

// A chain of 30,000 nodes opened from the file picker and from a ?trace= link.
// Each chain opens in a browser of its own (newPrivatePage, not a window of
// the shared Chromium): a page left behind stays in the renderer's heap (the
// back-forward cache) and would be counted, and rendererRSS counts every
// renderer of the browser.
func TestBrowserChainMemoryOnTheServer(t *testing.T) {
	open := map[string]func(n int) chainMemory{
		"file picker": func(n int) chainMemory {
			p := newPrivatePage(t, 1366, 768)
			file, _ := chainFile(t, n)
			p.open("/")
			p.run(chromedp.Evaluate(watchPage, nil))
			p.run(chromedp.SetUploadFiles(`[data-testid="trace-file"]`, []string{file}, chromedp.ByQuery))
			return measureChain(p)
		},
		"?trace= link": func(n int) chainMemory { return measureLink(t, n) },
	}
	for _, how := range []string{"file picker", "?trace= link"} {
		a := open[how](10_000)
		b := open[how](30_000)
		checkLinear(t, how, a, b, chainHeapBound)
	}
}

// measureLink opens a chain of n nodes from a ?trace= link in a new browser.
func measureLink(t testing.TB, n int) chainMemory {
	p := newPrivatePage(t, 1366, 768)
	token := uploadTB(t, p.url, string(uploadChain(n)))
	p.open("/?trace=" + token)
	p.run(chromedp.Evaluate(watchPage, nil))
	return measureChain(p)
}

// The same chain opened in the static site (pvscope site), read by the worker.
func TestBrowserSiteChainMemory(t *testing.T) {
	keepSerial(t) // it measures the browser's memory
	open := func(n int) chainMemory {
		p := newSitePageWith(t, 1366, 768, newPrivateBrowser)
		file, _ := chainFile(t, n)
		p.open(sitePath + "index.html")
		p.run(chromedp.Evaluate(watchPage, nil))
		p.run(chromedp.SetUploadFiles(`[data-testid="trace-file"]`, []string{file}, chromedp.ByQuery))
		return measureChain(p)
	}
	a := open(10_000)
	b := open(30_000)
	checkLinear(t, "static site", a, b, chainHeapBound)
}

// BenchmarkBrowserChainMemory reports the heap at 10k, 30k and 100k nodes
// through a ?trace= link (go test ./server -run XXX -bench BrowserChainMemory -benchtime 1x).
func BenchmarkBrowserChainMemory(b *testing.B) {
	for _, n := range []int{10_000, 30_000, 100_000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			for range b.N {
				m := measureLink(b, n)
				b.Logf("%d nodes: %v", n, m)
				b.ReportMetric(m.heap/(1<<20), "MB-heap")
				b.ReportMetric(m.peak/(1<<20), "MB-peak")
				b.ReportMetric(m.longestTask, "ms-longest-task")
				b.ReportMetric(m.renderer/(1<<20), "MB-renderer")
			}
		})
	}
}

// uploadTB is upload for a benchmark too.
func uploadTB(t testing.TB, base, body string) string {
	t.Helper()
	res, err := http.Post(base+"/trace", "application/jsonl", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var answer struct{ Token, Error string }
	if err := json.NewDecoder(res.Body).Decode(&answer); err != nil || answer.Token == "" {
		t.Fatalf("upload: %v %+v", err, answer)
	}
	return answer.Token
}
