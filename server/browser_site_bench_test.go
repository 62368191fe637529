package server

import (
	"encoding/json"
	"net/url"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/pvscope/pvscope/server/session"
)

// The static site's speed (docs/static-site.md), in headless Chromium on a
// plain file server, beside the native session on the same machine. Run with
//
//	go test ./server -run XXX -bench BrowserSite -benchtime 3x
//
// Each reports its figure with b.ReportMetric; none asserts a time.

// From opening the link (a reload: the wasm and scripts in the browser's
// cache, as for a student coming back to a course page) to the first node
// in the page, for an embedded chess search (start position, depth 3),
// which starts without a click. The time is performance.now() when the page
// first has an event, polled every animation frame (so up to 16 ms late).
// PVSCOPE_SITE_LATENCY_MS, when set, adds that round-trip latency to every
// request (Chromium's network emulation), as a remote host has.
func BenchmarkBrowserSiteFirstNodeOnReload(b *testing.B) {
	p := newSitePage(b, 1366, 768)
	if ms, err := strconv.Atoi(os.Getenv("PVSCOPE_SITE_LATENCY_MS")); err == nil {
		p.run(network.Enable(), network.EmulateNetworkConditions(false, float64(ms), -1, -1))
	}
	link := p.url + sitePath + "index.html?" + url.Values{"embed": {"1"}, "depth": {"3"},
		"fen": {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}}.Encode()
	firstNode := `window.pvscope && window.pvscope.snapshot && window.pvscope.snapshot().eventCount > 0`
	p.run(chromedp.Navigate(link), chromedp.Poll(firstNode, nil, chromedp.WithPollingTimeout(time.Minute)))
	var total float64
	for range b.N {
		var ms float64
		p.run(chromedp.Reload(), chromedp.Poll(firstNode, nil, chromedp.WithPollingTimeout(time.Minute)),
			chromedp.Evaluate(`performance.now()`, &ms))
		total += ms
	}
	b.ReportMetric(total/float64(b.N), "ms-to-first-node")
}

// siteNPSStart is the search both sides run: Kiwipete at depth 5, traced
// and encoded into frames as for a page (the page's work is not counted).
var siteNPSStart = map[string]any{"type": "start", "id": 1, "setup": map[string]any{"fen": kiwipete},
	"options": map[string]any{"depth": "5"}}

// Nodes per second of the session in the browser's worker (WebAssembly),
// from its done frame: nodes over the search's elapsed time.
func BenchmarkBrowserSiteWorkerNPS(b *testing.B) {
	p := newSitePage(b, 1366, 768)
	p.run(chromedp.Navigate(p.url + sitePath + "index.html"))
	cmd, _ := json.Marshal(siteNPSStart)
	var total float64
	for range b.N {
		var r struct{ Nodes, ElapsedMs float64 }
		p.await(`new Promise((ok) => { const w = new Worker("static/js/worker.js");
			w.onmessage = (m) => { const f = JSON.parse(m.data);
				if (f.type === "hello") w.postMessage(`+"`"+string(cmd)+"`"+`);
				if (f.type === "done") { w.terminate(); ok({nodes: f.result.nodes, elapsedMs: f.result.elapsedMs}); } }; })`, &r)
		total += r.Nodes / r.ElapsedMs * 1000
	}
	b.ReportMetric(total/float64(b.N), "nodes/s")
}

// The same search through the same session, native, on this machine.
func BenchmarkSiteNativeNPS(b *testing.B) {
	cmd, _ := json.Marshal(siteNPSStart)
	var total float64
	for range b.N {
		var done struct {
			Type   string
			Result struct{ Nodes, ElapsedMs float64 }
		}
		lim := DefaultLimits()
		s := &session.Session{Limits: *lim.sessionLimits(), Out: func(f []byte) {
			var m struct{ Type string }
			json.Unmarshal(f, &m)
			if m.Type == "done" {
				json.Unmarshal(f, &done)
			}
		}}
		s.Handle(cmd)
		total += done.Result.Nodes / done.Result.ElapsedMs * 1000
	}
	b.ReportMetric(total/float64(b.N), "nodes/s")
}
