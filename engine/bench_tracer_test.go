package engine

// The cost of tracing: searches with no sink, a recording and a JSONL writer,
// the sinks alone on recorded events, and a test that tracing off allocates
// nothing per node beyond what notnil/chess allocates.

import (
	"io"
	"runtime"
	"testing"

	"github.com/notnil/chess"
	"github.com/pvscope/pvscope/tracer"
)

// The tracer benchmarks share one search: the default options at depth 3 on
// the first tracerBenchPositions positions.
const (
	tracerBenchDepth     = 3
	tracerBenchPositions = 12
)

func BenchmarkTracerOff(b *testing.B) { benchmarkTracer(b, nil) }

func BenchmarkTracerRecording(b *testing.B) {
	benchmarkTracer(b, func() tracer.Sink { return tracer.NewRecording() })
}

func BenchmarkTracerJSONL(b *testing.B) {
	benchmarkTracer(b, func() tracer.Sink {
		w, err := tracer.NewWriter(io.Discard, tracer.Header{})
		if err != nil {
			b.Fatal(err)
		}
		return w
	})
}

// benchmarkTracer reports the cost per node of a search with a fresh sink from
// newSink per search, and the events per op (counted once, untimed).
func benchmarkTracer(b *testing.B, newSink func() tracer.Sink) {
	fens := bkFENs(b, tracerBenchPositions)
	opt := ChessDefaults()
	opt.Depth = tracerBenchDepth
	var events eventCount
	if newSink != nil {
		searchSuite(b, fens, opt, func() tracer.Sink { return &events })
	}
	var sum Stats
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	b.ResetTimer()
	for range b.N {
		sum = searchSuite(b, fens, opt, newSink)
	}
	b.StopTimer()
	runtime.ReadMemStats(&after)
	nodes := float64(sum.Nodes) * float64(b.N)
	b.ReportMetric(float64(sum.Nodes), "nodes/op")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/nodes, "ns/node")
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/nodes, "allocs/node")
	if newSink != nil {
		b.ReportMetric(float64(events), "events/op")
	}
}

// BenchmarkTracerSinks times the sinks alone on the events of the tracer
// benchmarks' search, recorded beforehand: the part of a traced search's cost
// that is the sink's, which the whole-search benchmarks above cannot resolve
// (a node costs ~13 us in notnil/chess). "sink-ns/node" spreads it over the
// search's nodes.
func BenchmarkTracerSinks(b *testing.B) {
	fens := bkFENs(b, tracerBenchPositions)
	opt := ChessDefaults()
	opt.Depth = tracerBenchDepth
	var traces [][]tracer.Event
	var nodes, events int
	for _, pos := range newPositions(b, fens) {
		rec := tracer.NewRecording()
		nodes += int(searchOne(b, pos, opt, rec).Nodes)
		traces = append(traces, rec.Events())
		events += rec.Len()
	}
	sinks := []struct {
		name    string
		newSink func() tracer.Sink
	}{
		{"recording", func() tracer.Sink { return tracer.NewRecording() }},
		{"jsonl", func() tracer.Sink {
			w, err := tracer.NewWriter(io.Discard, tracer.Header{})
			if err != nil {
				b.Fatal(err)
			}
			return w
		}},
	}
	for _, sk := range sinks {
		b.Run(sk.name, func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				for _, trace := range traces {
					sink := sk.newSink()
					for _, e := range trace {
						sink.Emit(e)
					}
					if w, ok := sink.(*tracer.Writer); ok {
						if err := w.Flush(); err != nil {
							b.Fatal(err)
						}
					}
				}
			}
			ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			b.ReportMetric(ns/float64(events), "ns/event")
			b.ReportMetric(ns/float64(nodes), "sink-ns/node")
		})
	}
}

// eventCount is a Sink that counts events.
type eventCount int64

func (c *eventCount) Emit(tracer.Event) { *c++ }

