package main

import (
	"bytes"
	"io"
	"testing"

	"github.com/pvscope/pvscope/tracer"
)

// whyBenchTrace is a trace of at least a million events: pvscope's search
// of Kiwipete at depth 6 without its table (1.4M events, 153 MB).
func whyBenchTrace(b *testing.B) []byte {
	b.Helper()
	const fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	stop := make(chan struct{})
	defer close(stop)
	r, err := searchTrace(fen, 6, "tt=false", stop)
	if err != nil {
		b.Fatal(err)
	}
	data, err := io.ReadAll(r)
	if err != nil {
		b.Fatal(err)
	}
	if n := bytes.Count(data, []byte{'\n'}); n < 1_000_000 || n > 1_500_000 {
		b.Fatalf("the trace has %d events, want a million (to 1.5M)", n)
	}
	return data
}

// BenchmarkWhy1M: pvscope why on a 1M-event trace, read, derived and walked
// (the target is under a second), and the walk alone over events in memory
// (what the page's session would pay).
func BenchmarkWhy1M(b *testing.B) {
	data := whyBenchTrace(b)
	q := tracer.WhyQuery{Path: []string{"e2a6", "e6d5"}, Move: "c3d5"}
	b.Run("file", func(b *testing.B) {
		for b.Loop() {
			if _, err := whyFile(bytes.NewReader(data), q); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("walk", func(b *testing.B) {
		h, events, err := tracer.ReadAll(bytes.NewReader(data))
		if err != nil {
			b.Fatal(err)
		}
		b.ResetTimer()
		for b.Loop() {
			tracer.WhyEvents(h, events, q, nil)
		}
	})
}
