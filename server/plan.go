package server

import (
	"github.com/pvscope/pvscope/server/capacity"
	"time"

	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/server/session"
	"github.com/pvscope/pvscope/tracer/msg"
)

// roomWait is how long a search that holds its slot waits for the budget to have room for its
// table or tree, while the searches that just finished give theirs back.
const roomWait = 2 * time.Second

// build makes the run a plan describes, charging the budget for its table
// and tree first: called once the search holds its slot.
func build(p *session.Plan, b *capacity.Budget, lim *Limits) (*run, error) {
	r := &run{Search: session.NewSearch(p.ID), opt: p.Opt, budget: b, lim: *lim, returned: make(chan struct{})}
	r.acct.LetGo = r.letGo
	full := func(m *msg.Error) error {
		b.Forget(&r.acct)
		return m
	}
	memory := session.MB(b.Max())
	// The search holds its slot, and the one that gave the slot up may not have given its
	// tree's memory back yet (CI, under load: 4 of 30 huge trees refused "now"): a charge
	// that does not fit is tried again for a moment before the page is told.
	charge := func(n int64) bool {
		for end := time.Now().Add(roomWait); ; time.Sleep(10 * time.Millisecond) {
			if b.Charge(&r.acct, n) {
				return true
			}
			if time.Now().After(end) {
				return false
			}
		}
	}
	cost := int64(session.PVHashBytes)
	if p.Opt.TT {
		cost += session.TableSize(p.Opt.TTSize)
	}
	if !charge(cost) {
		return nil, full(msg.New("go-server.budgetFullTable",
			"the server's memory budget (-max-memory, {memory}) has no room for this search's table now; try again when a search has finished",
			"memory", memory))
	}
	r.tableCharge = cost
	r.pos = p.Pos
	if p.Random {
		if !charge(p.Nodes * session.TreeBuildBytes) {
			return nil, full(msg.New("go-server.budgetFullRandom",
				"the server's memory budget (-max-memory, {memory}) has no room for this random tree now; try again when a search has finished",
				"memory", memory))
		}
		t, err := engine.Generate(p.Spec)
		if err != nil {
			b.Forget(&r.acct)
			return nil, session.NewFieldError("random", err)
		}
		b.Refund(&r.acct, p.Nodes*(session.TreeBuildBytes-session.TreeNodeBytes))
		r.pos = engine.NewTreePosition(t)
	} else if p.Setup.Tree != "" && !charge(p.Nodes*session.TreeNodeBytes) {
		return nil, full(msg.New("go-server.budgetFullTree",
			"the server's memory budget (-max-memory, {memory}) has no room for this tree now; try again when a search has finished",
			"memory", memory))
	}
	r.started, r.notices = p.Started(r.pos)
	return r, nil
}

// letGo drops r's recording, and a finished search's tree, when the budget
// evicts it, and tells its page (onEvict).
func (r *run) letGo() {
	r.LetGo()
	r.pos = nil // read by the search only, which has returned (the budget evicts finished searches)
	if r.onEvict != nil {
		r.onEvict()
	}
}

// account is r's share of the memory budget; nil for no run.
func (r *run) account() *capacity.Account {
	if r == nil {
		return nil
	}
	return &r.acct
}
