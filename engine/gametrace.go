package engine

import (
	"fmt"
	"strings"

	"github.com/pvscope/pvscope/engine/games"
	"github.com/pvscope/pvscope/tracer"
)

// GameTrace is TraceGame's counterpart for the games of engine/games: it
// answers tracer.Game's questions (and LineGame's and MoveGame's) about
// lines from a trace header's game and position, moves named in the game's
// notation. A game has no checks and no null move, and a move is legal or no
// move at all (no pseudo-legal moves): NotAMove names every illegal move. It
// follows lines incrementally (a node's line shares most of its moves with
// the one asked before): not for concurrent use.
type GameTrace struct {
	board games.Board
	line  []string // the moves played on board from the header's position
	buf   []games.Move
}

// NewGameTrace returns the GameTrace of a game's position in its notation,
// or the game's sentence when either is wrong.
func NewGameTrace(game, position string) (*GameTrace, error) {
	g, err := games.Lookup(game)
	if err != nil {
		return nil, err
	}
	b, err := g.Parse(position)
	if err != nil {
		return nil, err
	}
	return &GameTrace{board: b}, nil
}

// find is the legal move named name where the board stands.
func (g *GameTrace) find(name string) (games.Move, bool) {
	g.buf = g.board.Moves(g.buf[:0])
	for _, m := range g.buf {
		if g.board.Game().MoveName(m) == name {
			return m, true
		}
	}
	return games.NoMove, false
}

// seek plays line from the header's position, keeping what the last line
// shared with it; the number of line's moves it could play (len(line) when all).
func (g *GameTrace) seek(line []string) int {
	k := 0
	for k < len(g.line) && k < len(line) && g.line[k] == line[k] {
		k++
	}
	for len(g.line) > k {
		g.board.Undo()
		g.line = g.line[:len(g.line)-1]
	}
	for _, name := range line[k:] {
		m, ok := g.find(name)
		if !ok {
			break
		}
		g.board.Play(m)
		g.line = append(g.line, name)
	}
	return len(g.line)
}

// why says why move is not legal where the board stands.
func (g *GameTrace) why(move string) string {
	game := g.board.Game()
	if move == tracer.NullMove {
		return game.Title + " has no null move"
	}
	if _, ok := game.ParseMove(move); !ok {
		return fmt.Sprintf("%q is not a move in %s's notation", move, game.Title)
	}
	if o := g.board.Outcome(); o != games.Ongoing {
		return "the game is over (" + o.String() + " for " + g.board.Side() + ", to move)"
	}
	g.buf = g.board.Moves(g.buf[:0])
	legal := make([]string, len(g.buf))
	for i, m := range g.buf {
		legal[i] = game.MoveName(m)
	}
	return fmt.Sprintf("%s cannot play %s here: the moves are %s", g.board.Side(), move, strings.Join(legal, " "))
}

// Legal implements tracer.Game.
func (g *GameTrace) Legal(line []string, move string) (bool, string) {
	if g.seek(line) < len(line) {
		return false, "the line before it cannot be played"
	}
	if _, ok := g.find(move); ok {
		return true, ""
	}
	return false, g.why(move)
}

// InCheck implements tracer.Game: no game here has checks.
func (g *GameTrace) InCheck([]string) bool { return false }

// FirstIllegal implements tracer.LineGame.
func (g *GameTrace) FirstIllegal(line []string) (int, string) {
	if n := g.seek(line); n < len(line) {
		return n, g.why(line[n])
	}
	return -1, ""
}

// NotAMove implements tracer.MoveGame: a game's illegal move is no move at
// all; "" when line cannot be played.
func (g *GameTrace) NotAMove(line []string, move string) string {
	if g.seek(line) < len(line) {
		return ""
	}
	if _, ok := g.find(move); ok {
		return ""
	}
	return g.why(move)
}

// LineEnd is tracer.Diagnosis's EndOfLine for a game's trace: whether the
// game is over where pv ends (won, lost or drawn for the side to move there,
// as GamePosition.NoMoves writes them); (NoReason, false) when a
// move of pv cannot be played.
func (g *GameTrace) LineEnd(pv []string) (tracer.Reason, bool) {
	if g.seek(pv) < len(pv) {
		return tracer.NoReason, false
	}
	if g.board.Outcome() == games.Ongoing {
		return tracer.NoReason, true
	}
	return tracer.ReasonOfEnd(gameEnd(g.board.Outcome())), true
}

var (
	_ tracer.LineGame = (*GameTrace)(nil)
	_ tracer.MoveGame = (*GameTrace)(nil)
)

// HeaderGame is what pvscope check asks of a trace header's position: the
// tracer.Game of its chess FEN or of its game, and the EndOfLine of its
// diagnosis; nils when the header names neither (a tree, another engine's
// trace without a position) or names one that cannot be read. Each follows
// its own lines: not for concurrent use.
func HeaderGame(meta map[string]string) (tracer.Game, func(pv []string) (tracer.Reason, bool)) {
	if name := meta["game"]; name != "" && name != "chess" {
		g, err := NewGameTrace(name, meta["position"])
		if err != nil {
			return nil, nil
		}
		// The diagnosis reads lines apart from the checker's: its own walker.
		end, _ := NewGameTrace(name, meta["position"])
		return g, end.LineEnd
	}
	fen := meta["fen"]
	if fen == "" {
		return nil, nil
	}
	endOfLine := func(pv []string) (tracer.Reason, bool) { return LineEnd(fen, pv) }
	g, err := NewTraceGame(fen)
	if err != nil {
		return nil, endOfLine
	}
	return NewPositionGame(fen, g), endOfLine
}
