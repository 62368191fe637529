package server

import (
	"context"
	"net/url"
	"strconv"
	"testing"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// The page's speed, measured in headless Chromium (software rendering, so a
// real screen with a GPU does better). Run with
//
//	go test ./server -run XXX -bench Browser -benchtime 3x
//
// Each reports its figure with b.ReportMetric; none asserts a time.

// await runs an async JavaScript expression and decodes its result.
func (p *page) await(js string, out any) {
	p.t.Helper()
	p.run(chromedp.Evaluate(js, out, func(e *runtime.EvaluateParams) *runtime.EvaluateParams {
		return e.WithAwaitPromise(true)
	}))
}

// startAndWait presses Start and waits for the search to arrive in full.
func (p *page) startAndWait() {
	p.t.Helper()
	p.click("start-button")
	p.waitFor(`(() => { const s = window.pvscope.snapshot(); return s.eventCount > 0 && !s.streaming })()`)
}

// From pressing Start to the first node drawn on the canvas, for a chess
// search (start position, depth 3).
func BenchmarkBrowserStartToFirstNode(b *testing.B) {
	p := newPage(b, 1366, 768)
	p.open("/?" + url.Values{"depth": {"3"}}.Encode())
	var total float64
	for range b.N {
		p.run(chromedp.Evaluate(`window.pvscope.timings.last = {}`, nil))
		p.startAndWait()
		var ms float64
		p.run(chromedp.Evaluate(`window.pvscope.timings.last.firstNode`, &ms))
		total += ms
	}
	b.ReportMetric(total/float64(b.N), "ms-to-first-node")
}

// Panning with every node of a minimax search of a 10-wide, 4-deep tree
// (11,111 nodes) drawn: frames per second and the cost of one redraw.
func BenchmarkBrowserPan10k(b *testing.B) {
	p := newPage(b, 1366, 768)
	p.open("/?" + url.Values{"random": {"b=10,d=4,seed=1,order=random"}, "algo": {"minimax"}}.Encode())
	p.startAndWait()
	var r struct {
		Visible int     `json:"visible"`
		FPS     float64 `json:"fps"`
		DrawMs  float64 `json:"drawMs"`
		Fitted  float64 `json:"fittedMs"`
	}
	js := `(async () => {
		const pv = window.pvscope, v = pv.view, frame = () => new Promise(requestAnimationFrame);
		pv.seek(pv.trace.length);
		v.setCollapse(false);
		await frame(); await frame();
		v.fit(); v.zoomBy(4); // zoomed in a little, as a person panning would be
		await frame();
		const frames = 120 * ` + itoa(b.N) + `;
		let drawMs = 0;
		const t0 = performance.now();
		for (let i = 0; i < frames; i++) {
			v.tx += 4; v.userMoved = true;
			const a = performance.now(); v.draw(); drawMs += performance.now() - a;
			await frame();
		}
		const fps = frames * 1000 / (performance.now() - t0);
		v.fit(); await frame(); // the whole tree in view: the worst case for one redraw
		let fitted = 0;
		for (let i = 0; i < 30; i++) { const a = performance.now(); v.draw(); fitted += performance.now() - a; }
		return {visible: v.visibleNodes, fps, drawMs: drawMs / frames, fittedMs: fitted / 30};
	})()`
	b.ResetTimer()
	p.await(js, &r)
	b.ReportMetric(float64(r.Visible), "visible-nodes")
	b.ReportMetric(r.FPS, "fps")
	b.ReportMetric(r.DrawMs, "ms/draw")
	b.ReportMetric(r.Fitted, "ms/draw-all-in-view")
}

// Receiving a 99k-event search (start position, depth 6) from Start to the
// last event in the page, then seeking: to the start, the end and random steps.
func BenchmarkBrowserLoadAndSeek100k(b *testing.B) {
	p := newPage(b, 1366, 768)
	p.open("/?" + url.Values{"depth": {"6"}}.Encode())
	var load, events float64
	var seek struct {
		Mean, Max float64
	}
	for range b.N {
		p.startAndWait()
		var t struct {
			Done   float64 `json:"done"`
			Events float64 `json:"events"`
		}
		p.run(chromedp.Evaluate(`({done: window.pvscope.timings.last.done, events: window.pvscope.trace.length})`, &t))
		load += t.Done
		events = t.Events
		p.await(`(async () => {
			const pv = window.pvscope, n = pv.trace.length, frame = () => new Promise(requestAnimationFrame);
			const ks = [0, n, 1, n - 1];
			for (let i = 0; i < 36; i++) ks.push(Math.floor(Math.random() * (n + 1)));
			let sum = 0, max = 0;
			for (const k of ks) {
				const a = performance.now();
				pv.seek(k);
				await frame(); // the page draws in the next frame
				const d = performance.now() - a; sum += d; max = Math.max(max, d);
			}
			return {Mean: sum / ks.length, Max: max};
		})()`, &seek)
	}
	b.ReportMetric(events, "events")
	b.ReportMetric(load/float64(b.N), "ms-start-to-done")
	b.ReportMetric(seek.Mean, "ms/seek")
	b.ReportMetric(seek.Max, "ms-max-seek")
}

// The page's memory holding a 100,000-node search (Kiwipete, depth 6, stopped
// by max-nodes), after a garbage collection: the JavaScript heap plus the
// ArrayBuffers behind the trace's typed arrays (V8 counts those apart).
func BenchmarkBrowserMemory100kNodes(b *testing.B) {
	p := newPage(b, 1366, 768)
	p.open("/?" + url.Values{"fen": {kiwipete}, "depth": {"6"}, "max-nodes": {"100000"}}.Encode())
	heap := func() (used, buffers float64) {
		p.run(chromedp.Evaluate(`window.gc && window.gc()`, nil), chromedp.ActionFunc(func(ctx context.Context) (err error) {
			used, _, _, buffers, err = runtime.GetHeapUsage().Do(ctx)
			return err
		}))
		return used, buffers
	}
	var used0, buf0, used, buf float64
	for range b.N {
		used0, buf0 = heap()
		p.startAndWait()
		p.run(chromedp.Evaluate(`window.pvscope.seek(window.pvscope.trace.length)`, nil))
		used, buf = heap()
	}
	var nodes, events float64
	p.run(chromedp.Evaluate(`window.pvscope.snapshot().nodeCount`, &nodes),
		chromedp.Evaluate(`window.pvscope.trace.length`, &events))
	b.ReportMetric(nodes, "nodes")
	b.ReportMetric(events, "events")
	b.ReportMetric((used+buf)/1e6, "MB-total")
	b.ReportMetric(buf/1e6, "MB-buffers")
	b.ReportMetric((used+buf-used0-buf0)/events, "bytes/event")
}

func itoa(n int) string { return strconv.Itoa(n) }
