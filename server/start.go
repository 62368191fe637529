package server

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// start checks the command at once (a mistake is told without waiting), then
// waits for the page's previous search to give its slot back and for a slot
// of its own, in line if need be, on another goroutine: the read pump stays
// free to hear stop, or a newer start that replaces this one.
func (c *conn) start(cmd command) {
	p, err := check(cmd, c.srv.limits)
	if err != nil {
		c.queue(errorFrame{Type: "error", ID: cmd.ID, Field: errField(err), Message: sentence(err.Error())})
		return
	}
	ctx, cancel := context.WithCancel(c.ctx)
	a := &attempt{id: cmd.ID, cancel: cancel, gone: make(chan struct{})}
	c.mu.Lock()
	prev := c.last
	c.last = a
	c.mu.Unlock()
	if prev != nil {
		prev.cancel() // starting again replaces the search being shown (or waiting)
	}
	go c.launch(ctx, a, prev, p)
}

// attempt is one start command, from its check to the end of its search.
type attempt struct {
	id      int64
	cancel  context.CancelFunc
	gone    chan struct{} // closed once the attempt holds no slot and never will
	stopped bool          // the page asked to stop it (under conn.mu)
}

func (c *conn) launch(ctx context.Context, a *attempt, prev *attempt, p *plan) {
	searching := false
	defer func() {
		if !searching {
			close(a.gone)
		}
	}()
	if prev != nil {
		<-prev.gone // a page restarting at the limit is not refused by its own search
	}
	if ctx.Err() != nil {
		return
	}
	release, err := c.srv.slots.acquire(ctx, func(place int) {
		c.queue(queuedFrame{Type: "queued", ID: a.id, Position: place, Message: queuedMessage(place, c.srv.limits.MaxSearches)})
	})
	if err != nil {
		c.mu.Lock()
		stopped := a.stopped
		c.mu.Unlock()
		switch {
		case errors.Is(err, errLineFull):
			c.queue(errorFrame{Type: "error", ID: a.id, Message: fmt.Sprintf("The server is running %s and %d more are waiting; try again when one has finished.",
				plural(c.srv.limits.MaxSearches, "search", "searches"), c.srv.limits.MaxQueue)})
		case stopped:
			c.queue(errorFrame{Type: "error", ID: a.id, Message: "Stopped while waiting for a free search slot: the search did not start."})
		}
		return
	}
	r, err := p.build(c.srv.budget, c.srv.limits)
	if err != nil {
		release()
		c.queue(errorFrame{Type: "error", ID: a.id, Field: errField(err), Message: sentence(err.Error())})
		return
	}
	r.cancel, r.wake, r.begun = a.cancel, c.wake, time.Now()
	r.onEvict = func() {
		c.queue(noticeFrame{Type: "notice", ID: r.id, Message: "The server let go of this search's recording to make room for other searches; " +
			"this page keeps its own copy, so stepping still works."})
	}
	c.mu.Lock()
	old := c.cur
	c.cur = r
	closed := c.closed
	c.mu.Unlock()
	c.srv.budget.forget(old)
	if closed { // the write pump has gone and forgotten its run: forget this one too
		c.srv.budget.forget(r)
	}
	c.ring()
	searching = true
	go r.search(ctx, func() { a.cancel(); release(); c.srv.finished.Add(1); close(a.gone) })
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
