package server

import (
	"github.com/pvscope/pvscope/server/session"
	"github.com/pvscope/pvscope/tracer"
	"github.com/pvscope/pvscope/tracer/msg"
)

// why answers the page's "Why not …?" (session/why.go) from the search or
// trace it has open: the events recorded so far.
func (c *conn) why(raw []byte, id int64) {
	cmd, bad := session.ParseWhy(raw)
	if bad != nil {
		c.queue(session.Said(id, "", bad))
		return
	}
	c.mu.Lock()
	r := c.cur
	c.mu.Unlock()
	if r == nil {
		c.queue(session.Said(id, "", msg.New("go-server.whyNothingOpen", "Why not …? asks about the search the page shows; start a search or open a trace first.")))
		return
	}
	held := r.Recorded(func(rec *tracer.Recording, n int) {
		c.queue(session.AnswerWhy(cmd, session.WhyHeader(r.started), rec, n))
	})
	if !held {
		c.queue(session.Said(id, "", msg.New("go-server.whyEvicted", "The server let go of this search's recording to make room; search again to ask why.")))
	}
}
