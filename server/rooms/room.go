package rooms

import (
	"cmp"
	"encoding/json"
	"net"
	"sync"
	"time"

	"github.com/pvscope/pvscope/server/session"

	"github.com/pvscope/pvscope/tracer/msg"
)

// room is a presenter and the pages that follow it, after gorilla's chat hub:
// followers register and unregister, and what the presenter shows is
// broadcast into each follower's bounded send queue. The presenter's search
// is encoded once into a frame log that every follower reads by reference, at
// its own position; a follower whose queue stays full is dropped, never waited for.
type room struct {
	code, token string
	addr        string // the network address that opened it, charged for it (roomlimits.go)
	hub         *Hub
	done        chan struct{} // closed when the room closes

	mu          sync.Mutex
	closed      bool
	presenter   Member        // nil while the presenter is away
	presenterIn chan struct{} // closed when the presenter leaves or is replaced: its watch ends
	awaySince   time.Time
	followers   map[Member]*follower
	log         *frameLog
	cursor      []byte // the presenter's last cursor frame
	cursorSeq   int
	question    *poll
	questionSeq int
	countDirty  bool // the presenter has not been told the number of followers
	broadcastAt time.Time
}

// follower is one following page and how far it has been sent.
type follower struct {
	c           Member
	log         *frameLog
	pos         int // frames of log sent
	cursorSeq   int
	questionSeq int
	stallSince  time.Time     // when it last took nothing while frames waited; zero if it keeps up
	in          chan struct{} // closed when it leaves the room: its watch ends
}

func newRoom(h *Hub, code, token string) *room {
	return &room{code: code, token: token, hub: h, done: make(chan struct{}),
		followers: map[Member]*follower{}}
}

func (r *room) isPresenter(c Member) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.presenter == c
}

// reclaim makes c the presenter: a new room's first, or a presenter back with its token.
func (r *room) reclaim(c Member) {
	r.mu.Lock()
	old := r.presenter
	if r.presenter == nil && !r.awaySince.IsZero() {
		r.tellFollowers(presenterFrame{Type: "room-presenter", Here: true}.with(msg.New("go-server.presenterBack", "The presenter is back.")))
	}
	if r.presenterIn != nil {
		close(r.presenterIn)
	}
	in := make(chan struct{})
	r.presenter, r.presenterIn, r.awaySince, r.countDirty = c, in, time.Time{}, true
	r.mu.Unlock()
	if old != nil && old != c {
		r.hub.forget(old, r)
		old.Queue(session.Said(0, "", msg.New("go-server.presenterTakenOver", "Another page took over room {code} as its presenter.", "code", r.code)))
	}
	c.Queue(roomFrame{Type: "room", Code: r.code, Role: "presenter", Token: r.token})
	r.watch(c, in)
}

// register adds a follower, or says why it cannot follow.
func (r *room) register(c Member) bool {
	r.hub.mu.Lock()
	most := cmp.Or(r.hub.FollowerCap, maxFollowers)
	r.hub.mu.Unlock()
	r.mu.Lock()
	if r.closed || len(r.followers) >= most {
		closed := r.closed
		r.mu.Unlock()
		m := msg.New("go-server.roomFull", "Room {code} already has {n} followers, the most this server allows.", "code", r.code, "n", most)
		if closed {
			m = msg.New("go-server.roomJustClosed", "Room {code} has just closed.", "code", r.code)
		}
		c.Queue(session.Said(0, "code", m))
		return false
	}
	// The room frame goes first, before the room fills the queue.
	c.Queue(roomFrame{Type: "room", Code: r.code, Role: "follower"})
	in := make(chan struct{})
	r.followers[c] = &follower{c: c, in: in}
	r.countDirty = true
	r.mu.Unlock()
	// The kernel would buffer up to 4 MB for a follower that stopped reading
	// (500 of them: 2 GB) before the room could see it fall behind; a smaller
	// buffer still carries a LAN's throughput at its round-trip times.
	if tc, ok := c.NetConn().(*net.TCPConn); ok {
		tc.SetWriteBuffer(followerSocketBuffer)
	}
	r.watch(c, in)
	return true
}

