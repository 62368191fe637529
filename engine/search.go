package engine

import (
	"context"
	"fmt"

	"github.com/pvscope/pvscope/tracer"
	"github.com/pvscope/pvscope/tracer/msg"
)

// Search runs one search of pos with opt, sending events to sink (which may be
// nil: then tracing costs a nil check per event site). It returns normally when
// ctx is cancelled or the node limit is reached, with the last completed
// iteration's result, and the event stream stays balanced. pos is returned to
// the position it was in.
func Search(ctx context.Context, pos Position, opt Options, sink tracer.Sink) (Result, error) {
	return SearchWithProgress(ctx, pos, opt, sink, Progress{})
}

// SearchWithProgress is Search that also reports to progress as it goes
// (progress.go).
func SearchWithProgress(ctx context.Context, pos Position, opt Options, sink tracer.Sink, progress Progress) (Result, error) {
	if err := opt.Validate(); err != nil {
		return Result{}, err
	}
	if pos.Ply() != 0 {
		return Result{}, fmt.Errorf("engine: search must start at the root (ply %d)", pos.Ply())
	}
	s := &searcher{pos: pos, opt: opt, sink: sink, ctx: ctx, progress: progress, modern: opt.anyModern()}
	if opt.PruneStrict {
		s.cutMargin = 1 // scores are whole numbers: > beta is >= beta+1
	}
	if opt.TT {
		s.tt = newTranspositionTable(opt.TTSize, opt.TTReplace)
		s.tt.fault = opt.ttFault
	}
	if opt.PVMethods == AllMethods {
		s.pvHash = newPVHashTable()
		s.rootLine = new(pvLine)
	}
	return s.run(), nil
}

// searcher is the state of one search. Per-ply tables live in fixed arrays so
// that searching a node allocates nothing of our own.
type searcher struct {
	pos      Position
	opt      Options
	sink     tracer.Sink
	ctx      context.Context
	progress Progress

	seq         int64 // last event sequence number
	lastID      int32 // last node id
	stats       Stats
	stopped     string     // why the search stopped, "" while it runs
	stoppedSaid *msg.Error // the same, keyed for the page's catalogs
	cutMargin   int        // 1 under prune=strict: a move cuts at beta+1, not at beta

	tt      *transpositionTable
	killers [MaxPly][2]Move
	history [HistorySlots]int32
	scores  [MaxPly][]int  // move-ordering scores, reused per ply
	qmoves  [MaxPly][]Move // quiescence move lists, reused per ply

	// The triangular PV table: pv[ply][ply:pvEnd[ply]] is the line found at the
	// node at ply, rebuilt from the child's line whenever a move raises alpha.
	pv     [MaxPly][MaxPly]Move
	pvEnd  [MaxPly]int
	triEnd [MaxPly]lineEnd // where and why pv[ply] ends

	// The other collectors (nil or empty with PVMethods TriangularOnly): the
	// root's line on the stack, the PV hash table, this iteration's PV nodes
	// for the table walk, and the root's lines with MultiPV.
	rootLine    *pvLine
	pvHash      *pvHashTable
	exact       []exactNode
	edges       [MaxPly]edge // how the open node at each ply was reached, for noteExact
	lines       []rootLine
	rootID      int32   // the root node of the iteration's last search of the root
	stopAt      lineEnd // the innermost node of the main search open when it stopped
	stoppedCuts []Truncation

	// prevPV is the previous iteration's line; onPV[ply] says whether the moves
	// made so far follow it, so its move can be tried first.
	prevPV []Move
	onPV   [MaxPly + 1]bool

	// Modern search: whether any of its options is on, the iteration's depth
	// (a line that reaches the horizon before it was shortened by a
	// reduction), and how many verifications of a pass are open.
	modern    bool
	iterDepth int
	verifying int
}

// stopCheckInterval is how many nodes pass between looks at the context. A
// chess node on notnil/chess costs tens of microseconds (20,000 to 40,000
// nodes a second), so 128 nodes is a few milliseconds: UCI's stop answers well
// within 100 ms (BenchmarkStopLatency in engine/uci), and a look at the
// context (a mutex) per 128 nodes costs nothing measurable.
const stopCheckInterval = 128

