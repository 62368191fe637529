package engine

// Benchmarks of the searcher on the Bratko-Kopec suite
// (testdata/tactics/bratko_kopec_24.epd), and a test that tracing
// off costs no allocation per node. Nothing here asserts a time: run
//
//	go test -run xxx -bench . -benchmem ./engine
//
// and read the metrics. The move-ordering measurements at depth 5 take
// minutes and run only with PVSCOPE_MEASURE=1.

import (
	"context"
	"os"
	"runtime"
	"testing"
	"time"

	"github.com/notnil/chess"
	"github.com/pvscope/pvscope/tracer"
)

const bkSuite = "tactics/bratko_kopec_24.epd"

// bkFENs returns the first n positions of the suite, all of them when n <= 0.
func bkFENs(tb testing.TB, n int) []string {
	tb.Helper()
	lines := readEPD(tb, bkSuite)
	if len(lines) != 24 {
		tb.Fatalf("%s: read %d positions, want 24", bkSuite, len(lines))
	}
	if n > 0 {
		lines = lines[:n]
	}
	fens := make([]string, len(lines))
	for i, l := range lines {
		fens[i] = l.fen
	}
	return fens
}

// newPositions parses fens into fresh positions. A position caches the moves
// it generated, so every search starts from new ones.
func newPositions(tb testing.TB, fens []string) []*ChessPosition {
	tb.Helper()
	out := make([]*ChessPosition, len(fens))
	for i, fen := range fens {
		p, err := NewChessPosition(fen)
		if err != nil {
			tb.Fatal(err)
		}
		out[i] = p
	}
	return out
}

// searchOne searches pos, flushing the sink when it buffers (a JSONL writer).
func searchOne(tb testing.TB, pos Position, opt Options, sink tracer.Sink) Stats {
	res, err := Search(context.Background(), pos, opt, sink)
	if err != nil {
		tb.Fatal(err)
	}
	if f, ok := sink.(interface{ Flush() error }); ok {
		if err := f.Flush(); err != nil {
			tb.Fatal(err)
		}
	}
	if res.Stopped != "" || pos.Ply() != 0 {
		tb.Fatalf("search stopped (%q) or left the root (ply %d)", res.Stopped, pos.Ply())
	}
	return res.Stats
}

// searchSuite searches each of fens from a fresh position, with a fresh sink
// from newSink (nil for none) per search, and returns the summed statistics.
func searchSuite(tb testing.TB, fens []string, opt Options, newSink func() tracer.Sink) Stats {
	var sum Stats
	for _, pos := range newPositions(tb, fens) {
		var sink tracer.Sink
		if newSink != nil {
			sink = newSink()
		}
		addStats(&sum, searchOne(tb, pos, opt, sink))
	}
	return sum
}

// addStats adds o into s.
func addStats(s *Stats, o Stats) {
	s.Nodes += o.Nodes
	s.QNodes += o.QNodes
	s.Leaves += o.Leaves
	s.Probes += o.Probes
	s.ReSearches += o.ReSearches
	s.Cutoffs += o.Cutoffs
	s.FirstMoveCutoffs += o.FirstMoveCutoffs
	s.TTProbes += o.TTProbes
	s.TTHits += o.TTHits
	s.TTCutoffs += o.TTCutoffs
}

// mallocs is the number of heap objects f allocates. Mallocs only ever grows,
// so a collection during f takes nothing off; the count is process-wide, so
// nothing else may run meanwhile (no t.Parallel here).
func mallocs(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.Mallocs - before.Mallocs
}

// BenchmarkSearchBK4 is the default search (PVS, depth 4, everything on) over
// the 24 positions; one op is the whole suite.
func BenchmarkSearchBK4(b *testing.B) {
	fens := bkFENs(b, 0)
	opt := ChessDefaults()
	opt.Depth = 4
	var sum Stats
	b.ResetTimer()
	cpu := cpuTime()
	for range b.N {
		sum = searchSuite(b, fens, opt, nil)
	}
	reportRates(b, sum.Nodes, cpuTime()-cpu)
	b.ReportMetric(100*sum.FirstMoveCutoffRate(), "first-move-cutoff-%")
}

// libraryBoundDepth keeps one op of the library walk under a second: depth 2
// is 29k positions over the suite, depth 3 1.08M (some 12-18 s an op).
const libraryBoundDepth = 2

