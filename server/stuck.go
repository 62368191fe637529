package server

import (
	"github.com/pvscope/pvscope/server/capacity"
	"github.com/pvscope/pvscope/tracer/msg"
)

// newStuckWatch watches c's writes (capacity.StuckWatch): a page that stops
// reading while others wait for a slot has its current search stopped.
func newStuckWatch(c *conn) *capacity.StuckWatch {
	return capacity.NewStuckWatch(c.srv.limits.StuckWait, c.srv.slots, func(m *msg.Error) {
		c.mu.Lock()
		r := c.cur
		c.mu.Unlock()
		if r != nil {
			r.stop(m)
		}
	})
}
