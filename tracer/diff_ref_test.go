package tracer_test

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/pvscope/pvscope/tracer"
)

// A second walk, written for the tests and sharing nothing with Diff's: it
// reads both traces whole into trees and compares them recursively, first
// difference in search order. It knows only enter and exit (the shape), so
// it reads pvscope's full traces and hand-written minimal ones alike.

type refNode struct {
	enter, exit         tracer.Event
	enterLine, exitLine int
	exited              bool
	kids                []*refNode
}

type refIter struct {
	depth int16
	roots []*refNode
}

// refRead builds the trees. Line numbers: the header is line 1 and the
// files the tests write have one event per line after it.
func refRead(data []byte) []refIter {
	_, events, err := tracer.ReadAll(bytes.NewReader(data))
	if err != nil {
		panic(err)
	}
	var iters []refIter
	open := map[int32]*refNode{}
	explicit, inIter := false, false
	for i, e := range events {
		line := i + 2
		switch e.Kind {
		case tracer.IterationStart:
			iters = append(iters, refIter{depth: e.Depth})
			explicit, inIter = true, true
		case tracer.IterationEnd:
			inIter = false
		case tracer.Enter:
			n := &refNode{enter: e, enterLine: line}
			if p, ok := open[e.Parent]; ok && e.Parent != 0 {
				p.kids = append(p.kids, n)
			} else {
				if !inIter || (!explicit && iters[len(iters)-1].depth != e.Depth) {
					iters = append(iters, refIter{depth: e.Depth})
					inIter = true
				}
				iters[len(iters)-1].roots = append(iters[len(iters)-1].roots, n)
			}
			open[e.Node] = n
		case tracer.Exit:
			if n, ok := open[e.Node]; ok {
				n.exit, n.exitLine, n.exited = e, line, true
				delete(open, e.Node)
			}
		}
	}
	return iters
}

// refDivergence is where the trees first differ.
type refDivergence struct {
	path         []string
	what         []string
	seqA, seqB   int64
	lineA, lineB int
}

func (d *refDivergence) String() string {
	if d == nil {
		return "none"
	}
	return fmt.Sprintf("path %v what %v seq %d/%d line %d/%d", d.path, d.what, d.seqA, d.seqB, d.lineA, d.lineB)
}

// refFirst compares iteration by iteration, root search by root search.
func refFirst(a, b []refIter) *refDivergence {
	for i := 0; i < max(len(a), len(b)); i++ {
		if i >= len(a) || i >= len(b) || a[i].depth != b[i].depth {
			d := &refDivergence{path: []string{}, what: []string{"next"}}
			if i < len(a) && len(a[i].roots) > 0 {
				d.seqA, d.lineA = a[i].roots[0].enter.Seq, a[i].roots[0].enterLine
			}
			if i < len(b) && len(b[i].roots) > 0 {
				d.seqB, d.lineB = b[i].roots[0].enter.Seq, b[i].roots[0].enterLine
			}
			return d
		}
		ra, rb := a[i].roots, b[i].roots
		for j := 0; j < max(len(ra), len(rb)); j++ {
			if j >= len(ra) || j >= len(rb) {
				return &refDivergence{path: []string{}, what: []string{"next"}}
			}
			if d := refCompare(ra[j], rb[j], []string{}); d != nil {
				return d
			}
		}
	}
	return nil
}

func refCompare(a, b *refNode, path []string) *refDivergence {
	var what []string
	ea, eb := a.enter, b.enter
	if ea.Alpha != eb.Alpha || ea.Beta != eb.Beta {
		what = append(what, "window")
	}
	if ea.Depth != eb.Depth {
		what = append(what, "depth")
	}
	if ea.Reduced != eb.Reduced {
		what = append(what, "reduced")
	}
	if ea.Extended != eb.Extended {
		what = append(what, "extended")
	}
	if what != nil {
		return &refDivergence{path: path, what: what, seqA: ea.Seq, seqB: eb.Seq, lineA: a.enterLine, lineB: b.enterLine}
	}
	ka, kb := refKeys(a.kids), refKeys(b.kids)
	for i := 0; i < max(len(ka), len(kb)); i++ {
		if i < len(ka) && i < len(kb) && ka[i] == kb[i] {
			if d := refCompare(a.kids[i], b.kids[i], append(slices.Clone(path), a.kids[i].enter.Move)); d != nil {
				return d
			}
			continue
		}
		d := &refDivergence{path: path, what: []string{"next"}}
		d.seqA, d.lineA = refStep(a, i)
		d.seqB, d.lineB = refStep(b, i)
		return d
	}
	xa, xb := a.exit, b.exit
	if xa.Score != xb.Score {
		what = append(what, "score")
	}
	if refActual(a) != refActual(b) {
		what = append(what, "bound")
	}
	if xa.End != xb.End {
		what = append(what, "end")
	}
	if what != nil {
		return &refDivergence{path: path, what: what, seqA: xa.Seq, seqB: xb.Seq, lineA: a.exitLine, lineB: b.exitLine}
	}
	return nil
}

// refStep is the seq and line of n's i-th child's enter, or of n's exit when it has no more.
func refStep(n *refNode, i int) (int64, int) {
	if i < len(n.kids) {
		return n.kids[i].enter.Seq, n.kids[i].enterLine
	}
	return n.exit.Seq, n.exitLine
}

// refKeys names children by move and visit: a move searched again is "m#1".
func refKeys(kids []*refNode) []string {
	seen := map[string]int{}
	keys := make([]string, len(kids))
	for i, k := range kids {
		keys[i] = fmt.Sprintf("%s#%d", k.enter.Move, seen[k.enter.Move])
		seen[k.enter.Move]++
	}
	return keys
}

// refSize is the nodes of n's subtree.
func refSize(n *refNode) int64 {
	s := int64(1)
	for _, k := range n.kids {
		s += refSize(k)
	}
	return s
}

// refActual is the node's type as its exit says, or as its score against its
// window makes it when a minimal trace leaves it out.
func refActual(n *refNode) tracer.NodeType {
	switch {
	case n.exit.Actual != tracer.NoType:
		return n.exit.Actual
	case n.exit.Score <= n.enter.Alpha:
		return tracer.All
	case n.exit.Score >= n.enter.Beta:
		return tracer.Cut
	}
	return tracer.PV
}
