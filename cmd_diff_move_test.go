package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/tracer"
)

// diffMoveJSON runs pvscope diff --fen F --depth D --a A --b B --move M --at P --json.
type diffMoveOut struct {
	Same  bool               `json:"same"`
	Parts *tracer.WhyParting `json:"parts"`
}

func runDiffMove(t *testing.T, fen string, depth int, a, b, move string, at []string) diffMoveOut {
	t.Helper()
	var out bytes.Buffer
	args := []string{"--fen", fen, "--depth", strings.TrimSpace(itoa(depth)), "--a", a, "--b", b, "--move", move, "--json"}
	if len(at) > 0 {
		args = append(args, "--at", strings.Join(at, " "))
	}
	if err := diffCmd(args, &out); err != nil {
		var code exitCode
		if !errors.As(err, &code) || code.err != nil {
			t.Fatalf("diff %v: %v", args, err)
		}
	}
	var o diffMoveOut
	if err := json.Unmarshal(out.Bytes(), &o); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	return o
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// TestDiffMoveTechniques: for null move, LMR and futility, a move whose
// fate in a search with the technique on is the technique's own (cut off by
// the null move, reduced for lmr, pruned by futility), read from the trace's
// events; diff --move between that search and the same with the technique
// off finds the fates part in that iteration, A's naming the technique and B's
// not.
func TestDiffMoveTechniques(t *testing.T) {
	const fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
	const base = "id=false,tt=false"
	cases := []struct {
		name, on, off string
		depth         int
		// pick returns the node's path and a move whose fate there is the technique's
		pick func(h tracer.Header, events []tracer.Event, paths treePaths) [][2]any
		want func(f *tracer.WhyFate) bool
	}{
		{"futility", base + ",futility=true", base + ",futility=false", 4,
			func(_ tracer.Header, events []tracer.Event, paths treePaths) [][2]any {
				var c [][2]any
				for _, e := range events {
					if e.Kind == tracer.Prune && e.Why == tracer.WhyFutility && paths[e.Node] != nil {
						c = append(c, [2]any{paths[e.Node], e.Move})
					}
				}
				return c
			},
			func(f *tracer.WhyFate) bool { return f.Fate == tracer.FatePruned && f.Why == tracer.WhyFutility }},
		{"lmr", base + ",lmr=true", base + ",lmr=false", 5,
			func(_ tracer.Header, events []tracer.Event, paths treePaths) [][2]any {
				var c [][2]any
				for _, e := range events {
					if e.Kind == tracer.Enter && e.Why == tracer.WhyLMR && e.Reduced > 0 && paths[e.Parent] != nil {
						c = append(c, [2]any{paths[e.Parent], e.Move})
					}
				}
				return c
			},
			func(f *tracer.WhyFate) bool { return f.Reduced > 0 && f.Why == tracer.WhyLMR }},
		{"null-move", base + ",null-move=true", base + ",null-move=false", 5,
			func(h tracer.Header, events []tracer.Event, paths treePaths) [][2]any {
				var c [][2]any
				for _, e := range events {
					if e.Kind == tracer.Cutoff && e.Move == tracer.NullMove && paths[e.Node] != nil {
						w, _ := engine.NewMoveWalker(h.Meta)
						for _, m := range paths[e.Node] {
							w.Down(m)
						}
						if ms := w.Moves(); len(ms) > 0 {
							c = append(c, [2]any{paths[e.Node], ms[0]})
						}
					}
				}
				return c
			},
			func(f *tracer.WhyFate) bool { return f.Fate == tracer.FateNullMove }},
	}
	if raceEnabled && testing.Short() {
		cases = cases[:1] // lmr and null-move search to depth 5 (over 100 s under -race): the full pass diffs them
	}
	for _, c := range cases {
		h, events := searchedTrace(t, fen, c.depth, c.on)
		file := writeTrace(t, c.name+".jsonl", h, events)
		tried := 0
		for _, cand := range c.pick(h, events, pathsOf(events)) {
			path, move := cand[0].([]string), cand[1].(string)
			if f := lastFate(t, runWhy(t, file, move, path)); !c.want(&f) {
				continue // a later visit of the node decided otherwise
			}
			o := runDiffMove(t, fen, c.depth, c.on, c.off, move, path)
			if o.Same || o.Parts == nil || !c.want(o.Parts.A) || c.want(o.Parts.B) {
				t.Errorf("%s: diff --move %s --at %v: %+v", c.name, move, path, o)
			} else {
				t.Logf("%s: %s --at %v\nA: %s\nB: %s", c.name, move, path, o.Parts.A.Sentence, o.Parts.B.Sentence)
			}
			if tried++; tried == 1 {
				break
			}
		}
		if tried == 0 {
			t.Errorf("%s: no move whose fate is the technique's", c.name)
		}
	}
}
