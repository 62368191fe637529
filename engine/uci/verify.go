package uci

import (
	"context"
	"fmt"

	"github.com/pvscope/pvscope/engine"
)

// Verified is one final line checked by searching its end again: the tail
// the engine finds there and whether that end's score agrees with the root's.
type Verified struct {
	MultiPV   int      `json:"multipv"`
	Depth     int      `json:"depth"`  // the line's
	Length    int      `json:"length"` // the line's
	End       string   `json:"end"`
	EndFEN    string   `json:"endFen"`
	Remaining int      `json:"remaining"` // the depth searched at the end (0: the game is over there)
	Tail      []string `json:"tail"`      // the line found at the end, UCI
	TailSAN   []string `json:"tailSan"`
	RootScore string   `json:"rootScore"` // the line's score at the root
	EndScore  string   `json:"endScore"`  // the end's, turned to the root side's view
	Disagrees bool     `json:"disagrees"`
	Note      string   `json:"note"`
}

// verify searches the end of each line of the deepest depth at the depth
// the line left unsearched (at least 1), with the same engine after
// ucinewgame, and flags an end whose score is beyond margin of the root's
// (for mates: a mate for the other side).
func (r *Report) verify(ctx context.Context, c *Client, root *engine.ChessPosition, margin int) error {
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
	for _, i := range final {
		l := r.Iterations[i]
		v := Verified{MultiPV: l.MultiPV, Depth: l.Depth, Length: l.Length, End: l.End, EndFEN: l.EndFEN,
			Tail: []string{}, TailSAN: []string{}, RootScore: l.scoreText()}
		// A root score seen from the end: the other side's when the line is odd.
		sign := 1
		if l.Length%2 == 1 {
			sign = -1
		}
		endOrder := 0
		switch l.End {
		case EndIllegal:
			v.Note = "not verified: the line has an illegal move"
			r.Verified = append(r.Verified, v)
			continue
		case EndMate:
			endOrder, v.EndScore = -1_000_000*sign, Info{IsMate: true, Mate: 0}.ScoreText()
			v.Note = "the line ends in checkmate"
		case EndStalemate, EndRepetition, EndFiftyMove:
			v.EndScore, v.Note = "cp 0", "the line ends in a draw: "+l.End
		default:
			v.Remaining = max(l.Depth-l.Length, 1)
			if err := c.Send("ucinewgame"); err != nil {
				return err
			}
			if err := c.Ready(ctx); err != nil {
				return err
			}
			s, err := c.Go(ctx, positionCommand(r.FEN, r.Moves, l.PV), fmt.Sprintf("depth %d", v.Remaining))
			if err != nil {
				return err
			}
			best, ok := deepestFirstLine(s.Infos)
			if !ok {
				v.Note = "the engine reported no line at the end"
				r.Verified = append(r.Verified, v)
				continue
			}
			v.Tail = append(v.Tail, best.PV...)
			w := walkPV(root, append(append([]string(nil), l.PV...), best.PV...))
			if len(w.san) > l.Length {
				v.TailSAN = w.san[l.Length:]
			}
			if w.illegal != "" {
				v.Note = "the tail has an illegal " + w.illegal
			}
			endOrder = best.order() * sign
			if best.IsMate {
				v.EndScore = Info{IsMate: true, Mate: best.Mate * sign}.ScoreText()
			} else {
				v.EndScore = Info{CP: best.CP * sign}.ScoreText()
			}
		}
		v.Disagrees = disagree(l.order, endOrder, l.Mate != nil || endOrder >= 900_000 || endOrder <= -900_000, margin)
		if v.Disagrees {
			r.Iterations[i].flag("verify: its end scores %s from the root's side, the root %s (margin %d)", v.EndScore, v.RootScore, margin)
		}
		r.Verified = append(r.Verified, v)
	}
	return nil
}

// disagree compares two ranked scores: mates by side only, centipawns by margin.
func disagree(root, end int, mate bool, margin int) bool {
	if mate {
		return (root > 0) != (end > 0)
	}
	return root-end > margin || end-root > margin
}

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
