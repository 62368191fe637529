package server

import (
	"errors"
	"io"
	"net/http"
	"os"
	"time"

	"github.com/pvscope/pvscope/tracer/msg"
)

// A request's body must keep coming: a client that sends headers and then
// nothing, or a byte now and then, would otherwise hold its connection, and
// whatever the handler took for it, for ever. Each read of the body may wait
// at most Limits.BodyWait, and all the reads together at most BodyWait plus
// one second for every bodyMinRate bytes received: a body slower than that
// on average is cut off with a sentence (408). Only time spent waiting for
// the client counts, not time the server spends on what it read.

// bodyMinRate is the slowest a body may arrive on average, in bytes a
// second: 512 MB (the largest trace) in about 2 h 15 min; a classroom's
// network is hundreds of times faster.
const bodyMinRate = 64 << 10

// errSlowBody is the sentence a body too slow gets.
func errSlowBody(wait time.Duration) *msg.Error {
	return msg.New("go-server.slowBody", "The request's body stopped coming (nothing for {seconds} s, or slower than {kb} KB a second); send it again.",
		"seconds", int(wait.Seconds()), "kb", bodyMinRate>>10)
}

// bodyReader is a request body with a deadline on each read.
type bodyReader struct {
	io.ReadCloser
	w      http.ResponseWriter
	rc     *http.ResponseController
	wait   time.Duration  // Limits.BodyWait
	n      int64          // bytes read
	waited time.Duration  // time spent in reads
	err    *slowBodyError // the refusal, once the body was too slow
	eof    bool           // the body was read to its end
}

// newBodyReader wraps a request's body. Until the body is read to its end
// the reply says "Connection: close": net/http would otherwise read what is
// left of an unread body, with no deadline, before it writes the reply (it
// does so only for the bodies it knows, and this one it does not).
func newBodyReader(w http.ResponseWriter, body io.ReadCloser, wait time.Duration) *bodyReader {
	w.Header().Set("Connection", "close")
	return &bodyReader{ReadCloser: body, w: w, rc: http.NewResponseController(w), wait: wait}
}

func (b *bodyReader) Read(p []byte) (int, error) {
	if b.err != nil {
		return 0, b.err
	}
	earned := b.wait + time.Duration(float64(b.n)/bodyMinRate*float64(time.Second))
	allowed := min(earned-b.waited, b.wait)
	if allowed <= 0 {
		b.err = &slowBodyError{errSlowBody(b.wait)}
		return 0, b.err
	}
	start := time.Now()
	// The deadline is there only while this read waits: once the body is
	// read, net/http reads the connection in the background to see it close,
	// and a deadline left behind would cancel the request's context.
	b.rc.SetReadDeadline(start.Add(allowed)) // not supported (a test's recorder): the rate is still checked
	n, err := b.ReadCloser.Read(p)
	b.eof = err == io.EOF
	b.rc.SetReadDeadline(time.Time{})
	b.waited += time.Since(start)
	b.n += int64(n)
	if err == io.EOF {
		b.w.Header().Del("Connection") // all read: the connection may serve the next request
	}
	if errors.Is(err, os.ErrDeadlineExceeded) {
		b.err = &slowBodyError{errSlowBody(b.wait)}
		return n, b.err
	}
	return n, err
}

// finish follows the handler: a body it left unread (refused, or cut off)
// is not read on to reuse the connection, which net/http would do with no
// deadline for a reply not yet sent; the connection is closed instead, and
// any read net/http still makes waits at most BodyWait.
func (b *bodyReader) finish(w http.ResponseWriter) {
	if b.eof {
		return
	}
	w.Header().Set("Connection", "close") // ignored if the reply has begun
	b.rc.SetReadDeadline(time.Now().Add(b.wait))
}

// slowBodyError is a body cut off for its slowness, found under whatever
// wrapped it (a trace reader names the line it was reading).
type slowBodyError struct{ m *msg.Error }

func (e *slowBodyError) Error() string { return e.m.Text }
func (e *slowBodyError) Unwrap() error { return e.m }

// slowBody says whether err is a body cut off for its slowness, and its sentence.
func slowBody(err error) (*msg.Error, bool) {
	var sb *slowBodyError
	if errors.As(err, &sb) {
		return sb.m, true
	}
	return nil, false
}
