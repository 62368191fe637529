package rooms

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"sync"
	"time"

	"github.com/pvscope/pvscope/server/capacity"
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

// Hub is the server's rooms: a code for followers, a token for the presenter
// that comes back, and which room each connection is in. The room itself
// (room.go) registers, unregisters and broadcasts, like gorilla's chat hub.
type Hub struct {
	ctx        context.Context  // the server's: its end closes every room
	budget     *capacity.Budget // charged for each room's frame log
	rate       int              // Limits.RoomRate (-room-rate)
	perAddress int              // Limits.RoomsPerAddress (-rooms-per-address)

	mu      sync.Mutex
	rooms   map[string]*room // by code
	tokens  map[string]*room
	members map[Member]*room
	addrs   map[string]*addrUse // what each network address has done in rooms (roomlimits.go)
	sweepAt int                 // addrs is swept of idle addresses when it reaches this size
	// Timings and bounds; zero means the default (tests lower them before
	// the first room opens).
	Grace, Stall         time.Duration
	RoomCap, FollowerCap int
}

// NewHub returns the rooms of a server whose life is ctx, charging budget for
// the rooms' frame logs; rate is -room-rate and perAddress -rooms-per-address.
func NewHub(ctx context.Context, budget *capacity.Budget, rate, perAddress int) *Hub {
	return &Hub{ctx: ctx, budget: budget, rate: rate, perAddress: perAddress}
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

// Handle takes the room messages off a connection, and refuses a follower's
// start. It says whether the message was its to handle.
func (h *Hub) Handle(c Member, typ string, raw []byte) bool {
	switch typ {
	case "create-room", "join-room", "leave-room", "cursor", "question", "answer":
	case "start":
		if r, presenter := h.memberOf(c); r != nil && !presenter {
			c.Queue(session.Said(0, "", msg.New("go-server.followerStarts", "This page follows room {code}: only the presenter starts searches. Open pvscope without ?room= to search on your own.", "code", r.code)))
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
			c.Queue(session.Said(0, te.Field, msg.New("go-server.roomFieldType", "The {type} message is not valid: its \"{field}\" should be {wantArticle} {want}, not {gotArticle} {got}.",
				"type", typ, "field", session.Quoted(te.Field), "want", te.Type.Kind().String(), "got", te.Value,
				"wantArticle", session.Article(te.Type.Kind().String()), "gotArticle", session.Article(te.Value))))
			return true
		}
		m := msg.New("go-server.roomNotValid", "the {type} message is not valid: {reason}", "type", typ, "reason", err)
		c.Queue(session.Error{Type: "error", Message: session.Sentence(m.Text)}.WithKey(m))
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
			c.Queue(session.Said(0, "", msg.New("go-server.needsRoom", "{A} {type} message needs a room: send create-room or join-room first.", "type", typ, "A", session.Capitalized(session.Article(typ)))))
			return true
		}
		if typ == "answer" {
			if presenter {
				c.Queue(session.Said(0, "", msg.New("go-server.presenterAnswers", "The presenter asks the questions; followers answer them.")))
				return true
			}
			if h.allowAnswer(c) {
				r.answer(c, cmd)
			}
			return true
		}
		if !presenter {
			c.Queue(session.Said(0, "", msg.New("go-server.followerMoves", "Only the presenter moves room {code}; detach from the presenter to step on your own.", "code", r.code)))
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

func (h *Hub) memberOf(c Member) (r *room, presenter bool) {
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
func (h *Hub) create(c Member, cmd roomCommand, cur *room, presenter bool) {
	if cur != nil {
		if presenter && (cmd.Token == "" || cmd.Token == cur.token) {
			c.Queue(roomFrame{Type: "room", Code: cur.code, Role: "presenter", Token: cur.token})
			return
		}
		c.Queue(session.Said(0, "", msg.New("go-server.alreadyInRoom", "This page is already in room {code}; leave it first.", "code", cur.code)))
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
			c.Queue(session.Said(0, "token", msg.New("go-server.roomGone", "That room has closed (its presenter was away too long, or the server restarted); share again to open a new one.")))
			return
		}
		h.members[c] = r
		h.mu.Unlock()
		r.reclaim(c)
		return
	}
	addr := c.PageRooms().addr
	if refused := h.place(addr); refused != nil { // h.mu is held when it is nil
		c.Queue(session.Said(0, "", refused))
		return
	}
	if h.rooms == nil {
		h.rooms, h.tokens, h.members = map[string]*room{}, map[string]*room{}, map[Member]*room{}
	}
	r := newRoom(h, randomCode(h.rooms), randomToken())
	r.addr = addr
	h.addrs[addr].rooms++
	h.rooms[r.code], h.tokens[r.token], h.members[c] = r, r, r
	h.mu.Unlock()
	r.reclaim(c)
	go r.loop()
}

func (h *Hub) join(c Member, cmd roomCommand, cur *room) {
	if cur != nil {
		c.Queue(session.Said(0, "", msg.New("go-server.alreadyInRoom", "This page is already in room {code}; leave it first.", "code", cur.code)))
		return
	}
	if !h.allowJoin(c) {
		return
	}
	if len(cmd.Code) != roomCodeLetters {
		c.Queue(session.Said(0, "code", msg.New("go-server.roomCodeLength", "A room code has {n} letters; check the link.", "n", roomCodeLetters)))
		return
	}
	h.mu.Lock()
	r := h.rooms[cmd.Code]
	if r != nil {
		h.members[c] = r
	}
	h.mu.Unlock()
	if r == nil {
		c.Queue(session.Said(0, "code", msg.New("go-server.noSuchRoom", "There is no room {code} on this server (it may have closed); check the link.", "code", cmd.Code)))
		return
	}
	if !r.register(c) {
		h.forget(c, r)
	}
}

// forget drops c's membership of r (and no other room's).
func (h *Hub) forget(c Member, r *room) {
	h.mu.Lock()
	if h.members[c] == r {
		delete(h.members, c)
	}
	h.mu.Unlock()
}

// remove takes a closed room and its members off the hub.
func (h *Hub) remove(r *room, members []Member) {
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
func (h *Hub) Rooms() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.rooms)
}

func (h *Hub) timings() (grace, stall time.Duration) {
	h.mu.Lock()
	defer h.mu.Unlock()
	grace, stall = h.Grace, h.Stall
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
