package engine

// Move ordering: the better the first move, the more alpha-beta prunes. Each
// heuristic is a switch in Options. Scores put the TT/PV move first, then
// captures by MVV-LVA, then killers, then captures that give a piece for a
// cheaper one on a defended square, then quiet moves by history. A position
// that knows its game's own order (a Preferrer: Connect Four's centre
// columns, Othello's corners) ranks the quiet moves by it too, under history
// (moves of equal history, all of them before any cutoff, go by the game's
// order), whenever ordering is on at all.
const (
	orderHashMove    = 1 << 30
	orderGoodCapture = 1 << 28
	orderKiller1     = 1<<27 + 1
	orderKiller2     = 1 << 27
	orderBadCapture  = 1 << 26
	orderHistoryMax  = 1<<26 - 1
	// A game's order is the low byte of a quiet move's score, its history
	// above it (capped so the two stay within the history band).
	orderPreferBits = 8
	orderPreferMax  = 1<<orderPreferBits - 1
)

// Preferrer is a position that ranks moves by its game's own knowledge:
// higher is tried first (GamePosition, from games.Board.Prefer).
type Preferrer interface {
	Prefer(m Move) int
}

// orderMoves sorts moves in place, best first. Ties keep generation order, so
// a tree with ordering off is searched left to right.
func (s *searcher) orderMoves(moves []Move, ply int, hashMove Move) {
	o := &s.opt
	if !o.OrderTT && !o.OrderMVVLVA && !o.OrderKillers && !o.OrderHistory {
		return
	}
	prefer, _ := s.pos.(Preferrer)
	scores := s.scores[ply][:0]
	for _, m := range moves {
		v := 0
		gain, mover := 0, 0
		if o.OrderMVVLVA {
			gain, mover = s.pos.Material(m)
		}
		switch {
		case o.OrderTT && m == hashMove:
			v = orderHashMove
		case gain > 0 && s.losesExchange(m, gain, mover):
			v = orderBadCapture + gain*16 - mover/16
		case gain > 0: // most valuable victim first, then least valuable attacker
			v = orderGoodCapture + gain*16 - mover/16
		case o.OrderKillers && m == s.killers[ply][0]:
			v = orderKiller1
		case o.OrderKillers && m == s.killers[ply][1]:
			v = orderKiller2
		case prefer != nil:
			if o.OrderHistory {
				v = min(int(s.history[s.pos.HistorySlot(m)]), orderHistoryMax>>orderPreferBits) << orderPreferBits
			}
			v += min(max(prefer.Prefer(m), 0), orderPreferMax)
		case o.OrderHistory:
			v = int(s.history[s.pos.HistorySlot(m)])
		}
		scores = append(scores, v)
	}
	s.scores[ply] = scores
	// Insertion sort: stable, and lists are short.
	for i := 1; i < len(moves); i++ {
		m, v := moves[i], scores[i]
		j := i
		for ; j > 0 && scores[j-1] < v; j-- {
			moves[j], scores[j] = moves[j-1], scores[j-1]
		}
		moves[j], scores[j] = m, v
	}
}

// rememberCutoff feeds the killer and history tables with a quiet move that
// caused a beta cutoff.
func (s *searcher) rememberCutoff(m Move, ply, depth int) {
	if gain, _ := s.pos.Material(m); gain > 0 {
		return // captures and promotions are ordered by MVV-LVA already
	}
	if s.opt.OrderKillers && s.killers[ply][0] != m {
		s.killers[ply][1], s.killers[ply][0] = s.killers[ply][0], m
	}
	if s.opt.OrderHistory {
		h := &s.history[s.pos.HistorySlot(m)]
		*h = min(*h+int32(depth*depth), orderHistoryMax)
	}
}
