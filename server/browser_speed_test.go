package server

import (
	"context"
	"net/url"
	"sort"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// The speeds issue 9 asks of the page, measured in headless Chromium
// (software rendering). Run with
//
//	go test ./server -run XXX -bench 'BrowserKey|BrowserKiwipete' -benchtime 1x
//
// They report figures; none asserts a time.

// keyLatencyJS records, for every key the browser delivers, the time from
// the key's event time stamp (when the browser received it) to the first
// animation frame after the page handled it: what a person waits for.
const keyLatencyJS = `(() => {
	window.__keyLat = []; window.__longTasks = [];
	window.addEventListener("keydown", (e) => {
		const t0 = e.timeStamp;
		requestAnimationFrame(() => window.__keyLat.push(performance.now() - t0));
	});
	new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longTasks.push(e.duration); }).observe({type: "longtask"});
})()`

// Pressing → (step) while a 981,026-event search (Kiwipete, depth 6) streams
// in: the median, the 95th percentile and the worst of the key's latency, and
// the longest main-thread task, in wall time and in CPU time (docs/streaming.md).
func BenchmarkBrowserKeyWhileStreaming1M(b *testing.B) {
	p := newPage(b, 1366, 768)
	p.open("/?" + url.Values{"fen": {kiwipete}, "depth": {"6"}}.Encode())
	var lat, long, cpu []float64
	var events float64
	for range b.N {
		p.run(chromedp.Evaluate(keyLatencyJS, nil))
		stopTrace := traceTasks(p)
		p.click("start-button")
		p.waitFor(`window.pvscope.snapshot().eventCount > 0`)
		// A key every 100 ms until the search has arrived in full.
		for {
			var streaming bool
			p.run(chromedp.Evaluate(`window.pvscope.snapshot().streaming`, &streaming))
			if !streaming {
				break
			}
			p.run(chromedp.ActionFunc(func(ctx context.Context) error {
				if err := input.DispatchKeyEvent(input.KeyDown).WithKey("ArrowRight").WithCode("ArrowRight").
					WithWindowsVirtualKeyCode(39).Do(ctx); err != nil {
					return err
				}
				return input.DispatchKeyEvent(input.KeyUp).WithKey("ArrowRight").WithCode("ArrowRight").
					WithWindowsVirtualKeyCode(39).Do(ctx)
			}))
			time.Sleep(100 * time.Millisecond)
		}
		cpu = append(cpu, mainThreadCPU(stopTrace())...)
		var got, tasks []float64
		p.run(chromedp.Evaluate(`window.__keyLat`, &got), chromedp.Evaluate(`window.__longTasks`, &tasks),
			chromedp.Evaluate(`window.pvscope.trace.length`, &events))
		lat = append(lat, got...)
		long = append(long, tasks...)
	}
	if len(lat) == 0 {
		b.Fatal("no key press was measured while the search streamed")
	}
	sort.Float64s(lat)
	q := func(f float64) float64 { return lat[int(f*float64(len(lat)-1))] }
	b.ReportMetric(events, "events")
	b.ReportMetric(float64(len(lat)), "keys")
	b.ReportMetric(q(0.5), "ms-key-median")
	b.ReportMetric(q(0.95), "ms-key-p95")
	b.ReportMetric(lat[len(lat)-1], "ms-key-max")
	// Tasks of 50 ms or more on the page's main thread while it streamed (the
	// browser's longtask entries): any of them delays a key that lands in it.
	sort.Float64s(long)
	b.ReportMetric(float64(len(long)), "long-tasks")
	if len(long) > 0 {
		b.ReportMetric(long[len(long)-1], "ms-longest-task")
	}
	// The same tasks by CPU time (Chrome's trace): on a loaded machine a task's
	// wall time above also counts the time it waited for a core.
	sort.Float64s(cpu)
	n := 0
	for _, c := range cpu {
		if c >= 50 {
			n++
		}
	}
	b.ReportMetric(float64(n), "long-tasks-cpu")
	if len(cpu) > 0 {
		b.ReportMetric(cpu[len(cpu)-1], "ms-longest-task-cpu")
	}
}

// The whole tree of Kiwipete at depth 5 (93,695 nodes, collapsing off):
// frames per second while panning and while stepping, and one redraw with
// everything in view.
func BenchmarkBrowserKiwipete5Whole(b *testing.B) {
	p := newPage(b, 1366, 768)
	p.open("/?" + url.Values{"fen": {kiwipete}, "depth": {"5"}}.Encode())
	p.startAndWait()
	var r struct {
		Nodes    int     `json:"nodes"`
		Visible  int     `json:"visible"`
		PanFPS   float64 `json:"panFps"`
		StepFPS  float64 `json:"stepFps"`
		DrawMs   float64 `json:"drawMs"`
		FittedMs float64 `json:"fittedMs"`
		StepMs   float64 `json:"stepMs"`
	}
	js := `(async () => {
		const pv = window.pvscope, v = pv.view, frame = () => new Promise(requestAnimationFrame);
		pv.seek(pv.trace.length);
		v.setCollapse(false);
		await frame(); await frame();
		v.fit(); await frame(); await frame();
		const frames = 60 * ` + itoa(b.N) + `;
		// Panning with the whole tree in view.
		let drawMs = 0, t0 = performance.now();
		for (let i = 0; i < frames; i++) {
			v.tx += 4; v.userMoved = true;
			const a = performance.now(); v.draw(); drawMs += performance.now() - a;
			await frame();
		}
		const panFps = frames * 1000 / (performance.now() - t0);
		// Stepping forward from the middle, one event a frame, as the → key does.
		const mid = Math.floor(pv.trace.length / 2);
		let stepMs = 0; t0 = performance.now();
		for (let i = 0; i < frames; i++) {
			const a = performance.now(); pv.seek(mid + i); await frame(); stepMs += performance.now() - a;
		}
		const stepFps = frames * 1000 / (performance.now() - t0);
		v.fit(); await frame();
		let fitted = 0;
		for (let i = 0; i < 10; i++) { const a = performance.now(); v.draw(); fitted += performance.now() - a; }
		return {nodes: pv.trace.totalNodes, visible: v.layout.cache.result.count, panFps, stepFps,
			drawMs: drawMs / frames, fittedMs: fitted / 10, stepMs: stepMs / frames};
	})()`
	b.ResetTimer()
	p.await(js, &r)
	b.ReportMetric(float64(r.Nodes), "nodes")
	b.ReportMetric(float64(r.Visible), "nodes-laid-out")
	b.ReportMetric(r.PanFPS, "fps-pan")
	b.ReportMetric(r.StepFPS, "fps-step")
	b.ReportMetric(r.DrawMs, "ms/draw")
	b.ReportMetric(r.FittedMs, "ms/draw-all-in-view")
	b.ReportMetric(r.StepMs, "ms/step")
}
