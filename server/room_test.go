package server

// Over 400 lines because it holds a room's life (create, join, follow, leave, close, the presenter
// away) side by side with the helpers those cases share.

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/pvscope/pvscope/tracer"
)

// until reads frames until one of type typ, skipping any other.
func (c *client) until(typ string) map[string]any {
	c.t.Helper()
	for {
		if m, _ := c.next(); m["type"] == typ {
			return m
		}
	}
}

// present opens a room on c and returns its code and token.
func present(t *testing.T, c *client) (code, token string) {
	t.Helper()
	c.send(`{"type":"create-room"}`)
	m := c.until("room")
	if m["role"] != "presenter" {
		t.Fatalf("create-room answered %v", m)
	}
	code, token = m["code"].(string), m["token"].(string)
	if len(code) != 12 || len(token) < 32 { // 12 letters of 31: about 59 bits
		t.Fatalf("code %q token %q: too short to be unguessable", code, token)
	}
	return code, token
}

func follow(t *testing.T, c *client, code string) {
	t.Helper()
	c.send(map[string]any{"type": "join-room", "code": code})
	if m := c.until("room"); m["role"] != "follower" || m["code"] != code || m["token"] != nil {
		t.Fatalf("join-room answered %v", m)
	}
}

// errorNext reads the next frame and wants an error naming field (when field is not "").
func (c *client) errorNext(field, mentions string) {
	c.t.Helper()
	m := c.until("error")
	msg, _ := m["message"].(string)
	if field != "" && m["field"] != field {
		c.t.Errorf("error %q names field %v, want %q", msg, m["field"], field)
	}
	if !strings.Contains(msg, mentions) || !strings.HasSuffix(msg, ".") {
		c.t.Errorf("error %q: want a sentence mentioning %q", msg, mentions)
	}
}

// A follower that joins after the presenter's search receives the same
// stream, event for event, as the presenter did; one that joined before
// receives it live. Both then follow the presenter's cursor, and the
// presenter is told how many follow.
func TestRoomFollowersReceiveThePresentersSearchAndCursor(t *testing.T) {
	_, hs := testServer(t, DefaultLimits())
	p, early := dial(t, hs), dial(t, hs)
	code, _ := present(t, p)
	follow(t, early, code)
	if m := p.until("room-count"); m["followers"] != float64(1) {
		t.Fatalf("room-count %v, want 1", m)
	}
	p.send(map[string]any{"type": "start", "id": 7, "setup": map[string]string{"tree": aima}, "options": map[string]string{"algo": "pvs"}})
	own := p.collect()
	if err := tracer.Check(own.events); err != nil {
		t.Fatal(err)
	}
	late := dial(t, hs)
	follow(t, late, code)
	for name, f := range map[string]*client{"early": early, "late": late} {
		got := f.collect()
		if got.started["id"] != float64(7) || !reflect.DeepEqual(got.events, own.events) || got.done["events"] != own.done["events"] {
			t.Fatalf("%s follower: %d events (id %v), presenter %d", name, len(got.events), got.started["id"], len(own.events))
		}
	}
	p.send(`{"type":"cursor","k":12,"selected":3,"view":"root","breakpoints":{"reSearch":true}}`)
	for _, f := range []*client{early, late} {
		m := f.until("cursor")
		if m["k"] != float64(12) || m["selected"] != float64(3) || m["view"] != "root" ||
			!reflect.DeepEqual(m["breakpoints"], map[string]any{"reSearch": true}) {
			t.Fatalf("follower's cursor %v", m)
		}
	}
	if m := p.until("room-count"); m["followers"] != float64(2) {
		t.Fatalf("room-count %v, want 2", m)
	}
}

