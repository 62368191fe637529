// Package hardengine is a second reference engine for pvscope's tests, of
// the family most tutorial and hobby engines belong to, written apart from
// refengine and from pvscope's own engine: a fail-hard principal variation
// search under iterative deepening with aspiration windows (searched again,
// wider, when the root fails on one), a transposition table that answers
// only nodes with a null window, a triangular PV table, quiescence with stand
// pat, check extension, null move (R=2) and late move reductions. It has its
// own 0x88 board (board.go, its keys zobrist.go) and writes its own trace in
// pvscope's format (trace.go); eval.go is its evaluation, order.go its move
// ordering, tt.go its table, and search.go (this file) the search.
//
// Planted bugs (Options.Bug) make it write the traces a broken engine of
// this family would.
package hardengine

import (
	"io"
)

// The engine's scale: a side mated p plies from the root scores -(Mate-p).
const (
	Infinity = 30000
	Mate     = 29000
	MateBand = 500
	maxPly   = 64
	// window is the aspiration window's half-width around the last score.
	window = 40
)

// nullMove is the pass, as a move no square gives.
var nullMove = move{from: -1, to: -1}

// Bug is a set of mistakes planted in the engine, for tests of the checker.
type Bug uint8

const (
	NoBug Bug = 0
	// BugAspirationNoReSearch: a root search that fails on its aspiration
	// window is not searched again; the driver goes on to the next depth.
	BugAspirationNoReSearch Bug = 1 << (iota - 1)
	// BugPVRowAfterEarlyReturns: a node resets its PV-table row after its
	// early returns (repetition, table answer, quiescence, null move) instead
	// of first, so a row left by an earlier node at that ply is printed as
	// part of the line.
	BugPVRowAfterEarlyReturns
	// BugNullAfterNull: a null move's child may make a null move itself.
	BugNullAfterNull
	// BugTTAtPV: the table answers nodes with a wide window too.
	BugTTAtPV
)

// Options are the search's settings.
type Options struct {
	Depth int
	// Plain turns off what changes the tree's value (null move, late move
	// reductions, table answers, check extension): the search is then a
	// fail-hard alpha-beta whose root value is the negamax value.
	Plain bool
	Bug   Bug
}

// Result is the last iteration's.
type Result struct {
	Depth int
	Score int
	Move  string
	PV    []string
	Nodes int64 // every node entered, quiescence included
	// AspirationFails counts root searches that scored on an edge of their
	// aspiration window.
	AspirationFails int
	NullMoves       int
	TTCutoffs       int
	NullAfterNull   int
	TTAtPV          int // table answers at nodes with a wide window (the planted bug)
}

type searcher struct {
	b       *board
	opt     Options
	t       *traceWriter // nil: no trace
	tt      table
	nodes   int64
	path    []uint64 // the positions from the root to the node's parent
	pv      [maxPly + 1][maxPly + 1]move
	pvLen   [maxPly + 1]int
	killers [maxPly + 1][2]move
	nulled  [maxPly + 2]bool // the node at that ply was reached by a null move
	res     Result
}

// Search searches fen to opt.Depth. With w not nil it writes the trace there.
func Search(fen string, opt Options, w io.Writer) (Result, error) {
	b, err := parseFEN(fen)
	if err != nil {
		return Result{}, err
	}
	s := &searcher{b: b, opt: opt, tt: make(table, ttSize)}
	if w != nil {
		s.t = newTraceWriter(w, fen)
	}
	score := 0
	for depth := 1; depth <= opt.Depth; depth++ {
		alpha, beta := -Infinity, Infinity
		if depth > 1 && score > -(Mate-MateBand) && score < Mate-MateBand {
			alpha, beta = score-window, score+window
		}
		if s.t != nil {
			s.t.iterationStart(depth, alpha, beta)
		}
		failed := false
		for {
			score = s.search(0, move{}, alpha, beta, depth, 0, false, 0, 0, "")
			if score <= alpha && alpha > -Infinity || score >= beta && beta < Infinity {
				s.res.AspirationFails++
				if opt.Bug&BugAspirationNoReSearch != 0 {
					failed = true
					break
				}
				// The score is only a bound: search this depth again, that side open.
				if score <= alpha {
					alpha = -Infinity
				} else {
					beta = Infinity
				}
				continue
			}
			break
		}
		line := s.rootLine()
		if failed && len(line) == 0 {
			line = s.res.PV // nothing raised the root's alpha: the last line stands
		}
		if s.t != nil {
			if len(line) > 0 {
				s.t.rootLine("root-pv", depth, score, line)
			}
			s.t.rootLine("iteration-end", depth, score, line)
		}
		s.res.Depth, s.res.Score, s.res.PV = depth, score, line
	}
	if len(s.res.PV) > 0 {
		s.res.Move = s.res.PV[0]
	}
	s.res.Nodes = s.nodes
	if s.t != nil {
		s.t.searchEnd(s.res.Depth, s.res.Score, s.res.Move, s.res.PV)
		return s.res, s.t.flush()
	}
	return s.res, nil
}

