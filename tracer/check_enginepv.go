package tracer

import (
	"fmt"
	"strings"

	"github.com/pvscope/pvscope/tracer/msg"
)

// engine-pv, legality: the engine's own lines (root-pv, iteration-end's pv,
// search-end's pv) are evidence. It relies on one convention: a line is
// moves in UCI from the header's FEN, each legal where it is played, so the
// first illegal move is named with why (a Game says it). The comparison of
// the engine's line with the one the trace's scores derive is Diagnosis's
// (diagnosis_enginepv.go).

// engineLine takes a root-pv's or an iteration-end's line: the engine's
// latest, and legal move by move.
func (c *Checker) engineLine(e *Event) *msg.Error {
	if len(e.PV) == 0 || e.Kind == RootPV && e.Index != 0 {
		return nil
	}
	c.drv.line = e.PV
	if !e.Derived {
		c.legalLine(e, e.PV)
	}
	return nil
}

// legalLine names the first illegal move of line, which e carries.
func (c *Checker) legalLine(e *Event, line []string) {
	if c.Game == nil || slicesEqual(line, c.drv.checked) {
		return // the same line again (root-pv, then iteration-end, then search-end) is judged once
	}
	c.drv.checked = line
	first, why := -1, ""
	if lg, ok := c.Game.(LineGame); ok {
		first, why = lg.FirstIllegal(line)
	} else {
		for i, m := range line {
			if ok, w := c.Game.Legal(line[:i], m); !ok {
				first, why = i, w
				break
			}
		}
	}
	if first >= 0 {
		i, m := first, line[first]
		src := "search-end"
		if e.Kind != SearchEnd {
			src = e.Kind.String()
		}
		c.extra(e.Seq, 0, "engine-pv", msg.New("go-tracer.enginePVIllegal", "the engine's line {line} ({source}, depth {depth}) plays {move} at ply {ply}, which is illegal there: {why}",
			"line", lineText(line), "source", src, "depth", e.Depth, "move", m, "ply", i+1, "why", why))
	}
}

// lineText is a line for a sentence: its first 16 moves, then how many more.
func lineText(line []string) string {
	if len(line) <= 16 {
		return strings.Join(line, " ")
	}
	return strings.Join(line[:16], " ") + fmt.Sprintf(" … (%d moves)", len(line))
}