// Only the presenter drives; a bad room message gets a sentence naming its
// field, and the connection goes on working.
func TestRoomRefusesMalformedAndUnauthorisedMessages(t *testing.T) {
	_, hs := testServer(t, DefaultLimits())
	p, f := dial(t, hs), dial(t, hs)

	f.send(`{"type":"cursor","k":1}`)
	f.errorNext("", "needs a room")
	f.send(`{"type":"join-room","code":"short"}`)
	f.errorNext("code", "letters")
	f.send(`{"type":"join-room","code":"abcdefghjkmn"}`)
	f.errorNext("code", "no room abcdefghjkmn")
	f.send(`{"type":"join-room","code":12}`)
	f.errorNext("code", `its "code" should be a string, not a number`)
	p.send(`{"type":"create-room","token":"not-a-token"}`)
	p.errorNext("token", "closed")

	code, _ := present(t, p)
	follow(t, f, code)
	f.send(map[string]any{"type": "start", "setup": map[string]string{"tree": aima}})
	f.errorNext("", "only the presenter starts")
	f.send(`{"type":"cursor","k":3,"selected":1}`)
	f.errorNext("", "Only the presenter moves")
	f.send(`{"type":"create-room"}`)
	f.errorNext("", "already in room "+code)
	p.send(`{"type":"join-room","code":"` + code + `"}`)
	p.errorNext("", "already in room")
	p.send(`{"type":"cursor","selected":1}`)
	p.errorNext("k", `"k"`)
	p.send(`{"type":"cursor","k":1,"view":"` + strings.Repeat("v", 40) + `"}`)
	p.errorNext("view", "at most 32 bytes")
	p.send(`{"type":"cursor","k":-2}`)
	p.errorNext("k", "0 or more")

	// Still open and still in the room: the presenter's next cursor arrives.
	p.send(`{"type":"cursor","k":5,"selected":2}`)
	if m := f.until("cursor"); m["k"] != float64(5) {
		t.Fatalf("after the errors, the follower's cursor is %v", m)
	}
}

// A presenter that loses its connection and comes back with its token has
// its room, and its followers, again.
func TestRoomPresenterReconnectsWithItsToken(t *testing.T) {
	s, hs := testServer(t, DefaultLimits())
	p, f := dial(t, hs), dial(t, hs)
	code, token := present(t, p)
	follow(t, f, code)
	p.ws.Close()
	if m := f.until("room-presenter"); m["here"] != false || !strings.Contains(m["message"].(string), "waits") {
		t.Fatalf("the follower was told %v when the presenter left", m)
	}
	again := dial(t, hs)
	again.send(map[string]any{"type": "create-room", "token": token})
	if m := again.until("room"); m["code"] != code || m["role"] != "presenter" || m["token"] != token {
		t.Fatalf("reconnect answered %v", m)
	}
	if m := again.until("room-count"); m["followers"] != float64(1) {
		t.Fatalf("room-count after reconnecting: %v", m)
	}
	if m := f.until("room-presenter"); m["here"] != true {
		t.Fatalf("the follower was told %v when the presenter came back", m)
	}
	again.send(`{"type":"cursor","k":9,"selected":4}`)
	if m := f.until("cursor"); m["k"] != float64(9) || m["selected"] != float64(4) {
		t.Fatalf("follower's cursor after the presenter came back: %v", m)
	}
	if s.Rooms() != 1 {
		t.Fatalf("%d rooms, want the one", s.Rooms())
	}
}

// A room whose presenter stays away past the grace period closes; its
// followers are told, and the token no longer opens it.
func TestRoomClosesAfterTheGracePeriod(t *testing.T) {
	s, hs := testServer(t, DefaultLimits())
	s.rooms.Grace = 200 * time.Millisecond
	p, f := dial(t, hs), dial(t, hs)
	code, token := present(t, p)
	follow(t, f, code)
	p.ws.Close()
	m := f.until("room-closed")
	if m["code"] != code || !strings.Contains(m["message"].(string), "away") {
		t.Fatalf("room-closed %v", m)
	}
	if s.Rooms() != 0 {
		t.Fatalf("%d rooms open after the grace period", s.Rooms())
	}
	back := dial(t, hs)
	back.send(map[string]any{"type": "create-room", "token": token})
	back.errorNext("token", "closed")
	// The follower's connection stays, out of the room: it may search on its own.
	f.send(map[string]any{"type": "start", "setup": map[string]string{"tree": aima}})
	if s := f.collect(); len(s.events) != 39 {
		t.Fatalf("the former follower's own search has %d events, want 39", len(s.events))
	}
}

