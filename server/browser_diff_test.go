package server

import (
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"slices"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/tracer"
)

type diffPane struct {
	Side         string   `json:"side"`
	State        string   `json:"state"`
	Error        string   `json:"error"`
	EventIndex   int      `json:"eventIndex"`
	Selected     int      `json:"selected"`
	SelectedPath []string `json:"selectedPath"`
	Log          []string `json:"log"`
	Diff         *struct {
		Same   bool   `json:"same"`
		Count  int    `json:"count"`
		At     int    `json:"at"`
		Status string `json:"status"`
	} `json:"diff"`
}

func (p *page) diffPanes() []diffPane {
	p.t.Helper()
	var s string
	p.run(chromedp.Evaluate(`JSON.stringify(window.pvscope.snapshot().panes)`, &s))
	var out []diffPane
	if err := json.Unmarshal([]byte(s), &out); err != nil {
		p.t.Fatal(err)
	}
	return out
}

func (p *page) key(k string) {
	p.t.Helper()
	p.run(chromedp.Evaluate(fmt.Sprintf(`document.dispatchEvent(new KeyboardEvent("keydown", {key: %q, bubbles: true}))`, k), nil))
}

// TestBrowserDiffFirstDifference: two traces of one position, killers on and
// off, open side by side (?diff=trace:A,trace:B, what pvscope view A B
// serves); "first difference" puts both panes at the node tracer.Diff (what
// pvscope diff prints) names, at its step, selected. The same two searches
// asked for as option sets (?diff=,order-killers=false) land on the same nodes.
func TestBrowserDiffFirstDifference(t *testing.T) {
	const fen = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3"
	setup := engine.Setup{FEN: fen}
	fa := writeTrace(t, setup, map[string]string{"depth": "3"})
	fb := writeTrace(t, setup, map[string]string{"depth": "3", "order-killers": "false"})
	ra, _ := os.Open(fa)
	rb, _ := os.Open(fb)
	rep, err := tracer.Diff(ra, rb, tracer.DiffOptions{})
	ra.Close()
	rb.Close()
	if err != nil || rep.FirstDivergence == nil {
		t.Fatalf("tracer.Diff: %v, %+v", err, rep)
	}
	v := rep.FirstDivergence

	p := newPage(t, 1366, 768)
	bodyA, _ := os.ReadFile(fa)
	bodyB, _ := os.ReadFile(fb)
	ta, tb := upload(t, p.url, string(bodyA)), upload(t, p.url, string(bodyB))
	check := func(how string) {
		t.Helper()
		p.waitFor(`(() => { const ps = window.pvscope.snapshot().panes; return ps.length === 2 && ps[0].diff !== null; })()`)
		before := p.diffPanes()
		if before[0].Diff.Same || before[0].Diff.Count == 0 {
			t.Fatalf("%s: the page finds the searches the same: %+v", how, before[0].Diff)
		}
		p.click("diff-first")
		p.waitFor(`window.pvscope.snapshot().panes[0].selected > 0`)
		ps := p.diffPanes()
		for i, want := range []struct {
			path []string
			seq  int64
		}{{v.A.Path, v.SeqA}, {v.B.Path, v.SeqB}} {
			got := ps[i]
			if !slices.Equal(got.SelectedPath, want.path) || int64(got.EventIndex) != want.seq {
				t.Fatalf("%s: pane %s is at step %d with %v selected; pvscope diff names %v at seq %d (%s)",
					how, got.Side, got.EventIndex, got.SelectedPath, want.path, want.seq, ps[0].Diff.Status)
			}
			if len(got.Log) == 0 {
				t.Fatalf("%s: pane %s has no log", how, got.Side)
			}
		}
		if ps[0].Log[len(ps[0].Log)-1] == ps[1].Log[len(ps[1].Log)-1] {
			t.Fatalf("%s: both panes narrate the same step %q, though they entered different moves", how, ps[0].Log[len(ps[0].Log)-1])
		}
		// The next difference is one key away.
		p.key("]")
		p.waitFor(`window.pvscope.snapshot().panes[0].diff.at === 0`)
		if st := p.diffPanes()[0].Diff.Status; st == before[0].Diff.Status {
			t.Fatalf("%s: ] left the status at %q", how, st)
		}
	}
	p.open("/?" + url.Values{"diff": {"trace:" + ta + ",trace:" + tb}}.Encode())
	check("two traces")
	p.shot("diff-traces.png")

	p.open("/?" + url.Values{"fen": {fen}, "depth": {"3"}, "diff": {",order-killers=false"}}.Encode())
	if ps := p.diffPanes(); len(ps) != 2 || ps[0].State != "idle" {
		t.Fatalf("option sets before Start: %+v", ps)
	}
	p.click("start-button")
	check("two option sets")
}
