package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/pvscope/pvscope/server/rooms"
	"io"
	"net"
	"net/http/httptest"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// loadFollower reads a room's frames on its own goroutine and records, per
// search, the events it received, and when each cursor arrived.
type loadFollower struct {
	ws      *websocket.Conn
	mu      sync.Mutex
	counted int               // events of the search being received
	streams []int             // per finished search: events received (counted)
	dones   []int             // per finished search: the done frame's event count
	doneAt  []time.Time       // per finished search: when its done frame arrived
	cursors map[int]time.Time // k -> arrival
	buf     [256]byte
	lastK   int
	err     error
}

func (f *loadFollower) read() {
	f.ws.SetReadDeadline(time.Time{}) // the test's end closes it
	for {
		// Only the head of a frame is read, the rest discarded unparsed: the
		// test's 500 readers share the machine with the server they measure.
		_, rd, err := f.ws.NextReader()
		var head []byte
		if err == nil {
			n, _ := io.ReadFull(rd, f.buf[:])
			head = f.buf[:n]
			_, err = io.Copy(io.Discard, rd)
		}
		now := time.Now()
		if err != nil {
			f.mu.Lock()
			f.err = err
			f.mu.Unlock()
			return
		}
		var m struct {
			Type        string
			From, Count int
			Events      int
			K           int
		}
		if i := bytes.Index(head, []byte(`,"moves":`)); i > 0 {
			head = append(head[:i:i], '}')
		}
		typ, _, _ := strings.Cut(strings.TrimPrefix(string(head), `{"type":"`), `"`)
		if typ != "started" { // a started frame's tree may not fit in the head; the rest must
			if err := json.Unmarshal(head, &m); err != nil {
				f.mu.Lock()
				f.err = fmt.Errorf("a %s frame: %v", typ, err)
				f.mu.Unlock()
				return
			}
		}
		m.Type = typ
		f.mu.Lock()
		switch m.Type {
		case "started":
			f.counted = 0
		case "events":
			if m.From != f.counted {
				f.err = fmt.Errorf("a batch from %d after %d events", m.From, f.counted)
			}
			f.counted += m.Count
		case "done":
			f.streams = append(f.streams, f.counted)
			f.dones = append(f.dones, m.Events)
			f.doneAt = append(f.doneAt, now)
		case "cursor":
			f.cursors[m.K] = now
			f.lastK = m.K
		}
		f.mu.Unlock()
	}
}

func wsURL(hs *httptest.Server) string { return "ws" + strings.TrimPrefix(hs.URL, "http") + "/ws" }