// TestTracingOffAddsNoAllocations checks that a search with no sink allocates
// nothing per node beyond what notnil/chess allocates for it.
//
// notnil/chess allocates in every ValidMoves and Update, so a search's
// allocations are never 0 per node; "no extra allocation" has to be measured
// against the library. Comparing with a separate perft-like walk of the same
// positions would compare different trees (the search's quiescence nodes are
// not the walk's leaves, and the library's allocations vary with the number
// of moves). Instead the test records which calls into the library one search
// makes (libraryCalls), then counts the heap objects of
//
//   - the same search again with sink nil: library calls plus our own;
//   - the recorded calls replayed on notnil/chess alone: the library's share;
//   - the same search with a sink that drops every event: building the events.
//
// The searches are deterministic: all three visit the same nodes (checked on
// their statistics). The difference between the first two is what our code
// allocates with tracing off, and it must be a per-search constant (the
// transposition table, the searcher, one PV per iteration, the per-ply move
// buffers growing once), not grow with the nodes: it stays within
// ownAllocBudget at depth 2 and at depth 4 (3 with -short), where the search
// has 15-30x the nodes (~150 objects over 6-9k nodes when written; one
// allocation in even 1 node in 20 would break the budget). The nil run must also allocate no more than the no-op sink run.
func TestTracingOffAddsNoAllocations(t *testing.T) {
	depths := []int{2, 4}
	if testing.Short() {
		depths = []int{2, 3}
	}
	for _, fen := range bkFENs(t, 3) {
		for _, depth := range depths {
			opt := ChessDefaults()
			opt.Depth = depth

			calls := &libraryCalls{ChessPosition: newPositions(t, []string{fen})[0]}
			want := searchOne(t, calls, opt, nil)

			pos := newPositions(t, []string{fen, fen})
			root, err := parseFEN(fen)
			if err != nil {
				t.Fatal(err)
			}
			var off, nop Stats
			offAllocs := mallocs(func() { off = searchOne(t, pos[0], opt, nil) })
			nopAllocs := mallocs(func() { nop = searchOne(t, pos[1], opt, nopSink{}) })
			libAllocs := mallocs(func() { replayLibraryCalls(root, calls.log) })
			if off != want || nop != want {
				t.Fatalf("%s depth %d: searches differ: %+v, %+v, %+v", fen, depth, want, off, nop)
			}
			own := int64(offAllocs) - int64(libAllocs)
			t.Logf("depth %d, %6d nodes: sink nil %7d allocs, library %7d, own %4d (%.4f/node); no-op sink %7d (+%.3f/node)  %s",
				depth, off.Nodes, offAllocs, libAllocs, own, float64(own)/float64(off.Nodes),
				nopAllocs, float64(nopAllocs-offAllocs)/float64(off.Nodes), fen)
			if own > ownAllocBudget {
				t.Errorf("%s depth %d: with tracing off the search allocated %d objects of its own over %d nodes, want at most %d whatever the node count",
					fen, depth, own, off.Nodes, ownAllocBudget)
			}
			if offAllocs > nopAllocs {
				t.Errorf("%s depth %d: sink nil allocated %d objects, more than a no-op sink's %d", fen, depth, offAllocs, nopAllocs)
			}
		}
	}
}

// ownAllocBudget bounds what one search allocates of its own: the searcher and
// its table, a PV and an Iteration per iteration, and the per-ply buffers
// (move lists, ordering scores, quiescence moves) growing to their largest
// size once per ply reached.
const ownAllocBudget = 500

type nopSink struct{}

func (nopSink) Emit(tracer.Event) {}

// libraryCalls is a Position that logs what its ChessPosition asks of
// notnil/chess: each move generation (ValidMoves), each move played (Update)
// and taken back.
type libraryCalls struct {
	*ChessPosition
	log []libraryCall
}

type libraryCall struct {
	op   byte // callGenerate, callMake or callUnmake
	move Move
}

const (
	callGenerate = iota
	callMake
	callUnmake
)

func (l *libraryCalls) generated() bool { return l.stack[l.ply].generated }

// logGeneration runs f and logs a generation if f generated this ply's moves.
func (l *libraryCalls) logGeneration(f func()) {
	before := l.generated()
	f()
	if !before && l.generated() {
		l.log = append(l.log, libraryCall{op: callGenerate})
	}
}

func (l *libraryCalls) Moves() (moves []Move) {
	l.logGeneration(func() { moves = l.ChessPosition.Moves() })
	return moves
}

func (l *libraryCalls) Draw() (why tracer.End) {
	l.logGeneration(func() { why = l.ChessPosition.Draw() })
	return why
}

func (l *libraryCalls) Make(m Move) {
	l.logGeneration(func() { l.ChessPosition.libraryMove(m) })
	l.ChessPosition.Make(m)
	l.log = append(l.log, libraryCall{op: callMake, move: m})
}

func (l *libraryCalls) Unmake() {
	l.ChessPosition.Unmake()
	l.log = append(l.log, libraryCall{op: callUnmake})
}

// replayLibraryCalls makes the logged calls on notnil/chess from root, which
// must be a fresh position (the library caches a position's moves). It keeps
// its stacks in arrays, so that it allocates only what the library does.
func replayLibraryCalls(root *chess.Position, log []libraryCall) {
	var stack [MaxPly + 1]*chess.Position
	var moves [MaxPly + 1][]*chess.Move
	ply := 0
	stack[0] = root
	for _, c := range log {
		switch c.op {
		case callGenerate:
			moves[ply] = stack[ply].ValidMoves()
		case callMake:
			for _, cm := range moves[ply] {
				if encodeChessMove(cm) == c.move {
					stack[ply+1] = stack[ply].Update(cm)
					break
				}
			}
			ply++
		case callUnmake:
			stack[ply], moves[ply] = nil, nil
			ply--
		}
	}
}
