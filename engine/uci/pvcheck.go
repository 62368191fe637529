package uci

import (
	"fmt"

	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/tracer"
)

// How a PV ends, the position after its last move classified: the game is
// over (mate, stalemate, a draw by rule), or the line stops in a position a
// search would not stop in (in check, a capture pending), or it is quiet.
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

// pvWalk is a PV played out from the root: its SAN, how far it was legal,
// how it ends and where.
type pvWalk struct {
	san     []string
	legal   int    // moves played before an illegal one (len(pv) when all are legal)
	illegal string // the flag for the illegal move, "" when none
	end     string
	endFEN  string
}

// walkPV plays pv from root (which holds the game's moves on its stack, so
// that repetitions count them) and returns root to where it was.
func walkPV(root *engine.ChessPosition, pv []string) pvWalk {
	var w pvWalk
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
		w.legal++
	}
	w.endFEN = root.FEN()
	w.end = EndIllegal
	if w.illegal == "" {
		w.end = classifyEnd(root, landed, captured)
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
