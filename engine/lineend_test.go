package engine

import (
	"testing"

	"github.com/pvscope/pvscope/tracer"
)

// Positions whose ends are known from the rules of chess: the fool's mate,
// Sam Loyd's ten-move stalemate, a knight dance back to the start (a
// repetition of the root), and a clock at 99 half-moves. A line that plays
// and leaves the game going is decided too: not over (NoReason, true).
func TestLineEnd(t *testing.T) {
	start := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	for _, c := range []struct {
		name, fen string
		pv        []string
		want      tracer.Reason
		ok        bool
	}{
		{"fool's mate", start, []string{"f2f3", "e7e5", "g2g4", "d8h4"}, tracer.ReasonMate, true},
		{"Loyd's stalemate", start, []string{"e2e3", "a7a5", "d1h5", "a8a6", "h5a5", "h7h5", "h2h4", "a6h6", "a5c7", "f7f6",
			"c7d7", "e8f7", "d7b7", "d8d3", "b7b8", "d3h7", "b8c8", "f7g6", "c8e6"}, tracer.ReasonStalemate, true},
		{"knights back home", start, []string{"g1f3", "g8f6", "f3g1", "f6g8"}, tracer.ReasonRepetition, true},
		{"fifty moves", "8/8/4k3/8/8/4K3/8/R7 w - - 99 80", []string{"a1a2"}, tracer.ReasonFiftyMove, true},
		{"a null move, then the fool's mate", "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2",
			[]string{"0000", "0000", "d8h4"}, tracer.ReasonMate, true},
		// Decided: after 1.e4 Black has twenty moves and nothing on the line repeats.
		{"the game goes on", start, []string{"e2e4"}, tracer.NoReason, true},
		{"no moves: the root goes on", start, nil, tracer.NoReason, true},
		{"an illegal move", start, []string{"e1e2"}, tracer.NoReason, false},
	} {
		got, ok := LineEnd(c.fen, c.pv)
		if got != c.want || ok != c.ok {
			t.Errorf("%s: LineEnd = %v, %v; want %v, %v", c.name, got, ok, c.want, c.ok)
		}
	}
}
