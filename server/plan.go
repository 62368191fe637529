package server

import (
	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/server/session"
	"github.com/pvscope/pvscope/tracer"
	"github.com/pvscope/pvscope/tracer/msg"
)

// build makes the run a plan describes, charging the budget for its table
// and tree first: called once the search holds its slot.
func build(p *session.Plan, b *budget, lim *Limits) (*run, error) {
	r := &run{id: p.ID, opt: p.Opt, rec: tracer.NewRecording(), budget: b, lim: *lim, returned: make(chan struct{})}
	full := func(m *msg.Error) error {
		b.forget(r)
		return m
	}
	memory := session.MB(b.max)
	cost := int64(session.PVHashBytes)
	if p.Opt.TT {
		cost += session.TableSize(p.Opt.TTSize)
	}
	if !b.charge(r, cost) {
		return nil, full(msg.New("go-server.budgetFullTable",
			"the server's memory budget (-max-memory, {memory}) has no room for this search's table now; try again when a search has finished",
			"memory", memory))
	}
	r.tableCharge = cost
	r.pos = p.Pos
	if p.Random {
		if !b.charge(r, p.Nodes*session.TreeBuildBytes) {
			return nil, full(msg.New("go-server.budgetFullRandom",
				"the server's memory budget (-max-memory, {memory}) has no room for this random tree now; try again when a search has finished",
				"memory", memory))
		}
		t, err := engine.Generate(p.Spec)
		if err != nil {
			b.forget(r)
			return nil, session.NewFieldError("random", err)
		}
		b.refund(r, p.Nodes*(session.TreeBuildBytes-session.TreeNodeBytes))
		r.pos = engine.NewTreePosition(t)
	} else if p.Setup.Tree != "" && !b.charge(r, p.Nodes*session.TreeNodeBytes) {
		return nil, full(msg.New("go-server.budgetFullTree",
			"the server's memory budget (-max-memory, {memory}) has no room for this tree now; try again when a search has finished",
			"memory", memory))
	}
	r.started, r.notices = p.Started(r.pos)
	return r, nil
}
