package tracer

import (
	"fmt"
	"strings"
)

// The English sentences of a WhyAnswer; the page says them from the fate's
// fields with its catalogs (static/js/i18n/*/why.json), in either view.

// scoreText writes a score, naming infinity and mates ("29997 (mate 3 plies
// from the root)").
func scoreText(s int32, sc Scale) string {
	if sc.IsInfinite(s) {
		if s < 0 {
			return "-∞"
		}
		return "∞"
	}
	if p, ok := sc.IsMate(s); ok {
		if p < 0 {
			return fmt.Sprintf("%d (mated %d plies from the root)", s, -p)
		}
		return fmt.Sprintf("%d (mate %d plies from the root)", s, p)
	}
	return fmt.Sprint(s)
}

func windowText(a, b int32, sc Scale) string {
	return "(" + scoreText(a, sc) + ", " + scoreText(b, sc) + ")"
}

// moveName names a move: "move 1" in a tree, the UCI move in chess.
func moveName(m string, tree bool) string {
	if m == NullMove {
		return "the null move"
	}
	if tree {
		return "move " + m
	}
	return m
}

// fateSentence says f in a sentence, from the side to move at its node
// (negamax), or with root, from the root player's side: at a node where the
// other side moves (MIN's, an odd ply) values and windows are turned, and a
// move cuts when it scores at most α.
func fateSentence(f *WhyFate, sc Scale, tree, root bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "depth %d: ", f.Depth)
	if f.Fate == FateNotReached {
		fmt.Fprintf(&b, "%s was never reached: ", nodeName(append(append([]string{}, f.At...), f.Move), tree))
		// the node the asked move leaves from was not reached; say why above it
		b.WriteString(atSentence(f.Stop, sc, tree, root))
	} else {
		b.WriteString(atSentence(f, sc, tree, root))
	}
	if f.OnPV {
		b.WriteString(" It is on this iteration's PV.")
	}
	return b.String()
}

// atSentence is the sentence of a fate decided at its node.
func atSentence(f *WhyFate, sc Scale, tree, root bool) string {
	at, m := nodeName(f.At, tree), moveName(f.Move, tree)
	cuts, bound, below, high, low := "≥ β", f.Beta, "below", "failed high", "failed low"
	if root {
		if len(f.At)%2 == 1 { // MIN moves here: the root player's numbers are the negation
			g := *f
			g.Alpha, g.Beta = -f.Beta, -f.Alpha
			g.MoveAlpha, g.MoveBeta = -f.MoveBeta, -f.MoveAlpha
			g.Value, g.Best, g.ByValue = -f.Value, -f.Best, -f.ByValue
			f = &g
			cuts, bound, below, high, low = "≤ α", f.Alpha, "above", "reached α", "was no better for MIN"
			at = "MIN's " + strings.TrimPrefix(at, "the ")
		} else {
			at = "MAX's " + strings.TrimPrefix(at, "the ")
		}
	}
	win := windowText(f.Alpha, f.Beta, sc)
	st := func(format string, args ...any) string {
		return strings.NewReplacer("≥ β", cuts, "failed high", high, "failed low", low, " below ", " "+below+" ").Replace(fmt.Sprintf(format, args...))
	}
	switch f.Fate {
	case FateCutBefore:
		return st("at %s (window %s), %s was cut off before its turn: %s scored %s ≥ β = %s.",
			at, win, m, moveName(f.By, tree), scoreText(f.ByValue, sc), scoreText(bound, sc))
	case FateNullMove:
		return st("at %s (window %s), %s was never tried: the null move scored %s ≥ β = %s and cut the node off.",
			at, win, m, scoreText(f.ByValue, sc), scoreText(bound, sc))
	case FateTable:
		return st("at %s (window %s), %s was never tried: a table entry answered the node.", at, win, m)
	case FateStandPat:
		return st("at %s (window %s), %s was never tried: the static evaluation %s ≥ β = %s (stand pat).",
			at, win, m, scoreText(f.ByValue, sc), scoreText(bound, sc))
	case FateNodeEnded:
		return st("at %s (window %s), %s was never tried: %s.", at, win, m, endWords(f.End, tree))
	case FateQuiescence:
		return st("at %s (window %s), %s was not searched: the node is beyond the horizon, where quiescence searches only some moves (captures).", at, win, m)
	case FatePruned:
		s := st("at %s (window %s), %s was pruned by %s (move %d in the node's order).", at, win, m, whyWords(f.Why), f.Index+1)
		if p, ok := sc.IsMate(f.Alpha); ok && p > 0 {
			s += st(" α was a mate score (%s): a pruning margin on the static evaluation can never reach it, so no quiet move could be searched there, a mate among them.", scoreText(f.Alpha, sc))
		}
		return s
	case FateNotGenerated:
		return st("at %s (window %s), %s is legal but was neither searched nor declared pruned, and the node did not cut off: a move-generation bug, or a pruning the engine did not write.", at, win, m)
	case FateNotSearched:
		return st("at %s (window %s), %s was neither searched nor declared pruned, and the node did not cut off; the trace names no position, so whether it is legal is not known.", at, win, m)
	case FateUnfinished:
		return st("at %s (window %s), %s was not finished: the search stopped first.", at, win, m)
	}
	searched := st("at %s, %s was searched with window %s and scored %s", at, m, windowText(f.MoveAlpha, f.MoveBeta, sc), scoreText(f.Value, sc))
	reduced := ""
	if f.Reduced > 0 {
		again := "and searched again at full depth"
		if !f.ReSearched {
			again = "and the reduced result was trusted"
		}
		reduced = st(" (reduced by %s for %s %s)", plies(f.Reduced), whyWords(f.Why), again)
	}
	switch f.Fate {
	case FateFailedHigh:
		return st("%s%s: ≥ β = %s, it failed high and cut the node off.", searched, reduced, scoreText(bound, sc))
	case FateBest:
		return st("%s%s: the best move there (window %s).", searched, reduced, win)
	}
	margin := ""
	if f.BestMove != "" {
		margin = st(", %d below %s (%s), the best there", f.Margin, moveName(f.BestMove, tree), scoreText(f.Best, sc))
	}
	if f.Fate == FateReduced {
		return st("%s%s: it failed low%s, and it was never searched at full depth.", searched, reduced, margin)
	}
	return st("%s%s: it failed low%s.", searched, reduced, margin)
}

