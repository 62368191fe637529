// Package tracer is the event vocabulary of an instrumented game-tree search
// and the sinks that receive it.
//
// It imports only the standard library and knows nothing of chess: events carry
// plain integers and move strings (UCI for chess, the child index "0", "1", ...
// for teaching trees), so a trace from another engine fits the same vocabulary.
//
// Parts:
//   - event.go: Event, its Kind, NodeType, Bound and End values.
//   - sink.go: the Sink interface and Multi, which fans one stream out to several sinks.
//   - recording.go: Recording, an in-memory sink with random access (for seeking and stepping back).
//   - jsonl.go: the JSONL trace file: a versioned header line, then one event per line.
//     jsonl_read.go reads it back; jsonl_fast.go decodes the common line without
//     encoding/json; jsonl_moves.go a UCI move without allocating; jsonl_keys.go
//     refuses field names in the wrong case; jsonl_movelen.go a move name past
//     MaxMoveBytes; jsonl_wordlen.go a "why" or "subsearch" past MaxWordBytes and
//     a header's meta past MaxMetaBytes.
//   - counters.go: Counters, a sink that counts events per kind.
//   - check.go: Check, the invariant checker used by tests and by pvscope check;
//     check_nodes.go its stack of open nodes, check_rules.go re-searches and the
//     collectors' reports, check_score.go what a node's children imply (a
//     re-search owed, its best score, repeats), check_ids.go the set of ids seen,
//     check_meta.go the header's convention words it does not know,
//     check_ttdepth.go the table's depth (tt-depth), check_null.go the null-move
//     rules, check_driver.go the driver above the root (aspiration, the move
//     played), check_enginepv.go the legality of the engine's own lines, and
//     check_writer.go the trace's own mistakes (its writer's, not the engine's).
//   - The table's rules (issue 41): check_tt_link.go links each tt-hit to the
//     store it read, check_tt_mate.go mate scores across plies (tt-mate-ply),
//     check_tt_bound.go bounds (tt-bound), check_tt_move.go the entry's move
//     (tt-move), check_tt_key.go keys and positions (tt-key), check_tt_draw.go
//     draws read on another path (tt-draw), check_tt_summary.go the counts per
//     depth and bound; jsonl_ttkey.go reads the key field.
//   - pipeline.go: Pipeline, the one road a trace file takes (read, derived,
//     and when asked checked and diagnosed), with hooks for what each caller
//     needs; pvscope check, the page's upload, diff and why go through it.
//   - game.go: Game, the questions about positions along a line that the caller
//     (engine.TraceGame) answers, for the rules that need a position.
//   - derive.go: Deriver, which completes a minimal trace another engine wrote
//     (enter and exit only) with the events that follow from it, marked Derived;
//     derive_enter.go reads enters: ply, index, the expected type, re-searches
//     and probes; derive_exit.go reads exits: re-searches from repeats, probes' outcomes,
//     cutoffs, and the line down the children that decided each score;
//     derive_pov.go turns scores from White's view (meta.pov "white") to negamax.
//     decider.go is the child that decides a node's score, shared with Diagnosis;
//     revisit.go a node's last visit, rootpick.go an iteration's chosen root
//     search, both shared with Diagnosis too; line.go the Deriver's lines, kept
//     without a copy per ancestor; deepstack.go the stack of open nodes' frames
//     the Deriver, Diagnosis and the Checker keep, in chunks never copied.
//   - subsearch.go: searches of a node's own position (IID, the singular test,
//     razoring's and ProbCut's verification), Event.Sub; check_subsearch.go
//     is the checker's subsearch rule, derive_subsearch.go the Deriver's part.
//   - scale.go: Scale, an engine's infinity and mate scores (the header's meta).
//   - pvmethod.go: the PV collection methods and the reasons a line ends early.
//   - diff.go: Diff, which lines up two traces of one position as streams and
//     says where they part; diff_side.go shapes one side, diff_stream.go
//     reads it, diff_report.go is what it reports, diff_keep.go the bounded
//     lists it keeps.
//   - why.go: Why, a sink that tells what became of a move at a node in each
//     iteration ("why not this move?"); why_answer.go the fates and the
//     answer, why_sentence.go their English, why_diff.go where two searches'
//     fates of a move part. check_unaccounted.go is the checker's warning of
//     legal moves neither searched nor pruned (both take legal moves through
//     MoveLister, which engine.MoveWalker implements).
//   - diagnosis.go: Diagnosis, a sink that counts a trace and finds, per
//     iteration, where a short PV ended and why; diagnosis_iteration.go its
//     iterations and the root searches that give them their result,
//     diagnosis_reasons.go the reasons its iteration gives a short line nothing at its end explains;
//     diagnosis_enginepv.go compares the engine's own line with the derived one.
//
// Scores follow the negamax convention: every score and window is from the point of
// view of the side to move at the node the event names (the root for events that
// name none); a trace written from White's view is turned so as it is read.
package tracer
