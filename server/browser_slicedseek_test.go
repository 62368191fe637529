package server

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// A far seek into the middle of a 100,000-node chain (issue 44): the page lays
// its 50,000 open nodes out over several frames, so no task holds the tab for
// long. What a person sees of it: the step counter is at the step asked at
// once, the page answers meanwhile, the tree's line says how far the layout has
// come, and a second seek made during the first ends where the second asked,
// its tree the chain's open nodes at that step with the deepest one current.
// The open nodes are counted here from the trace the page holds (traceJSONL),
// by a replay of its enters and exits.
func TestBrowserFarSeekInAChainIsSliced(t *testing.T) {
	const n = 100_000
	p := newPage(t, 1366, 768)
	p.open("/?trace=" + uploadTB(t, p.url, string(uploadChain(n))))
	p.run(chromedp.Poll(`(() => { const s = window.pvscope.snapshot(); return s.eventCount > 0 && !s.streaming && s.error === ""; })()`,
		nil, chromedp.WithPollingTimeout(3*time.Minute)))
	p.pause()
	var events int
	p.eval(`window.pvscope.snapshot().eventCount`, &events)
	// The events as the page holds them, each its kind's name and its node (the saved trace,
	// traceJSONL, writes each derived pv-update's whole line: 5 GB for this chain).
	var held struct {
		Kinds []string
		Node  []int
	}
	p.eval(`(() => { const t = window.pvscope.trace, n = t.length;
		return { kinds: Array.from(t.c.kind.a.subarray(0, n), (k) => t.hello.kinds[k]), node: Array.from(t.c.node.a.subarray(0, n)) }; })()`, &held)
	if len(held.Kinds) != events || len(held.Node) != events {
		t.Fatalf("the page holds %d kinds and %d nodes of %d events", len(held.Kinds), len(held.Node), events)
	}
	first, second := events/2, events/2+events/6
	want := openNodes(t, held.Kinds, held.Node, second)
	awaited := func(e *runtime.EvaluateParams) *runtime.EvaluateParams { return e.WithAwaitPromise(true) }
	var got struct {
		Seek, During, Second, End struct {
			EventIndex int  `json:"eventIndex"`
			Drawn      bool `json:"drawn"`
			Visible    int  `json:"visibleNodes"`
		}
		Info            string
		Current, Opened int
	}
	var saved string
	p.run(chromedp.Evaluate(`(async () => {
		const P = window.pvscope, r = {};
		r.Seek = P.seek(`+itoa(first)+`);
		await new Promise((ok) => requestAnimationFrame(() => ok()));
		r.During = P.snapshot();
		r.Info = document.getElementById("tree-info").textContent;
		r.Second = P.seek(`+itoa(second)+`);
		r.End = await P.settled();
		const nodes = P.view.result.nodes;
		const cur = nodes.find((it) => it.current);
		r.Current = cur ? cur.nodeId : 0;
		r.Opened = nodes.filter((it) => it.state === "open").length;
		return JSON.stringify(r);
	})()`, &saved, awaited))
	if err := json.Unmarshal([]byte(saved), &got); err != nil {
		t.Fatal(err)
	}
	if got.Seek.EventIndex != first || got.Seek.Drawn {
		t.Errorf("seek(%d) answered step %d, drawn %v; want the step at once, its drawing still going on (50,000 open nodes)", first, got.Seek.EventIndex, got.Seek.Drawn)
	}
	if got.During.EventIndex != first || !strings.Contains(got.Info, "laying the tree out") {
		t.Errorf("a frame later the page answered step %d and its tree line says %q; want step %d and the layout's progress", got.During.EventIndex, got.Info, first)
	}
	if got.Second.EventIndex != second || got.End.EventIndex != second || !got.End.Drawn {
		t.Errorf("the second seek answered step %d, settled at step %d (drawn %v); want step %d drawn", got.Second.EventIndex, got.End.EventIndex, got.End.Drawn, second)
	}
	if got.Opened != len(want) || len(want) == 0 || got.Current != want[len(want)-1] {
		t.Errorf("at step %d the tree draws %d open nodes, node %d current; the trace has %d open, the deepest %v", second, got.Opened, got.Current, len(want), want[max(0, len(want)-1):])
	}
}

// openNodes replays the events' enters and exits: the nodes entered and not
// yet exited before step k (its first k events), outermost first.
func openNodes(t *testing.T, kinds []string, nodes []int, k int) []int {
	t.Helper()
	var stack []int
	for i := range k {
		switch kinds[i] {
		case "enter":
			stack = append(stack, nodes[i])
		case "exit":
			if len(stack) == 0 || stack[len(stack)-1] != nodes[i] {
				t.Fatalf("event %d: exit of node %d, not the innermost open", i, nodes[i])
			}
			stack = stack[:len(stack)-1]
		}
	}
	return stack
}
