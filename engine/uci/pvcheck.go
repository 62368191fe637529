package uci

import (
	"fmt"

	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/tracer"
)

// How a PV ends, the position after its last move classified: the game is
// over (mate, stalemate, a draw by rule), or the line stops in a position a
// search would not stop in (in check, a capture pending), or it is quiet.
// EndRepetition covers a twofold repetition too, which engines score as a
// draw although the game goes on (pvWalk.repeats tells them apart).
const (
	EndMate       = "mate"
	EndStalemate  = "stalemate"
	EndRepetition = "repetition"
	EndFiftyMove  = "fifty-move"
	EndInCheck    = "in check"
	EndCapture    = "capture pending"
	EndQuiet      = "quiet"
	EndIllegal    = "illegal move"
)

// game is the root of a search and the positions the game went through
// before it (the moves played from the FEN), so that a line's end can count
// how often its position has stood on the board.
type game struct {
	pos    *engine.ChessPosition // the root, the game's moves on its stack
	before []uint64              // the keys of the positions before the root, oldest first
}

// pvWalk is a PV played out from the root: its SAN, how far it was legal,
// how it ends and where.
type pvWalk struct {
	san     []string
	legal   int    // moves played before an illegal one (len(pv) when all are legal)
	illegal string // the flag for the illegal move, "" when none
	end     string
	endFEN  string
	repeats int // at a repetition: how often the end position stood before it (1: twofold)
}

// walkPV plays pv from the root and returns the root to where it was.
func walkPV(g game, pv []string) pvWalk {
	var w pvWalk
	root := g.pos
	keys := append(append(make([]uint64, 0, len(g.before)+len(pv)+1), g.before...), root.Key())
	landed, captured := "", false
	for i, name := range pv {
		m, err := root.ParseMove(name)
		if err != nil {
			w.illegal = fmt.Sprintf("move %d (%s) is not legal in %s", i+1, clip(name), root.FEN())
			break
		}
		w.san = append(w.san, root.SAN(m))
		gain, _ := root.Material(m)
		captured, landed = gain > 0, engine.UCI(m)[2:4]
		root.Make(m)
		keys = append(keys, root.Key())
		w.legal++
	}
	w.endFEN = root.FEN()
	w.end = EndIllegal
	if w.illegal == "" {
		w.end = classifyEnd(root, landed, captured)
	}
	if w.end == EndRepetition {
		// Positions apart by an odd number of plies have different sides to
		// move; the key tells the rest (pieces, castling, en passant).
		end := keys[len(keys)-1]
		for i := len(keys) - 3; i >= 0; i -= 2 {
			if keys[i] == end {
				w.repeats++
			}
		}
	}
	for range w.legal {
		root.Unmake()
	}
	return w
}

// classifyEnd names how the position at the end of a line stands. landed is
// the square the last move went to and captured whether it took something,
// to see a recapture pending.
func classifyEnd(p *engine.ChessPosition, landed string, captured bool) string {
	moves := p.Moves()
	switch {
	case len(moves) == 0 && p.InCheck():
		return EndMate
	case len(moves) == 0:
		return EndStalemate
	}
	switch p.Draw() {
	case tracer.Repetition:
		return EndRepetition
	case tracer.FiftyMove:
		return EndFiftyMove
	}
	if p.InCheck() {
		return EndInCheck
	}
	for _, m := range moves {
		gain, mover := p.Material(m)
		if gain == 0 {
			continue
		}
		// A recapture, a capture of something worth more than the capturer,
		// or of something undefended: the exchange is not over.
		if captured && engine.UCI(m)[2:4] == landed || gain > mover || !p.Defended(m) {
			return EndCapture
		}
	}
	return EndQuiet
}

// Why a line shorter than its depth ends where it does: the rules end the
// game there, or a twofold repetition (which engines score as a draw), or
// nothing in the position explains it and the engine ended the line (a table
// hit, a pruned or reduced node) without the protocol having a word for why.
const (
	ShortMate       = "mate"
	ShortStalemate  = "stalemate"
	ShortTwofold    = "twofold repetition"
	ShortRepetition = "repetition"
	ShortFiftyMove  = "fifty moves"
	ShortEngine     = "engine"
)

// EngineStopped is the sentence for ShortEngine.
const EngineStopped = "the engine stopped the line; UCI does not say why"

// shortReason is why a short line ends where it does: a ShortXxx word and
// the sentence that explains it.
func shortReason(w pvWalk) (why, sentence string) {
	switch w.end {
	case EndMate:
		return ShortMate, "the line ends in checkmate (mate)"
	case EndStalemate:
		return ShortStalemate, "the line ends in stalemate, a draw"
	case EndRepetition:
		if w.repeats <= 1 {
			return ShortTwofold, "the position stood there once before (a twofold repetition); the engine scores a twofold repetition as a draw, though the game goes on"
		}
		return ShortRepetition, fmt.Sprintf("the position stands there for the %s time, a draw by repetition", ordinal(w.repeats+1))
	case EndFiftyMove:
		return ShortFiftyMove, "fifty moves have passed without a capture or a pawn move, a draw by the fifty-move rule"
	}
	return ShortEngine, EngineStopped
}

func ordinal(n int) string {
	if n >= 3 && n <= 5 {
		return [...]string{"third", "fourth", "fifth"}[n-3]
	}
	return fmt.Sprintf("%dth", n)
}
