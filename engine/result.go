package engine

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
}

// Iteration is the outcome of one iteration of iterative deepening.
type Iteration struct {
	Depth int
	Score int
	PV    []Move
	Nodes int64 // nodes entered so far in the search
}

// Stats counts what the search did.
type Stats struct {
	Nodes            int64 // every node entered, quiescence included
	QNodes           int64 // of which beyond the horizon (quiescence, depth < 0)
	Leaves           int64 // static evaluations (and given leaf values in trees)
	Probes           int64 // null-window probes
	ReSearches       int64 // probes searched again with the full window
	Cutoffs          int64 // beta cutoffs by a move in the main search (quiescence not counted)
	FirstMoveCutoffs int64 // of which by the first move searched
	TTProbes         int64
	TTHits           int64
	TTCutoffs        int64
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
