package rooms

import (
	"cmp"
	"net"
	"time"

	"github.com/pvscope/pvscope/server/session"
	"github.com/pvscope/pvscope/tracer/msg"
)

// What one connection and one network address may do in rooms. A page joins
// once and answers a question or two a minute; a class behind one NAT shares
// an address, so an address's share is a class's (Limits.RoomRate, flag
// -room-rate), and the rooms it may hold are a few (Limits.RoomsPerAddress).
const (
	connJoins   = 6  // joins and room openings one connection may make per minute (a burst of 6 at once)
	connAnswers = 30 // answers one connection may send per minute (a burst of 30 at once)
	addrSweepAt = 1024
)

// bucket is a token bucket of size tokens that refills size tokens a minute,
// evenly; it starts full, so a burst of size passes at once.
type bucket struct {
	tokens float64
	at     time.Time
}

// take takes a token, or says how long until one is there.
func (b *bucket) take(now time.Time, size int) (ok bool, wait time.Duration) {
	b.fill(now, size)
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	return false, time.Duration((1 - b.tokens) * float64(time.Minute) / float64(size))
}

func (b *bucket) fill(now time.Time, size int) {
	if b.at.IsZero() {
		b.tokens = float64(size)
	} else if d := now.Sub(b.at); d > 0 {
		b.tokens = min(float64(size), b.tokens+float64(d)*float64(size)/float64(time.Minute))
	}
	b.at = now
}

// full says whether the bucket has refilled: it remembers nothing worth keeping.
func (b *bucket) full(now time.Time, size int) bool {
	b.fill(now, size)
	return b.tokens >= float64(size)
}

// PageRooms is what one connection has done in rooms, kept by its read pump
// (which alone handles its messages).
type PageRooms struct {
	addr           string
	joins, answers bucket
}

// addrUse is what one network address has done in rooms: its rate buckets
// and the rooms it holds open.
type addrUse struct {
	joins, answers bucket
	rooms          int
}

// addressOf is the network address a connection counts against: its IPv4
// address, or the /64 network of its IPv6 address (one household or
// machine holds a whole /64). Behind a reverse proxy it is the proxy's.
func addressOf(a net.Addr) string {
	host := a.String()
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	ip := net.ParseIP(host)
	if ip == nil {
		return host
	}
	if v4 := ip.To4(); v4 != nil {
		return v4.String()
	}
	return ip.Mask(net.CIDRMask(64, 128)).String() + "/64"
}

// NewPageRooms is the room record of a page at a (its connection's remote
// address), made on its first room message.
func NewPageRooms(a net.Addr) *PageRooms { return &PageRooms{addr: addressOf(a)} }

// use is addr's record. h.mu is held. Records that remember nothing (no
// room, buckets full again) are swept when the table grows, so it holds
// about as many addresses as were active in the last minute.
func (h *Hub) use(addr string, now time.Time, rate int) *addrUse {
	if h.addrs == nil {
		h.addrs = map[string]*addrUse{}
	}
	if u := h.addrs[addr]; u != nil {
		return u
	}
	if len(h.addrs) >= max(h.sweepAt, addrSweepAt) {
		for a, u := range h.addrs {
			if u.rooms == 0 && u.joins.full(now, rate) && u.answers.full(now, rate) {
				delete(h.addrs, a)
			}
		}
		h.sweepAt = 2 * len(h.addrs)
	}
	u := &addrUse{}
	h.addrs[addr] = u
	return u
}

// allowJoin charges a join-room or create-room to c and its address, or
// tells c how long to wait.
func (h *Hub) allowJoin(c Member) bool {
	return h.allow(c, "", connJoins,
		func(u *PageRooms) *bucket { return &u.joins }, func(u *addrUse) *bucket { return &u.joins },
		func(n, s any) *msg.Error {
			return msg.New("go-server.joinsTooFast", "This page has joined or opened rooms {n} times in a minute, the most a page may; try again in {seconds} s.", "n", n, "seconds", s)
		},
		func(a, n, s any) *msg.Error {
			return msg.New("go-server.addressJoinsTooFast", "Pages from your network address ({address}) have joined or opened rooms {n} times in a minute, the most this server allows one address (-room-rate); try again in {seconds} s.", "address", a, "n", n, "seconds", s)
		})
}

