package capacity

import (
	"io"
	"net"
	"sync"
	"sync/atomic"
	"time"
)

// LimitConns is ln holding at most max connections open at once, websockets
// (which keep theirs) among them. A connection past max is read for its
// request (up to refusalRead bytes, for refusalWait at most), answered with
// full, a whole HTTP response that says why, and closed: the browser shows a
// sentence where a listener that stopped accepting would leave it waiting.
// At most refusing such answers are under way at once; past that a connection
// is closed unanswered (a flood is owed no sentence each).
func LimitConns(ln net.Listener, max int, full []byte) net.Listener {
	return &connLimit{Listener: ln, max: int64(max), full: full, refusals: make(chan struct{}, refusing), wait: refusalWait}
}

const (
	refusing    = 64
	refusalRead = 8 << 10
	refusalWait = 2 * time.Second
)

type connLimit struct {
	net.Listener
	max      int64
	open     atomic.Int64
	full     []byte
	refusals chan struct{} // a token per refusal under way
	wait     time.Duration // how long a refusal waits for the request (refusalWait; a test's own)
}

// Open is the number of connections counted in now.
func (l *connLimit) Open() int64 { return l.open.Load() }

func (l *connLimit) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if l.open.Add(1) <= l.max {
			return &countedConn{Conn: c, release: func() { l.open.Add(-1) }}, nil
		}
		l.open.Add(-1)
		select {
		case l.refusals <- struct{}{}:
			go l.refuse(c)
		default:
			c.Close()
		}
	}
}

// refuse reads what the client sent first (closing a socket with unread bytes
// resets it, and the answer is lost), answers full and closes.
func (l *connLimit) refuse(c net.Conn) {
	defer func() { <-l.refusals }()
	defer c.Close()
	c.SetDeadline(time.Now().Add(l.wait))
	buf := make([]byte, 1024)
	for read := 0; read < refusalRead; {
		n, err := c.Read(buf)
		read += n
		if err != nil || endsHeaders(buf[:n]) {
			break
		}
	}
	c.Write(l.full)
	if tc, ok := c.(interface{ CloseWrite() error }); ok {
		tc.CloseWrite()
		io.CopyN(io.Discard, c, refusalRead) // until the client closes too, or the deadline
	}
}

// endsHeaders: the piece read ends a request's headers (a request without a
// body is whole then). A piece that splits "\r\n\r\n" reads on, to the bound.
func endsHeaders(b []byte) bool {
	n := len(b)
	return n >= 4 && string(b[n-4:]) == "\r\n\r\n"
}

// countedConn gives its place back once, however often it is closed.
type countedConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *countedConn) Close() error {
	c.once.Do(c.release)
	return c.Conn.Close()
}
