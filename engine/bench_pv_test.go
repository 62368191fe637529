package engine

import (
	"os"
	"testing"
	"time"
)

// BenchmarkCollectorsBK and BenchmarkMultiPVBK measure what issue 4's features
// cost, over the 24 Bratko-Kopec positions: the four PV collectors against the
// triangular table alone, and MultiPV 3 against 1. Each op searches the suite
// both ways, position by position in turn, so that the machine's drift falls
// on both alike; the metrics are seconds per suite each way and their ratio.
// Depth 5 takes minutes: it runs only with PVSCOPE_MEASURE=1,
//
//	PVSCOPE_MEASURE=1 go test -run xxx -bench 'CollectorsBK|MultiPVBK' -benchtime 1x ./engine
func BenchmarkCollectorsBK(b *testing.B) {
	all := ChessDefaults()
	all.Depth = measureDepth(b)
	tri := all
	tri.PVMethods = TriangularOnly
	benchmarkPair(b, "all4", all, "triangular", tri)
}

func BenchmarkMultiPVBK(b *testing.B) {
	one := ChessDefaults()
	one.Depth = measureDepth(b)
	three := one
	three.MultiPV = 3
	benchmarkPair(b, "multipv3", three, "multipv1", one)
}

// measureDepth is 5 with PVSCOPE_MEASURE=1 (the measure), else 3.
func measureDepth(b *testing.B) int {
	if os.Getenv("PVSCOPE_MEASURE") == "1" {
		return 5
	}
	return 3
}

func benchmarkPair(b *testing.B, nameA string, a Options, nameB string, bOpt Options) {
	fens := bkFENs(b, 0)
	var ta, tb time.Duration
	var na, nb int64
	b.ResetTimer()
	for range b.N {
		for _, fen := range fens {
			start := time.Now()
			sa := searchSuite(b, []string{fen}, a, nil)
			ta += time.Since(start)
			start = time.Now()
			sb := searchSuite(b, []string{fen}, bOpt, nil)
			tb += time.Since(start)
			na += sa.Nodes
			nb += sb.Nodes
		}
	}
	n := float64(b.N)
	b.ReportMetric(ta.Seconds()/n, nameA+"-s/suite")
	b.ReportMetric(tb.Seconds()/n, nameB+"-s/suite")
	b.ReportMetric(ta.Seconds()/tb.Seconds(), nameA+"/"+nameB)
	b.ReportMetric(float64(na)/n, nameA+"-nodes")
	b.ReportMetric(float64(nb)/n, nameB+"-nodes")
}
