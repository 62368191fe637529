package session

import (
	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/tracer/msg"
)

// MaxGameName and MaxPosition bound a start command's game and position, as
// the page's address does (static/js/urlparams.js, PARAM_LIMITS): the longest
// name is nine letters, and the longest position an Othello game written move
// by move (60 moves and passes of three characters) or a board of 64 cells.
const (
	MaxGameName = 32
	MaxPosition = 512
)

// checkGameFields refuses a game name or position past its bound, and a
// position without a game, before anything is parsed.
func checkGameFields(s engine.Setup) error {
	if len(s.Game) > MaxGameName {
		return &FieldError{"game", msg.New("go-server.gameTooLong", "the game's name is {n} characters long, more than {max}: give one of tictactoe, connect4, othello or chess",
			"n", len(s.Game), "max", MaxGameName)}
	}
	if len(s.Position) > MaxPosition {
		return &FieldError{"position", msg.New("go-server.positionTooLong", "the position is {n} characters long, more than this server reads ({max})",
			"n", len(s.Position), "max", MaxPosition)}
	}
	if s.Position != "" && s.Game == "" {
		return &FieldError{"position", msg.New("go-server.positionNeedsGame", "a position needs a game: choose tic-tac-toe, Connect Four or Othello")}
	}
	return nil
}
