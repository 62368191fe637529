package tracer

// How an iteration's result is chosen among its root searches, shared by the
// Deriver (which derives the root-pv from it) and Diagnosis (which must find
// the same root search, to say where its line ends): the last that scored
// inside its window, else the last that failed high (a root that fails low
// proves no move best), else the last; a root search of another depth
// starts over. When the trace's iteration-end gives another score, the last
// root search that scored it, among the rootsKept most recent.

// rootsKept bounds the root searches an iteration remembers for a score
// asked for by the iteration-end; the chosen one is kept apart, whatever
// their number.
const rootsKept = 1024

// rootRank is 3 for a root search that scored inside its window, 2 for one
// that failed high, 1 for one that failed low.
func rootRank(score, alpha, beta int32) int8 {
	switch {
	case score >= beta:
		return 2
	case score > alpha:
		return 3
	}
	return 1
}

// replacesChosen: a root search of rank and depth replaces the chosen one
// (none yet when !has).
func replacesChosen(has bool, rank int8, depth int16, chosenRank int8, chosenDepth int16) bool {
	return !has || rank >= chosenRank || depth != chosenDepth
}

// keepRoot appends r to an iteration's root searches, dropping the oldest
// past rootsKept (the score asked for is most often a late one's).
func keepRoot[T any](roots []T, r T) []T {
	if len(roots) >= rootsKept {
		roots = append(roots[:0], roots[1:]...)
	}
	return append(roots, r)
}
