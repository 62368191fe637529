package tracer

import "fmt"

// Kind is what happened. The set is closed: a reader rejects names it does not know.
type Kind uint8

const (
	_ Kind = iota
	// SearchStart opens a trace: Depth is the requested depth.
	SearchStart
	// SearchEnd closes it: Score, Depth (completed) and PV of the result;
	// Move, when the engine says it, the move it plays (UCI bestmove).
	SearchEnd
	// IterationStart begins one iteration of iterative deepening: Depth, and the
	// root window Alpha, Beta (narrow when aspiration windows are on).
	IterationStart
	// IterationEnd ends it: Depth, Score, and End=Stopped when it was cut short;
	// PV, when the engine writes it, its own line at that depth (like root-pv).
	IterationEnd
	// AspirationFail: the root's Score fell outside the aspiration window, so the
	// root is searched again, in the same iteration, with the wider window Alpha, Beta.
	AspirationFail
	// Enter: a node is entered. Node, Parent (0 for the root), Ply, Depth,
	// Move and Index (the move from the parent and its place in the parent's order),
	// Alpha, Beta, Expect. Ref names the probe node when this visit is a re-search.
	Enter
	// Exit: a node returns Score. Actual is the type the score makes of it
	// (PV inside the window, Cut at or above beta, All at or below alpha); End says
	// why it stopped early, if it did. Bound, when set: Score is a bound the node
	// returned in place of its value, a fail-hard clamp in a fail-soft engine
	// (Lower at or above beta, Upper at or below alpha).
	Exit
	// Probe: the parent Node searches Move (Index) with the null window Alpha, Beta=Alpha+1.
	Probe
	// FailHigh: the child at Move (Index) of Node scored Score >= Beta of the window it was searched with.
	FailHigh
	// FailLow: the child at Move (Index) of Node scored Score <= Alpha of its window.
	FailLow
	// ReSearch: Node searches Move (Index) again with the window Alpha, Beta because
	// the probe Ref scored strictly inside it.
	ReSearch
	// Cutoff: Move (Index) of Node scored Score >= Beta; the remaining moves are pruned.
	Cutoff
	// TTProbe: Node looked itself up in the transposition table.
	TTProbe
	// TTHit: the table held an entry for Node: Bound, Depth (the entry's), Score, Move;
	// Key and Raw when the engine gives them (the entry it read is the last
	// tt-store of that Key before it).
	TTHit
	// TTCutoff: the entry was enough to return Score without searching.
	TTCutoff
	// TTStore: Node was written to the table with Bound, Depth, Score, Move;
	// Key and Raw when the engine gives them.
	TTStore
	// PVUpdate: Move at Node raised alpha: Score is strictly inside (Alpha, Beta),
	// Alpha being the value before the update; PV is the node's new line.
	PVUpdate
	// RootPV: the root's line at the end of an iteration: Depth, Score, PV.
	// With MultiPV, one per line, best first: Index is the line's place (0 first).
	// Bound, when set (Lower, Upper): the root search failed on its aspiration
	// window and Score is only a bound (the Deriver fills it in).
	RootPV
	// PVLine: the root's line as one collection Method found it at the end of
	// an iteration: Method, Depth, Score, PV.
	PVLine
	// PVCut: the Method's line is shorter than the iteration's Depth. It ended
	// at Node, Ply moves from the root, for Reason.
	PVCut
	// Prune: Node skipped Move without searching it, for Why (futility,
	// late-move, razor, see, delta, or the engine's own word).
	Prune
	// StandPat: Node takes its static evaluation Score as its own value before
	// searching any move (quiescence): its moves are then searched with alpha
	// raised to max(alpha, Score), and with Score >= beta it returns without a move.
	StandPat
	// MoveValue: the parent Node took Score (its side's view) for Move (Index),
	// whose child just returned, where that is not minus the child's exit score
	// (a cap min(cap, -child), a mate-distance adjustment, contempt).
	MoveValue

	kindEnd // one past the last kind
)

