package engine

import (
	"fmt"

	"github.com/notnil/chess"
	"github.com/pvscope/pvscope/tracer"
)

// lineWalk follows a trace's search down and up its lines from one FEN, as
// the checker asks about node after node: the moves two asks share are not
// played again (a sibling's parent is the same position; a child's is one
// move further), and each position's moves are generated once.
type lineWalk struct {
	root *ChessPosition
	line []string         // the moves played
	at   []*ChessPosition // at[i]: the position object after line[:i+1]; a pass starts a new one
	own  []bool           // own[i]: at[i] was made for line[i] (a pass), not moved on by Make
}

// seek plays line from the root, keeping what the last line shared with it;
// nil when a move of it cannot be played.
func (w *lineWalk) seek(line []string) *ChessPosition {
	k := 0
	for k < len(w.line) && k < len(line) && w.line[k] == line[k] {
		k++
	}
	for len(w.line) > k {
		i := len(w.line) - 1
		if !w.own[i] {
			w.at[i].Unmake()
		}
		w.line, w.at, w.own = w.line[:i], w.at[:i], w.own[:i]
	}
	for _, name := range line[k:] {
		cur := w.root
		if n := len(w.at); n > 0 {
			cur = w.at[n-1]
		}
		if name == tracer.NullMove {
			next, err := NewChessPosition(passFEN(cur.FEN()))
			if err != nil {
				return nil
			}
			w.line, w.at, w.own = append(w.line, name), append(w.at, next), append(w.own, true)
			continue
		}
		m, ok := findMove(cur, name)
		if !ok {
			return nil
		}
		cur.Make(m)
		w.line, w.at, w.own = append(w.line, name), append(w.at, cur), append(w.own, false)
	}
	if n := len(w.at); n > 0 {
		return w.at[n-1]
	}
	return w.root
}

// NotAMove implements tracer.MoveGame: why move is no move at all after line
// (not UCI, no piece on its square, the other side's piece), "" when it may be
// one (a move that only leaves its king in check is a pseudo-legal engine's),
// or when line cannot be played.
func (g *TraceGame) NotAMove(line []string, move string) string {
	if g.walk.root == nil {
		root, err := NewChessPosition(g.fen)
		if err != nil {
			return ""
		}
		g.walk.root = root
	}
	c := g.walk.seek(line)
	if c == nil {
		return ""
	}
	if len(move) < 4 || len(move) > 5 {
		return fmt.Sprintf("%q is not a move in UCI notation", move)
	}
	from, ok1 := squareOf(move[:2])
	_, ok2 := squareOf(move[2:4])
	if !ok1 || !ok2 {
		return fmt.Sprintf("%q is not a move in UCI notation", move)
	}
	pos := c.stack[c.ply].pos
	switch p := pos.Board().Piece(from); {
	case p == chess.NoPiece:
		return "no piece on " + move[:2]
	case p.Color() != pos.Turn():
		return fmt.Sprintf("the piece on %s is %s's, and %s is to move", move[:2], colorName(p.Color()), sideName(c))
	}
	return ""
}
