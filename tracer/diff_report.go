package tracer

import (
	"fmt"
	"slices"
)

// What a diff reports (diff.go does the walk).

// DiffReport is what Diff finds. Same: the two searches are the same, node
// for node (enter, window, depth, score, end), which makes the rest empty.
type DiffReport struct {
	PositionA       string          `json:"positionA,omitempty"`
	PositionB       string          `json:"positionB,omitempty"`
	Same            bool            `json:"same"`
	FirstDivergence *Divergence     `json:"firstDivergence"`
	Iterations      []IterationDiff `json:"iterations"`
	OnlyA           []DiffNode      `json:"onlyA"`
	OnlyB           []DiffNode      `json:"onlyB"`
	Changed         []DiffChange    `json:"changed"`
	OnlyACount      int             `json:"onlyACount"`
	OnlyBCount      int             `json:"onlyBCount"`
	ChangedCount    int             `json:"changedCount"`
}

// Divergence is the first place the searches part. Path is the node where
// they part (for "next": the parent whose next step differs); What names the
// fields that differ: next (another move entered next, or one search left
// the node where the other entered a move), window, depth, reduced,
// extended, score, bound, end. A and B are each search's step there.
type Divergence struct {
	Iteration  int      `json:"iteration"`
	RootSearch int      `json:"rootSearch"`
	Path       []string `json:"path"`
	SAN        []string `json:"san,omitempty"`
	SeqA       int64    `json:"seqA"`
	SeqB       int64    `json:"seqB"`
	LineA      int      `json:"lineA"`
	LineB      int      `json:"lineB"`
	What       []string `json:"what"`
	A          DiffNode `json:"a"`
	B          DiffNode `json:"b"`
}

// DiffNode is one node (or iteration, or root search) of one search: where
// it is, how it was entered and, once it has been left, how.
type DiffNode struct {
	Event      string    `json:"event,omitempty"` // in a divergence: enter, exit, or end (the trace ended)
	Iteration  int       `json:"iteration"`       // the iteration's depth
	RootSearch int       `json:"rootSearch"`      // 1 for the iteration's first root search
	Path       []string  `json:"path"`
	SAN        []string  `json:"san,omitempty"`
	Node       int32     `json:"node,omitempty"`
	Move       string    `json:"move,omitempty"`
	Seq        int64     `json:"seq"`
	Line       int       `json:"line"`
	Ply        int32     `json:"ply"`
	Depth      int16     `json:"depth"`
	Alpha      int32     `json:"alpha"`
	Beta       int32     `json:"beta"`
	Reduced    int16     `json:"reduced,omitempty"`
	Extended   int16     `json:"extended,omitempty"`
	Why        string    `json:"why,omitempty"`
	Exit       *DiffExit `json:"exit,omitempty"`
}

// DiffExit is how a node was left: its score, bound and end, and the nodes
// entered in its subtree, itself included. Unclosed: the trace never left it.
type DiffExit struct {
	Seq      int64  `json:"seq"`
	Line     int    `json:"line"`
	Score    int32  `json:"score"`
	Bound    string `json:"bound,omitempty"`
	End      string `json:"end,omitempty"`
	Nodes    int64  `json:"nodes"`
	Unclosed bool   `json:"unclosed,omitempty"`
}

// DiffChange is a node searched in both that returned another score or
// bound. Whole: the two met out of step (their parent searched its moves in
// another order), so their subtrees were compared whole.
type DiffChange struct {
	Iteration  int      `json:"iteration"`
	RootSearch int      `json:"rootSearch"`
	Path       []string `json:"path"`
	SAN        []string `json:"san,omitempty"`
	What       []string `json:"what"`
	Whole      bool     `json:"whole,omitempty"`
	A          DiffNode `json:"a"`
	B          DiffNode `json:"b"`
}

// IterationDiff is one iteration in both (A or B nil: only in the other).
// PVPart is where the two PVs part, nil when they are the same.
type IterationDiff struct {
	Depth  int            `json:"depth"`
	A      *IterationSide `json:"a"`
	B      *IterationSide `json:"b"`
	PVPart *PVPart        `json:"pvPart"`
}

// PVPart is the first ply (from 0) where two lines differ, and each line's
// move there ("" where a line has ended).
type PVPart struct {
	Ply int    `json:"ply"`
	A   string `json:"a"`
	B   string `json:"b"`
}

// DiffInputError is a trace that cannot be read; Side is "A" or "B".
type DiffInputError struct {
	Side string
	Err  error
}

func (e *DiffInputError) Error() string { return fmt.Sprintf("trace %s: %v", e.Side, e.Err) }
func (e *DiffInputError) Unwrap() error { return e.Err }

// DiffPositionError: the headers name two different positions.
type DiffPositionError struct{ A, B string }

func (e *DiffPositionError) Error() string {
	return fmt.Sprintf("the traces are of different positions: A is %s, B is %s", e.A, e.B)
}

// pairIterations lines up two searches' iterations by depth (and which one
// of that depth, for a trace that repeats a depth).
func pairIterations(a, b []IterationSide) []IterationDiff {
	type key struct{ depth, occ int }
	var out []IterationDiff
	at := map[key]int{}
	for i := range a {
		at[key{a[i].Depth, int(a[i].occurrence)}] = len(out)
		out = append(out, IterationDiff{Depth: a[i].Depth, A: &a[i]})
	}
	for i := range b {
		k := key{b[i].Depth, int(b[i].occurrence)}
		if j, ok := at[k]; ok {
			out[j].B = &b[i]
			out[j].PVPart = pvPart(out[j].A.PV, b[i].PV)
			continue
		}
		out = append(out, IterationDiff{Depth: b[i].Depth, B: &b[i]})
	}
	slices.SortStableFunc(out, func(x, y IterationDiff) int { return x.Depth - y.Depth })
	if out == nil {
		out = []IterationDiff{}
	}
	return out
}

func pvPart(a, b []string) *PVPart {
	for i := 0; i < max(len(a), len(b)); i++ {
		var ma, mb string
		if i < len(a) {
			ma = a[i]
		}
		if i < len(b) {
			mb = b[i]
		}
		if ma != mb {
			return &PVPart{Ply: i, A: ma, B: mb}
		}
	}
	return nil
}
