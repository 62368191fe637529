package server

import (
	"context"

	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/server/capacity"
	"github.com/pvscope/pvscope/server/session"
	"github.com/pvscope/pvscope/tracer"
	"github.com/pvscope/pvscope/tracer/msg"
)

// run is one search of a page's: its recording and frames are the session's
// (session.Search: record, read, status, done), and run adds what the
// server holds it with: the search's slot, its share of the memory budget and
// the write pump's doorbell.
type run struct {
	*session.Search
	started session.Started
	notices []session.Notice // sent right after started: what the server chose for the user
	pos     engine.Position
	opt     engine.Options
	cancel  context.CancelFunc
	wake    chan<- struct{} // the write pump's doorbell; never blocks
	budget  *capacity.Budget
	lim     Limits
	onEvict func() // tells the page its recording was let go

	acct        capacity.Account // its share of the memory budget, kept by the budget
	tableCharge int64            // given back when the search returns

	returned chan struct{} // closed when the search goroutine has let go of its slot
}

// Emit implements tracer.Sink on the searching goroutine.
func (r *run) Emit(e tracer.Event) {
	n := r.Record(e)
	// The recording is charged as it grows, outside the search's lock (the
	// budget may take another run's lock to evict it).
	if c := session.ChargeFor(n); c > 0 && !r.budget.Charge(&r.acct, c) {
		r.stop(session.StoppedMemory(r.budget.Max(), n))
	}
	r.ring()
}

// ring rings the write pump's doorbell without waiting.
func (r *run) ring() {
	select {
	case r.wake <- struct{}{}:
	default:
	}
}

// stop ends the search early for a reason the done frame gives.
func (r *run) stop(why *msg.Error) {
	r.Stop(why)
	r.cancel()
}

// search runs on a search thread, at a lower priority than the rest of the server
// (searchthreads.go), and records the result for the pump.
func (r *run) search(ctx context.Context, release func()) {
	defer close(r.returned)
	defer release()
	res, err := engine.Search(ctx, r.pos, r.opt, r)
	d := session.DoneOf(r.ID(), r.pos, r.opt, res, err, r.Stopped(), ctx.Err() != nil, r.Elapsed())
	r.budget.Refund(&r.acct, r.tableCharge) // the tables went with the search
	r.Finish(d)
	r.ring()
}
