// Package uci speaks the Universal Chess Interface both ways: pvscope's own
// engine behind "pvscope uci", and a client that drives an external engine so
// that the inspector can read and check its info lines.
//
// Parts:
//   - engine.go: Serve, the engine side: commands in, info lines and bestmove
//     out, each search on its own goroutine; commands.go reads position, go
//     and setoption; options.go the option lines and setoption.
//   - client.go: Client, one external engine process: handshake, bounded
//     lines and output, limits, always reaped (proc_*.go: its process group);
//     search.go: Go, one search read to bestmove (GoEach: each line as it
//     arrives); info.go: ParseInfo; badinfo.go an info line that did not
//     parse; gone.go the sentences for an engine that stopped talking.
//   - inspect.go: Inspect, the report of every line (Progress: each line
//     as it comes); pvcheck.go plays a PV, classifies its end and says why
//     a short one is short; multipv.go the MultiPV defects; verify.go
//     searches the ends again, deep enough to mean something, and compares
//     their scores with the root's.
//   - lines.go: bounded line reading shared by both sides.
//
// Never share a *chess.Position between goroutines: notnil/chess caches moves
// on read. Goroutines here hand each other FEN and move strings only.
package uci
