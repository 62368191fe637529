package games

// Move is a move in a game as a small number: the square (tic-tac-toe 0..8,
// Othello 0..63) or the column (Connect Four 0..6), or Pass. A game names it
// in its own notation with Game.MoveName.
type Move int8

// NoMove is no move at all (an empty slot); Pass is Othello's pass, played
// when the side to move has no disc to place but the opponent has.
const (
	NoMove Move = -1
	Pass   Move = 64
)

// MaxMove bounds every game's moves: 0 <= m <= MaxMove (Pass included).
const MaxMove = 64

// Outcome is the game's result for the side to move.
type Outcome int8

const (
	Ongoing Outcome = iota // the game goes on
	Win                    // the side to move has won
	Loss                   // the side to move has lost
	Draw                   // the game is over and drawn
)

func (o Outcome) String() string {
	return [...]string{"ongoing", "win", "loss", "draw"}[o]
}

// Board is one game's position with the moves played on it, so that Play and
// Undo move one ply down and up. A Board is used by one goroutine at a time.
type Board interface {
	// Game is the game this board plays.
	Game() *Game
	// Ply is the number of moves (passes included) played since the board was made.
	Ply() int
	// Key identifies the position (the cells and the side to move) for the
	// transposition table: the same position reached by two orders of moves
	// has the same key.
	Key() uint64
	// Moves appends the legal moves to dst, in the game's own order (its
	// Game.Prefer ranks them), and returns it: none once the game is over.
	Moves(dst []Move) []Move
	// Play plays m, which must be one of Moves; Undo takes back the last Play.
	Play(m Move)
	Undo()
	// Outcome is the result for the side to move: Ongoing while moves remain.
	Outcome() Outcome
	// Evaluate is the game's published evaluation for the side to move,
	// within ±EvalLimit (the source is named at the game's Evaluate).
	Evaluate() int
	// Prefer ranks m for move ordering by the game's own knowledge (centre
	// columns first in Connect Four, corners in Othello): higher is tried first.
	Prefer(m Move) int
	// Side is the side to move as the game names it ("x", "o"; "red",
	// "yellow"; "black", "white").
	Side() string
	// Cells is the board as the page draws it: one byte per cell, row by row
	// from the top, '.' empty and the game's piece letters otherwise.
	Cells() string
	// String is the position in the game's notation, as Game.Parse reads it.
	String() string
}

// EvalLimit bounds every evaluation, far from the engine's mate scores.
const EvalLimit = 10000

// Game describes one game: its names, how to read its positions and moves,
// and the source of its evaluation.
type Game struct {
	// Name is the game's name on the command line, in URLs and in a trace's
	// meta ("tictactoe", "connect4", "othello").
	Name string
	// Title is the name people read ("Tic-tac-toe").
	Title string
	// Rows and Cols are the board's size, as Cells lays it out.
	Rows, Cols int
	// Parse reads a position in the game's notation ("" is the start) and
	// says in a sentence what is wrong with a bad one.
	Parse func(position string) (Board, error)
	// MoveName is m in the game's notation (tic-tac-toe "b2", Connect Four
	// "4", Othello "d3" or "pass").
	MoveName func(m Move) string
	// ParseMove reads a move's name; ok is false when it names no move of the game.
	ParseMove func(name string) (m Move, ok bool)
	// Eval names the published evaluation and where it comes from.
	Eval string
	// Notation says how positions are written, for help texts and errors.
	Notation string
}
