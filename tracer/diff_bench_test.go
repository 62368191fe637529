package tracer_test

import (
	"os"
	"path/filepath"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/tracer"
)

// BenchmarkDiffMillion diffs two traces of about 1,000,000 events each: the
// start position to depth 8, stopped at 400,000 nodes, with killers on and
// off (docs/measurements.md: at most 3 s and 200 MB). peak-heap-MB is the
// largest live heap seen while diffing, sampled every 2 ms.
func BenchmarkDiffMillion(b *testing.B) {
	dir := b.TempDir()
	paths := [2]string{filepath.Join(dir, "a.jsonl"), filepath.Join(dir, "b.jsonl")}
	for i, killers := range []string{"order-killers=true", "order-killers=false"} {
		if err := os.WriteFile(paths[i], engineTrace(b, engine.StartFEN, 8, "max-nodes=400000", killers), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	var events int64
	for _, p := range paths {
		data, _ := os.ReadFile(p)
		for _, c := range data {
			if c == '\n' {
				events++
			}
		}
		events-- // the header
	}
	b.ReportMetric(float64(events)/2, "events/trace")
	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	var peak atomic.Uint64
	done := make(chan struct{})
	go func() {
		var m runtime.MemStats
		for {
			select {
			case <-done:
				return
			case <-time.After(2 * time.Millisecond):
			}
			runtime.ReadMemStats(&m)
			if m.HeapAlloc > peak.Load() {
				peak.Store(m.HeapAlloc)
			}
		}
	}()
	b.ResetTimer()
	for range b.N {
		fa, _ := os.Open(paths[0])
		fb, _ := os.Open(paths[1])
		rep, err := tracer.Diff(fa, fb, tracer.DiffOptions{Max: 20})
		fa.Close()
		fb.Close()
		if err != nil || rep.Same {
			b.Fatalf("same %v, error %v", rep != nil && rep.Same, err)
		}
	}
	b.StopTimer()
	close(done)
	b.ReportMetric(float64(peak.Load()-min(peak.Load(), base.HeapAlloc))/(1<<20), "peak-heap-MB")
	b.ReportMetric(float64(events)*float64(b.N)/b.Elapsed().Seconds(), "events/s")
}
