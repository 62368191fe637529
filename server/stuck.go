package server

import (
	"sync/atomic"
	"time"

	"github.com/pvscope/pvscope/tracer/msg"
)

// stuckWatch notices a page that has stopped reading: a frame that waits
// StuckWait to be written while other pages wait for a search slot stops the
// page's search, so the slot goes to the next in line. A slow page nobody
// waits behind keeps its search; the page keeps its connection either way
// (WriteWait drops it).
type stuckWatch struct {
	c       *conn
	timer   *time.Timer
	writing atomic.Bool
}

func newStuckWatch(c *conn) *stuckWatch {
	w := &stuckWatch{c: c}
	w.timer = time.AfterFunc(time.Hour, w.fire)
	w.timer.Stop()
	return w
}

// begin and end bracket one frame's write.
func (w *stuckWatch) begin() {
	if d := w.c.srv.limits.StuckWait; d > 0 {
		w.writing.Store(true)
		w.timer.Reset(d)
	}
}

func (w *stuckWatch) end() {
	w.writing.Store(false)
	w.timer.Stop()
}

func (w *stuckWatch) fire() {
	if !w.writing.Load() {
		return // the write ended as the timer fired
	}
	if _, waiting := w.c.srv.slots.counts(); waiting == 0 {
		w.timer.Reset(w.c.srv.limits.StuckWait) // nobody needs the slot yet: look again later
		return
	}
	w.c.mu.Lock()
	r := w.c.cur
	w.c.mu.Unlock()
	if r != nil {
		r.stop(msg.New("go-server.stoppedStuck", "your page stopped reading for {wait} while others waited, so the search stopped to let them search",
			"wait", w.c.srv.limits.StuckWait.String()))
	}
}
