package server

import (
	"encoding/json"
	"sync"

	"github.com/pvscope/pvscope/server/session"
)

// errorQueue holds the error frames a page has not been sent yet. A page that
// sends twenty bad messages at once gets every one answered, but when they
// come faster than they are written they share one frame: the last error,
// with the number of refused messages it stands for. Its size is bounded
// whatever the page sends, so errors never close the connection.
type errorQueue struct {
	bell chan struct{} // rung when an error is waiting

	mu    sync.Mutex
	last  session.Error
	count int
}

func newErrorQueue() errorQueue { return errorQueue{bell: make(chan struct{}, 1)} }

func (q *errorQueue) add(f session.Error) {
	q.mu.Lock()
	q.last = f
	q.count++
	q.mu.Unlock()
	select {
	case q.bell <- struct{}{}:
	default:
	}
}

// take returns the frame to send for the errors waiting, if any.
func (q *errorQueue) take() ([]byte, bool) {
	q.mu.Lock()
	f, n := q.last, q.count
	q.count = 0
	q.mu.Unlock()
	if n == 0 {
		return nil, false
	}
	if n > 1 {
		f.Count = n
	}
	b, _ := json.Marshal(f)
	return b, true
}

func (c *conn) writeErrors() bool {
	b, ok := c.errs.take()
	return !ok || c.write(b)
}