var kindNames = [...]string{
	SearchStart:    "search-start",
	SearchEnd:      "search-end",
	IterationStart: "iteration-start",
	IterationEnd:   "iteration-end",
	AspirationFail: "aspiration-fail",
	Enter:          "enter",
	Exit:           "exit",
	Probe:          "probe",
	FailHigh:       "fail-high",
	FailLow:        "fail-low",
	ReSearch:       "re-search",
	Cutoff:         "cutoff",
	TTProbe:        "tt-probe",
	TTHit:          "tt-hit",
	TTCutoff:       "tt-cutoff",
	TTStore:        "tt-store",
	PVUpdate:       "pv-update",
	RootPV:         "root-pv",
	PVLine:         "pv-line",
	PVCut:          "pv-cut",
	Prune:          "prune",
	StandPat:       "stand-pat",
	MoveValue:      "move-value",
}

// Kinds lists every kind in order.
func Kinds() []Kind {
	ks := make([]Kind, 0, kindEnd-1)
	for k := Kind(1); k < kindEnd; k++ {
		ks = append(ks, k)
	}
	return ks
}

func (k Kind) String() string {
	if k > 0 && k < kindEnd {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}

// ParseKind is the inverse of Kind.String.
func ParseKind(s string) (Kind, error) {
	for k := Kind(1); k < kindEnd; k++ {
		if kindNames[k] == s {
			return k, nil
		}
	}
	return 0, fmt.Errorf("unknown event kind %q", s)
}

// NodeType is Knuth and Moore's classification of a node. The expected type
// follows from the tree's shape (the first child of a PV node is PV, the others Cut;
// children of a Cut node are All, children of an All node Cut); the actual type from
// the score the node returned.
type NodeType uint8

const (
	NoType NodeType = iota
	PV
	Cut
	All
)

var nodeTypeNames = [...]string{NoType: "", PV: "pv", Cut: "cut", All: "all"}

func (t NodeType) String() string {
	if int(t) < len(nodeTypeNames) {
		return nodeTypeNames[t]
	}
	return fmt.Sprintf("type(%d)", uint8(t))
}

// ParseNodeType is the inverse of NodeType.String.
func ParseNodeType(s string) (NodeType, error) {
	for t, name := range nodeTypeNames {
		if name == s {
			return NodeType(t), nil
		}
	}
	return 0, fmt.Errorf("unknown node type %q", s)
}

// Bound says what a transposition-table score means.
type Bound uint8

const (
	NoBound Bound = iota
	Exact         // the true score
	Lower         // the true score is at least this (the node failed high)
	Upper         // the true score is at most this (the node failed low)
)

var boundNames = [...]string{NoBound: "", Exact: "exact", Lower: "lower", Upper: "upper"}

func (b Bound) String() string {
	if int(b) < len(boundNames) {
		return boundNames[b]
	}
	return fmt.Sprintf("bound(%d)", uint8(b))
}

// ParseBound is the inverse of Bound.String.
func ParseBound(s string) (Bound, error) {
	for b, name := range boundNames {
		if name == s {
			return Bound(b), nil
		}
	}
	return 0, fmt.Errorf("unknown bound %q", s)
}

// End says why a node (or an iteration) stopped without searching all its moves
// for a reason other than a beta cutoff.
type End uint8

const (
	Searched   End = iota // it searched its moves (or was cut off by one)
	Eval                  // a static evaluation at the horizon or in quiescence
	Leaf                  // a leaf of a teaching tree: its value is given
	Mate                  // the side to move is checkmated
	Stalemate             // the side to move has no move and is not in check
	Repetition            // the position repeats one earlier on the line: a draw
	FiftyMove             // fifty moves without a capture or pawn move: a draw
	TTCut                 // a transposition-table entry answered it
	Stopped               // the search was cancelled; the score is not to be trusted
	// A game other than chess is over at the node, worded as the side to
	// move's result (tic-tac-toe, Connect Four, Othello: a game's end is no
	// checkmate, and in Othello the side to move may have won).
	Won   // the game is over and the side to move has won
	Lost  // the game is over and the side to move has lost
	Drawn // the game is over in a draw
)

var endNames = [...]string{
	Searched: "", Eval: "eval", Leaf: "leaf", Mate: "mate", Stalemate: "stalemate",
	Repetition: "repetition", FiftyMove: "fifty-move", TTCut: "tt-cutoff", Stopped: "stopped",
	Won: "win", Lost: "loss", Drawn: "draw",
}

// GameOver says whether e ends the game at its node: checkmate or stalemate
// in chess, a win, loss or draw in another game.
func (e End) GameOver() bool {
	switch e {
	case Mate, Stalemate, Won, Lost, Drawn:
		return true
	}
	return false
}

func (e End) String() string {
	if int(e) < len(endNames) {
		return endNames[e]
	}
	return fmt.Sprintf("end(%d)", uint8(e))
}

// ParseEnd is the inverse of End.String.
func ParseEnd(s string) (End, error) {
	for e, name := range endNames {
		if name == s {
			return End(e), nil
		}
	}
	return 0, fmt.Errorf("unknown end %q", s)
}

// NullMove is UCI's null move: the side to move passes (null-move pruning).
const NullMove = "0000"

// Words for Why. An engine may write its own; these are the ones pvscope
// names in its narration and help.
const (
	WhyLMR      = "lmr"       // late move reduction
	WhyNullMove = "null-move" // the reduced search after a pass
	WhyCheck    = "check"     // check extension
	WhySingular = "singular"  // singular extension
	WhyIIR      = "iir"       // internal iterative reduction
	WhyFutility = "futility"  // futility pruning
	WhyLateMove = "late-move" // late move pruning (move count)
	WhyRazor    = "razor"     // razoring
	WhySEE      = "see"       // a losing capture by static exchange
	WhyDelta    = "delta"     // delta pruning in quiescence
)

// Event is one decision of the search. It is flat: which fields mean something
// depends on Kind (see the Kind constants); the rest are zero.
// Node ids start at 1 and are unique within a search: a re-search of the same
// move is a new node whose Ref names the probe it repeats.
type Event struct {
	Seq int64 // positive and strictly increasing within a trace (pvscope's searcher counts from 1)
	// Key, on tt-* events when HasKey: the engine's own key of the node's
	// position (its Zobrist hash, say), written as 1 to 16 hex digits.
	Key    uint64
	Node   int32
	Parent int32
	Ref    int32
	Alpha  int32
	Beta   int32
	Score  int32
	// Raw, on tt-hit and tt-store when HasRaw: the integer the table entry
	// holds (Score is the node's: after the engine's mate adjustment on a
	// hit, before it on a store).
	Raw    int32
	Ply    int32 // distance from the root (32 bits: a chain may be deeper than 32,767)
	Depth  int16 // depth remaining; <= 0 in quiescence
	Index  int16 // the move's place in its parent's search order, from 0
	Kind   Kind
	Expect NodeType
	Actual NodeType
	Bound  Bound
	End    End
	Method Method // pv-line and pv-cut: which collector
	Reason Reason // pv-cut: why the line ended
	Move   string // the move that leads to Node from Parent (or the move the event is about); NullMove for a pass
	// Reduced and Extended, on enter: how many plies shallower or deeper than
	// the parent's depth minus one the node is searched, for Why.
	Reduced  int16
	Extended int16
	// Why, on enter with Reduced or Extended, and on prune: the technique's
	// word (see the Why constants), or the engine's own.
	Why string
	PV  []string // a line of moves from Node
	// Sub, on enter: this node searches its parent's own position (no move
	// leads to it) for Sub's purpose (see the Sub constants, or the engine's
	// word); its score is not a move's value (subsearch.go).
	Sub string
	// Excluded, on a sub-search's enter: the move it leaves out (a singular
	// verification leaves out the table move it tests).
	Excluded string
	// Derived: the engine did not write this event; the reader made it from
	// the events around it (see Deriver).
	Derived bool
	HasKey  bool // Key is given
	HasRaw  bool // Raw is given
}
