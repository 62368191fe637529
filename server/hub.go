package server

import (
	"crypto/rand"
	"encoding/json"
	"errors"
	"sync"
	"time"

	"github.com/pvscope/pvscope/server/session"
	"github.com/pvscope/pvscope/tracer/msg"
)

// Room limits. Every room message is also bounded by Limits.MaxMessageBytes
// as it is read; these bound what a room keeps and relays.
const (
	maxRooms             = 64                    // rooms open at once on one server
	maxFollowers         = 1000                  // followers in one room
	roomGrace            = 2 * time.Minute       // a room whose presenter is gone waits this long for it to come back
	followerStall        = 5 * time.Second       // a follower that takes nothing from its queue for this long is dropped
	roomTick             = 16 * time.Millisecond // how often a room relays new events and refills queues
	queueReserve         = 4                     // send-queue slots a room leaves free for the follower's own error frames
	followerSocketBuffer = 256 << 10             // kernel send buffer of a follower's connection
	roomCodeLetters      = 12                    // 12 symbols of 31: about 59 bits, not guessable
)

// codeAlphabet has no 0/o, 1/l/i: a code read off a projector is typed without doubt.
const codeAlphabet = "abcdefghjkmnpqrstuvwxyz23456789"

// hub is the server's rooms: a code for followers, a token for the presenter
// that comes back, and which room each connection is in. The room itself
// (room.go) registers, unregisters and broadcasts, like gorilla's chat hub.
type hub struct {
	mu      sync.Mutex
	rooms   map[string]*room // by code
	tokens  map[string]*room
	members map[*conn]*room
	addrs   map[string]*addrUse // what each network address has done in rooms (roomlimits.go)
	sweepAt int                 // addrs is swept of idle addresses when it reaches this size
	// Timings and bounds; zero means the default (tests lower them).
	grace, stall         time.Duration
	roomCap, followerCap int
}

// roomCommand is a room message from a page; which fields count depends on Type
// (docs/page-guide.md, "Rooms").
type roomCommand struct {
	Type        string          `json:"type"`
	Code        string          `json:"code"`
	Token       string          `json:"token"`
	K           *int            `json:"k"`
	Selected    int             `json:"selected"`
	View        string          `json:"view"`
	Breakpoints map[string]bool `json:"breakpoints"`
	Question    *string         `json:"question"`
	Prompt      string          `json:"prompt"`
	Choices     []string        `json:"choices"`
	Answer      *string         `json:"answer"`
}

// handle takes the room messages off a connection, and refuses a follower's
// start. It says whether the message was its to handle.
func (h *hub) handle(c *conn, typ string, raw []byte) bool {
	switch typ {
	case "create-room", "join-room", "leave-room", "cursor", "question", "answer":
	case "start":
		if r, presenter := h.memberOf(c); r != nil && !presenter {
			c.queue(session.Said(0, "", msg.New("go-server.followerStarts", "This page follows room {code}: only the presenter starts searches. Open pvscope without ?room= to search on your own.", "code", r.code)))
			return true
		}
		return false
	default:
		return false
	}
	var cmd roomCommand
	if err := json.Unmarshal(raw, &cmd); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			c.queue(session.Said(0, te.Field, msg.New("go-server.roomFieldType", "The {type} message is not valid: its \"{field}\" should be {wantArticle} {want}, not {gotArticle} {got}.",
				"type", typ, "field", session.Quoted(te.Field), "want", te.Type.Kind().String(), "got", te.Value,
				"wantArticle", session.Article(te.Type.Kind().String()), "gotArticle", session.Article(te.Value))))
			return true
		}
		m := msg.New("go-server.roomNotValid", "the {type} message is not valid: {reason}", "type", typ, "reason", err)
		c.queue(session.Error{Type: "error", Message: session.Sentence(m.Text)}.WithKey(m))
		return true
	}
	r, presenter := h.memberOf(c)
	switch typ {
	case "create-room":
		h.create(c, cmd, r, presenter)
	case "join-room":
		h.join(c, cmd, r)
	case "leave-room":
		if r != nil {
			r.leave(c, presenter)
		}
	default: // cursor, question, answer
		if r == nil {
			c.queue(session.Said(0, "", msg.New("go-server.needsRoom", "{A} {type} message needs a room: send create-room or join-room first.", "type", typ, "A", session.Capitalized(session.Article(typ)))))
			return true
		}
		if typ == "answer" {
			if presenter {
				c.queue(session.Said(0, "", msg.New("go-server.presenterAnswers", "The presenter asks the questions; followers answer them.")))
				return true
			}
			if h.allowAnswer(c) {
				r.answer(c, cmd)
			}
			return true
		}
		if !presenter {
			c.queue(session.Said(0, "", msg.New("go-server.followerMoves", "Only the presenter moves room {code}; detach from the presenter to step on your own.", "code", r.code)))
			return true
		}
		if typ == "cursor" {
			r.setCursor(c, cmd)
		} else {
			r.ask(c, cmd)
		}
	}
	return true
}

