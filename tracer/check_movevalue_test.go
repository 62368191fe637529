package tracer

import (
	"slices"
	"testing"
)

// move-value follows the exit of the child it values: one written when the
// node has searched no move yet, or naming another move than its last
// child's, breaks the rule.
func TestMoveValueWithoutItsChild(t *testing.T) {
	for _, c := range []struct {
		name   string
		events []Event
	}{
		{"no child yet", []Event{en(1, 0, "", -100, 100, 2), {Kind: MoveValue, Node: 1, Move: "a", Score: 30}, ex(1, 30)}},
		{"another move", []Event{en(1, 0, "", -100, 100, 2), en(2, 1, "a", -100, 100, 1), ex(2, -40),
			{Kind: MoveValue, Node: 1, Move: "b", Score: 30}, ex(1, 40)}},
	} {
		r := runRules(Header{}, nil, c.events)
		if !slices.Equal(rules(r.violations), []string{"move-value"}) {
			t.Errorf("%s: violations %v; want move-value", c.name, r.violations)
		}
	}
}