// mayEnter counts a node about to be entered, or reports that the search must
// stop instead: it was cancelled, or it has entered MaxNodes nodes already.
// A stopped search enters no further node, and every node still open exits
// with tracer.Stopped, so the trace stays balanced.
func (s *searcher) mayEnter() bool {
	switch {
	case s.stopped != "":
		return false
	case s.opt.MaxNodes > 0 && s.stats.Nodes >= s.opt.MaxNodes:
		s.stoppedSaid = msg.New("go-engine.nodeLimit", "node limit of {n} reached", "n", s.opt.MaxNodes)
		s.stopped = s.stoppedSaid.Error()
		return false
	case s.stats.Nodes%stopCheckInterval == 0 && s.ctx.Err() != nil:
		s.stoppedSaid = msg.New("go-engine.cancelled", "cancelled: {reason}", "reason", s.ctx.Err())
		s.stopped = s.stoppedSaid.Error()
		return false
	}
	s.stats.Nodes++
	return true
}

// run is iterative deepening around the root search.
func (s *searcher) run() Result {
	var res Result
	if s.sink != nil {
		s.emit(tracer.Event{Kind: tracer.SearchStart, Depth: int16(s.opt.Depth)})
	}
	first := s.opt.Depth
	if s.opt.IterativeDeepening {
		first = 1
	}
	for depth := first; depth <= s.opt.Depth; depth++ {
		score, ok := s.iteration(depth, res)
		if !ok {
			break
		}
		pv := append([]Move(nil), s.pv[0][:s.pvEnd[0]]...)
		s.prevPV = pv
		res.Score, res.PV, res.Depth = score, pv, depth
		res.BestMove = NoMove
		if len(pv) > 0 {
			res.BestMove = pv[0]
		}
		it := Iteration{Depth: depth, Score: score, PV: pv, Nodes: s.stats.Nodes}
		it.Lines = s.multiPVLines(depth, score, pv)
		if s.sink != nil {
			for k, l := range it.Lines {
				s.emit(tracer.Event{Kind: tracer.RootPV, Depth: int16(depth), Score: int32(l.Score), Index: int16(k), PV: s.names(l.PV)})
				if l.Cut != nil {
					s.emitCut(*l.Cut, k)
				}
			}
		}
		it.Methods = s.collectedLines(depth, score)
		res.Iterations = append(res.Iterations, it)
		if s.progress.Iteration != nil {
			s.progress.Iteration(it, s.stats)
		}
		if s.sink != nil {
			s.emit(tracer.Event{Kind: tracer.IterationEnd, Depth: int16(depth), Score: int32(score)})
		}
	}
	res.Stats, res.Stopped, res.StoppedSentence, res.StoppedCuts = s.stats, s.stopped, s.stoppedSaid, s.stoppedCuts
	if s.sink != nil {
		s.emit(tracer.Event{Kind: tracer.SearchEnd, Depth: int16(res.Depth), Score: int32(res.Score), PV: s.names(res.PV)})
	}
	return res
}

// iteration searches the root to depth, with an aspiration window around the
// previous score when asked, widening a side to infinity when the score falls
// outside it. It reports false when the search stopped before finishing.
func (s *searcher) iteration(depth int, prev Result) (int, bool) {
	alpha, beta := -Infinity, Infinity
	if s.opt.Aspiration && len(prev.Iterations) > 0 && !IsMate(prev.Score) {
		alpha, beta = prev.Score-s.opt.AspirationWindow, prev.Score+s.opt.AspirationWindow
	}
	if s.sink != nil {
		s.emit(tracer.Event{Kind: tracer.IterationStart, Depth: int16(depth), Alpha: int32(alpha), Beta: int32(beta)})
	}
	s.exact = s.exact[:0]
	s.iterDepth = depth
	for {
		s.onPV[0] = true
		score, id := s.node(depth, alpha, beta, tracer.PV, edge{}, s.rootLine)
		s.rootID = id
		switch {
		case s.stopped != "":
			s.stoppedLines(depth)
			if s.sink != nil {
				s.emit(tracer.Event{Kind: tracer.IterationEnd, Depth: int16(depth), End: tracer.Stopped})
			}
			return 0, false
		case score <= alpha && alpha > -Infinity:
			alpha = -Infinity
			s.reportAspirationFail(depth, score, tracer.Upper)
		case score >= beta && beta < Infinity:
			beta = Infinity
			s.reportAspirationFail(depth, score, tracer.Lower)
		default:
			return score, true
		}
		if s.sink != nil {
			s.emit(tracer.Event{Kind: tracer.AspirationFail, Depth: int16(depth), Score: int32(score), Alpha: int32(alpha), Beta: int32(beta)})
		}
	}
}
