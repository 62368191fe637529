package engine

import (
	"fmt"

	"github.com/pvscope/pvscope/tracer/msg"
)

// Algorithm is the search algorithm.
type Algorithm int

const (
	// Minimax searches every move with the full window: no pruning.
	Minimax Algorithm = iota
	// AlphaBeta narrows the window as scores come in and cuts off at beta.
	AlphaBeta
	// PVS searches the first move with the full window and the others with a
	// null-window probe, searching again only when a probe lands inside the window.
	PVS
)

var algorithmNames = [...]string{Minimax: "minimax", AlphaBeta: "alphabeta", PVS: "pvs"}

func (a Algorithm) String() string {
	if a >= 0 && int(a) < len(algorithmNames) {
		return algorithmNames[a]
	}
	return fmt.Sprintf("algorithm(%d)", int(a))
}

// ParseAlgorithm reads "minimax", "alphabeta" or "pvs".
func ParseAlgorithm(s string) (Algorithm, error) {
	for a, name := range algorithmNames {
		if name == s {
			return Algorithm(a), nil
		}
	}
	return 0, msg.New("go-engine.unknownAlgorithm", "unknown algorithm \"{name}\": choose minimax, alphabeta or pvs", "name", quoted(s))
}

// Replacement is the transposition table's replacement scheme.
type Replacement int

const (
	// DepthPreferred keeps an entry unless the new one searched at least as deep
	// (or is the same position).
	DepthPreferred Replacement = iota
	// AlwaysReplace overwrites whatever is there.
	AlwaysReplace
)

var replacementNames = [...]string{DepthPreferred: "depth", AlwaysReplace: "always"}

func (r Replacement) String() string {
	if r >= 0 && int(r) < len(replacementNames) {
		return replacementNames[r]
	}
	return fmt.Sprintf("replacement(%d)", int(r))
}

// ParseReplacement reads "depth" or "always".
func ParseReplacement(s string) (Replacement, error) {
	for r, name := range replacementNames {
		if name == s {
			return Replacement(r), nil
		}
	}
	return 0, msg.New("go-engine.unknownReplacement", "unknown replacement scheme \"{name}\": choose depth or always", "name", quoted(s))
}

// PVMethods is which PV collection methods run.
type PVMethods int

const (
	// AllMethods runs the four side by side: the triangular table, the line on
	// the stack, the walk of the transposition table and the PV hash table.
	AllMethods PVMethods = iota
	// TriangularOnly runs the triangular table alone, as most engines do.
	TriangularOnly
)

var pvMethodsNames = [...]string{AllMethods: "all", TriangularOnly: "triangular"}

func (p PVMethods) String() string {
	if p >= 0 && int(p) < len(pvMethodsNames) {
		return pvMethodsNames[p]
	}
	return fmt.Sprintf("pv-methods(%d)", int(p))
}

// ParsePVMethods reads "all" or "triangular".
func ParsePVMethods(s string) (PVMethods, error) {
	for p, name := range pvMethodsNames {
		if name == s {
			return PVMethods(p), nil
		}
	}
	return 0, msg.New("go-engine.unknownPVMethodsName", "unknown pv-methods \"{name}\": choose all or triangular", "name", quoted(s))
}

// Options is everything a search can be asked to do. It is a plain value: no
// global settings, every switch explicit.
type Options struct {
	Algorithm Algorithm
	Depth     int  // plies, at least 1
	FailHard  bool // clamp returned scores to the window (default: fail-soft)

	IterativeDeepening bool // search depths 1, 2, ..., Depth
	Aspiration         bool // start each iteration after the first with a narrow window
	AspirationWindow   int  // half-width of that window

	TT        bool        // transposition table
	TTSize    int         // entries, rounded down to a power of two
	TTReplace Replacement // replacement scheme
	TTPVCuts  bool        // whether an exact hit may end a PV node (it shortens the PV)

	PVMethods PVMethods // which PV collectors run
	PVGraft   bool      // graft the PV hash table's line where an exact hit ends a PV node
	MultiPV   int       // root lines to find, each a different move (0 or 1: one)

	Quiescence bool // search captures and promotions beyond the horizon

	OrderTT      bool // the TT move (or the previous iteration's PV move) first
	OrderMVVLVA  bool // captures by most valuable victim, least valuable attacker
	OrderKillers bool // two quiet moves per ply that caused cutoffs
	OrderHistory bool // quiet moves by how often they caused cutoffs

	// Modern search (off by default; Modern turns them all on). Each has its
	// own file: nullmove.go, reduce.go, prune.go, extend.go.
	NullMove        bool // null-move pruning: pass, and cut when a shallow search still fails high
	NullMoveVerify  bool // verify a null-move cutoff with a search of the node's own moves a ply shallower
	LMR             bool // late move reductions, searched again at full depth when they beat alpha
	Futility        bool // futility pruning of quiet moves, and reverse futility of whole nodes
	LateMovePruning bool // skip late quiet moves at low depth
	CheckExtension  bool // search a move that gives check a ply deeper
	IIR             bool // internal iterative reduction: a ply shallower where the table has no move

	MaxNodes int64 // stop after this many nodes (0: no limit)

	// PruneStrict cuts only when a move's score is strictly past the bound (> β, or < α at
	// MIN), the convention of Berkeley's CS188 answer keys; by default a score equal to β
	// cuts, as in R&N's pseudo-code. Alpha-beta only: PVS's null-window probes need ≥.
	PruneStrict bool

	ttFault ttFault // a planted table bug, set only by this package's tests (tt_fault.go)
}

