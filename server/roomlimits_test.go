package server

import (
	"encoding/json"
	"fmt"
	"github.com/pvscope/pvscope/server/rooms"
	"net"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// dialFrom is dial from another loopback address (Linux answers on all of
// 127.0.0.0/8): a second machine on the class's network, as the server sees it.
func dialFrom(t *testing.T, hs *httptest.Server, ip string) *client {
	t.Helper()
	d := websocket.Dialer{NetDialContext: (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}).DialContext}
	ws, _, err := d.Dial(wsURL(hs), nil)
	if err != nil {
		t.Fatalf("dial from %s: %v", ip, err)
	}
	t.Cleanup(func() { ws.Close() })
	c := &client{t: t, ws: ws}
	c.hello = c.expect("hello")
	return c
}

// refusedOnce reads the next error and wants it alone (no earlier message
// refused), naming field when field is not "", and saying each of says.
func (c *client) refusedOnce(field string, says ...string) {
	c.t.Helper()
	c.ws.SetReadDeadline(time.Now().Add(5 * time.Second))
	var m map[string]any
	for m == nil {
		_, b, err := c.ws.ReadMessage()
		if err != nil {
			c.t.Fatalf("no error frame: %v", err)
		}
		json.Unmarshal(b, &m)
		if m["type"] != "error" {
			m = nil
		}
	}
	text, _ := m["message"].(string)
	if m["count"] != nil {
		c.t.Errorf("error %q stands for %v refused messages, want 1", text, m["count"])
	}
	if field != "" && m["field"] != field {
		c.t.Errorf("error %q names field %v, want %q", text, m["field"], field)
	}
	for _, s := range says {
		if !strings.Contains(text, s) {
			c.t.Errorf("error %q does not say %q", text, s)
		}
	}
	if !strings.HasSuffix(text, ".") || m["key"] == nil {
		c.t.Errorf("error %v: want a keyed sentence", m)
	}
}

// A page answers at most 30 times a minute and joins at most 6 times; the
// next is refused with a sentence saying when to try again, and the page
// stays in its room.
func TestRoomRateLimitsPerPage(t *testing.T) {
	_, hs := testServer(t, DefaultLimits())
	p, f := dial(t, hs), dial(t, hs)
	code, _ := present(t, p)
	follow(t, f, code)
	p.send(`{"type":"question","question":"q1","choices":["a","b"]}`)
	f.until("question")
	for i := range 30 {
		f.send(map[string]any{"type": "answer", "question": "q1", "answer": []string{"a", "b"}[i%2]})
	}
	f.send(`{"type":"answer","question":"q1","answer":"a"}`)
	// 30 a minute is one every 2 s: the 31st waits 2 s (1 or 2 once rounded up, by the clock).
	f.refusedOnce("answer", "30 answers in a minute", "answer again in ")
	// The 30th answer, "b", counts; the 31st does not.
	polls := watchPolls(p.ws)
	polls.wait(t, 1, 1, map[string]any{"a": float64(0), "b": float64(1)})

	// One join is spent; five more joins and leaves, then the seventh is refused.
	for range 5 {
		f.send(`{"type":"leave-room"}`)
		follow(t, f, code)
	}
	f.send(`{"type":"leave-room"}`)
	f.send(map[string]any{"type": "join-room", "code": code})
	f.refusedOnce("", "6 times in a minute", "try again in 10 s")
}

// An address joins and answers at most -room-rate times a minute, over all
// its pages; another address is not held back by it.
func TestRoomRateLimitsPerAddress(t *testing.T) {
	lim := DefaultLimits()
	lim.RoomRate = 5
	_, hs := testServer(t, lim)
	p := dial(t, hs)
	code, _ := present(t, p) // 127.0.0.1's first of 5
	var fs []*client
	for range 4 {
		f := dial(t, hs)
		follow(t, f, code)
		fs = append(fs, f)
	}
	late := dial(t, hs)
	late.send(map[string]any{"type": "join-room", "code": code})
	// 5 a minute is one every 12 s.
	late.refusedOnce("", "(127.0.0.1)", "5 times in a minute", "-room-rate", "try again in 12 s")
	follow(t, dialFrom(t, hs, "127.0.0.2"), code)

	p.send(`{"type":"question","question":"q1","choices":["a","b"]}`)
	for _, f := range fs {
		f.until("question")
		f.send(`{"type":"answer","question":"q1","answer":"a"}`)
	}
	fs[0].send(`{"type":"answer","question":"q1","answer":"b"}`) // the fifth
	polls := watchPolls(p.ws)
	polls.wait(t, 4, 5, map[string]any{"a": float64(3), "b": float64(1)})
	fs[1].send(`{"type":"answer","question":"q1","answer":"b"}`) // the sixth, refused
	fs[1].refusedOnce("answer", "(127.0.0.1)", "5 answers in a minute", "-room-rate", "answer again in 12 s")
}

