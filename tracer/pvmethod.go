package tracer

import "fmt"

// Method is a way of collecting the principal variation. pvscope runs all four
// in the same search, so a line one of them cuts short can be seen beside the
// others.
type Method uint8

const (
	NoMethod Method = iota
	// Triangular: the triangular PV table, a line per ply rebuilt from the
	// child's line whenever a move raises alpha.
	Triangular
	// Stack: a line on each node's stack frame, copied up to the parent when
	// alpha rises (Bruce Moreland's LINE).
	Stack
	// TTWalk: the best moves of exact transposition-table entries, followed
	// from the root after the iteration.
	TTWalk
	// PVHash: a separate table of whole lines, stored when a PV node ends with an
	// exact score (Hyatt's Crafty), read back from the root.
	PVHash

	methodEnd
)

var methodNames = [...]string{NoMethod: "", Triangular: "triangular", Stack: "stack", TTWalk: "tt", PVHash: "pvhash"}

// Methods lists the four methods in order.
func Methods() []Method { return []Method{Triangular, Stack, TTWalk, PVHash} }

func (m Method) String() string {
	if int(m) < len(methodNames) {
		return methodNames[m]
	}
	return fmt.Sprintf("method(%d)", uint8(m))
}

// ParseMethod is the inverse of Method.String.
func ParseMethod(s string) (Method, error) {
	for m, name := range methodNames {
		if name == s {
			return Method(m), nil
		}
	}
	return 0, fmt.Errorf("unknown PV method %q", s)
}

// Reason is why a collected line ends before the iteration's depth. It is
// never guessed: the searcher records it at the node where the line ended,
// from what it did there.
type Reason uint8

const (
	NoReason Reason = iota
	// TTExactCutAtPV: an exact table entry answered a PV node, so the node has
	// no line of its own below it.
	TTExactCutAtPV
	// TTEntryOverwritten: the walk of the table needed an entry the search had
	// stored, and another position has taken its slot.
	TTEntryOverwritten
	// TTEntryNotExact: the walk found the position's entry, but it is a bound
	// (a later search of the same position with another window replaced the
	// exact one), so its move is not a PV move.
	TTEntryNotExact
	// TTEntryMissing: the walk found no entry, and the search never stored the
	// position with an exact score in this iteration (the table refused it, or
	// the walk followed a move from an older entry).
	TTEntryMissing
	// TTMoveIllegal: the entry's move is not legal in the position: a key
	// collision.
	TTMoveIllegal
	// FailLowAtPV: a node searched with an open window failed low, so it has no
	// best move to continue the line.
	FailLowAtPV
	// ReasonMate, ReasonStalemate: the game is over at the node; the line is
	// complete.
	ReasonMate
	ReasonStalemate
	// ReasonRepetition, ReasonFiftyMove: a draw by rule ends the line.
	ReasonRepetition
	ReasonFiftyMove
	// ReasonLeaf: a teaching tree's leaf above the horizon ends the line.
	ReasonLeaf
	// SearchStopped: the search was stopped before the line was finished.
	SearchStopped
	// ReasonTTCutoff: a table entry answered the node where the line ends
	// (a bound, in a null-window search), so it has no line below it.
	ReasonTTCutoff
	// ReasonHorizon: the node where the line ends was evaluated: a reduced or
	// null-move search reached the horizon before the iteration's depth.
	ReasonHorizon
	// IIRAtPV: a node on the line had no table move and was searched a ply
	// shallower (internal iterative reduction), so the line reaches the
	// horizon before the iteration's depth.
	IIRAtPV
	// ReducedAtPV: a node on the line was searched shallower by another
	// reduction (a late move reduction not searched again, the verification
	// of a null move), so the line reaches the horizon early.
	ReducedAtPV
	// PrunedAtPV: a node searched with an open window failed low after
	// pruning moves (futility, late-move pruning): the move that could have
	// continued the line was never searched.
	PrunedAtPV
	// AspirationFailAtRoot: the root search that gave the iteration its line
	// failed on its aspiration window: its score is a bound, and its line
	// stops where the bound was proved.
	AspirationFailAtRoot
	// RootBound: the root search that gave the iteration its line failed high
	// or low on a window one unit wide (an MTD driver's bound search): its
	// line is a bound's.
	RootBound
	// ReasonWon, ReasonLost, ReasonDrawn: a game other than chess is over at
	// the node (the side to move has won, lost, or it is a draw); the line is
	// complete.
	ReasonWon
	ReasonLost
	ReasonDrawn

	reasonEnd
)

var reasonNames = [...]string{
	NoReason:             "",
	TTExactCutAtPV:       "tt-exact-cut-at-pv",
	TTEntryOverwritten:   "tt-entry-overwritten",
	TTEntryNotExact:      "tt-entry-not-exact",
	TTEntryMissing:       "tt-entry-missing",
	TTMoveIllegal:        "tt-move-illegal",
	FailLowAtPV:          "fail-low-at-pv",
	ReasonMate:           "mate",
	ReasonStalemate:      "stalemate",
	ReasonRepetition:     "repetition",
	ReasonFiftyMove:      "fifty-move",
	ReasonLeaf:           "leaf",
	SearchStopped:        "search-stopped",
	ReasonTTCutoff:       "tt-cutoff",
	ReasonHorizon:        "horizon",
	IIRAtPV:              "iir-at-pv",
	ReducedAtPV:          "reduced-at-pv",
	PrunedAtPV:           "pruned-at-pv",
	AspirationFailAtRoot: "aspiration-fail",
	RootBound:            "root-bound",
	ReasonWon:            "win",
	ReasonLost:           "loss",
	ReasonDrawn:          "draw",
}

// Reasons lists every reason in order.
func Reasons() []Reason {
	rs := make([]Reason, 0, reasonEnd-1)
	for r := Reason(1); r < reasonEnd; r++ {
		rs = append(rs, r)
	}
	return rs
}

func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return fmt.Sprintf("reason(%d)", uint8(r))
}

// ParseReason is the inverse of Reason.String.
func ParseReason(s string) (Reason, error) {
	for r, name := range reasonNames {
		if name == s {
			return Reason(r), nil
		}
	}
	return 0, fmt.Errorf("unknown PV cut reason %q", s)
}

// ReasonOfEnd is the reason a node's End gives a line that stops there, or
// NoReason when the End does not end a line early.
func ReasonOfEnd(e End) Reason {
	switch e {
	case Mate:
		return ReasonMate
	case Stalemate:
		return ReasonStalemate
	case Repetition:
		return ReasonRepetition
	case FiftyMove:
		return ReasonFiftyMove
	case Leaf:
		return ReasonLeaf
	case Stopped:
		return SearchStopped
	case Won:
		return ReasonWon
	case Lost:
		return ReasonLost
	case Drawn:
		return ReasonDrawn
	}
	return NoReason
}

// GameOver says whether r is a game's end: mate, stalemate, win, loss or draw.
func (r Reason) GameOver() bool {
	switch r {
	case ReasonMate, ReasonStalemate, ReasonWon, ReasonLost, ReasonDrawn:
		return true
	}
	return false
}