func (h *hub) memberOf(c *conn) (r *room, presenter bool) {
	h.mu.Lock()
	r = h.members[c]
	h.mu.Unlock()
	if r == nil {
		return nil, false
	}
	return r, r.isPresenter(c)
}

// create opens a room with c as presenter, or, given a token, gives the
// presenter that lost its connection its room back.
func (h *hub) create(c *conn, cmd roomCommand, cur *room, presenter bool) {
	if cur != nil {
		if presenter && (cmd.Token == "" || cmd.Token == cur.token) {
			c.queue(roomFrame{Type: "room", Code: cur.code, Role: "presenter", Token: cur.token})
			return
		}
		c.queue(session.Said(0, "", msg.New("go-server.alreadyInRoom", "This page is already in room {code}; leave it first.", "code", cur.code)))
		return
	}
	if !h.allowJoin(c) {
		return
	}
	if cmd.Token != "" {
		h.mu.Lock()
		r := h.tokens[cmd.Token]
		if r == nil {
			h.mu.Unlock()
			c.queue(session.Said(0, "token", msg.New("go-server.roomGone", "That room has closed (its presenter was away too long, or the server restarted); share again to open a new one.")))
			return
		}
		h.members[c] = r
		h.mu.Unlock()
		r.reclaim(c)
		return
	}
	addr := c.roomsOf().addr
	if refused := h.place(addr, c.srv.limits); refused != nil { // h.mu is held when it is nil
		c.queue(session.Said(0, "", refused))
		return
	}
	if h.rooms == nil {
		h.rooms, h.tokens, h.members = map[string]*room{}, map[string]*room{}, map[*conn]*room{}
	}
	r := newRoom(h, c.srv, randomCode(h.rooms), randomToken())
	r.addr = addr
	h.addrs[addr].rooms++
	h.rooms[r.code], h.tokens[r.token], h.members[c] = r, r, r
	h.mu.Unlock()
	r.reclaim(c)
	go r.loop()
}

func (h *hub) join(c *conn, cmd roomCommand, cur *room) {
	if cur != nil {
		c.queue(session.Said(0, "", msg.New("go-server.alreadyInRoom", "This page is already in room {code}; leave it first.", "code", cur.code)))
		return
	}
	if !h.allowJoin(c) {
		return
	}
	if len(cmd.Code) != roomCodeLetters {
		c.queue(session.Said(0, "code", msg.New("go-server.roomCodeLength", "A room code has {n} letters; check the link.", "n", roomCodeLetters)))
		return
	}
	h.mu.Lock()
	r := h.rooms[cmd.Code]
	if r != nil {
		h.members[c] = r
	}
	h.mu.Unlock()
	if r == nil {
		c.queue(session.Said(0, "code", msg.New("go-server.noSuchRoom", "There is no room {code} on this server (it may have closed); check the link.", "code", cmd.Code)))
		return
	}
	if !r.register(c) {
		h.forget(c, r)
	}
}

// forget drops c's membership of r (and no other room's).
func (h *hub) forget(c *conn, r *room) {
	h.mu.Lock()
	if h.members[c] == r {
		delete(h.members, c)
	}
	h.mu.Unlock()
}

// remove takes a closed room and its members off the hub.
func (h *hub) remove(r *room, members []*conn) {
	h.mu.Lock()
	if h.rooms[r.code] == r {
		h.addrs[r.addr].rooms-- // a room is charged to the address that opened it until it closes
	}
	delete(h.rooms, r.code)
	delete(h.tokens, r.token)
	for _, c := range members {
		if h.members[c] == r {
			delete(h.members, c)
		}
	}
	h.mu.Unlock()
}

// Rooms is the number of rooms open.
func (s *Server) Rooms() int {
	s.rooms.mu.Lock()
	defer s.rooms.mu.Unlock()
	return len(s.rooms.rooms)
}

func (h *hub) timings() (grace, stall time.Duration) {
	h.mu.Lock()
	defer h.mu.Unlock()
	grace, stall = h.grace, h.stall
	if grace <= 0 {
		grace = roomGrace
	}
	if stall <= 0 {
		stall = followerStall
	}
	return grace, stall
}

// randomCode draws a code no open room has. The caller holds h.mu.
func randomCode(taken map[string]*room) string {
	for {
		b := make([]byte, roomCodeLetters)
		if _, err := rand.Read(b); err != nil {
			panic(err) // crypto/rand never fails on a supported system
		}
		for i := range b {
			b[i] = codeAlphabet[int(b[i])%len(codeAlphabet)]
		}
		if taken[string(b)] == nil {
			return string(b)
		}
	}
}

func randomToken() string {
	return rand.Text() + rand.Text() // 2 x 128 bits, base32
}