// Quiz polls: followers answer the presenter's open question, the presenter
// sees the distribution; answers to another question, or by the presenter, are refused.
func TestRoomPollCountsFollowersAnswers(t *testing.T) {
	_, hs := testServer(t, DefaultLimits())
	p, a, b := dial(t, hs), dial(t, hs), dial(t, hs)
	code, _ := present(t, p)
	follow(t, a, code)
	follow(t, b, code)
	a.send(`{"type":"answer","question":"q1","answer":"3"}`)
	a.errorNext("question", "not open")
	a.send(`{"type":"question","question":"q1"}`)
	a.errorNext("", "Only the presenter")
	p.send(`{"type":"question","question":"q1","prompt":"What is the root's value?","choices":["3","4","12"]}`)
	for _, f := range []*client{a, b} {
		if m := f.until("question"); m["question"] != "q1" || len(m["choices"].([]any)) != 3 {
			t.Fatalf("question frame %v", m)
		}
	}
	a.send(`{"type":"answer","question":"q1","answer":"4"}`)
	a.send(`{"type":"answer","question":"q1","answer":"3"}`) // changes its mind
	b.send(`{"type":"answer","question":"q1","answer":"3"}`)
	b.send(`{"type":"answer","question":"q1","answer":"7"}`)
	b.errorNext("answer", "not one of the choices")
	p.send(`{"type":"answer","question":"q1","answer":"3"}`)
	p.errorNext("", "followers answer")
	want := map[string]any{"3": float64(2), "4": float64(0), "12": float64(0)}
	deadline := time.Now().Add(10 * time.Second)
	for {
		m := p.until("poll")
		if reflect.DeepEqual(m["counts"], want) && m["answered"] == float64(2) && m["followers"] == float64(2) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("last poll %v, want counts %v", m, want)
		}
	}
}

// A follower that stops reading is dropped; the others receive everything.
func TestRoomDropsAFollowerThatStopsReading(t *testing.T) {
	if testing.Short() {
		t.Skip("streams a 30 MB search; runs in the full pass")
	}
	s, hs := testServer(t, DefaultLimits())
	s.rooms.Stall = time.Second
	p, f := dial(t, hs), dial(t, hs)
	code, _ := present(t, p)
	follow(t, f, code)
	stuck := dial(t, hs)
	follow(t, stuck, code) // and never reads again
	p.until("room-count")
	p.send(map[string]any{"type": "start", "id": 1, "setup": map[string]string{"random": "b=8,d=6,seed=3,order=random"},
		"options": map[string]string{"algo": "minimax"}})
	// The follower reads at the same time as the presenter, on its own goroutine.
	followed := make(chan countedStream, 1)
	go func() { followed <- countStream(f.ws) }()
	followers := 2.0
	var done map[string]any
	for done == nil { // the presenter's stream, and its counts
		switch m, _ := p.next(); m["type"] {
		case "room-count":
			followers = m["followers"].(float64)
		case "done":
			done = m
		}
	}
	if got := <-followed; got.err != nil || float64(got.events) != done["events"] || got.done == nil {
		t.Fatalf("the reading follower got %d events (%v), the presenter %v", got.events, got.err, done["events"])
	}
	for followers != 1 {
		followers = p.until("room-count")["followers"].(float64)
	}
	if stuck.ws.SetReadDeadline(time.Now().Add(time.Minute)) != nil {
		t.Fatal("deadline")
	}
	// Its connection was closed: reading what it had been sent ends in an error.
	t0 := time.Now()
	n := 0
	for {
		if _, _, err := stuck.ws.ReadMessage(); err != nil {
			t.Logf("stuck: %d frames then %v after %v", n, err, time.Since(t0))
			break
		}
		n++
	}
}

// countedStream is what countStream read: the events of one search, and its done frame.
type countedStream struct {
	events int
	cursor map[string]any // the last cursor frame
	done   map[string]any
	err    error
}