// TestRoomLoad: one presenter and 500 followers on loopback (docs/page-guide.md, "Rooms":
// the numbers). Every follower receives every event of every search and the
// final cursor; a follower that stops reading is dropped while the others go
// on. It prints, without asserting (timing depends on the machine), the
// presenter's stream time with 500 followers beside none, the cursor's delay
// to the followers (median, 99th percentile) and memory per follower.
func TestRoomLoad(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("the room load test runs in the full pass, without -short and -race")
	}
	const followers = 500
	const searches = 5
	search := map[string]any{"type": "start", "setup": map[string]string{"random": "b=4,d=6,seed=1"},
		"options": map[string]string{"algo": "minimax"}}

	s, hs := testServer(t, DefaultLimits())
	s.rooms.Stall = time.Second
	p := dial(t, hs)
	code, _ := present(t, p)

	// timeSearches runs the search n times and returns each presenter stream's
	// time. A search starts once every follower has the one before, as a class
	// would: what is measured is the presenter's stream beside 500 followers,
	// not beside their catching up on the previous search.
	id := 0
	var begun []time.Time
	var fs []*loadFollower
	// With solo (a page in no room), the same search is timed there first,
	// side by side, so a change in the machine's load shows in both columns.
	stream := func(c *client) time.Duration {
		id++
		search["id"] = id
		t0 := time.Now()
		if c == p {
			begun = append(begun, t0)
		}
		c.send(search)
		// Frames are read as the followers read them, by their head: decoding
		// 13,731 events into maps here would time the test's client (on the
		// same two cores as the room's fan-out), not the server's stream.
		var head [64]byte
		c.ws.SetReadDeadline(time.Now().Add(time.Minute))
		for {
			_, rd, err := c.ws.NextReader()
			if err != nil {
				t.Fatalf("the stream: %v", err)
			}
			n, _ := io.ReadFull(rd, head[:])
			io.Copy(io.Discard, rd)
			if bytes.HasPrefix(head[:n], []byte(`{"type":"done"`)) {
				break
			}
		}
		return time.Since(t0)
	}
	timeSearches := func(n int, solo *client) (times, soloTimes []time.Duration) {
		for range n {
			waitForFollowers(t, fs, len(begun)-searches+1)
			if solo != nil {
				soloTimes = append(soloTimes, stream(solo))
			}
			times = append(times, stream(p))
		}
		return times, soloTimes
	}
	alone, _ := timeSearches(searches, nil)

	var before runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	joining := make([]*loadFollower, followers)
	for i := range joining {
		ws, _, err := websocket.DefaultDialer.Dial(wsURL(hs), nil)
		if err != nil {
			t.Fatalf("follower %d: %v", i, err)
		}
		t.Cleanup(func() { ws.Close() })
		f := &loadFollower{ws: ws, cursors: map[int]time.Time{}}
		c := &client{t: t, ws: ws}
		c.expect("hello")
		follow(t, c, code)
		joining[i] = f
		go f.read()
	}
	// The follower that stops reading: a small receive buffer, and it never reads.
	dialer := websocket.Dialer{NetDial: func(network, addr string) (net.Conn, error) {
		nc, err := net.Dial(network, addr)
		if tc, ok := nc.(*net.TCPConn); ok {
			tc.SetReadBuffer(4096)
		}
		return nc, err
	}}
	stuckWS, _, err := dialer.Dial(wsURL(hs), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stuckWS.Close() })
	stuck := &client{t: t, ws: stuckWS}
	stuck.expect("hello")
	follow(t, stuck, code)
	for p.until("room-count")["followers"] != float64(followers+1) {
	}
	runtime.GC()
	var joined runtime.MemStats
	runtime.ReadMemStats(&joined)

	fs = joining
	solo := dial(t, hs)
	with, beside := timeSearches(searches, solo)

	// Cursors: one every 20 ms, each timed from its sending to each follower.
	sent := map[int]time.Time{}
	const cursors = 40
	for k := 1; k <= cursors; k++ {
		sent[k] = time.Now()
		p.send(map[string]any{"type": "cursor", "k": k, "selected": k % 7})
		time.Sleep(20 * time.Millisecond)
	}
	// Every follower has every event of every search and the final cursor: the
	// searches run while it followed, and the one before, which it caught up on.
	waitForFollowers(t, fs, searches+1)
	deadline := time.Now().Add(time.Minute)
	for i, f := range fs {
		for {
			f.mu.Lock()
			ok := f.lastK == cursors
			f.mu.Unlock()
			if ok {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("follower %d: last cursor %d, want %d", i, f.lastK, cursors)
			}
			time.Sleep(10 * time.Millisecond)
		}
		f.mu.Lock()
		for j := range f.streams {
			if f.streams[j] != f.dones[j] || f.dones[j] == 0 {
				t.Fatalf("follower %d, search %d: %d events received, done says %d", i, j, f.streams[j], f.dones[j])
			}
		}
		f.mu.Unlock()
	}
	// The stuck follower: dropped by now, or soon (the room counts followers every tick). The
	// room is asked, not the presenter's frames: its room-count may have come inside a stream
	// the test read past, and no other comes while the count stays the same.
	census := func() rooms.Census {
		for _, r := range s.rooms.Census() {
			if r.Code == code {
				return r
			}
		}
		t.Fatalf("room %s is not open", code)
		return rooms.Census{}
	}
	roomFollowers := func() int { return census().Followers }
	for deadline := time.Now().Add(2 * time.Minute); roomFollowers() != followers; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the room has %d followers, want %d once the stuck one is dropped", roomFollowers(), followers)
		}
	}

	// One copy of the search for the whole room: every follower reads the
	// room's frame log by reference, none has a copy of its own.
	rc := census()
	logBytes, shared := rc.LogBytes, rc.FollowersAtLogEnd
	if shared != followers {
		t.Fatalf("%d of %d followers read the room's log to its end", shared, followers)
	}
	t.Logf("the room holds the last search once: %d KB of frames, sent to %d followers (%d MB in all)",
		logBytes>>10, followers, logBytes*followers>>20)

	// When the last follower had each search, from the presenter's start
	// (follower search 0 is the one it caught up on when it joined).
	var lastDone []time.Duration
	for j := 1; j <= searches; j++ {
		var last time.Time
		for _, f := range fs {
			if f.doneAt[j].After(last) {
				last = f.doneAt[j]
			}
		}
		lastDone = append(lastDone, last.Sub(begun[searches+j-1]).Round(time.Millisecond))
	}
	var delays []time.Duration
	for _, f := range fs {
		f.mu.Lock()
		for k, at := range f.cursors {
			delays = append(delays, at.Sub(sent[k]))
		}
		f.mu.Unlock()
	}
	slices.Sort(delays)
	q := func(p float64) time.Duration { return delays[int(p*float64(len(delays)-1))] }
	perFollower := (int64(joined.HeapInuse) - int64(before.HeapInuse) + int64(joined.StackInuse) - int64(before.StackInuse)) / (followers + 1)
	t.Logf("presenter stream (%s, %d events), %d searches each: alone %v, with %d followers %v",
		"random b=4,d=6 minimax", fs[0].dones[0], searches, alone, followers, with)
	t.Logf("the whole search at all %d followers, from the presenter's start: %v", followers, lastDone)
	t.Logf("cursor delay to %d followers over %d cursors: median %v, 99th percentile %v, max %v",
		followers, cursors, q(0.5).Round(10*time.Microsecond), q(0.99).Round(10*time.Microsecond), delays[len(delays)-1].Round(10*time.Microsecond))
	t.Logf("memory per follower (heap and stacks after joining, server and test client together): %d KB", perFollower>>10)
	median := func(ds []time.Duration) time.Duration {
		ds = slices.Clone(ds)
		slices.Sort(ds)
		return ds[len(ds)/2].Round(100 * time.Microsecond)
	}
	t.Logf("the same search, each run just before the presenter's, on a page that follows no one and has no followers: %v", beside)
	t.Logf("stream, median: the presenter before anyone joined %v; a page with no followers %v, beside the presenter with %d followers %v",
		median(alone), median(beside), followers, median(with))
	fmt.Printf("RoomLoad: stream median: no followers %v, beside it the presenter with %d followers %v; alone %v; with %v; cursor median %v p99 %v; %d KB per follower\n",
		median(beside), followers, median(with), beside, with, q(0.5).Round(10*time.Microsecond), q(0.99).Round(10*time.Microsecond), perFollower>>10)
}

// waitForFollowers waits until every follower has received n whole searches.
func waitForFollowers(t *testing.T, fs []*loadFollower, n int) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for i, f := range fs {
		for {
			f.mu.Lock()
			got, ferr := len(f.streams), f.err
			f.mu.Unlock()
			if got >= n {
				break
			}
			if ferr != nil || time.Now().After(deadline) {
				t.Fatalf("follower %d: %d searches received, want %d; error %v", i, got, n, ferr)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
}