// Modern reports whether every modern-search technique is on.
func (o Options) Modern() bool {
	return o.NullMove && o.NullMoveVerify && o.LMR && o.Futility && o.LateMovePruning && o.CheckExtension && o.IIR
}

// SetModern turns every modern-search technique on or off.
func (o *Options) SetModern(on bool) {
	o.NullMove, o.NullMoveVerify, o.LMR, o.Futility, o.LateMovePruning, o.CheckExtension, o.IIR = on, on, on, on, on, on, on
}

// anyModern reports whether any modern-search technique is on.
func (o Options) anyModern() bool {
	return o.NullMove || o.LMR || o.Futility || o.LateMovePruning || o.CheckExtension || o.IIR
}

// Limits on what a search may be asked for.
const (
	MaxDepth      = 64
	MaxTTSize     = 1 << 24
	MaxAspiration = 10000
	MaxMultiPV    = 64
)

// ChessDefaults are the options for a chess position: PVS with everything on
// but aspiration windows.
func ChessDefaults() Options {
	return Options{
		Algorithm: PVS, Depth: 4,
		IterativeDeepening: true, AspirationWindow: 50,
		TT: true, TTSize: 1 << 18, TTReplace: DepthPreferred,
		PVGraft: true, MultiPV: 1,
		Quiescence: true,
		OrderTT:    true, OrderMVVLVA: true, OrderKillers: true, OrderHistory: true,
	}
}

// TreeDefaults are the options for a teaching tree: the textbook search,
// left to right, one pass, no table, the triangular PV alone, so that counts
// match the books.
func TreeDefaults(t *Tree) Options {
	return Options{
		Algorithm: PVS, Depth: max(t.Height(), 1),
		AspirationWindow: 50, TTSize: 1 << 16, TTReplace: DepthPreferred,
		PVMethods: TriangularOnly, PVGraft: true, MultiPV: 1,
	}
}

// Validate reports the first option out of range, as a sentence.
func (o Options) Validate() error {
	switch {
	case o.Algorithm < Minimax || o.Algorithm > PVS:
		return msg.New("go-engine.unknownAlgorithmNumber", "unknown algorithm {n}", "n", int(o.Algorithm))
	case o.Depth < 1 || o.Depth > MaxDepth:
		return msg.New("go-engine.depthRange", "depth {n} is out of range: choose 1 to {max}", "n", o.Depth, "max", MaxDepth)
	case o.TT && (o.TTSize < 1 || o.TTSize > MaxTTSize):
		return msg.New("go-engine.ttSizeRange", "tt-size {n} is out of range: choose 1 to {max} entries", "n", o.TTSize, "max", MaxTTSize)
	case o.Aspiration && o.Algorithm == Minimax:
		return msg.New("go-engine.aspirationNeedsWindow", "aspiration windows need alphabeta or pvs: minimax searches every move with the full window")
	case o.Aspiration && (o.AspirationWindow < 1 || o.AspirationWindow > MaxAspiration):
		return msg.New("go-engine.aspirationWindowRange", "aspiration-window {n} is out of range: choose 1 to {max}", "n", o.AspirationWindow, "max", MaxAspiration)
	case o.MultiPV < 0 || o.MultiPV > MaxMultiPV:
		return msg.New("go-engine.multiPVRange", "multipv {n} is out of range: choose 1 to {max}", "n", o.MultiPV, "max", MaxMultiPV)
	case o.MultiPV > 1 && o.Aspiration:
		return msg.New("go-engine.multiPVNeedsNoAspiration", "multipv needs aspiration off: the root's window must stay open for every line")
	case o.PVMethods < AllMethods || o.PVMethods > TriangularOnly:
		return msg.New("go-engine.unknownPVMethodsNumber", "unknown pv-methods {n}", "n", int(o.PVMethods))
	case o.Algorithm == Minimax && o.anyModern():
		return msg.New("go-engine.modernNeedsWindow", "null-move, lmr, futility, late-move-pruning, check-extension and iir need alphabeta or pvs: minimax has no window to prune by")
	case o.NullMoveVerify && !o.NullMove:
		return msg.New("go-engine.nullMoveVerifyNeedsNullMove", "null-move-verify needs null-move on: it verifies null-move cutoffs")
	case o.MaxNodes < 0:
		return msg.New("go-engine.maxNodesNegative", "max-nodes {n} is negative", "n", o.MaxNodes)
	case o.PruneStrict && o.Algorithm == PVS:
		return msg.New("go-engine.pruneStrictNeedsAlphaBeta", "prune=strict is alpha-beta's convention in CS188's answer keys: PVS's null-window probes cut on equality; choose algo=alphabeta")
	}
	return nil
}
