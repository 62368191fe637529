package server

import (
	"github.com/pvscope/pvscope/engine"
	"time"

	"github.com/pvscope/pvscope/server/session"
)

// Limits protect the server (and the browser) from searches too big to hold.
// Every one of them, when hit, gives the page a sentence saying so.
type Limits struct {
	MaxDepth    int   // deepest search a page may ask for
	MaxNodes    int64 // nodes per search (and per generated tree); a search reaching it stops cleanly and says so
	MaxSearches int   // searches running at once, over all connections
	// MaxQueue, when above 0, is a fixed cap on the searches waiting for a
	// slot. At 0 (the default) the line is as long as memory and MaxWait allow.
	MaxQueue int
	// MaxWait is the longest a search is asked to wait in line: one whose
	// expected wait (from the searches' recent times) is longer is refused,
	// and told the wait.
	MaxWait         time.Duration
	MaxMessageBytes int64 // largest message a client may send
	MaxConns        int   // websocket connections open at once
	// MaxHTTPConns is the TCP connections open at once, websockets among them
	// (Listener): one past it is answered with a sentence and closed. A
	// browser may hold six besides its websocket, idle for IdleTimeout.
	MaxHTTPConns int
	// MaxMemory is the budget for what the server keeps: recordings, tables,
	// generated trees. A search that would pass it stops and says so; a kept
	// recording nobody is streaming is let go first, oldest use first.
	MaxMemory int64
	// WriteWait is how long one frame may take to write. A tab that reads
	// nothing for this long is taken for stuck: it is dropped and its search
	// cancelled, so it cannot hold the recording in memory for ever.
	WriteWait time.Duration
	// StuckWait is how long a frame may wait to be written, while other pages
	// wait for a slot, before its page's search is stopped, giving the slot to
	// the next page in line. The page keeps its connection (until WriteWait)
	// and the events recorded so far.
	StuckWait time.Duration
	// BodyWait is the longest a request's body may go without a byte, and
	// the grace before its minimum rate counts (body.go).
	BodyWait time.Duration
	// IdleTimeout closes keep-alive HTTP connections idle this long.
	IdleTimeout time.Duration
	// Hosts are extra host names the server answers to (-host), besides
	// loopback, the machine's own addresses and its host name.
	Hosts []string
	// RoomsPerAddress is how many rooms one network address may hold open
	// (-rooms-per-address): a student's script cannot take every room.
	RoomsPerAddress int
	// RoomRate is how many room joins, and separately how many poll answers,
	// one network address may make per minute (-room-rate), at once or spread
	// out. A class behind one NAT shares one address, so it is large.
	RoomRate int
	// EmbedOrigins are the sites (https://course.example.edu) whose pages may
	// frame this one (-embed-origins, embed.go); none by default.
	EmbedOrigins []string
}

// DefaultLimits suit one machine serving a classroom: a 1M-node search is about
// 2.6M events, some 130 MB in the server and less in the page.
func DefaultLimits() Limits {
	return Limits{MaxDepth: 12, MaxNodes: 1_000_000, MaxSearches: 4, MaxWait: time.Minute, MaxMessageBytes: 64 << 10,
		MaxConns: 1024, MaxHTTPConns: 8192, MaxMemory: 1 << 30, RoomsPerAddress: 3, RoomRate: 3000,
		WriteWait: 10 * time.Second, StuckWait: 3 * time.Second, BodyWait: 10 * time.Second, IdleTimeout: time.Minute}
}

// withDefaults fills the limits left at zero from DefaultLimits (MaxQueue
// excepted: 0 is no fixed cap).
func (l Limits) withDefaults() Limits {
	d := DefaultLimits()
	set := func(v *int64, def int64) {
		if *v <= 0 {
			*v = def
		}
	}
	seti := func(v *int, def int) {
		if *v <= 0 {
			*v = def
		}
	}
	setd := func(v *time.Duration, def time.Duration) {
		if *v <= 0 {
			*v = def
		}
	}
	seti(&l.MaxDepth, d.MaxDepth)
	set(&l.MaxNodes, d.MaxNodes)
	seti(&l.MaxSearches, d.MaxSearches)
	set(&l.MaxMessageBytes, d.MaxMessageBytes)
	seti(&l.MaxConns, d.MaxConns)
	seti(&l.MaxHTTPConns, d.MaxHTTPConns)
	seti(&l.RoomsPerAddress, d.RoomsPerAddress)
	seti(&l.RoomRate, d.RoomRate)
	set(&l.MaxMemory, d.MaxMemory)
	setd(&l.MaxWait, d.MaxWait)
	setd(&l.WriteWait, d.WriteWait)
	setd(&l.StuckWait, d.StuckWait)
	setd(&l.BodyWait, d.BodyWait)
	setd(&l.IdleTimeout, d.IdleTimeout)
	return l
}

// sessionLimits are the limits a search session keeps (server/session builds
// for the browser too, so it has its own Limits).
func (l *Limits) sessionLimits() *session.Limits {
	return &session.Limits{MaxDepth: l.MaxDepth, MaxNodes: l.MaxNodes, MaxSearches: l.MaxSearches, MaxMemory: l.MaxMemory}
}

// Timings of the websocket connection, after gorilla/websocket's chat
// example. How its search frames are paced (batch size, frame gap, status
// period) is the session's, the same for every transport (session.Pace).
const (
	pongWait   = 60 * time.Second  // a peer silent for this long is gone
	pingPeriod = pongWait * 9 / 10 // pings keep a quiet peer's deadline moving
	sendQueue  = 16                // control frames waiting to be written
)

// SearchShare says what one search may have under these limits (those left
// at zero taking their defaults): its share of the memory budget, and the
// largest transposition table that allows, in entries and bytes (no more
// than the engine's own largest).
func SearchShare(lim Limits) (share int64, entries int, table int64) {
	lim = lim.withDefaults()
	share, most := session.Share(lim.sessionLimits())
	most = min(most, engine.MaxTTSize)
	return share, most, int64(most) * session.TableBytes
}

// RuntimeMemoryLimit is the Go runtime's memory limit for a server whose
// budget is maxMemory (-max-memory): the budget plus a fifth for what it
// does not charge (connections' buffers, goroutine stacks, frames being
// written, the runtime's own), so that under a burst the collector works
// harder before the process passes about 1.3 times the flag.
func RuntimeMemoryLimit(maxMemory int64) int64 {
	return maxMemory + maxMemory/5
}