func (s *searcher) rootLine() []string {
	line := make([]string, s.pvLen[0])
	for i := range line {
		line[i] = s.pv[0][i].uci()
	}
	return line
}

// search enters a node, runs it and exits it: the trace's two lines.
func (s *searcher) search(parent int64, mv move, alpha, beta, depth, ply int, nullOK bool, reduced, extended int, why string) int {
	s.nodes++
	id := s.nodes
	if s.t != nil {
		name := ""
		switch {
		case mv == nullMove:
			name = "0000"
		case parent != 0:
			name = mv.uci()
		}
		s.t.enter(id, parent, name, alpha, beta, depth, reduced, extended, why)
	}
	score, end := s.node(id, alpha, beta, depth, ply, nullOK)
	if s.t != nil {
		s.t.exit(id, score, end)
	}
	return score
}

// node is a fail-hard PVS node. Contract: it returns a score in [alpha, beta]
// (beta when a move reached beta, alpha when none beat alpha), except where a
// value is known outright (a draw, a mate, an exact table score, the ply
// limit's evaluation), which it returns as it is. The second result is the
// exit's end word.
func (s *searcher) node(id int64, alpha, beta, depth, ply int, nullOK bool) (int, string) {
	pvNode := beta-alpha > 1
	b := s.b
	// Step 1. The PV-table row starts empty (the planted bug does it later).
	if s.opt.Bug != BugPVRowAfterEarlyReturns {
		s.pvLen[ply] = ply
	}
	// Step 2. Draws by repetition on the line and by the fifty-move rule.
	if ply > 0 {
		for i := ply - 2; i >= 0 && i >= ply-b.half; i -= 2 {
			if s.path[i] == b.hash {
				return 0, "repetition"
			}
		}
		if b.half >= 100 {
			return 0, "fifty-move"
		}
	}
	if ply >= maxPly {
		return b.eval(), "eval"
	}
	// Step 3. The table: its move always, its score only at a null window.
	e, hit := s.tt.probe(b.hash)
	if hit && ply > 0 && !s.opt.Plain && (!pvNode || s.opt.Bug&BugTTAtPV != 0) && int(e.depth) >= depth {
		score := fromTable(int(e.score), ply)
		cut := true
		switch {
		case e.bound == ttExact:
		case e.bound == ttLower && score >= beta:
			score = beta
		case e.bound == ttUpper && score <= alpha:
			score = alpha
		default:
			cut = false
		}
		if cut {
			s.res.TTCutoffs++
			if pvNode {
				s.res.TTAtPV++
			}
			return score, "tt-cutoff"
		}
	}
	// Step 4. At the horizon: quiescence.
	if depth <= 0 {
		return s.quiesce(id, alpha, beta, depth, ply)
	}
	s.path = append(s.path, b.hash)
	score, end := s.moves(id, alpha, beta, depth, ply, nullOK, pvNode, e.move)
	s.path = s.path[:len(s.path)-1]
	return score, end
}

