// Package refengine is a reference engine for pvscope's tests, written apart
// from pvscope's own engine the way an engine author outside the project would
// write one, and instrumented to write pvscope's minimal trace (docs/trace-format.md, "Your
// own engine's trace"). Its search is the kind pvscope must read right:
//
//   - an MTD-bi driver: each depth calls a null-window bound search from the
//     root many times, bisecting the interval the true score lies in;
//   - null-move pruning (the pass is written as move "0000", reduced 2 plies,
//     why "null-move");
//   - the move that last cut a position (its killer) is searched first and met
//     again in the sorted move list, where its table answers it;
//   - a transposition table of bounds per position, depth and null-move
//     permission; its answers are exits with end "tt-cutoff";
//   - late move reductions: a quiet late move is searched a ply shallower
//     (reduced 1, why "lmr") and again at full depth when it beats alpha;
//   - king-capture legality: moves are pseudo-legal, and a position whose side
//     to move can take the other king scores as a win at once;
//   - its own mate value and infinity, written in the header's meta.
//
// Planted bugs (Options.Bug) make it write the traces a broken engine would.
package refengine

import (
	"io"
	"slices"
)

// The engine's scale: a mate at ply p (the mated side's position is p plies
// from the root) scores Mate-p for the winner; any score within MateBand of
// Mate is a mate.
const (
	Infinity = 60000
	Mate     = 50000
	MateBand = 500
	// roughness: MTD-bi stops when the score is known to this many centipawns.
	roughness = 8
	maxPly    = 100
)

// Bug is a mistake planted in the engine, for tests of the checker.
type Bug uint8

const (
	NoBug Bug = iota
	// BugNoReSearch: a reduced search that beats alpha is not searched again.
	BugNoReSearch
	// BugWrongSide: a node that cut off returns gamma-1, below the bound its
	// cutting move proved.
	BugWrongSide
	// BugUnbalancedExit: one node's exit (node 40's) is never written.
	BugUnbalancedExit
	// BugPVUpdateOutside: a pv-update is written wherever a node's best score
	// rises, though a null window has no inside.
	BugPVUpdateOutside
)

// Options are the search's settings.
type Options struct {
	Depth      int
	Iterations bool // write iteration-start and iteration-end around each depth
	RootPV     bool // write its own line as root-pv after each depth
	Bug        Bug
}

// Result is the last iteration's: its score (the MTD-bi lower bound) and the
// line of the root search that set it.
type Result struct {
	Depth        int
	Score        int
	PV           []string
	RootSearches int
	Nodes        int32
}

type ttKey struct {
	key     uint64
	depth   int
	canNull bool
}

type entry struct{ lower, upper int }

type searcher struct {
	t       *traceWriter
	opt     Options
	table   map[ttKey]entry
	killers map[uint64]move // the move that last cut each position
	path    []uint64        // the positions from the root to the node's parent
}

// Search searches fen to opt.Depth, writing the trace to w.
func Search(fen string, opt Options, w io.Writer) (Result, error) {
	pos, err := fromFEN(fen)
	if err != nil {
		return Result{}, err
	}
	s := &searcher{t: newTraceWriter(w, fen), opt: opt, table: map[ttKey]entry{}, killers: map[uint64]move{}}
	var res Result
	for depth := 1; depth <= opt.Depth; depth++ {
		if opt.Iterations {
			s.t.iteration("iteration-start", depth, 0, false)
		}
		// MTD-bi: the true score lies in [lower, upper]; probe the middle.
		lower, upper := -Mate, Mate
		var pv []string
		for lower < upper-roughness {
			gamma := (lower + upper + 1) / 2
			score, line := s.bound(&pos, 0, "", gamma, depth, 0, true, 0, "")
			res.RootSearches++
			if score >= gamma {
				lower, pv = score, line
			} else {
				upper = score
			}
		}
		res.Depth, res.Score, res.PV = depth, lower, pv
		if opt.RootPV {
			s.t.rootPV(depth, lower, pv)
		}
		if opt.Iterations {
			s.t.iteration("iteration-end", depth, lower, true)
		}
	}
	res.Nodes = s.t.next
	return res, s.t.flush()
}

// bound is the null-window search. Contract (fail-soft): a score s >= gamma
// says the true score is at least s, a score s < gamma that it is at most s.
// The line is the moves from p by which each node's score was decided.
func (s *searcher) bound(p *position, parent int32, mv string, gamma, depth, ply int, canNull bool, reduced int, why string) (int, []string) {
	id := s.t.enter(parent, mv, gamma-1, gamma, depth, reduced, why)
	score, line, end := s.node(p, id, gamma, depth, ply, canNull)
	if s.opt.Bug == BugWrongSide && end == "" && score >= gamma && len(line) > 0 {
		score = gamma - 1
	}
	if !(s.opt.Bug == BugUnbalancedExit && id == 40) {
		s.t.exit(id, score, end)
	}
	return score, line
}