// allowAnswer charges an answer to c and its address, or tells c how long to wait.
func (h *Hub) allowAnswer(c Member) bool {
	return h.allow(c, "answer", connAnswers,
		func(u *PageRooms) *bucket { return &u.answers }, func(u *addrUse) *bucket { return &u.answers },
		func(n, s any) *msg.Error {
			return msg.New("go-server.answersTooFast", "This page has sent {n} answers in a minute, the most a page may; answer again in {seconds} s.", "n", n, "seconds", s)
		},
		func(a, n, s any) *msg.Error {
			return msg.New("go-server.addressAnswersTooFast", "Pages from your network address ({address}) have sent {n} answers in a minute, the most this server allows one address (-room-rate); answer again in {seconds} s.", "address", a, "n", n, "seconds", s)
		})
}

// allow takes a token from c's page bucket (at most perPage a minute) and
// its address's (the hub's rate), or queues for c the sentence saying how
// long to wait; field names the form field the refusal is about.
func (h *Hub) allow(c Member, field string, perPage int, page func(*PageRooms) *bucket, addr func(*addrUse) *bucket,
	pageFull func(n, seconds any) *msg.Error, addrFull func(address, n, seconds any) *msg.Error) bool {
	cr, now, rate := c.PageRooms(), time.Now(), h.rate
	if ok, wait := page(cr).take(now, perPage); !ok {
		c.Queue(session.Said(0, field, pageFull(perPage, waitSeconds(wait))))
		return false
	}
	h.mu.Lock()
	ok, wait := addr(h.use(cr.addr, now, rate)).take(now, rate)
	h.mu.Unlock()
	if !ok {
		c.Queue(session.Said(0, field, addrFull(cr.addr, rate, waitSeconds(wait))))
	}
	return ok
}

// waitSeconds is a wait in whole seconds, rounded up: "try again in 0 s" would be untrue.
func waitSeconds(d time.Duration) int {
	return max(1, int((d+time.Second-1)/time.Second))
}

// place says why addr may not open a room, or, with nil, that it may: then
// h.mu is held for the caller to open it. When the address holds its most
// rooms, or the server its most, a room its presenter has left with no one
// following is closed to make the place (the address's own first): such a
// room waits for nobody, and a teacher's "Share with the class" must not
// wait two minutes behind a script's rooms.
func (h *Hub) place(addr string) *msg.Error {
	for freed := 0; ; freed++ {
		h.mu.Lock()
		most := cmp.Or(h.RoomCap, maxRooms)
		own := h.use(addr, time.Now(), h.rate).rooms >= h.perAddress
		if !own && len(h.rooms) < most {
			return nil
		}
		var refused *msg.Error
		var candidates []*room
		for _, r := range h.rooms {
			if !own || r.addr == addr {
				candidates = append(candidates, r)
			}
		}
		h.mu.Unlock()
		if own {
			refused = msg.New("go-server.addressRooms", "Your network address ({address}) already holds {n} rooms, the most this server allows one address (-rooms-per-address); close one of them first.",
				"address", addr, "n", h.perAddress)
		} else {
			refused = msg.New("go-server.roomsFull", "The server already has {n} rooms open, the most it allows; try again when a class has finished.", "n", most)
		}
		if freed == 2 || !freeAbandoned(candidates) {
			return refused
		}
	}
}

// freeAbandoned closes the room among rooms that its presenter left longest
// ago with no one following, and says whether there was one.
func freeAbandoned(rooms []*room) bool {
	var oldest *room
	var since time.Time
	for _, r := range rooms {
		r.mu.Lock()
		if !r.closed && r.presenter == nil && len(r.followers) == 0 && (oldest == nil || r.awaySince.Before(since)) {
			oldest, since = r, r.awaySince
		}
		r.mu.Unlock()
	}
	if oldest == nil {
		return false
	}
	oldest.close(msg.New("go-server.roomFreed", "Room {code} has closed: its presenter had left it with no one following, and another class needed its place.", "code", oldest.code))
	return true
}
