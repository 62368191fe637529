package uci

import (
	"strings"
	"testing"
	"time"

	"github.com/pvscope/pvscope/engine"
)

// The largest numbers "go" can be sent stay limits: a movetime or clock that
// would overflow a Duration (and read as no limit) is clamped to 1e12 ms
// (1e18 ns, about 31 years), and "mate N" to the deepest search.
func TestGoHugeNumbersStayLimits(t *testing.T) {
	const huge = "9223372036854775807"
	const clamped = time.Duration(1e18) // 1e12 ms in nanoseconds, by hand
	for _, c := range []struct {
		args   string
		white  bool
		budget time.Duration
		depth  int
	}{
		{"movetime " + huge, true, clamped, 0},
		{"wtime " + huge + " btime 1000", true, 33_333_333_333 * time.Millisecond, 0}, // 1e12 ms over 30 moves to go
		{"wtime 60000 winc " + huge, true, 30 * time.Second, 0},                       // 60000/30 + 3/4 of 1e12, at most half the clock
		{"btime -" + huge, false, 5 * time.Millisecond, 0},                            // a clock past zero: the least
		{"mate " + huge, true, 0, engine.MaxDepth},
		{"depth " + huge, true, 0, engine.MaxDepth},
	} {
		l, err := parseGo(strings.Fields(c.args), c.white)
		if err != nil {
			t.Errorf("go %s: %v", c.args, err)
			continue
		}
		if l.budget != c.budget || l.depth != c.depth {
			t.Errorf("go %s: budget %v depth %d, want %v and %d", c.args, l.budget, l.depth, c.budget, c.depth)
		}
	}
}
