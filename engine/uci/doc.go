// Package uci speaks the Universal Chess Interface both ways: pvscope's own
// engine behind "pvscope uci", and a client that drives an external engine so
// that the inspector can read and check its info lines.
//
// Parts:
//   - engine.go: Serve, the engine side: commands in, info lines and bestmove
//     out, each search on its own goroutine; commands.go reads position, go
//     and setoption; options.go the option lines and setoption.
//   - lines.go: bounded line reading shared by both sides.
//
// Never share a *chess.Position between goroutines: notnil/chess caches moves
// on read. Goroutines here hand each other FEN and move strings only.
package uci