// One address holds at most -rooms-per-address rooms (3 by default); a room
// its presenter has left with no one following is closed as soon as another
// needs its place, so a script's rooms do not keep the teacher from sharing.
func TestRoomsPerAddressAndAbandonedRooms(t *testing.T) {
	s, hs := testServer(t, DefaultLimits())
	s.rooms.RoomCap = 4
	var hostile []*client
	for range 3 {
		h := dialFrom(t, hs, "127.0.0.2")
		present(t, h)
		hostile = append(hostile, h)
	}
	more := dialFrom(t, hs, "127.0.0.2")
	more.send(`{"type":"create-room"}`)
	more.refusedOnce("", "(127.0.0.2)", "already holds 3 rooms", "-rooms-per-address")

	teacher := dial(t, hs) // another address: the teacher shares
	present(t, teacher)
	other := dialFrom(t, hs, "127.0.0.3")
	other.send(`{"type":"create-room"}`)
	other.refusedOnce("", "already has 4 rooms open")

	// The script closes its pages, its rooms wait for their presenters with no
	// one following; the next share takes the place of one at once.
	for _, h := range hostile {
		h.ws.Close()
	}
	waitRooms(t, s, 3, abandoned)
	present(t, other)
	present(t, more) // its address holds 2 abandoned rooms now: one goes for the server's place
	if n := s.Rooms(); n != 4 {
		t.Fatalf("%d rooms open, want 4: the teacher's, two shares and one abandoned", n)
	}
	// A room with a follower is not abandoned, though its presenter is away.
	away := dialFrom(t, hs, "127.0.0.4")
	code, _ := present(t, away) // takes the last abandoned room's place
	follow(t, dialFrom(t, hs, "127.0.0.5"), code)
	away.ws.Close()
	waitRooms(t, s, 1, func(r rooms.Census) bool { return !r.PresenterHere })
	last := dialFrom(t, hs, "127.0.0.6")
	last.send(`{"type":"create-room"}`)
	last.refusedOnce("", "already has 4 rooms open")
}

// abandoned is a room whose presenter has gone, with no follower.
func abandoned(r rooms.Census) bool { return !r.PresenterHere && r.Followers == 0 }

// junk is a free answer a normal form keeps as it is ("junk 00" would be
// "junk 0"), in the order of i: "junk aa", "junk ab", ...
func junk(i int) string { return fmt.Sprintf("junk %c%c", 'a'+i/26, 'a'+i%26) }

// waitRooms waits until n rooms are as is says.
func waitRooms(t *testing.T, s *Server, n int, is func(rooms.Census) bool) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		got := 0
		for _, r := range s.rooms.Census() {
			if is(r) {
				got++
			}
		}
		if got == n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d rooms as wanted, want %d", got, n)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// A free-answer poll takes the class's answers whatever other pages typed:
// 40 answers that left with their pages lock no one out, and 40 different
// answers from pages present push no common answer out of the presenter's
// view (it sees the 32 most given, the rest counted as others).
func TestRoomFreeAnswersAreNotLockedOut(t *testing.T) {
	_, hs := testServer(t, DefaultLimits())
	p := dial(t, hs)
	code, _ := present(t, p)
	p.send(`{"type":"question","question":"w","prompt":"The window at node 1?"}`)
	if err := driveBys(hs, 40, code, "w", func(i int) string { return junk(i) }); err != nil {
		t.Fatal(err)
	}
	a, b := dial(t, hs), dial(t, hs)
	follow(t, a, code)
	follow(t, b, code)
	a.send(`{"type":"answer","question":"w","answer":"3, inf"}`)
	polls := watchPolls(p.ws)
	polls.wait(t, 1, 2, map[string]any{"(3, ∞)": float64(1)})

	for i := range 40 {
		j := dial(t, hs)
		follow(t, j, code)
		j.send(map[string]any{"type": "answer", "question": "w", "answer": junk(i)})
	}
	b.send(`{"type":"answer","question":"w","answer":"(3, ∞)"}`)
	// 41 different answers: (3, ∞) twice, then the 31 first junk answers
	// (one each, in order), and 9 others.
	want := map[string]any{"(3, ∞)": float64(2)}
	for i := range 31 {
		want[junk(i)] = float64(1)
	}
	polls.wait(t, 42, 42, want)
	polls.mu.Lock()
	others := polls.last["others"]
	polls.mu.Unlock()
	if others != float64(9) {
		t.Errorf("others %v, want 9", others)
	}
}
