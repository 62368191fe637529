package tracer

import (
	"fmt"
	"slices"
	"testing"
)

// The Diagnosis must end a derived line where the Deriver's line ends. Both
// cases are worked by hand on a null-window search (an MTD(f) bound search,
// root window (4, 5)), where the line follows the child that decided each
// score.

// A repeat that names the visit it repeats (ref) right after it is the
// move's last search: it decides (issue 38: a node is judged by what it
// kept). The root (depth 3) searches a, whose child x (no children) scores
// 7 for the root: a scores 7; then a again with the same window and depth
// (a repeat, ref 2), whose child y scores 6: a is worth 6, at or above the
// root's beta 5. The root's 7 is a fail-high, along a y, short (2 of 3
// moves), ending at y (node 5, ply 2).
func TestDiagnosisAgreesOnARepeatWithRef(t *testing.T) {
	events := []Event{
		{Kind: Enter, Node: 1, Depth: 3, Alpha: 4, Beta: 5},
		{Kind: Enter, Node: 2, Parent: 1, Move: "a", Depth: 2, Alpha: -5, Beta: -4},
		{Kind: Enter, Node: 3, Parent: 2, Move: "x", Depth: 1, Alpha: 4, Beta: 5},
		{Kind: Exit, Node: 3, Score: 7},
		{Kind: Exit, Node: 2, Score: -7},
		{Kind: Enter, Node: 4, Parent: 1, Move: "a", Ref: 2, Depth: 2, Alpha: -5, Beta: -4},
		{Kind: Enter, Node: 5, Parent: 4, Move: "y", Depth: 1, Alpha: 4, Beta: 5},
		{Kind: Exit, Node: 5, Score: 6},
		{Kind: Exit, Node: 4, Score: -6},
		{Kind: Exit, Node: 1, Score: 7},
	}
	it := diagnose(Header{Meta: map[string]string{"tree": "hand"}}, events).Iterations[0]
	if it.Score != 7 || !slices.Equal(it.PV, []string{"a", "y"}) || it.End.Node != 5 || it.End.Ply != 2 {
		t.Fatalf("iteration %+v, want score 7, PV a y, ending at node 5, ply 2", it)
	}
}

// More root searches of one depth than either keeps a list of: the first
// fails high (its child m1 scores -10, so 10 >= 5), the 1100 after it fail
// low (10 for the child, -10 <= 4). The result is the one that failed high:
// PV m1 (1 of 2 moves), ending at m1's node, 2.
func TestDiagnosisAgreesPastTheRootList(t *testing.T) {
	var events []Event
	node := int32(0)
	for k := 1; k <= 1101; k++ {
		child := int32(10)
		if k == 1 {
			child = -10
		}
		root := node + 1
		node += 2
		events = append(events,
			Event{Kind: Enter, Node: root, Depth: 2, Alpha: 4, Beta: 5},
			Event{Kind: Enter, Node: node, Parent: root, Move: fmt.Sprintf("m%d", k), Depth: 1, Alpha: -5, Beta: -4},
			Event{Kind: Exit, Node: node, Score: child},
			Event{Kind: Exit, Node: root, Score: -child})
	}
	d := diagnose(Header{Meta: map[string]string{"tree": "hand"}}, events)
	if len(d.Iterations) != 1 {
		t.Fatalf("%d iterations, want 1", len(d.Iterations))
	}
	it := d.Iterations[0]
	if it.Score != 10 || !slices.Equal(it.PV, []string{"m1"}) || it.End.Node != 2 || it.End.Ply != 1 {
		t.Fatalf("iteration %+v, want score 10, PV m1, ending at node 2, ply 1", it)
	}
}

// A root that fails high on its aspiration window after a move raised its
// alpha keeps the move that cut, in the Diagnosis as in the Deriver: the
// root (depth 3, window (0, 10)) gets 5 from b (its child y, an eval at
// node 3, scores 5: b -5), a pv-update b y; then the table answers a (node
// 4, window (-10, -5)) with -20: a is worth 20 >= 10 to the root, a cutoff,
// and the root fails high with 20. Its line is a (1 of 3 moves), ending at
// a's node 4, ply 1, where the table answered: tt-cutoff, not b y's end.
func TestDiagnosisEndsAFailedHighRootAtItsCut(t *testing.T) {
	events := []Event{
		en(1, 0, "", 0, 10, 3),
		en(2, 1, "b", -10, 0, 2),
		en(3, 2, "y", 0, 10, 1),
		endWith(ex(3, 5), Eval),
		ex(2, -5),
		en(4, 1, "a", -10, -5, 2),
		ttEx(4, -20),
		ex(1, 20),
	}
	it := diagnose(Header{Meta: map[string]string{"bounds": "fail-soft"}}, events).Iterations[0]
	want := PVEnd{Node: 4, Ply: 1, Reason: ReasonTTCutoff}
	if it.Score != 20 || !slices.Equal(it.PV, []string{"a"}) || !it.Short || it.End != want {
		t.Fatalf("iteration %+v, want score 20, PV a, short, ending at node 4, ply 1, for tt-cutoff", it)
	}
}
