package engine

import (
	"fmt"
	"strings"

	"github.com/notnil/chess"
	"github.com/pvscope/pvscope/tracer"
)

// TraceGame answers tracer.Game's questions about lines from one position
// (a trace header's FEN), replaying them with the engine's chess position.
// NotAMove keeps the position it last followed: not for concurrent use.
type TraceGame struct {
	fen  string
	walk lineWalk // NotAMove's position, followed line to line (tracewalk.go)
}

// NewTraceGame returns the Game of fen, or an error when fen is not a position.
func NewTraceGame(fen string) (*TraceGame, error) {
	if _, err := NewChessPosition(fen); err != nil {
		return nil, err
	}
	return &TraceGame{fen: fen}, nil
}

// play replays line from the root; not ok when a move of it cannot be played.
func (g *TraceGame) play(line []string) (*ChessPosition, bool) {
	c, err := NewChessPosition(g.fen)
	if err != nil {
		return nil, false
	}
	for _, name := range line {
		if name == tracer.NullMove {
			if c, err = NewChessPosition(passFEN(c.FEN())); err != nil {
				return nil, false
			}
			continue
		}
		m, ok := findMove(c, name)
		if !ok {
			return nil, false
		}
		c.Make(m)
	}
	return c, true
}

func findMove(c *ChessPosition, name string) (Move, bool) {
	for _, m := range c.Moves() {
		if c.MoveName(m) == name {
			return m, true
		}
	}
	return 0, false
}

// Legal implements tracer.Game: why names what makes move illegal, as an
// engine author would say it.
func (g *TraceGame) Legal(line []string, move string) (bool, string) {
	c, ok := g.play(line)
	if !ok {
		return false, "the line before it cannot be played"
	}
	if move == tracer.NullMove {
		if c.InCheck() {
			return false, sideName(c) + " is in check and may not pass"
		}
		return true, ""
	}
	if _, ok := findMove(c, move); ok {
		return true, ""
	}
	return false, whyIllegal(c, move)
}

// FirstIllegal implements tracer.LineGame: one walk down line, the first move
// that cannot be played there and why, or -1.
func (g *TraceGame) FirstIllegal(line []string) (int, string) {
	c, err := NewChessPosition(g.fen)
	if err != nil {
		return -1, ""
	}
	for i, name := range line {
		if name == tracer.NullMove {
			if c.InCheck() {
				return i, sideName(c) + " is in check and may not pass"
			}
			if c, err = NewChessPosition(passFEN(c.FEN())); err != nil {
				return i, "the position cannot be passed in"
			}
			continue
		}
		m, ok := findMove(c, name)
		if !ok {
			return i, whyIllegal(c, name)
		}
		c.Make(m)
	}
	return -1, ""
}

// InCheck implements tracer.Game.
func (g *TraceGame) InCheck(line []string) bool {
	c, ok := g.play(line)
	return ok && c.InCheck()
}

func sideName(c *ChessPosition) string {
	if c.stack[c.ply].pos.Turn() == chess.White {
		return "White"
	}
	return "Black"
}

// whyIllegal says why move, not among c's legal moves, is not one.
func whyIllegal(c *ChessPosition, move string) string {
	if len(move) < 4 || len(move) > 5 {
		return fmt.Sprintf("%q is not a move in UCI notation", move)
	}
	from, ok1 := squareOf(move[:2])
	_, ok2 := squareOf(move[2:4])
	if !ok1 || !ok2 {
		return fmt.Sprintf("%q is not a move in UCI notation", move)
	}
	pos := c.stack[c.ply].pos
	p := pos.Board().Piece(from)
	side := sideName(c)
	switch {
	case p == chess.NoPiece:
		return "no piece on " + move[:2]
	case p.Color() != pos.Turn():
		return fmt.Sprintf("the piece on %s is %s's, and %s is to move", move[:2], colorName(p.Color()), side)
	case c.InCheck():
		return side + " is in check"
	}
	return fmt.Sprintf("the %s on %s cannot go to %s (or it would leave its king in check)", pieceName(p.Type()), move[:2], move[2:4])
}

func squareOf(s string) (chess.Square, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return 0, false
	}
	return chess.Square(int(s[1]-'1')*8 + int(s[0]-'a')), true
}

func colorName(c chess.Color) string {
	if c == chess.White {
		return "White"
	}
	return "Black"
}

func pieceName(t chess.PieceType) string {
	return strings.ToLower(map[chess.PieceType]string{chess.King: "King", chess.Queen: "Queen", chess.Rook: "Rook",
		chess.Bishop: "Bishop", chess.Knight: "Knight", chess.Pawn: "Pawn"}[t])
}