func endWords(end string, tree bool) string {
	switch end {
	case "eval":
		return "the node returned its static evaluation without searching a move (the horizon, or a pruning of the whole node such as reverse futility)"
	case "leaf":
		if tree {
			return "the node is a leaf"
		}
		return "the node is a leaf"
	case "mate":
		return "the side to move is checkmated"
	case "stalemate":
		return "the side to move is stalemated"
	case "repetition":
		return "the position repeats: a draw"
	case "fifty-move":
		return "the fifty-move rule: a draw"
	case "tt-cutoff":
		return "a table entry answered the node"
	case "stopped":
		return "the search stopped"
	}
	return "the node ended (" + end + ")"
}

func whyWords(why string) string {
	switch why {
	case WhyLMR:
		return "late move reduction (lmr)"
	case WhyFutility:
		return "futility pruning"
	case WhyLateMove:
		return "late move pruning"
	case WhyRazor:
		return "razoring"
	case WhySEE:
		return "static exchange (see)"
	case WhyDelta:
		return "delta pruning"
	case WhyNullMove:
		return "the null move"
	case WhyIIR:
		return "internal iterative reduction"
	case "":
		return "an unnamed reason"
	}
	return fmt.Sprintf("%q (the engine's word)", why)
}

func noPathSentence(before []string, m string, legal []string, tree bool) string {
	if legal == nil {
		return fmt.Sprintf("the path leads nowhere: %s cannot be played at %s", moveName(m, tree), nodeName(before, tree))
	}
	return fmt.Sprintf("the path leads nowhere: %s is not a move at %s, whose moves are %s", moveName(m, tree), nodeName(before, tree), listText(legal))
}

func illegalSentence(path []string, m string, legal []string, tree bool) string {
	if len(legal) == 0 {
		return fmt.Sprintf("%s is not legal at %s, which has no moves", moveName(m, tree), nodeName(path, tree))
	}
	return fmt.Sprintf("%s is not legal at %s; its legal moves are %s", moveName(m, tree), nodeName(path, tree), listText(legal))
}

func listText(moves []string) string {
	if len(moves) == 0 {
		return "none"
	}
	return strings.Join(moves, " ")
}

func noPositionSentence(path []string, m string, held []string, tree bool) string {
	return fmt.Sprintf("the trace's header names no position (no fen, tree or random), so whether %s is legal at %s is not known; the trace holds these moves there: %s",
		moveName(m, tree), nodeName(path, tree), listText(held))
}

func plies(n int) string {
	if n == 1 {
		return "1 ply"
	}
	return fmt.Sprintf("%d plies", n)
}
