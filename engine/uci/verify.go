package uci

import (
	"context"
	"errors"
	"fmt"
)

// Verified is one final line checked by searching its end again: the tail
// the engine finds there and how far that end's score is from the root's.
type Verified struct {
	MultiPV   int      `json:"multipv"`
	Depth     int      `json:"depth"`  // the line's
	Length    int      `json:"length"` // the line's
	End       string   `json:"end"`
	EndFEN    string   `json:"endFen"`
	Remaining int      `json:"remaining"` // the depth searched at the end (0: not searched, the rules score it)
	Tail      []string `json:"tail"`      // the line found at the end, UCI
	TailSAN   []string `json:"tailSan"`
	RootScore string   `json:"rootScore"` // the line's score at the root
	EndScore  string   `json:"endScore"`  // the end's, turned to the root side's view (a mate counted from the root)
	// Diff is the end's score minus the root's, in centipawns from the
	// root's side; null when either is a mate (they are compared by side).
	Diff      *int   `json:"diff"`
	Disagrees bool   `json:"disagrees"` // beyond the report's tolerance, or a mate the other way
	Note      string `json:"note"`
}

// verify searches the end of each line of the deepest depth again, with the
// same engine after ucinewgame, to the line's depth minus its length or
// r.VerifyDepth, whichever is more, and compares the end's score, turned to
// the root side's view, with the line's: centipawns within r.Tolerance, mates
// by side. An end the rules decide (mate, stalemate, a draw by repetition or
// the fifty-move rule) is scored by the rules, not searched.
func (r *Report) verify(ctx context.Context, c *Client, root game, each func(n, total int, v Verified, done bool)) error {
	final := r.finalLines()
	if len(final) == 0 {
		r.warn("nothing to verify: no exact line")
		return nil
	}
	if r.MultiPV > 1 {
		if err := c.Send("setoption name MultiPV value 1"); err != nil {
			return err
		}
	}
	for n, i := range final {
		l := r.Iterations[i]
		v := Verified{MultiPV: l.MultiPV, Depth: l.Depth, Length: l.Length, End: l.End, EndFEN: l.EndFEN,
			Tail: []string{}, TailSAN: []string{}, RootScore: l.scoreText()}
		var end endScore
		switch l.End {
		case EndIllegal:
			v.Note = "not verified: the line has an illegal move"
		case EndMate:
			end = endScore{ok: true, mate: true} // the side to move at the end is mated
			v.Note = "the line ends in checkmate"
		case EndStalemate, EndRepetition, EndFiftyMove:
			end = endScore{ok: true}
			v.Note = "the line ends in a draw by the rules: " + l.End
			if l.Short == ShortTwofold {
				v.Note = "the line ends at a twofold repetition, which the engine scores as a draw"
			}
		default:
			v.Remaining = min(max(l.Depth-l.Length, r.VerifyDepth), MaxInspectDepth)
			if each != nil {
				each(n+1, len(final), v, false)
			}
			best, ok, err := searchEnd(ctx, c, r, l.PV, v.Remaining)
			var stopped stoppedSearch
			switch {
			case errors.As(err, &stopped) && ctx.Err() == nil:
				// Out of time: what the engine found so far still says something.
				v.Note = fmt.Sprintf("the search was stopped at its time limit before depth %d", v.Remaining)
				if ok {
					v.Remaining = best.Depth
				}
			case err != nil:
				return err
			}
			if !ok {
				v.Note = join(v.Note, "the engine reported no line at the end")
				break
			}
			v.Tail = append(v.Tail, best.PV...)
			w := walkPV(root, append(append([]string(nil), l.PV...), best.PV...))
			if len(w.san) > l.Length {
				v.TailSAN = w.san[l.Length:]
			}
			if w.illegal != "" {
				v.Note = "the tail has an illegal " + w.illegal
			}
			end = endScore{ok: true, mate: best.IsMate, value: best.CP}
			if best.IsMate {
				end.value = best.Mate
			}
		}
		if end.ok {
			r.judge(&r.Iterations[i], &v, end)
		}
		r.Verified = append(r.Verified, v)
		if each != nil {
			each(n+1, len(final), v, true)
		}
	}
	return nil
}

// searchEnd searches the position after the game's moves and pv to depth,
// the engine's memory cleared first, and returns its deepest exact line 1
// (with the error of a search stopped at its time limit, what it had found).
func searchEnd(ctx context.Context, c *Client, r *Report, pv []string, depth int) (Info, bool, error) {
	if err := c.Send("ucinewgame"); err != nil {
		return Info{}, false, err
	}
	if err := c.Ready(ctx); err != nil {
		return Info{}, false, err
	}
	s, err := c.Go(ctx, positionCommand(r.FEN, r.Moves, pv), fmt.Sprintf("depth %d", depth))
	best, ok := deepestFirstLine(s.Infos)
	return best, ok, err
}