// moves is the node's search below the horizon: null move, then its moves.
func (s *searcher) moves(id int64, alpha, beta, depth, ply int, nullOK, pvNode bool, ttMove move) (int, string) {
	b := s.b
	inCheck := b.inCheck()
	// Step 5. Null move: pass; if the opponent cannot reach beta even so, cut.
	if nullOK && !pvNode && !inCheck && depth >= 3 && !s.opt.Plain && b.hasPieces() {
		s.res.NullMoves++
		if s.nulled[ply] {
			s.res.NullAfterNull++
		}
		u := b.makeNull()
		s.nulled[ply+1] = true
		score := -s.search(id, nullMove, -beta, -beta+1, depth-3, ply+1, s.opt.Bug&BugNullAfterNull != 0, 2, 0, "null-move")
		s.nulled[ply+1] = false
		b.unmakeNull(u)
		if score >= beta {
			return beta, ""
		}
	}
	if s.opt.Bug&BugPVRowAfterEarlyReturns != 0 {
		s.pvLen[ply] = ply
	}
	// Step 6. The moves, the table's first.
	var buf [256]move
	ms := b.pseudoMoves(buf[:0], false)
	s.orderMoves(ms, ttMove, ply)
	legal, best := 0, move{}
	for _, m := range ms {
		u, ok := b.make(m)
		if !ok {
			b.unmake(m, u)
			continue
		}
		legal++
		ext, why := 0, ""
		if !s.opt.Plain && b.inCheck() {
			ext, why = 1, "check" // the move gives check: search it a ply deeper
		}
		score := s.child(id, m, alpha, beta, depth-1+ext, ply, legal, inCheck, ext, why)
		b.unmake(m, u)
		// Step 7. Beta cutoff: fail hard.
		if score >= beta {
			s.tt.store(b.hash, depth, ttLower, beta, ply, m)
			s.addKiller(m, ply)
			return beta, ""
		}
		// Step 8. A new best move: its line is the move and the child's row.
		if score > alpha {
			alpha, best = score, m
			s.newBest(ply, m)
		}
	}
	if legal == 0 {
		if inCheck {
			return -(Mate - ply), "mate"
		}
		return 0, "stalemate"
	}
	if best != (move{}) {
		s.tt.store(b.hash, depth, ttExact, alpha, ply, best)
	} else {
		s.tt.store(b.hash, depth, ttUpper, alpha, ply, move{})
	}
	return alpha, ""
}

// child searches move m (already made) of node id, the legal-th legal move:
// the first with the whole window, the others with a null window (reduced
// when late and quiet, searched again at full depth when that beats alpha),
// and again with the whole window when the null window's score lands inside.
func (s *searcher) child(id int64, m move, alpha, beta, depth, ply, legal int, inCheck bool, ext int, why string) int {
	if legal == 1 {
		return -s.search(id, m, -beta, -alpha, depth, ply+1, true, 0, ext, why)
	}
	r := 0
	if !s.opt.Plain && depth >= 2 && legal > 3 && !m.isCapture() && m.promo == 0 && !inCheck && ext == 0 && !s.isKiller(m, ply) {
		r = 1
	}
	var score int
	if r > 0 {
		score = -s.search(id, m, -alpha-1, -alpha, depth-r, ply+1, true, r, 0, "lmr")
		if score > alpha {
			score = -s.search(id, m, -alpha-1, -alpha, depth, ply+1, true, 0, 0, "")
		}
	} else {
		score = -s.search(id, m, -alpha-1, -alpha, depth, ply+1, true, 0, ext, why)
	}
	if score > alpha && score < beta {
		score = -s.search(id, m, -beta, -alpha, depth, ply+1, true, 0, ext, why)
	}
	return score
}

// quiesce is a node at the horizon: its stand pat (its evaluation) is its
// value unless a capture beats it. Its PV-table row was reset by node.
func (s *searcher) quiesce(id int64, alpha, beta, depth, ply int) (int, string) {
	b := s.b
	stand := b.eval()
	if s.t != nil {
		s.t.standPat(id, stand)
	}
	if stand >= beta {
		return beta, "eval"
	}
	if stand > alpha {
		alpha = stand
	}
	var buf [128]move
	ms := b.pseudoMoves(buf[:0], true)
	s.orderMoves(ms, move{}, ply)
	for _, m := range ms {
		u, ok := b.make(m)
		if !ok {
			b.unmake(m, u)
			continue
		}
		score := -s.search(id, m, -beta, -alpha, depth-1, ply+1, false, 0, 0, "")
		b.unmake(m, u)
		if score >= beta {
			return beta, ""
		}
		if score > alpha {
			alpha = score
			s.newBest(ply, m)
		}
	}
	return alpha, ""
}

// newBest: m is the node's best move so far; its row is m and the child's row.
func (s *searcher) newBest(ply int, m move) {
	s.pv[ply][ply] = m
	for j := ply + 1; j < s.pvLen[ply+1]; j++ {
		s.pv[ply][j] = s.pv[ply+1][j]
	}
	s.pvLen[ply] = max(s.pvLen[ply+1], ply+1)
}
