package rooms

import (
	"context"
	"encoding/json"
	"net"
	"testing"
	"time"

	"github.com/pvscope/pvscope/server/capacity"
)

// fakeMember is a page's connection with nothing behind its queue: the test
// reads what the room puts in it.
type fakeMember struct {
	ctx    context.Context
	cancel context.CancelFunc
	send   chan []byte
	rooms  *PageRooms
}

func (c *fakeMember) Queue(v any) {
	b, _ := json.Marshal(v)
	select {
	case c.send <- b:
	default:
	}
}
func (c *fakeMember) Context() context.Context { return c.ctx }
func (c *fakeMember) Cancel()                  { c.cancel() }
func (c *fakeMember) Send() chan []byte        { return c.send }
func (c *fakeMember) NetConn() net.Conn        { return nil }
func (c *fakeMember) Current() Search          { return nil }
func (c *fakeMember) Delivered() Search        { return nil }
func (c *fakeMember) PageRooms() *PageRooms {
	if c.rooms == nil {
		c.rooms = NewPageRooms(&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1)})
	}
	return c.rooms
}

// A follower whose queue is full is not waited for: the cursors sent
// meanwhile wait in the room, and when its queue has room it gets only the
// newest one, once.
func TestRoomFollowerBehindGetsOnlyTheNewestCursor(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	h := NewHub(ctx, capacity.NewBudget(1<<20), 3000, 3)
	c := &fakeMember{ctx: ctx, cancel: cancel, send: make(chan []byte, 16)} // the server's queue of 16
	r := newRoom(h, "room", "token")
	f := &follower{c: c}
	r.followers[c] = f
	for len(c.send) < cap(c.send)-queueReserve {
		c.send <- []byte("busy")
	}
	for k := 1; k <= 3; k++ {
		r.setCursor(nil, roomCommand{K: &k, Selected: k})
	}
	if n := len(c.send); n != cap(c.send)-queueReserve {
		t.Fatalf("the room pushed into a full queue: %d frames", n)
	}
	for len(c.send) > 0 { // the page reads
		<-c.send
	}
	r.mu.Lock()
	r.refill(f, time.Now(), true)
	r.refill(f, time.Now(), true)
	r.mu.Unlock()
	if len(c.send) != 1 {
		t.Fatalf("%d frames after the queue emptied, want the one newest cursor", len(c.send))
	}
	var m map[string]any
	json.Unmarshal(<-c.send, &m)
	if m["type"] != "cursor" || m["k"] != float64(3) || m["selected"] != float64(3) {
		t.Fatalf("got %v, want the cursor at k 3", m)
	}
}
