package engine

import (
	"github.com/pvscope/pvscope/engine/games"
	"github.com/pvscope/pvscope/tracer"
)

// GamePosition is a Position over one of the games of engine/games: the
// searcher walks tic-tac-toe, Connect Four or Othello as it walks chess. A
// game's move m is the engine's Move m+1 (the zero Move stays NoMove). A win
// scores as a mate does (Mate minus the ply it is reached at), so the nearest
// win is preferred and the PV collectors and the checker read it as chess's.
type GamePosition struct {
	board games.Board
	base  int      // the board's ply at the root: the search counts plies from it
	moves [][]Move // reusable move lists per ply
	buf   []games.Move
}

// NewGamePosition walks b from its present position, which is the search's
// root (ply 0) however many moves b has played.
func NewGamePosition(b games.Board) *GamePosition { return &GamePosition{board: b, base: b.Ply()} }

// Board is the game's board (at the present ply).
func (p *GamePosition) Board() games.Board { return p.board }

// Key implements Position.
func (p *GamePosition) Key() uint64 { return p.board.Key() }

// Ply implements Position: the plies played since the root.
func (p *GamePosition) Ply() int { return p.board.Ply() - p.base }

// Moves implements Position: the game's moves in its own order.
func (p *GamePosition) Moves() []Move {
	ply := p.Ply()
	for len(p.moves) <= ply {
		p.moves = append(p.moves, nil)
	}
	p.buf = p.board.Moves(p.buf[:0])
	ms := p.moves[ply][:0]
	for _, m := range p.buf {
		ms = append(ms, Move(m)+1)
	}
	p.moves[ply] = ms
	return ms
}

// Make implements Position.
func (p *GamePosition) Make(m Move) { p.board.Play(games.Move(m - 1)) }

// Unmake implements Position.
func (p *GamePosition) Unmake() { p.board.Undo() }

// Evaluate implements Position: the game's published evaluation.
func (p *GamePosition) Evaluate() int { return p.board.Evaluate() }

// NoMoves implements Position: the game is over; a loss for the side to move
// scores as being mated at this ply, a win as mating, a draw 0. The end is
// the game's own word for the side to move's result (tracer.Won, Lost,
// Drawn), not chess's checkmate and stalemate.
func (p *GamePosition) NoMoves() (int, tracer.End) {
	o, score := p.board.Outcome(), 0
	switch o {
	case games.Loss:
		score = -MateIn(p.Ply())
	case games.Win:
		score = MateIn(p.Ply())
	}
	return score, gameEnd(o)
}

// gameEnd is a finished game's end for the side to move.
func gameEnd(o games.Outcome) tracer.End {
	switch o {
	case games.Win:
		return tracer.Won
	case games.Loss:
		return tracer.Lost
	}
	return tracer.Drawn
}

// Draw implements Position: the games here have no draw by rule before the end.
func (p *GamePosition) Draw() tracer.End { return tracer.Searched }

// InCheck implements Position: no game here has checks.
func (p *GamePosition) InCheck() bool { return false }

// Material implements Position: nothing is captured, so quiescence stands pat.
func (p *GamePosition) Material(Move) (gain, mover int) { return 0, 0 }

// Defended implements Position.
func (p *GamePosition) Defended(Move) bool { return false }

// HistorySlot implements Position: one slot per move (at most 65).
func (p *GamePosition) HistorySlot(m Move) int { return int(m) }

// MoveName implements Position: the move in the game's notation.
func (p *GamePosition) MoveName(m Move) string {
	return p.board.Game().MoveName(games.Move(m - 1))
}

// Prefer implements Preferrer: the game's own order (games.Board.Prefer),
// used by move ordering whenever ordering is on.
func (p *GamePosition) Prefer(m Move) int { return p.board.Prefer(games.Move(m - 1)) }

// GameDefaults are the options for a game: PVS with iterative deepening, the
// table and the game's own move order; nothing chess-only (quiescence, null
// move and the static prunings need captures and checks).
func GameDefaults() Options {
	return Options{
		Algorithm: PVS, Depth: 4,
		IterativeDeepening: true, AspirationWindow: 50,
		TT: true, TTSize: 1 << 16, TTReplace: DepthPreferred,
		PVGraft: true, MultiPV: 1,
		OrderTT: true, OrderKillers: true, OrderHistory: true,
	}
}
