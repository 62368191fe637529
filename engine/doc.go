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
//   - gameposition.go: GamePosition, a game of engine/games (tic-tac-toe,
//     Connect Four, Othello) as a Position (its own move order a Preferrer
//     that ordering.go asks), and GameDefaults.
//   - options.go: Options, the algorithm and every switch; optionnames.go the
//     same options by name for flags and URLs; setup.go turns an input into a
//     position with its defaults.
//   - search.go: Search and iterative deepening; node.go the node routine;
//     ladder.go the ladder (probe, fail-high or fail-low, re-search) of PVS
//     and of late move reductions; quiesce.go quiescence; ordering.go move ordering; tt.go the
//     transposition table, tt_trace.go its events with the key and the raw
//     entry, tt_fault.go the table faults tests plant; score.go mate scores; trace.go the events; result.go
//     what a search returns; progress.go hears from a search between iterations
//     (the UCI front end's info lines); multipv.go the root's MultiPV lines.
//   - Pruning and its kin: extend.go check extensions; reduce.go reductions
//     (late move reductions, internal iterative reductions);
//     nullmove.go null-move pruning; prune.go the static-evaluation prunings.
//   - The PV collectors: pvline.go the triangular table and the line on the
//     stack; pvwalk.go the walk of the transposition table and the read-back of
//     pvhash.go's table of whole lines; pvreport.go each collector's root line
//     at an iteration's end, with its cut when it is short; gallery.go the
//     short-PV laboratory's exhibits.
//   - Reading traces from other engines with the engine's chess: headerfen.go a
//     trace header's FEN; movewalker.go a walk down a trace's lines
//     (tracer.MoveLister); tracegame.go tracer.Game's questions about lines,
//     tracegame_position.go the position a line reaches (tracer.PositionGame);
//     tracewalk.go the checker's walk node after node; lineend.go whether a
//     line ends the game (tracer.Diagnosis's question); gametrace.go the same
//     questions of a game's trace (meta.game), and HeaderGame, which picks
//     chess's or the game's for pvscope check.
//   - quoted.go a name quoted in a keyed sentence as %q writes it.
//
// Conventions: scores are from the side to move's point of view (negamax);
// ply is the distance from the root, depth the depth remaining.
package engine