// watch unregisters c when its connection ends (a closed tab, or one dropped
// as slow), unless it has left the room (in is closed) or the room has closed.
// A page that joins and leaves again and again leaves no goroutine behind.
func (r *room) watch(c Member, in chan struct{}) {
	go func() {
		select {
		case <-c.Context().Done():
			r.gone(c)
		case <-r.done:
		case <-in:
		}
	}()
}

func (r *room) gone(c Member) {
	r.mu.Lock()
	if r.presenter == c {
		close(r.presenterIn)
		r.presenter, r.presenterIn, r.awaySince = nil, nil, time.Now() // the grace period starts
		grace, _ := r.hub.timings()
		r.tellFollowers(presenterFrame{Type: "room-presenter", Here: false}.with(msg.New("go-server.presenterLost",
			"The presenter's connection is lost; the room waits {grace} for them to come back.",
			"grace", grace.Round(time.Second).String())))
	}
	if f, ok := r.followers[c]; ok {
		r.unregister(f)
	}
	r.mu.Unlock()
	r.hub.forget(c, r)
}

// unregister takes f out of the room, and its answer out of the poll: a poll
// counts the followers present, so a page that answers and closes takes its
// answer with it (and the room keeps nothing of it). r.mu is held.
func (r *room) unregister(f *follower) {
	delete(r.followers, f.c)
	close(f.in)
	r.countDirty = true
	if q := r.question; q != nil {
		if _, ok := q.answers[f.c]; ok {
			delete(q.answers, f.c)
			q.dirty = true
		}
	}
}

// leave is a page leaving on purpose: a follower unregisters, a presenter closes the room.
func (r *room) leave(c Member, presenter bool) {
	if presenter {
		r.close(msg.New("go-server.roomClosedByPresenter", "The presenter has closed the room."))
		return
	}
	r.gone(c)
}

// setCursor records the presenter's cursor and broadcasts it at once.
func (r *room) setCursor(c Member, cmd roomCommand) {
	f, err := newCursorFrame(cmd)
	if err != nil {
		c.Queue(err)
		return
	}
	b, _ := json.Marshal(f)
	r.mu.Lock()
	r.cursor = b
	r.cursorSeq++
	r.broadcast()
	r.mu.Unlock()
}

// broadcast offers the newest cursor and question to every follower at once,
// unless it did so less than a tick ago: then the next tick does, so a
// presenter's burst of cursors costs at most one pass over the followers per tick. r.mu is held.
func (r *room) broadcast() {
	now := time.Now()
	if now.Sub(r.broadcastAt) < roomTick {
		return
	}
	r.broadcastAt = now
	for _, f := range r.followers {
		r.refill(f, now, false)
	}
}

// loop relays the presenter's search into the frame log, refills the
// followers' queues, tells the presenter its count and poll, and closes the
// room when the presenter stays away past the grace period.
func (r *room) loop() {
	tick := time.NewTicker(roomTick)
	defer tick.Stop()
	for {
		select {
		case <-r.hub.ctx.Done():
			r.close(msg.New("go-server.shuttingDown", "The server is shutting down."))
			return
		case <-r.done:
			return
		case now := <-tick.C:
			grace, stall := r.hub.timings()
			r.mu.Lock()
			if r.presenter == nil && now.Sub(r.awaySince) > grace {
				r.mu.Unlock()
				r.close(msg.New("go-server.presenterAway", "The presenter has been away for {grace}, so room {code} is closed; what you received stays steppable.",
					"grace", grace.Round(time.Second).String(), "code", r.code))
				return
			}
			held := len(r.followers) > 0 && r.relay()
			var slow []Member
			for _, f := range r.followers {
				if !r.refill(f, now, !held) || (!f.stallSince.IsZero() && now.Sub(f.stallSince) > stall) {
					slow = append(slow, f.c)
				}
			}
			for _, c := range slow {
				r.unregister(r.followers[c])
			}
			r.tellPresenter()
			r.mu.Unlock()
			for _, c := range slow {
				c.Cancel() // gorilla's chat closes a client whose queue is full; its page reconnects and catches up
				r.hub.forget(c, r)
			}
		}
	}
}

