package tracer

import (
	"container/heap"
	"slices"
)

// The lists a diff keeps are bounded: of the subtrees searched in only one
// trace, the Max largest; of the nodes whose score changed, the Max nearest
// the root. Each is a heap whose top is the entry to drop first.

// bySize keeps the largest subtrees (the earlier first among equals).
type bySize struct {
	max int
	h   sizeHeap
}

type sizeHeap []DiffNode

func (h sizeHeap) Len() int { return len(h) }
func (h sizeHeap) Less(i, j int) bool {
	return smaller(subtreeNodes(&h[i]), h[i].Seq, subtreeNodes(&h[j]), h[j].Seq)
}
func (h sizeHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *sizeHeap) Push(x any)   { *h = append(*h, x.(DiffNode)) }
func (h *sizeHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// subtreeNodes is the nodes n's subtree entered; 0 when it has no exit (a
// file that ended inside it).
func subtreeNodes(n *DiffNode) int64 {
	if n.Exit == nil {
		return 0
	}
	return n.Exit.Nodes
}

// smaller: a subtree of n nodes entered at seq ranks below one of m at seqM.
func smaller(n, seq, m, seqM int64) bool {
	if n != m {
		return n < m
	}
	return seq > seqM
}

// wants says whether a subtree of this size would be kept, before its path is built.
func (b *bySize) wants(nodes, seq int64) bool {
	return len(b.h) < b.max || smaller(subtreeNodes(&b.h[0]), b.h[0].Seq, nodes, seq)
}

func (b *bySize) add(n DiffNode) {
	heap.Push(&b.h, n)
	if len(b.h) > b.max {
		heap.Pop(&b.h)
	}
}

// sorted returns the kept subtrees, largest first.
func (b *bySize) sorted() []DiffNode {
	out := slices.Clone([]DiffNode(b.h))
	slices.SortFunc(out, func(x, y DiffNode) int {
		if smaller(subtreeNodes(&x), x.Seq, subtreeNodes(&y), y.Seq) {
			return 1
		}
		if smaller(subtreeNodes(&y), y.Seq, subtreeNodes(&x), x.Seq) {
			return -1
		}
		return 0
	})
	if out == nil {
		out = []DiffNode{}
	}
	return out
}

// byNearness keeps the changes nearest the root (the earlier first among equals).
type byNearness struct {
	max int
	h   nearHeap
}

type nearEntry struct {
	ply int
	seq int64
	c   DiffChange
}

type nearHeap []nearEntry

func (h nearHeap) Len() int           { return len(h) }
func (h nearHeap) Less(i, j int) bool { return farther(h[i].ply, h[i].seq, h[j].ply, h[j].seq) }
func (h nearHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *nearHeap) Push(x any)        { *h = append(*h, x.(nearEntry)) }
func (h *nearHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// farther: a change at ply, seq ranks below one at plyM, seqM.
func farther(ply int, seq int64, plyM int, seqM int64) bool {
	if ply != plyM {
		return ply > plyM
	}
	return seq > seqM
}

func (b *byNearness) wants(ply int, seq int64) bool {
	return len(b.h) < b.max || farther(b.h[0].ply, b.h[0].seq, ply, seq)
}

func (b *byNearness) add(c DiffChange, ply int, seq int64) {
	heap.Push(&b.h, nearEntry{ply, seq, c})
	if len(b.h) > b.max {
		heap.Pop(&b.h)
	}
}

// sorted returns the kept changes, nearest the root first, then in search order.
func (b *byNearness) sorted() []DiffChange {
	es := slices.Clone([]nearEntry(b.h))
	slices.SortFunc(es, func(x, y nearEntry) int {
		if farther(x.ply, x.seq, y.ply, y.seq) {
			return 1
		}
		if farther(y.ply, y.seq, x.ply, x.seq) {
			return -1
		}
		return 0
	})
	out := make([]DiffChange, len(es))
	for i, e := range es {
		out[i] = e.c
	}
	return out
}