// endScore is a score at a line's end, from the side to move there, in UCI
// terms: centipawns, or moves to mate (signed; 0 with mate set: the side to
// move is checkmated).
type endScore struct {
	ok    bool
	mate  bool
	value int
}

// fromRoot turns the end's score to the root side's view, a line of plies
// moves after it: centipawns change sign with the side to move; a mate is
// counted in the winner's moves from the root, as the root's own score is.
func (e endScore) fromRoot(plies int) endScore {
	other := plies%2 == 1 // the other side is to move at the end
	if !e.mate {
		if other {
			e.value = -e.value
		}
		return e
	}
	toMove := e.value > 0 // the side to move at the end mates
	moves := max(e.value, -e.value)
	if toMove != other { // the root's side mates: its moves on the line, then the end's
		e.value = moves + (plies+1)/2
	} else { // the root's side is mated: the other side's moves on the line, then the end's
		e.value = -(moves + plies/2)
	}
	return e
}

func (e endScore) text() string {
	if e.mate {
		return Info{IsMate: true, Mate: e.value}.ScoreText()
	}
	return Info{CP: e.value}.ScoreText()
}

// judge compares the end's score with the line's and records it on v, and a
// disagreement as a flag on the line.
func (r *Report) judge(l *Line, v *Verified, end endScore) {
	e := end.fromRoot(l.Length)
	v.EndScore = e.text()
	var why string
	switch {
	case l.Mate == nil && !e.mate:
		diff := e.value - *l.Score
		v.Diff = &diff
		if v.Disagrees = diff > r.Tolerance || -diff > r.Tolerance; v.Disagrees {
			why = fmt.Sprintf("%d centipawns apart, beyond the tolerance of %d", max(diff, -diff), r.Tolerance)
		}
	case l.Mate != nil && e.mate:
		if v.Disagrees = (*l.Mate > 0) != (e.value > 0); v.Disagrees {
			why = "a mate for the other side"
		} else if e.value != *l.Mate {
			v.Note = join(v.Note, fmt.Sprintf("the same side mates, in %d moves from the root where the root says %d", abs(e.value), abs(*l.Mate)))
		}
	default:
		// A mate against centipawns: they agree when the centipawns favour
		// the mating side by more than the tolerance.
		mateWins, cp := e.value > 0, 0
		if l.Mate != nil {
			mateWins, cp = *l.Mate > 0, e.value
		} else {
			cp = *l.Score
		}
		if !mateWins {
			cp = -cp
		}
		if v.Disagrees = cp <= r.Tolerance; v.Disagrees {
			why = fmt.Sprintf("a mate against %s, not more than the tolerance of %d for the mating side", Info{CP: cp}.ScoreText(), r.Tolerance)
		}
		v.Note = join(v.Note, "a mate against centipawns: compared by side")
	}
	if v.Disagrees {
		searched := "by the rules"
		if v.Remaining > 0 {
			searched = fmt.Sprintf("searched to depth %d", v.Remaining)
		}
		l.flag("verify: its end, %s, scores %s from the root's side, the root %s: %s", searched, v.EndScore, v.RootScore, why)
	}
}

func join(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

func abs(n int) int { return max(n, -n) }

// finalLines are the last exact line of each line number at the deepest depth.
func (r *Report) finalLines() []int {
	deepest := 0
	for _, l := range r.Iterations {
		if l.Bound == "exact" {
			deepest = max(deepest, l.Depth)
		}
	}
	byLine := map[int]int{}
	var order []int
	for i, l := range r.Iterations {
		if l.Bound == "exact" && l.Depth == deepest {
			if _, seen := byLine[l.MultiPV]; !seen {
				order = append(order, l.MultiPV)
			}
			byLine[l.MultiPV] = i
		}
	}
	out := make([]int, len(order))
	for i, k := range order {
		out[i] = byLine[k]
	}
	return out
}

// deepestFirstLine is the last exact line 1 of the deepest depth.
func deepestFirstLine(infos []Info) (Info, bool) {
	var best Info
	found := false
	for _, in := range infos {
		if in.MultiPV == 1 && in.Bound == "" && in.Depth >= best.Depth {
			best, found = in, true
		}
	}
	return best, found
}
