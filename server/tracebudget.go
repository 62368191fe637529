package server

import (
	"github.com/pvscope/pvscope/tracer"
	"github.com/pvscope/pvscope/tracer/msg"
)

// A trace file is charged to the memory budget (-max-memory) as it is read,
// like a search's recording: what the opened trace keeps (its events and its
// lines, derived ones included) and, while it is read, what reading takes (a
// frame per open node in the deriver and the checker, an entry per node
// entered). A charge that does not fit first lets idle recordings and the
// oldest opened traces go, and else refuses the file with a sentence.

const (
	// readNodeBytes is what reading holds per node entered: the page's id
	// for it, and the checker's state of a child of an open node (a root
	// with a million children keeps a million of them); measured on the
	// hostile traces of tracebudget_test.go.
	readNodeBytes = 160
	// openNodeBytes is what reading holds per node open at once: the
	// deriver's and the checker's frames (a chain of 16,000 nested nodes
	// keeps 16,000 of them).
	openNodeBytes = 640
	// chargeStep is the growth between two charges while a trace is read.
	chargeStep = 256 << 10
)

// traceAccount is an opened trace's share of the memory budget. The zero
// account charges nothing (tests that read a trace without a server).
type traceAccount struct {
	b     *budget
	store *traceStore // whose oldest traces give way when the budget is full
	n     int64
}

// to raises the account to n bytes, letting older traces go when it must;
// false when n does not fit even so.
func (a *traceAccount) to(n int64) bool {
	if a == nil || a.b == nil || n <= a.n {
		return true
	}
	for !a.b.take(n - a.n) {
		if a.store == nil || !a.store.dropOldest() {
			return false
		}
	}
	a.n = n
	return true
}

// settle lowers the account to n: reading is over, what it held is let go.
func (a *traceAccount) settle(n int64) {
	if a != nil && a.b != nil && n < a.n {
		a.b.give(a.n - n)
		a.n = n
	}
}

// release gives the whole account back: the trace is forgotten.
func (a *traceAccount) release() { a.settle(0) }

// budgetFullTrace is the sentence for a trace the budget has no room for.
func budgetFullTrace(b *budget) error {
	return msg.New("go-server.budgetFullTrace",
		"the server's memory budget (-max-memory, {memory}) has no room for this trace now; try again when a search has finished, or open a smaller trace",
		"memory", mb(b.max))
}

// isBudgetFull says whether err is budgetFullTrace's: the server is full, the file is not wrong.
func isBudgetFull(err error) bool {
	m, ok := msg.Keyed(err)
	return ok && m.Key == "go-server.budgetFullTrace"
}

// readCost is what a trace being read holds: what it keeps, and the
// scaffolding of reading.
type readCost struct {
	nodes, open, maxOpen int64
	charged              int64 // the cost last charged
}

// enter and exit follow how many nodes are open.
func (c *readCost) enter() {
	c.nodes++
	c.open++
	c.maxOpen = max(c.maxOpen, c.open)
}

func (c *readCost) exit() { c.open = max(c.open-1, 0) }

// kept is what the opened trace keeps once read.
func kept(rec *tracer.Recording, d *tracer.Deriver) int64 { return rec.Bytes() + d.LineBytes() }

// now is what reading holds at this point.
func (c *readCost) now(rec *tracer.Recording, d *tracer.Deriver) int64 {
	return kept(rec, d) + c.nodes*readNodeBytes + c.maxOpen*openNodeBytes
}
