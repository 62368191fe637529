package server

import (
	"context"
	"errors"
	"github.com/pvscope/pvscope/server/capacity"
	"time"

	"github.com/pvscope/pvscope/server/session"
	"github.com/pvscope/pvscope/tracer/msg"
)

// start checks the command at once (a mistake is told without waiting), then
// waits for a slot on another goroutine: the read pump stays free to hear
// stop, or a newer start that replaces this one. A page has one search at a
// time: a start that replaces one waiting in line takes its place there; one
// that replaces a running search waits for it to give its slot back, then
// joins the line.
func (c *conn) start(cmd session.Command) {
	// Straight to the session (no wrapper frame): the read pump's stack, which every
	// page holds, stays within its first size (TestWaitingSearchesAreCheap).
	sl := c.srv.limits.sessionLimits()
	p, err := session.Check(cmd, sl)
	if err != nil {
		c.queue(session.Error{Type: "error", ID: cmd.ID, Field: session.FieldOf(err), Message: session.Sentence(err.Error())}.WithKey(err))
		return
	}
	ctx, cancel := context.WithCancel(c.ctx)
	a := &attempt{id: cmd.ID, cancel: cancel, gone: make(chan struct{})}
	a.waiter = capacity.NewWaiter(func(place int, wait time.Duration, atLeast bool) { c.tellPlace(a, place, wait, atLeast) }, waitingBytesOf(p))
	c.mu.Lock()
	prev := c.last
	c.last = a
	c.mu.Unlock()
	inherited := false
	if prev != nil {
		inherited = c.srv.slots.Replace(prev.waiter, a.waiter)
		prev.cancel() // starting again replaces the search being shown (or waiting)
	}
	go c.launch(ctx, a, prev, inherited, p)
}

// attempt is one start command, from its check to the end of its search.
type attempt struct {
	id      int64
	cancel  context.CancelFunc
	waiter  *capacity.Waiter // its claim on a search slot
	gone    chan struct{}    // closed once the attempt holds no slot and never will
	stopped bool             // the page asked to stop it (under conn.mu)
}

// waitingBytesOf is what the plan holds while it waits in line: its text and
// tree besides what every waiting search holds.
func waitingBytesOf(p *session.Plan) int64 {
	n := int64(capacity.WaitingBytes + len(p.Setup.FEN) + len(p.Setup.Tree) + len(p.Setup.Random) + len(p.Setup.Position))
	if p.Setup.Tree != "" {
		n += p.Nodes * session.TreeNodeBytes
	}
	return n
}

// launch waits for the attempt's slot, in line if need be (inherited: it took
// the place of the page's previous search), then builds its run and searches.
func (c *conn) launch(ctx context.Context, a *attempt, prev *attempt, inherited bool, p *session.Plan) {
	searching := false
	defer func() {
		if !searching {
			close(a.gone)
		}
	}()
	slots := c.srv.slots
	var err error
	if !inherited {
		if prev != nil {
			<-prev.gone // one slot a page: a page restarting at the limit is not refused by its own search
		}
		if ctx.Err() != nil {
			return
		}
		err = slots.Join(a.waiter)
	}
	var release func()
	if err == nil {
		release, err = slots.Await(ctx, a.waiter)
	}
	c.mu.Lock()
	c.forgetPlace(a) // out of the line: a place not yet sent is stale
	stopped := a.stopped
	c.mu.Unlock()
	if err != nil {
		var full *capacity.LineError
		switch {
		case errors.As(err, &full):
			c.queue(session.Said(a.id, "", full.Said()))
		case errors.Is(err, capacity.ErrReplaced):
		case stopped:
			c.queue(session.Said(a.id, "", msg.New("go-server.stoppedInLine", "Stopped while waiting for a free search slot: the search did not start.")))
		}
		return
	}
	r, err := build(p, c.srv.budget, &c.srv.limits)
	if err != nil {
		release()
		c.queue(session.Error{Type: "error", ID: a.id, Field: session.FieldOf(err), Message: session.Sentence(err.Error())}.WithKey(err))
		return
	}
	r.cancel, r.wake = a.cancel, c.wake
	r.Begin(time.Now())
	r.onEvict = func() {
		c.queue(session.NoticeOf(r.ID(), msg.New("go-server.recordingEvicted", "The server let go of this search's recording to make room for other searches; this page keeps its own copy, so stepping still works.")))
	}
	c.mu.Lock()
	old := c.cur
	c.cur = r
	closed := c.closed
	c.mu.Unlock()
	c.srv.budget.Forget(old.account())
	if closed { // the write pump has gone and forgotten its run: forget this one too
		c.srv.budget.Forget(r.account())
	}
	c.ring()
	searching = true
	capacity.RunNiced(func() { r.search(ctx, func() { a.cancel(); release(); c.srv.finished.Add(1); close(a.gone) }) })
}

// stop ends the page's search, or takes it out of the line.
func (c *conn) stop() {
	c.mu.Lock()
	a := c.last
	if a != nil {
		a.stopped = true
	}
	c.mu.Unlock()
	if a != nil {
		a.cancel()
	}
}
