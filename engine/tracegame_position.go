package engine

import "github.com/pvscope/pvscope/tracer"

// PositionGame is the header FEN's tracer.PositionGame (the table's rules
// tt-key and tt-move ask it for positions): engine.TraceGame's
// answers, and the position after a line, followed incrementally (a node's
// path shares most of its moves with the one asked before).
type PositionGame struct {
	*TraceGame
	fen  string
	root *ChessPosition
	line []string
	at   []*ChessPosition // at[i]: the position after line[:i+1]
	own  []bool           // at[i] was made for a pass (a new position), not by Make
}

// NewPositionGame follows lines from fen, answering the rest with g.
func NewPositionGame(fen string, g *TraceGame) *PositionGame {
	return &PositionGame{TraceGame: g, fen: fen}
}

// Position implements tracer.PositionGame: the library's FEN, whose en
// passant square is set after every double push, and whether a legal
// capture en passant exists (ChessPosition.EnPassantCapture).
func (g *PositionGame) Position(line []string) (string, bool) {
	if g.root == nil {
		root, err := NewChessPosition(g.fen)
		if err != nil {
			return "", false
		}
		g.root = root
	}
	k := 0
	for k < len(g.line) && k < len(line) && g.line[k] == line[k] {
		k++
	}
	for len(g.line) > k {
		i := len(g.line) - 1
		if !g.own[i] {
			g.at[i].Unmake()
		}
		g.line, g.at, g.own = g.line[:i], g.at[:i], g.own[:i]
	}
	for _, name := range line[k:] {
		cur := g.root
		if n := len(g.at); n > 0 {
			cur = g.at[n-1]
		}
		if name == tracer.NullMove {
			next, err := NewChessPosition(passFEN(cur.FEN()))
			if err != nil {
				return "", false
			}
			g.line, g.at, g.own = append(g.line, name), append(g.at, next), append(g.own, true)
			continue
		}
		found := false
		for _, m := range cur.Moves() {
			if cur.MoveName(m) == name {
				cur.Make(m)
				found = true
				break
			}
		}
		if !found {
			return "", false
		}
		g.line, g.at, g.own = append(g.line, name), append(g.at, cur), append(g.own, false)
	}
	cur := g.root
	if n := len(g.at); n > 0 {
		cur = g.at[n-1]
	}
	return cur.FEN(), cur.EnPassantCapture()
}

var _ tracer.PositionGame = (*PositionGame)(nil)
