// Package games holds the small games courses teach game search on, each of
// pvscope's own: tic-tac-toe, Connect Four and Othello. A game is a Board
// (moves, play and undo, the outcome, a published evaluation, a key) and a
// Game that names it, reads its positions and its moves. The engine searches
// a Board through engine.GamePosition; nothing here knows of the engine.
//
// Parts:
//   - game.go: Board, Game, Move and Outcome, the contract every game keeps.
//   - registry.go: the games by name (Lookup, All).
//   - perft.go: Perft, the count of move sequences, and Walk, every line.
//   - tictactoe.go: tic-tac-toe, 3x3; its evaluation is Russell and Norvig's.
//   - connect4.go: Connect Four, 7x6 with gravity; its evaluation is Landowski's scoreboard of open lines.
//   - othello.go, othello_notation.go: Othello, 8x8 with passes; Norvig's weighted squares.
//   - rand.go: the fixed-seed generator of the games' keys.
//
// Conventions: a Move is a small number (a square or a column, Pass for
// Othello's pass), never NoMove (-1); outcomes and evaluations are from the
// side to move's point of view, as the engine's negamax wants them.
package games
