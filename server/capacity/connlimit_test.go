package capacity

import (
	"bufio"
	"errors"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A listener held to 2 connections, under a real http.Server: the third
// client is answered 503 with the sentence given; once a held connection
// closes, a new client is served again.
func TestLimitConnsAnswersOnePastTheLimitWithItsSentence(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	const sentence = "The server already has 2 connections open."
	full := "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\nConnection: close\r\nContent-Length: " +
		strconv.Itoa(len(sentence)) + "\r\n\r\n" + sentence
	limited := LimitConns(ln, 2, []byte(full))
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "page") })}
	go srv.Serve(limited)
	defer srv.Close()
	addr := ln.Addr().String()

	// get sends one request on c and returns the status and body.
	get := func(c net.Conn) (int, string) {
		t.Helper()
		if _, err := io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\n\r\n"); err != nil {
			t.Fatal(err)
		}
		res, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(io.LimitReader(res.Body, 1<<10))
		return res.StatusCode, string(b)
	}
	dial := func() net.Conn {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	a, b := dial(), dial()
	for _, c := range []net.Conn{a, b} { // kept alive: both stay open
		if code, body := get(c); code != 200 || body != "page" {
			t.Fatalf("a connection within the limit: %d %q, want 200 \"page\"", code, body)
		}
	}
	if code, body := get(dial()); code != 503 || body != sentence {
		t.Fatalf("the third connection: %d %q, want 503 %q", code, body, sentence)
	}
	a.Close()
	// The closed connection's place comes back once the server has seen it
	// close; a client retrying (as the sentence asks) is served again.
	for i := 0; ; i++ {
		code, body := get(dial())
		if code == 200 && body == "page" {
			break
		}
		if i == 1000 {
			t.Fatalf("after one of two connections closed, a new one is still answered %d %q", code, body)
		}
	}
	if n := limited.(*connLimit).Open(); n > 2 {
		t.Fatalf("%d connections counted open, at most 2 may be", n)
	}
}

// A flood past the limit: 64 refusals under way at once (clients that
// connect and send nothing hold theirs until they close), the next
// connection is closed unanswered; once those clients go, a client past the
// limit hears the sentence again (their places came back).
func TestLimitConnsClosesAFloodUnanswered(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	const sentence = "full"
	full := "HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 4\r\n\r\n" + sentence
	limited := LimitConns(ln, 1, []byte(full))
	limited.(*connLimit).wait = time.Hour // a silent client holds its refusal until it closes, however slow the machine
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "page") })}
	go srv.Serve(limited)
	defer srv.Close()
	dial := func() net.Conn {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	held := dial()
	io.WriteString(held, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
	if res, err := http.ReadResponse(bufio.NewReader(held), nil); err != nil || res.StatusCode != 200 {
		t.Fatalf("the connection within the limit: %v %v", res, err)
	}
	silent := make([]net.Conn, refusing)
	for i := range silent {
		silent[i] = dial()
	}
	// Wait until all 64 refusals are under way (each took its token when accepted).
	for i := 0; len(limited.(*connLimit).refusals) < refusing; i++ {
		if i == 10000 {
			t.Fatalf("%d refusals under way after %d silent clients", len(limited.(*connLimit).refusals), refusing)
		}
		time.Sleep(time.Millisecond)
	}
	c := dial()
	io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
	c.SetReadDeadline(time.Now().Add(time.Minute)) // a connection left open fails, not hangs
	// Closed with the request unread: an end of stream, or a reset.
	if b, err := io.ReadAll(io.LimitReader(c, 1<<10)); len(b) != 0 || (err != nil && !errors.Is(err, syscall.ECONNRESET)) {
		t.Fatalf("the connection past 64 refusals: %q, %v; want it closed unanswered", b, err)
	}
	for _, s := range silent {
		s.Close()
	}
	for i := 0; ; i++ {
		c := dial()
		io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
		c.SetReadDeadline(time.Now().Add(time.Minute))
		b, _ := io.ReadAll(io.LimitReader(c, 1<<10))
		if strings.HasSuffix(string(b), "\r\n\r\n"+sentence) {
			break
		}
		if i == 1000 {
			t.Fatalf("after the flood's clients went, a client past the limit still hears %q", b)
		}
	}
}