// node is bound's body: it returns the score, the line and the exit's end word.
func (s *searcher) node(p *position, id int32, gamma, depth, ply int, canNull bool) (int, []string, string) {
	// The move that led here left its king en prise: it was illegal.
	if p.canTakeKing() {
		return Mate - (ply - 1), nil, ""
	}
	key := p.key()
	if ply > 0 {
		for i := len(s.path) - 2; i >= 0; i -= 2 {
			if s.path[i] == key {
				return 0, nil, "repetition"
			}
		}
		if p.rule50 >= 100 {
			return 0, nil, "fifty-move"
		}
	}
	if ply >= maxPly {
		return p.score, nil, "eval"
	}
	k := ttKey{key, max(depth, 0), canNull}
	e, ok := s.table[k]
	if !ok {
		e = entry{-Infinity, Infinity}
	}
	if ok && ply > 0 { // the root is always searched, so that it has a line
		if lo := fromTable(e.lower, ply); lo >= gamma {
			return lo, nil, "tt-cutoff"
		}
		if up := fromTable(e.upper, ply); up < gamma {
			return up, nil, "tt-cutoff"
		}
	}
	s.path = append(s.path, key)
	best, line := s.search(p, id, key, gamma, depth, ply, canNull)
	s.path = s.path[:len(s.path)-1]
	if best >= gamma {
		e.lower = toTable(best, ply)
	} else {
		e.upper = toTable(best, ply)
	}
	s.table[k] = e
	return best, line, ""
}

// search tries the null move, the killer, then every move by its value.
func (s *searcher) search(p *position, id int32, key uint64, gamma, depth, ply int, canNull bool) (int, []string) {
	best, line := -Infinity, []string(nil)
	if depth <= 0 { // quiescence: stand pat, then captures
		best = p.score
		if best >= gamma {
			return best, nil
		}
	}
	inCheck := p.inCheck()
	// Null move: pass; if the opponent still cannot reach gamma, cut.
	if canNull && ply > 0 && depth > 2 && !inCheck && p.hasPieces() {
		n := p.pass()
		sc, l := s.bound(&n, id, "0000", 1-gamma, depth-3, ply+1, false, 2, "null-move")
		if -sc >= gamma {
			return -sc, append([]string{"0000"}, l...)
		}
	}
	ms := p.moves()
	if depth <= 0 {
		ms = slices.DeleteFunc(ms, func(m move) bool { return !p.isCapture(m) })
	}
	slices.SortStableFunc(ms, func(a, b move) int { return p.value(b) - p.value(a) })
	try := func(m move, d, reduced int, why string) (int, []string) {
		c := p.play(m)
		sc, l := s.bound(&c, id, p.uci(m), 1-gamma, d, ply+1, true, reduced, why)
		return -sc, l
	}
	take := func(m move, sc int, l []string) {
		if sc >= best {
			best, line = sc, append([]string{p.uci(m)}, l...)
			if s.opt.Bug == BugPVUpdateOutside {
				s.t.pvUpdate(id, p.uci(m), best, gamma-1, gamma, line)
			}
		}
	}
	killer, hasKiller := s.killers[key]
	hasKiller = hasKiller && depth > 0 && slices.Contains(ms, killer)
	if hasKiller {
		sc, l := try(killer, depth-1, 0, "")
		take(killer, sc, l)
		if best >= gamma {
			return best, line
		}
	}
	for i, m := range ms {
		var sc int
		var l []string
		if depth >= 3 && i >= 3 && !inCheck && !p.isCapture(m) && !(hasKiller && m == killer) {
			sc, l = try(m, depth-2, 1, "lmr")
			if sc >= gamma && s.opt.Bug != BugNoReSearch {
				sc, l = try(m, depth-1, 0, "")
			}
		} else {
			sc, l = try(m, depth-1, 0, "")
		}
		take(m, sc, l)
		if best >= gamma {
			s.killers[key] = m
			break
		}
	}
	if depth > 0 && best <= -(Mate-ply) {
		// Every move left the king to be taken: mate, or stalemate.
		if inCheck {
			return -(Mate - ply), nil
		}
		return 0, nil
	}
	return best, line
}

func (p *position) hasPieces() bool {
	for s := 21; s <= 98; s++ {
		switch p.b[s] {
		case 'N', 'B', 'R', 'Q':
			return true
		}
	}
	return false
}

// A mate score in the table counts from the node, not the root.
func toTable(score, ply int) int {
	switch {
	case score > Mate-MateBand && score <= Mate:
		return score + ply
	case score < -(Mate-MateBand) && score >= -Mate:
		return score - ply
	}
	return score
}

func fromTable(score, ply int) int {
	switch {
	case score > Mate-MateBand && score <= Mate+maxPly:
		return score - ply
	case score < -(Mate-MateBand) && score >= -Mate-maxPly:
		return score + ply
	}
	return score
}
