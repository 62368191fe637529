package engine

import "testing"

// BenchmarkMakeEvaluate measures what the evaluation and the key cost per move:
// on each of the 24 Bratko-Kopec positions, every legal move is made, the
// position evaluated and unmade (the moves are generated once, outside the
// timer). Most of a Make is notnil/chess's Update; the rest is ours.
func BenchmarkMakeEvaluate(b *testing.B) {
	positions := newPositions(b, bkFENs(b, 0))
	moves := 0
	for _, p := range positions {
		moves += len(p.Moves())
	}
	sum := 0
	b.ResetTimer()
	for range b.N {
		for _, p := range positions {
			for _, m := range p.Moves() {
				p.Make(m)
				sum += p.Evaluate()
				p.Unmake()
			}
		}
	}
	b.ReportMetric(float64(moves)*float64(b.N)/b.Elapsed().Seconds(), "moves/s")
	if sum == 1 {
		b.Log(sum) // keeps the evaluations from being optimised away
	}
}

// BenchmarkEvaluate is Evaluate alone, on the 24 positions.
func BenchmarkEvaluate(b *testing.B) {
	positions := newPositions(b, bkFENs(b, 0))
	sum := 0
	b.ResetTimer()
	for range b.N {
		for _, p := range positions {
			sum += p.Evaluate()
		}
	}
	b.ReportMetric(float64(len(positions))*float64(b.N)/b.Elapsed().Seconds(), "evals/s")
	if sum == 1 {
		b.Log(sum)
	}
}
