package tracer

import (
	"fmt"
	"runtime"
	"testing"
)

// BenchmarkTTKeysMemory: the checker's memory grows with the distinct keys
// of a trace (issue 41). A search of n leaves in groups of 1,000, each leaf
// probing and storing its own key, then n more leaves each hitting one of
// those keys (linked); the heap the checker holds at the end, less the same
// trace's without keys, per distinct key.
func BenchmarkTTKeysMemory(b *testing.B) {
	for _, n := range []int{10_000, 100_000, 1_000_000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			var perKey float64
			for range b.N {
				with := heldBy(n, true)
				without := heldBy(n, false)
				perKey = float64(int64(with)-int64(without)) / float64(n)
			}
			b.ReportMetric(perKey, "B/key")
		})
	}
}

// heldBy is the heap a Checker holds after checking the trace, open at the
// root (so nothing is freed by the search's end).
func heldBy(n int, keyed bool) uint64 {
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	c := &Checker{Report: func(*Violation) {}, OnTTLink: func(TTLink) {}}
	seq := int64(0)
	emit := func(e Event) {
		seq++
		e.Seq = seq
		c.Emit(e)
	}
	emit(Event{Kind: SearchStart, Depth: 3})
	emit(Event{Kind: IterationStart, Depth: 3, Alpha: -32000, Beta: 32000})
	emit(Event{Kind: Enter, Node: 1, Alpha: -32000, Beta: 32000, Depth: 3, Expect: PV})
	node := int32(1)
	moves := make([]string, 1000)
	for i := range moves {
		moves[i] = fmt.Sprint("m", i)
	}
	for pass := range 2 {
		for g := 0; g < n/1000; g++ {
			node++
			group := node
			emit(Event{Kind: Enter, Node: group, Parent: 1, Move: fmt.Sprint("g", g), Alpha: -32000, Beta: 32000, Depth: 2, Ply: 1, Expect: PV})
			for i := range 1000 {
				node++
				k := uint64(g*1000+i)*0x9e3779b97f4a7c15 + 1
				emit(Event{Kind: Enter, Node: node, Parent: group, Move: moves[i], Alpha: -32000, Beta: 32000, Depth: 1, Ply: 2, Expect: PV})
				emit(Event{Kind: TTProbe, Node: node, Key: k, HasKey: keyed})
				if pass == 0 {
					emit(Event{Kind: TTStore, Node: node, Key: k, HasKey: keyed, Depth: 1, Bound: Exact, Score: 5})
				} else {
					emit(Event{Kind: TTHit, Node: node, Key: k, HasKey: keyed, Depth: 1, Bound: Exact, Score: 5})
				}
				emit(Event{Kind: Exit, Node: node, Score: 5, Actual: PV})
			}
			emit(Event{Kind: Exit, Node: group, Score: -5, Actual: PV})
		}
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(c)
	return after.HeapAlloc - before.HeapAlloc
}
