package tracer

// The child that decides a node's score. The Deriver and Diagnosis share it,
// so they follow the same child down a node's line.

type decider struct {
	has      bool
	standPat bool // the node's stand pat: no move beat it, the line stops there
	score    int32
	move     string
	line     pvLine
}

// weigh: the decider after a child's move with value score, and whether it
// changes: the last with the highest value decides, and a stand pat yields
// only to a higher one. Diagnosis weighs its children the same.
func (b decider) weigh(score int32, move string) (decider, bool) {
	if !b.has || score > b.score || score == b.score && !b.standPat {
		return decider{has: true, score: score, move: move}, true
	}
	return b, false
}

// cutOnWide: a node searched with the window (alpha, beta), wider than one
// unit, returned score at or above beta, and b, a move (not a stand pat),
// decided it: its line goes on down the move that cut, whatever raised its
// alpha before (an earlier pv-update's line is not its line). The Deriver's
// lineOf and the Diagnosis' lineEnd both follow it.
func (b decider) cutOnWide(alpha, beta, score int32) bool {
	return int64(beta)-int64(alpha) != 1 && score >= beta && b.has && b.move != "" && !b.standPat
}

// boundOnly: a child that failed high at its own node returned only a bound
// its parent did not take as a best move, when the engine is fail-hard, or
// when it returned exactly its beta on a window wider than one unit (what a
// fail-hard node returns on a cutoff: a quiescence node cut by a capture or
// its stand pat, say). Such a child decides no line. A null window's exit
// at its beta is not read so: an MTD driver's line ends on one. A child
// whose exit says bound lower (a fail-hard clamp in a fail-soft engine: the
// table's, a null move's, a stand pat's) returned only that bound too.
func boundOnly(failHard bool, exit *Event, alpha, beta int32) bool {
	score := exit.Score
	return score >= beta && (failHard || clampedAtBeta(exit.Bound, score, beta) || score == beta && int64(beta)-int64(alpha) > 1)
}

// rejectedBound: under a root searched with a window wider than one unit
// (alpha-beta, PVS: its nodes expect a Knuth-Moore type), a child that failed
// high at its own node returned a bound its parent did not take (minus it is
// at most the parent's alpha), whatever the convention: it never extends a
// derived line, and the line stops at its parent. Only a null-window root's
// search (MTD's bound searches, whose nodes expect no type) follows its line
// through such children, the highest bound at each node that failed low.
func rejectedBound(pvsRoot bool, exit *Event, beta int32) bool {
	return pvsRoot && exit.Score >= beta
}
