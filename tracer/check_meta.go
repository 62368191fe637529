package tracer

import "github.com/pvscope/pvscope/tracer/msg"

// Point-of-view conventions a header's meta.pov names.
const (
	PovNegamax = "negamax" // the default: scores for the side to move
	PovWhite   = "white"   // every score and window from White's side
)

// Mate schemes of a table a header's meta.ttMate names: how an entry holds
// a mate score (check_tt_mate.go).
const (
	MetaTTMate = "ttMate"
	TTMateNode = "node" // the default: mate counted from the node (raw = score + ply winning, score - ply losing)
	TTMateRoot = "root" // the score unchanged, counted from the root
)

// metaWarnings warns of the convention words of a header that the trace
// format does not know: such a word is read as the default (the Deriver and
// SetHeader compare with the known words only), and the user is told, as of
// a scale key that cannot be read (ScaleOf).
func (c *Checker) metaWarnings(meta map[string]string) {
	if c.Warn == nil {
		return
	}
	if v := meta["pov"]; v != "" && v != PovNegamax && v != PovWhite {
		c.Warn(violation(0, 0, "meta", msg.New("go-tracer.metaPovUnknown", `meta.pov "{value}" is neither "negamax" nor "white" (read as "negamax")`, "value", quoted(v))))
	}
	if v := meta[MetaTTMate]; v != "" && v != TTMateNode && v != TTMateRoot {
		c.Warn(violation(0, 0, "meta", msg.New("go-tracer.metaTTMateUnknown", `meta.ttMate "{value}" is neither "node" nor "root": the table's mate scheme is unknown, and tt-mate-ply does not say which side lacks the adjustment`, "value", quoted(v))))
	}
	if v := meta["bounds"]; v != "" && v != BoundsFailSoft && v != BoundsFailHard {
		c.Warn(violation(0, 0, "meta", msg.New("go-tracer.metaBoundsUnknown", `meta.bounds "{value}" is neither "fail-soft" nor "fail-hard" (either is accepted)`, "value", quoted(v))))
	}
}
