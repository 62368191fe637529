package capacity

import (
	"github.com/pvscope/pvscope/server/session"
	"github.com/pvscope/pvscope/tracer/msg"
)

// A trace file is charged to the memory budget (-max-memory) as it is read,
// like a search's recording: what the opened trace keeps (its events and its
// lines, derived ones included) and, while it is read, what reading takes (a
// frame per open node in the deriver and the checker, an entry per node
// entered). A charge that does not fit first lets idle recordings and the
// oldest opened traces go, and else refuses the file with a sentence.

// TraceAccount is an opened trace's share of the memory budget. The zero
// account charges nothing (tests that read a trace without a server).
type TraceAccount struct {
	B     *Budget
	Store interface{ DropOldest() bool } // whose oldest traces give way when the budget is full
	n     int64
	asked int64 // the most it was asked to hold: past the whole budget, no wait makes room
}

// to raises the account to n bytes, letting older traces go when it must;
// false when n does not fit even so.
func (a *TraceAccount) to(n int64) bool {
	if a == nil || a.B == nil || n <= a.n {
		return true
	}
	a.asked = max(a.asked, n)
	for !a.B.Take(n - a.n) {
		if a.Store == nil || !a.Store.DropOldest() {
			return false
		}
	}
	a.n = n
	return true
}

// settle lowers the account to n: reading is over, what it held is let go.
func (a *TraceAccount) settle(n int64) {
	if a != nil && a.B != nil && n < a.n {
		a.B.Give(a.n - n)
		a.n = n
	}
}

// Release gives the whole account back: the trace is forgotten.
func (a *TraceAccount) Release() { a.settle(0) }

// budgetFullTrace is the sentence for a trace the budget has no room for.
func budgetFullTrace(b *Budget) error {
	return msg.New("go-server.budgetFullTrace",
		"the server's memory budget (-max-memory, {memory}) has no room for this trace now; try again when a search has finished, or open a smaller trace",
		"memory", session.MB(b.max))
}

// budgetTraceTooBig is the sentence for a trace that needs more than the
// whole budget: "try again" would not help (an outside probe read it so on an
// idle server, for a chain of a million nodes).
func budgetTraceTooBig(b *Budget) error {
	return msg.New("go-server.budgetTraceTooBig",
		"this trace needs more memory than the server's whole budget (-max-memory, {memory}); open a smaller trace, or start pvscope with a larger -max-memory",
		"memory", session.MB(b.max))
}

// IsBudgetFull says whether err is the budget's refusal of a trace (full now,
// or smaller than the trace: IsBeyondBudget): the file is not wrong.
func IsBudgetFull(err error) bool {
	m, ok := msg.Keyed(err)
	return ok && (m.Key == "go-server.budgetFullTrace" || m.Key == "go-server.budgetTraceTooBig")
}

// IsBeyondBudget says whether err refuses a trace larger than the whole budget.
func IsBeyondBudget(err error) bool {
	m, ok := msg.Keyed(err)
	return ok && m.Key == "go-server.budgetTraceTooBig"
}

// To, Settle and Full make the account session.ReadTrace's charger.
func (a *TraceAccount) To(n int64) bool { return a.to(n) }
func (a *TraceAccount) Settle(n int64)  { a.settle(n) }
func (a *TraceAccount) Full() error {
	if a == nil || a.B == nil {
		return budgetFullTrace(&Budget{})
	}
	if a.asked > a.B.max {
		return budgetTraceTooBig(a.B)
	}
	return budgetFullTrace(a.B)
}
