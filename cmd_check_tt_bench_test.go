package main

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/tracer"
)

// BenchmarkCheckTT10M checks a 10,000,000-event trace in which a fifth of
// the events are table traffic with keys (issue 41): the search of
// writeBig, its own table events dropped, and for a quarter of the nodes not
// below a null move or a sub-search (those whose key is a multiple of 4) a tt-probe with the engine's own key of its position
// (engine.ChessPosition.Key), a tt-hit linked to the last store of that key
// when there is one (its score and bound the store's, when not a mate), and a
// tt-store before its exit with the bound its score makes in its window.
// Every table rule runs (the header has the FEN: tt-key and tt-move too).
func BenchmarkCheckTT10M(b *testing.B) {
	n := 10_000_000
	if testing.Short() {
		n = 1_000_000
	}
	path := filepath.Join(b.TempDir(), "bigtt.jsonl")
	written, tt := writeBigTT(b, path, n)
	b.ResetTimer()
	cpu0 := cpuTime()
	var peak uint64
	events := written
	for range b.N {
		rep, err := checkFileSampled(b, path, &peak)
		if err != nil {
			b.Fatal(err)
		}
		if rep.ViolationCount != 0 || rep.TT.Linked == 0 {
			b.Fatalf("%d violations (%+v), %d links", rep.ViolationCount, rep.Violations, rep.TT.Linked)
		}
		events = int(rep.Events)
	}
	b.ReportMetric(float64(events)*float64(b.N)/b.Elapsed().Seconds(), "events/s")
	b.ReportMetric(float64(events)*float64(b.N)/(cpuTime()-cpu0).Seconds(), "events/cpu-s")
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
	b.ReportMetric(float64(tt)/float64(written), "tt-share")
}

// ttBody is one search of Kiwipete with keyed table traffic.
func ttBody(tb testing.TB) ([]tracer.Event, int) {
	pos, opt, err := engine.Setup{FEN: kiwipeteFEN}.Load()
	if err != nil {
		tb.Fatal(err)
	}
	opt.Depth, opt.IterativeDeepening, opt.Quiescence = 4, true, true
	rec := tracer.NewRecording()
	if _, err := engine.Search(context.Background(), pos, opt, rec); err != nil {
		tb.Fatal(err)
	}
	board, err := engine.NewChessPosition(kiwipeteFEN)
	if err != nil {
		tb.Fatal(err)
	}
	type frame struct {
		made, keyed bool
		traffic     bool // its table traffic is written: a quarter of the positions, so a fifth of the events
		key         uint64
		alpha, beta int32
		depth       int16
	}
	var stack []frame
	stores := map[uint64]tracer.Event{}
	var out []tracer.Event
	tt := 0
	all := rec.Events()
	for i, e := range all[1 : len(all)-1] {
		_ = i
		switch e.Kind {
		case tracer.TTProbe, tracer.TTHit, tracer.TTStore, tracer.TTCutoff:
			continue // its own, without keys: replaced below
		case tracer.Enter:
			f := frame{alpha: e.Alpha, beta: e.Beta, depth: e.Depth}
			under := len(stack) > 0 && !stack[len(stack)-1].keyed
			if !under && e.Sub == "" && e.Move != tracer.NullMove {
				if e.Move == "" {
					f.keyed = true
				} else {
					for _, m := range board.Moves() {
						if board.MoveName(m) == e.Move {
							board.Make(m)
							f.made, f.keyed = true, true
							break
						}
					}
				}
			}
			if f.keyed {
				f.key = board.Key()
				f.traffic = f.key%4 == 0
			}
			stack = append(stack, f)
			out = append(out, e)
			if f.traffic {
				out = append(out, tracer.Event{Kind: tracer.TTProbe, Node: e.Node, Key: f.key, HasKey: true})
				tt++
				if s, ok := stores[f.key]; ok {
					if _, mate := tracer.DefaultScale.IsMate(s.Score); !mate {
						out = append(out, tracer.Event{Kind: tracer.TTHit, Node: e.Node, Key: f.key, HasKey: true, Depth: s.Depth, Bound: s.Bound, Score: s.Score})
						tt++
					}
				}
			}
			continue
		case tracer.Exit:
			f := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if f.traffic && e.End != tracer.Stopped && e.End != tracer.TTCut && e.Bound == tracer.NoBound {
				bound := tracer.Exact
				if e.Score <= f.alpha {
					bound = tracer.Upper
				} else if e.Score >= f.beta {
					bound = tracer.Lower
				}
				s := tracer.Event{Kind: tracer.TTStore, Node: e.Node, Key: f.key, HasKey: true, Depth: f.depth, Bound: bound, Score: e.Score}
				out = append(out, s)
				stores[f.key] = s
				tt++
			}
			out = append(out, e)
			if f.made {
				board.Unmake()
			}
			continue
		}
		out = append(out, e)
	}
	return out, tt
}

// writeBigTT writes that search repeated, node ids and seqs moved on, to n
// events; it returns the events written and how many are table traffic.
func writeBigTT(tb testing.TB, path string, n int) (int, int) {
	body, ttBodyCount := ttBody(tb)
	var maxNode int32
	for _, e := range body {
		maxNode = max(maxNode, e.Node, e.Parent, e.Ref)
	}
	f, err := os.Create(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	bw := bufio.NewWriterSize(f, 1<<20)
	w, err := tracer.NewWriter(bw, tracer.Header{Meta: map[string]string{"fen": kiwipeteFEN}})
	if err != nil {
		tb.Fatal(err)
	}
	seq := int64(1)
	w.Emit(tracer.Event{Seq: seq, Kind: tracer.SearchStart, Depth: 4})
	count, tt := 1, 0
	for round := int32(0); count < n-1; round++ {
		for _, e := range body {
			seq++
			e.Seq = seq
			for _, id := range []*int32{&e.Node, &e.Parent, &e.Ref} {
				if *id != 0 {
					*id += round * maxNode
				}
			}
			w.Emit(e)
			count++
		}
		tt += ttBodyCount
	}
	seq++
	w.Emit(tracer.Event{Seq: seq, Kind: tracer.SearchEnd, Depth: 4})
	if err := w.Flush(); err != nil {
		tb.Fatal(err)
	}
	if err := bw.Flush(); err != nil {
		tb.Fatal(err)
	}
	return count + 1, tt
}