// refill puts into f's queue what it has not been sent, as far as the queue
// has room: the newest cursor and question first (they are small and a class
// waits for them), then the log's frames. It never blocks. It says false when
// f's connection has ended. r.mu is held.
func (r *room) refill(f *follower, now time.Time, events bool) bool {
	if f.c.Context().Err() != nil {
		return false
	}
	q := f.c.Send()
	free := cap(q) - len(q) - queueReserve
	put := func(b []byte) bool {
		if free <= 0 {
			return false
		}
		select {
		case q <- b:
			free--
			return true
		default:
			free = 0
			return false
		}
	}
	moved, waiting := false, false
	if f.cursorSeq != r.cursorSeq {
		if put(r.cursor) {
			f.cursorSeq, moved = r.cursorSeq, true
		} else {
			waiting = true
		}
	}
	if f.questionSeq != r.questionSeq {
		if put(r.question.frame()) {
			f.questionSeq, moved = r.questionSeq, true
		} else {
			waiting = true
		}
	}
	if events && r.log != nil {
		if f.log != r.log {
			f.log, f.pos = r.log, 0 // the presenter started another search: send it from its started frame
		}
		for f.pos < len(f.log.frames) && put(f.log.frames[f.pos]) {
			f.pos++
			moved = true
		}
		waiting = waiting || f.pos < len(f.log.frames)
	}
	if !events {
		return true // the stall is judged on the loop's ticks, which offer everything
	}
	switch {
	case moved || !waiting:
		f.stallSince = time.Time{}
	case f.stallSince.IsZero():
		f.stallSince = now
	}
	return true
}

// tellPresenter sends the count of followers and the poll when they have
// changed and the presenter's queue has room; a burst of joins makes one frame. r.mu is held.
func (r *room) tellPresenter() {
	p := r.presenter
	if p == nil {
		return
	}
	if r.countDirty && len(p.Send()) < cap(p.Send())-queueReserve {
		r.countDirty = false
		p.Queue(roomCountFrame{Type: "room-count", Followers: len(r.followers)})
	}
	if q := r.question; q != nil && q.dirty && len(p.Send()) < cap(p.Send())-queueReserve {
		q.dirty = false
		p.Queue(q.tally(len(r.followers)))
	}
}

// tellFollowers sends a notice to every follower whose queue has room; one
// whose queue is full misses it (it is behind anyway). r.mu is held.
func (r *room) tellFollowers(v any) {
	b, _ := json.Marshal(v)
	for c := range r.followers {
		if len(c.Send()) < cap(c.Send())-queueReserve {
			select {
			case c.Send() <- b:
			default:
			}
		}
	}
}

// close ends the room: followers are told, the hub forgets it.
func (r *room) close(why *msg.Error) {
	r.mu.Lock()
	if r.closed {
		r.mu.Unlock()
		return
	}
	r.closed = true
	members := make([]Member, 0, len(r.followers)+1)
	for c := range r.followers {
		members = append(members, c)
	}
	if r.presenter != nil {
		members = append(members, r.presenter)
	}
	r.letGoOfLog()
	r.followers, r.log, r.presenter = nil, nil, nil
	r.mu.Unlock()
	close(r.done)
	r.hub.remove(r, members)
	for _, c := range members {
		c.Queue(roomClosedFrame{Type: "room-closed", Code: r.code, Message: why.Text, Key: why.Key, Args: why.Args})
	}
}
