package main

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/tracer"
)

// writeBigTrace writes a trace of at least n events: one real search of
// Kiwipete, its iterations repeated with node ids and seqs moved on so that
// the whole stays one valid search.
func writeBigTrace(tb testing.TB, path string, n int) int { return writeBig(tb, path, n, false) }

// writeBig writes that trace, or with minimal its enter and exit events only,
// with the fields another engine writes (docs/trace-format.md, "Your own engine's trace").
func writeBig(tb testing.TB, path string, n int, minimal bool) int {
	pos, opt, err := engine.Setup{FEN: kiwipeteFEN}.Load()
	if err != nil {
		tb.Fatal(err)
	}
	opt.Depth, opt.IterativeDeepening, opt.Quiescence = 4, true, true
	rec := tracer.NewRecording()
	if _, err := engine.Search(context.Background(), pos, opt, rec); err != nil {
		tb.Fatal(err)
	}
	events := rec.Events()
	body := events[1 : len(events)-1] // without search-start and search-end
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
	count := 1
	for round := int32(0); count < n-1; round++ {
		for _, e := range body {
			seq++
			e.Seq = seq
			for _, id := range []*int32{&e.Node, &e.Parent, &e.Ref} {
				if *id != 0 {
					*id += round * maxNode
				}
			}
			switch {
			case minimal && e.Kind == tracer.Enter:
				e = tracer.Event{Kind: e.Kind, Node: e.Node, Parent: e.Parent, Move: e.Move, Alpha: e.Alpha, Beta: e.Beta, Depth: e.Depth}
			case minimal && e.Kind == tracer.Exit:
				e = tracer.Event{Kind: e.Kind, Node: e.Node, Score: e.Score, End: e.End}
			case minimal:
				continue
			}
			w.Emit(e)
			count++
		}
	}
	seq++
	w.Emit(tracer.Event{Seq: seq, Kind: tracer.SearchEnd, Depth: 4})
	if err := w.Flush(); err != nil {
		tb.Fatal(err)
	}
	if err := bw.Flush(); err != nil {
		tb.Fatal(err)
	}
	return count + 1
}

// BenchmarkCheck10M checks a 10,000,000-event trace: events per second, and
// the peak heap (sampled while it runs) against the 100 MB the issue allows.
func BenchmarkCheck10M(b *testing.B) { benchmarkCheck(b, false) }

// BenchmarkCheckMinimal10M checks the same search written as a minimal trace
// of 10,000,000 enter and exit lines, the rest derived as it streams: events
// per second counts every event check reads, derived or not.
func BenchmarkCheckMinimal10M(b *testing.B) { benchmarkCheck(b, true) }

func benchmarkCheck(b *testing.B, minimal bool) {
	n := 10_000_000
	if testing.Short() {
		n = 1_000_000
	}
	path := filepath.Join(b.TempDir(), "big.jsonl")
	written := writeBig(b, path, n, minimal)
	events := written
	b.ResetTimer()
	cpu0 := cpuTime()
	var peak uint64
	for range b.N {
		rep, err := checkFileSampled(b, path, &peak)
		if err != nil {
			b.Fatalf("check: %v", err)
		}
		if rep.ViolationCount != 0 {
			b.Fatalf("check: %v, %d violations: %+v", err, rep.ViolationCount, rep.Violations)
		}
		if rep.Events < int64(written) {
			b.Fatalf("check read %d events of %d", rep.Events, written)
		}
		events = int(rep.Events)
	}
	// The machine is shared: events per second of CPU time is the figure that
	// does not depend on what else runs; events/s is wall time.
	b.ReportMetric(float64(events)*float64(b.N)/b.Elapsed().Seconds(), "events/s")
	b.ReportMetric(float64(events)*float64(b.N)/(cpuTime()-cpu0).Seconds(), "events/cpu-s")
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
}

// cpuTime is the process's user and system time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// kiwipeteFEN is the position the big trace searches; its header names it, so
// check replays the moves from it as it would another engine's.
const kiwipeteFEN = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

// checkFileSampled checks the trace at path, raising *peak to the highest
// heap in use sampled every 20 ms while it runs.
func checkFileSampled(b *testing.B, path string, peak *uint64) (*checkReport, error) {
	done := make(chan struct{})
	go func() {
		var ms runtime.MemStats
		for {
			select {
			case <-done:
				return
			case <-time.After(20 * time.Millisecond):
				runtime.ReadMemStats(&ms)
				*peak = max(*peak, ms.HeapInuse)
			}
		}
	}()
	defer close(done)
	f, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	return checkTrace(f, 20)
}
