package engine

// Scores are centipawns for chess and leaf units for trees, from the side to
// move's point of view. Mates sit at the top of the range: a mate delivered at
// ply p scores Mate-p for the winner, so a nearer mate scores higher.
const (
	Infinity = 32000 // beyond every score: the root window is (-Infinity, Infinity)
	Mate     = 30000
	// mateBound: any score beyond it is a mate score.
	mateBound = Mate - MaxPly
	// MaxPly bounds the distance from the root (search and quiescence together).
	MaxPly = 256
)

// MateIn is the score of delivering mate at ply p from the root.
func MateIn(p int) int { return Mate - p }

// IsMate reports whether a score announces a forced mate, for either side.
func IsMate(score int) bool { return score > mateBound || score < -mateBound }

// MateMoves turns a mate score at the root into the number of moves to mate,
// UCI style: positive when the side to move mates, negative when it is mated.
func MateMoves(score int) int {
	if score > 0 {
		return (Mate - score + 1) / 2
	}
	return -(Mate + score + 1) / 2
}
