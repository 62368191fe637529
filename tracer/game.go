package tracer

// Game answers questions about positions along a line from the trace's root
// (the header's FEN). tracer knows no chess: the caller (engine.TraceGame)
// does, and the rules that need a position (engine-pv's legality,
// null-in-check) are skipped without one.
type Game interface {
	// Legal says whether move is legal after playing line from the root; when
	// not, why (a sentence like "Black is in check" or "no piece on f8"). A
	// line that cannot be played (an illegal move in it) answers not ok too.
	Legal(line []string, move string) (ok bool, why string)
	// InCheck says whether the side to move is in check after line.
	InCheck(line []string) bool
}

// LineGame is a Game that judges a whole line in one walk, as engine.TraceGame
// does. The checker uses it for the engine's own lines, which a hostile file may
// make 100,000 moves long: judging such a line costs one walk, not one per move.
type LineGame interface {
	Game
	// FirstIllegal is the ply (from 0) of line's first illegal move and why, or -1.
	FirstIllegal(line []string) (ply int, why string)
}

// maxJudgedPly: null-in-check replays the path to each null move; past this
// depth (far beyond any real search) the rule is not judged, so a file's
// 100,000-deep chain of passes costs no quadratic replay.
const maxJudgedPly = 1024

// Bound conventions a header's meta.bounds names.
const (
	BoundsFailSoft = "fail-soft" // a node returns its best move's value, even beyond its window
	BoundsFailHard = "fail-hard" // a node returns within its window: beta on a cutoff, alpha when every move fails low
)
