package engine

import (
	"github.com/pvscope/pvscope/tracer"
	"github.com/pvscope/pvscope/tracer/msg"
)

// Result is what a search found.
type Result struct {
	Score    int    // root side to move: centipawns in chess, leaf units in trees
	BestMove Move   // NoMove when the root has no legal move
	PV       []Move // the principal variation from the root
	Depth    int    // the deepest completed iteration
	Stats    Stats
	// Iterations has one entry per completed iteration of iterative deepening.
	Iterations []Iteration
	// Stopped says why the search ended early ("" when it completed): the
	// context was cancelled, or the node limit was reached. The result is then
	// that of the last completed iteration.
	Stopped string
	// StoppedSentence is Stopped as a keyed sentence (package msg) for the
	// page's catalogs, nil when the search completed.
	StoppedSentence *msg.Error
	// StoppedCuts has a search-stopped truncation per method for the iteration
	// the search stopped in, at the node it stopped at.
	StoppedCuts []Truncation
}

// Iteration is the outcome of one iteration of iterative deepening.
type Iteration struct {
	Depth int
	Score int
	PV    []Move
	Nodes int64 // nodes entered so far in the search
	// Lines are the MultiPV lines, best first (one line without MultiPV).
	Lines []RootLine
	// Methods are the root's line by each collection method, in the order of
	// tracer.Methods (only the triangular table with PVMethods TriangularOnly;
	// no table walk without a table).
	Methods []MethodLine
}

// Stats counts what the search did.
type Stats struct {
	Nodes            int64 // every node entered, quiescence included
	QNodes           int64 // of which beyond the horizon (quiescence, depth < 0)
	SelDepth         int   // the greatest ply any node was entered at
	Leaves           int64 // nodes answered by a static evaluation (or a tree's given leaf value)
	Probes           int64 // null-window probes
	ReSearches       int64 // probes searched again with the full window
	Cutoffs          int64 // beta cutoffs by a move in the main search (quiescence not counted)
	FirstMoveCutoffs int64 // of which by the first move searched
	TTProbes         int64
	TTHits           int64
	TTCutoffs        int64

	// Modern search (nullmove.go, reduce.go, prune.go, extend.go).
	NullMoves         int64 // passes tried
	NullCutoffs       int64 // of which cut their node off
	Reductions        int64 // late moves probed shallower
	ReducedReSearches int64 // of which beat alpha and were searched again at full depth
	IIRs              int64 // nodes searched a ply shallower for want of a table move
	Extensions        int64 // moves searched a ply deeper
	Pruned            int64 // moves skipped by futility or late-move pruning
	ReverseFutility   int64 // nodes answered by their evaluation
}

// FirstMoveCutoffRate is the share of cutoffs made by the first move tried:
// the usual measure of move ordering (around 90% in good programs).
func (s Stats) FirstMoveCutoffRate() float64 {
	if s.Cutoffs == 0 {
		return 0
	}
	return float64(s.FirstMoveCutoffs) / float64(s.Cutoffs)
}

// MateMoves is the UCI-style mate distance of the result, 0 when the score is
// not a mate score.
func (r Result) MateMoves() int {
	if !IsMate(r.Score) {
		return 0
	}
	return MateMoves(r.Score)
}

// RootLine is one of the root's MultiPV lines: a root move, its exact score
// and its PV (which starts with the move).
type RootLine struct {
	Score int
	PV    []Move
	// Cut says where and why a line after the first ended short of the depth
	// (the triangular table's; the first line's cuts are in Methods).
	Cut *Truncation
}

// MethodLine is the root's line as one collection method found it at the end
// of an iteration.
type MethodLine struct {
	Method tracer.Method
	PV     []Move
	Cut    *Truncation // nil when the line is as long as the iteration's depth
}

// Truncation says where and why a method's line ended before the iteration's
// depth: at Node, Ply moves from the root.
type Truncation struct {
	Method tracer.Method
	Depth  int // the iteration's
	Ply    int
	Node   int32
	Reason tracer.Reason
}

// ByMethod returns the line of method in the last completed iteration, and
// whether that method collected one.
func (r Result) ByMethod(method tracer.Method) (MethodLine, bool) {
	if len(r.Iterations) == 0 {
		return MethodLine{}, false
	}
	for _, l := range r.Iterations[len(r.Iterations)-1].Methods {
		if l.Method == method {
			return l, true
		}
	}
	return MethodLine{}, false
}

// Truncations lists the cut lines of the last completed iteration, then those
// of an iteration the search stopped in (reason search-stopped).
func (r Result) Truncations() []Truncation {
	var out []Truncation
	if len(r.Iterations) > 0 {
		for _, l := range r.Iterations[len(r.Iterations)-1].Methods {
			if l.Cut != nil {
				out = append(out, *l.Cut)
			}
		}
	}
	return append(out, r.StoppedCuts...)
}
