package rooms

import (
	"encoding/json"

	"github.com/pvscope/pvscope/server/session"
	"github.com/pvscope/pvscope/tracer"
	"github.com/pvscope/pvscope/tracer/msg"
)

// A room relays the presenter's search to its followers as one frame log,
// encoded once and read by every follower at its own position (room.go's
// refill hands the frames on).

// frameLog is one search of the presenter's as frames: started, events, done.
// It is written by the room's loop and only appended to, so followers share it.
type frameLog struct {
	run    Search
	frames [][]byte
	cur    *session.Cursor // makes the events frames; cur.Sent events so far
	done   bool
	bytes  int64 // the frames' size, charged to the server's memory budget
	buf    []tracer.Event
}

// relay appends to the frame log what the presenter's search has that the
// log has not; a new search of the presenter's starts a new log. It says true
// while the log is held back from the followers (presenterStreaming). r.mu is held.
func (r *room) relay() bool {
	var cur Search // the presenter's search, read once a tick
	if p := r.presenter; p != nil {
		cur = p.Current()
		if cur != nil && (r.log == nil || r.log.run != cur) {
			r.letGoOfLog()
			// The budget keeps the run's recording until the log has read it all.
			r.hub.budget.Hold(cur.Account())
			started, _ := json.Marshal(cur.Started())
			r.log = &frameLog{run: cur, frames: [][]byte{started}, cur: session.NewCursor(cur.ID())}
		}
	}
	l := r.log
	if l == nil || l.done {
		return false
	}
	if r.presenterStreaming(cur, l.run) {
		return true
	}
	if l.buf == nil {
		l.buf = make([]tracer.Event, session.MaxBatch)
	}
	// A few frames per tick at most, so that a room catching up on a long
	// search still answers its followers' messages.
	for range 16 {
		step := l.cur.Sent
		frame, n, last := l.cur.Next(l.run, l.buf)
		if n > 0 {
			if !r.hub.budget.Take(int64(len(frame))) {
				r.cutLog(l, step)
				return false
			}
			l.bytes += int64(len(frame))
			l.frames = append(l.frames, append([]byte(nil), frame...))
		}
		if last {
			b, _ := json.Marshal(l.run.Done())
			l.frames = append(l.frames, b)
			r.hub.budget.Unhold(l.run.Account()) // the log has every event: the recording may go
			l.done, l.buf, l.cur = true, nil, nil
			return false
		}
		if n < len(l.buf) {
			return false
		}
	}
	return false
}

// presenterStreaming says whether run is still arriving at the presenter's
// page. Its events wait for the followers until it has: 500 pages' worth of
// writes would otherwise share the machine with the presenter's own stream
// (and, on two cores, make it several times slower), and a started frame can
// hold a whole generated tree. The followers get the search, started frame
// and all, as soon as the presenter's page has it. cur is the presenter's
// current search as relay read it. r.mu is held.
func (r *room) presenterStreaming(cur, run Search) bool {
	p := r.presenter
	if p == nil || p.Context().Err() != nil {
		return false
	}
	return cur == run && p.Delivered() != run
}

// letGoOfLog tells the budget that the room no longer reads its log's run,
// unless it already had every event, and gives back the log's memory. r.mu is held.
func (r *room) letGoOfLog() {
	l := r.log
	if l == nil {
		return
	}
	if !l.done {
		r.hub.budget.Unhold(l.run.Account())
	}
	r.hub.budget.Give(l.bytes)
	l.bytes = 0
}

// cutLog ends a log that the memory budget has no room for: followers get
// what it has (step events) and a sentence saying why the rest does not
// come. r.mu is held.
func (r *room) cutLog(l *frameLog, step int) {
	r.hub.budget.Unhold(l.run.Account())
	b, _ := json.Marshal(session.NoticeOf(l.run.ID(), msg.New("go-server.roomCopyCut",
		"The room's copy of this search stops at step {step}: the server's memory budget is full. The presenter's page still has it all.", "step", step)))
	l.frames = append(l.frames, b)
	l.done, l.buf, l.cur = true, nil, nil
}