// BenchmarkLibraryBoundBK is notnil/chess walking the same 24 positions on its
// own: ValidMoves at every node, leaves included, and Update for each move.
// Our search also generates the moves of every node it enters, so its
// nodes/s can approach this rate but not pass it.
func BenchmarkLibraryBoundBK(b *testing.B) {
	fens := bkFENs(b, 0)
	var nodes int64
	b.ResetTimer()
	cpu := cpuTime()
	for range b.N {
		nodes = 0
		for _, fen := range fens {
			var p chess.Position
			if err := p.UnmarshalText([]byte(fen + " 0 1")); err != nil {
				b.Fatal(err)
			}
			nodes += libraryWalk(&p, libraryBoundDepth)
		}
	}
	reportRates(b, nodes, cpuTime()-cpu)
}

// reportRates reports nodes per op, per second of wall time and per second of
// the process's CPU time (cpu-nodes/s, when the platform measures it).
func reportRates(b *testing.B, nodes int64, cpu time.Duration) {
	b.ReportMetric(float64(nodes), "nodes/op")
	b.ReportMetric(float64(nodes)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
	if cpu > 0 {
		b.ReportMetric(float64(nodes)*float64(b.N)/cpu.Seconds(), "cpu-nodes/s")
	}
}

// libraryWalk counts the positions on which it calls ValidMoves: p and every
// position up to depth moves below it.
func libraryWalk(p *chess.Position, depth int) int64 {
	moves := p.ValidMoves()
	if depth == 0 {
		return 1
	}
	n := int64(1)
	for _, m := range moves {
		n += libraryWalk(p.Update(m), depth-1)
	}
	return n
}

// BenchmarkOrderingBK4 and BenchmarkOrderingBK5 measure move ordering over the
// suite with the default options: the share of cutoffs made by the first move
// (PVS), and how many nodes PVS searches for each node of plain alpha-beta.
// Depth 5 takes minutes: it runs only with PVSCOPE_MEASURE=1, as in
//
//	PVSCOPE_MEASURE=1 go test -run xxx -bench OrderingBK5 -benchtime 1x ./engine
func BenchmarkOrderingBK4(b *testing.B) { benchmarkOrdering(b, 4) }

func BenchmarkOrderingBK5(b *testing.B) {
	if testing.Short() || os.Getenv("PVSCOPE_MEASURE") != "1" {
		b.Skip("set PVSCOPE_MEASURE=1 to measure move ordering at depth 5 (minutes)")
	}
	benchmarkOrdering(b, 5)
}

// benchmarkOrdering searches each position with PVS and with alpha-beta; one
// op is the suite both ways. With PVSCOPE_MEASURE=1 it logs every position
// (add -v, or the log is cut after 10 lines).
func benchmarkOrdering(b *testing.B, depth int) {
	lines := readEPD(b, bkSuite)
	pvsOpt := ChessDefaults()
	pvsOpt.Depth = depth
	abOpt := pvsOpt
	abOpt.Algorithm = AlphaBeta
	verbose := os.Getenv("PVSCOPE_MEASURE") == "1"
	var pvs, ab Stats
	b.ResetTimer()
	for i := range b.N {
		pvs, ab = Stats{}, Stats{}
		for _, l := range lines {
			p := searchSuite(b, []string{l.fen}, pvsOpt, nil)
			a := searchSuite(b, []string{l.fen}, abOpt, nil)
			addStats(&pvs, p)
			addStats(&ab, a)
			if verbose && i == 0 {
				b.Logf("%-6s pvs %8d nodes (%5.1f%% first-move cutoffs, %5d re-searches)  ab %8d nodes (%5.1f%%)  pvs/ab %.3f",
					l.ops["id"], p.Nodes, 100*p.FirstMoveCutoffRate(), p.ReSearches,
					a.Nodes, 100*a.FirstMoveCutoffRate(), float64(p.Nodes)/float64(a.Nodes))
			}
		}
	}
	b.ReportMetric(100*pvs.FirstMoveCutoffRate(), "first-move-cutoff-%")
	b.ReportMetric(100*ab.FirstMoveCutoffRate(), "ab-first-move-cutoff-%")
	b.ReportMetric(float64(pvs.Nodes)/float64(ab.Nodes), "pvs/ab-nodes")
	b.ReportMetric(float64(pvs.Nodes), "pvs-nodes/op")
	b.ReportMetric(float64(ab.Nodes), "ab-nodes/op")
	b.ReportMetric(float64(pvs.ReSearches), "re-searches/op")
}
