// Package engine holds the positions pvscope searches and the instrumented
// searcher. It knows nothing of HTTP or JSON and prints nothing: what it does
// comes back as a Result and, when a tracer.Sink listens, as events.
//
// Parts:
//   - position.go, move.go: the Position interface the searcher walks, and Move.
//   - chess.go: ChessPosition on notnil/chess; fen.go reads and checks FENs;
//     zobrist.go our own keys; eval.go material and piece-square tables;
//     attack.go the per-ply mailbox and attack tests; perft.go counts moves.
//   - tree.go: teaching trees from text and TreePosition; treegen.go generated trees.
//   - options.go: Options, the algorithm and every switch; optionnames.go the
//     same options by name for flags and URLs; setup.go turns an input into a
//     position with its defaults.
//   - search.go: Search and iterative deepening; node.go the node routine;
//     ladder.go the ladder (probe, fail-high or fail-low, re-search) of PVS
//     and of late move reductions; quiesce.go quiescence; ordering.go move ordering; tt.go the
//     transposition table; score.go mate scores; trace.go the events; result.go
//     what a search returns.
//
// Conventions: scores are from the side to move's point of view (negamax);
// ply is the distance from the root, depth the depth remaining.
package engine
