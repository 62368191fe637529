package server

import (
	"context"
	"encoding/json"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// wireCount adds up, from the websocket frames the browser received, the
// events and the nodes entered of search id: what the server sent, read
// beside the page, to compare with what the page says it holds.
type wireCount struct {
	mu     sync.Mutex
	enter  int // the hello's number for "enter"
	events int
	nodes  int
	done   bool
}

func (w *wireCount) frame(payload string) {
	var f struct {
		Type  string   `json:"type"`
		ID    int      `json:"id"`
		Kinds []string `json:"kinds"`
		Count int      `json:"count"`
		Kind  []int    `json:"kind"`
	}
	if json.Unmarshal([]byte(payload), &f) != nil {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	switch f.Type {
	case "hello":
		for i, k := range f.Kinds {
			if k == "enter" {
				w.enter = i
			}
		}
	case "events":
		w.events += f.Count
		for _, k := range f.Kind[:min(f.Count, len(f.Kind))] {
			if k == w.enter {
				w.nodes++
			}
		}
	case "done":
		w.done = true
	}
}

// The page renders arrivals in batches while a big search streams in (issue
// 28): when the search has ended, what it holds and shows must still be every
// event and node the server sent, and a seek during the stream and after it
// must land where asked.
func TestBrowserStreamedSearchSettlesOnTheServersCounts(t *testing.T) {
	p := newPage(t, 1366, 768)
	w := &wireCount{enter: -1}
	chromedp.ListenTarget(p.ctx, func(ev any) {
		if e, ok := ev.(*network.EventWebSocketFrameReceived); ok {
			w.frame(e.Response.PayloadData)
		}
	})
	p.run(network.Enable())
	// Kiwipete at depth 5: about 200,000 events in a few dozen frames.
	p.open("/?" + url.Values{"fen": {kiwipete}, "depth": {"5"}}.Encode())
	p.click("start-button")
	p.waitFor(`window.pvscope.snapshot().eventCount > 5000`)
	var s snapshot
	p.run(chromedp.Evaluate(`window.pvscope.seek(4321)`, &s))
	if s.EventIndex != 4321 {
		t.Errorf("seek(4321) while streaming: at step %d", s.EventIndex)
	}
	p.run(chromedp.Poll(`!window.pvscope.snapshot().running`, nil, chromedp.WithPollingTimeout(3*time.Minute)))
	time.Sleep(300 * time.Millisecond) // the last frames' network events
	w.mu.Lock()
	events, nodes, done := w.events, w.nodes, w.done
	w.mu.Unlock()
	if !done || events < 100000 {
		t.Fatalf("the wire carried %d events (done frame seen: %v): not the big search asked for", events, done)
	}
	t.Logf("the wire: %d events, %d nodes", events, nodes)
	s = p.snapshot()
	if s.EventCount != events {
		t.Errorf("the page holds %d events, the server sent %d", s.EventCount, events)
	}
	if s.Streaming || s.Running {
		t.Errorf("after the done frame: streaming %v, running %v", s.Streaming, s.Running)
	}
	p.run(chromedp.Evaluate(`window.pvscope.seek(1e9)`, &s))
	if s.EventIndex != events || s.NodeCount != nodes {
		t.Errorf("seek to the end: step %d with %d nodes, want %d with %d (the wire's enters)", s.EventIndex, s.NodeCount, events, nodes)
	}
	// The step counter, rendered for arrivals at most every 100 ms, ends on the full count.
	p.waitFor(`/\d/.test(document.querySelector('[data-testid="event-index"]').textContent)`)
	var shown string
	p.run(chromedp.Poll(`(() => { const t = document.querySelector('[data-testid="event-index"]').textContent;
		return t.replace(/[^0-9\/]/g, "") === "`+strconv.Itoa(events)+"/"+strconv.Itoa(events)+`" && t; })()`, &shown,
		chromedp.WithPollingTimeout(10*time.Second)))
	if got := digits(shown); got != strconv.Itoa(events)+"/"+strconv.Itoa(events) {
		t.Errorf("the step counter reads %q, want %d of %d", shown, events, events)
	}
}

var notCount = regexp.MustCompile(`[^0-9/]`)

func digits(s string) string { return notCount.ReplaceAllString(strings.TrimSpace(s), "") }

// mainThreadCPU reads a Chrome trace's top-level tasks on the page's main
// thread and returns their CPU times (ms): a task's wall time also counts
// the time a loaded machine left it waiting, its CPU time only its own work.
func mainThreadCPU(events []json.RawMessage) []float64 {
	type ev struct {
		Name string  `json:"name"`
		Ph   string  `json:"ph"`
		Pid  int64   `json:"pid"`
		Tid  int64   `json:"tid"`
		Ts   float64 `json:"ts"`
		Dur  float64 `json:"dur"`
		Tdur float64 `json:"tdur"`
		Args struct {
			Name string `json:"name"`
		} `json:"args"`
	}
	type thread struct{ pid, tid int64 }
	var all []ev
	mains := map[thread]bool{}
	for _, raw := range events {
		var e ev
		if json.Unmarshal(raw, &e) != nil {
			continue
		}
		if e.Ph == "M" && e.Name == "thread_name" && e.Args.Name == "CrRendererMain" {
			mains[thread{e.Pid, e.Tid}] = true
		}
		if e.Ph == "X" && e.Name == "ThreadControllerImpl::RunTask" {
			all = append(all, e)
		}
	}
	// The page's main thread is the renderer main thread that ran the most tasks.
	count := map[thread]int{}
	var best thread
	for _, e := range all {
		th := thread{e.Pid, e.Tid}
		if mains[th] {
			count[th]++
			if count[th] > count[best] {
				best = th
			}
		}
	}
	var out []float64
	end := -1.0
	for _, e := range all { // in start order; a task nested in another is part of it
		if (thread{e.Pid, e.Tid}) != best || e.Ts < end {
			continue
		}
		end = e.Ts + e.Dur
		out = append(out, e.Tdur/1000)
	}
	return out
}

// traceTasks records Chrome's top-level tasks from now until stop is called.
func traceTasks(p *page) (stop func() []json.RawMessage) {
	var mu sync.Mutex
	var events []json.RawMessage
	complete := make(chan struct{})
	chromedp.ListenTarget(p.ctx, func(ev any) {
		switch e := ev.(type) {
		case *tracing.EventDataCollected:
			mu.Lock()
			for _, v := range e.Value {
				b, _ := json.Marshal(v)
				events = append(events, b)
			}
			mu.Unlock()
		case *tracing.EventTracingComplete:
			close(complete)
		}
	})
	p.run(chromedp.ActionFunc(func(ctx context.Context) error { return startTaskTrace(ctx) }))
	return func() []json.RawMessage {
		p.run(chromedp.ActionFunc(func(ctx context.Context) error { return endTrace(ctx) }))
		<-complete
		mu.Lock()
		defer mu.Unlock()
		return events
	}
}

// Only the "toplevel" category: one event per task, so the trace costs the page little.
func startTaskTrace(ctx context.Context) error {
	return tracing.Start().WithTransferMode(tracing.TransferModeReportEvents).
		WithTraceConfig(&tracing.TraceConfig{IncludedCategories: []string{"toplevel"}}).Do(ctx)
}

func endTrace(ctx context.Context) error { return tracing.End().Do(ctx) }