// countStream reads one search's frames off ws, checking that batches follow
// each other, until its done frame. It runs on any goroutine: it reports
// instead of failing the test. A minute without a frame is an error.
func countStream(ws *websocket.Conn) (s countedStream) {
	for s.done == nil {
		ws.SetReadDeadline(time.Now().Add(time.Minute))
		_, b, err := ws.ReadMessage()
		if err != nil {
			s.err = err
			return s
		}
		var m struct {
			Type        string
			From, Count int
		}
		if err := json.Unmarshal(b, &m); err != nil {
			s.err = err
			return s
		}
		switch m.Type {
		case "events":
			if m.From != s.events {
				s.err = fmt.Errorf("a batch from %d after %d events", m.From, s.events)
				return s
			}
			s.events += m.Count
		case "cursor":
			json.Unmarshal(b, &s.cursor)
		case "done":
			json.Unmarshal(b, &s.done)
		}
	}
	return s
}

// The server keeps a bounded number of rooms and followers per room, and says so.
func TestRoomLimitsAreSentences(t *testing.T) {
	s, hs := testServer(t, DefaultLimits())
	s.rooms.RoomCap, s.rooms.FollowerCap = 2, 1
	code, _ := present(t, dial(t, hs))
	present(t, dial(t, hs))
	third := dial(t, hs)
	third.send(`{"type":"create-room"}`)
	third.errorNext("", "2 rooms open, the most it allows")
	follow(t, dial(t, hs), code)
	late := dial(t, hs)
	late.send(map[string]any{"type": "join-room", "code": code})
	late.errorNext("code", "already has 1 followers")
	// Refused, it is in no room: it may open one once a room has closed.
	late.send(`{"type":"cursor","k":1}`)
	late.errorNext("", "needs a room")
}

// A room's copy of the presenter's search is charged to the server's memory
// budget while the room is open, byte for byte what a follower receives as
// events frames, and given back when the presenter closes the room.
func TestRoomCopyIsChargedToTheBudget(t *testing.T) {
	s, hs := testServer(t, DefaultLimits())
	p, f := dial(t, hs), dial(t, hs)
	code, _ := present(t, p)
	follow(t, f, code)
	p.until("room-count") // the presenter is told of its follower before its stream begins
	p.send(map[string]any{"type": "start", "id": 3, "setup": map[string]string{"random": "b=3,d=5,seed=1"}, "options": map[string]string{"algo": "pvs"}})
	p.collect()
	var received int64
	for {
		m, raw := f.next()
		if m["type"] == "events" {
			received += int64(len(raw))
		}
		if m["type"] == "done" {
			break
		}
	}
	open := s.budget.Used()
	p.send(`{"type":"leave-room"}`)
	f.until("room-closed")
	deadline := time.Now().Add(10 * time.Second)
	for s.budget.Used() != open-received && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if got := open - s.budget.Used(); got != received || received == 0 {
		t.Errorf("closing the room gave back %d bytes; the follower received %d bytes of events frames", got, received)
	}
}

// A free answer (a question with no choices) that is only punctuation counts as nothing:
// the follower is told so, and the poll does not count it.
func TestRoomPollRefusesAnAnswerOfOnlyPunctuation(t *testing.T) {
	_, hs := testServer(t, DefaultLimits())
	p, a := dial(t, hs), dial(t, hs)
	code, _ := present(t, p)
	follow(t, a, code)
	p.send(`{"type":"question","question":"q2","prompt":"The window at node 1?"}`)
	a.until("question")
	a.send(`{"type":"answer","question":"q2","answer":" ( , ) "}`)
	a.errorNext("answer", "only punctuation")
	a.send(`{"type":"answer","question":"q2","answer":"3, inf"}`)
	want := map[string]any{"(3, ∞)": float64(1)}
	deadline := time.Now().Add(10 * time.Second)
	for {
		m := p.until("poll")
		if reflect.DeepEqual(m["counts"], want) && m["answered"] == float64(1) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("last poll %v, want counts %v and one answer", m, want)
		}
	}
}
