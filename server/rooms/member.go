package rooms

import (
	"context"
	"net"

	"github.com/pvscope/pvscope/server/capacity"
	"github.com/pvscope/pvscope/server/session"
	"github.com/pvscope/pvscope/tracer"
)

// Member is a page's connection as its room sees it (the server's
// connection implements it).
type Member interface {
	// Queue sends a frame (any value the frames encode as JSON) without blocking.
	Queue(v any)
	// Context ends when the connection does; Cancel ends it (a slow follower).
	Context() context.Context
	Cancel()
	// Send is the connection's bounded queue of frames, which the room fills
	// directly, never waiting, keeping room for the page's own errors.
	Send() chan []byte
	// NetConn is the network connection (a follower's send buffer is lowered).
	NetConn() net.Conn
	// Current is the page's search (nil when it has none), Delivered the
	// newest whose done frame the page has been sent (nil when none).
	Current() Search
	Delivered() Search
	// PageRooms is the page's room record (NewPageRooms, on its first use).
	PageRooms() *PageRooms
}

// Search is a presenter's search as its room relays it: its started frame,
// its events as they are recorded, its done frame, its memory account.
type Search interface {
	ID() int64
	Started() session.Started
	// Read copies events from index from into buf: how many, and whether they
	// were the last.
	Read(from int, buf []tracer.Event) (n int, last bool)
	Done() *session.Done
	Account() *capacity.Account
}
