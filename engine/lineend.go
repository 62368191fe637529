package engine

import (
	"strings"

	"github.com/pvscope/pvscope/tracer"
)

// LineEnd plays a line of UCI moves from fen and says whether the game is
// over where it ends: mate, stalemate, a repetition of a position on the line
// (the root's included), or the fifty-move rule. It is tracer.Diagnosis's
// EndOfLine for chess traces. A null move (0000) passes: the other side moves
// in the same position, and nothing before it can repeat after it. A line
// that plays and leaves the game going is decided too: (NoReason, true), not
// over, though a repetition of a position before the root cannot be ruled
// out. A move that is not legal where it stands ends the reading with no
// answer (NoReason, false).
func LineEnd(fen string, pv []string) (tracer.Reason, bool) {
	c, err := NewChessPosition(fen)
	if err != nil {
		return tracer.NoReason, false
	}
	for _, name := range pv {
		if name == tracer.NullMove {
			if c, err = NewChessPosition(passFEN(c.FEN())); err != nil {
				return tracer.NoReason, false
			}
			continue
		}
		found := false
		for _, m := range c.Moves() {
			if c.MoveName(m) == name {
				c.Make(m)
				found = true
				break
			}
		}
		if !found {
			return tracer.NoReason, false
		}
	}
	if len(c.Moves()) == 0 {
		_, end := c.NoMoves()
		return tracer.ReasonOfEnd(end), true
	}
	if end := c.Draw(); end != tracer.Searched {
		return tracer.ReasonOfEnd(end), true
	}
	return tracer.NoReason, true
}

// passFEN is fen with the other side to move and no en-passant square.
func passFEN(fen string) string {
	f := strings.Fields(fen)
	if len(f) < 4 {
		return fen
	}
	if f[1] == "w" {
		f[1] = "b"
	} else {
		f[1] = "w"
	}
	f[3] = "-"
	return strings.Join(f, " ")
}
