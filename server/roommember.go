package server

import (
	"context"
	"net"

	"github.com/pvscope/pvscope/server/capacity"
	"github.com/pvscope/pvscope/server/rooms"
	"github.com/pvscope/pvscope/server/session"
)

// A connection is a room's Member and a run its Search (server/rooms): what a
// room asks of them, and nothing more.

func (c *conn) Queue(v any)              { c.queue(v) }
func (c *conn) Context() context.Context { return c.ctx }
func (c *conn) Cancel()                  { c.cancel() }
func (c *conn) Send() chan []byte        { return c.send }
func (c *conn) NetConn() net.Conn        { return c.ws.NetConn() }

// Current is the page's search; nil (not a nil *run) when it has none.
func (c *conn) Current() rooms.Search {
	c.mu.Lock()
	r := c.cur
	c.mu.Unlock()
	if r == nil {
		return nil
	}
	return r
}

// Delivered is the newest search whose done frame the page has been sent.
func (c *conn) Delivered() rooms.Search {
	if r := c.delivered.Load(); r != nil {
		return r
	}
	return nil
}

// PageRooms is the page's room record, made on its first room message (the
// read pump alone handles room messages).
func (c *conn) PageRooms() *rooms.PageRooms {
	if c.rooms == nil {
		c.rooms = rooms.NewPageRooms(c.ws.RemoteAddr())
	}
	return c.rooms
}

func (r *run) Started() session.Started   { return r.started }
func (r *run) Account() *capacity.Account { return r.account() }
