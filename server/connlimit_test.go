package server

import (
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
)

// pvscope serve's listener (Listener): past -max-http-conns a browser is
// answered 503 with the sentence, in the server's words and its refusal
// headers, while the connections already open are served.
func TestListenerSaysTheServerHasTooManyConnections(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s := New(ctx, Limits{MaxHTTPConns: 1})
	srv := s.HTTPServer()
	go srv.Serve(s.Listener(ln))
	defer srv.Close()
	url := "http://" + ln.Addr().String() + "/"

	held := &http.Client{Transport: &http.Transport{MaxConnsPerHost: 1}}
	defer held.CloseIdleConnections()
	res, err := held.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("the first connection: %d, want 200", res.StatusCode)
	}
	// The first client keeps its connection alive: a second is one too many.
	other := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	res, err = other.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	const want = "The server already has 1 connections open, its limit (-max-http-conns); close a tab or try again in a moment."
	if res.StatusCode != http.StatusServiceUnavailable || strings.TrimSpace(string(body)) != want {
		t.Fatalf("one connection past the limit: %d %q, want 503 %q", res.StatusCode, body, want)
	}
	if got := res.Header.Get("X-Content-Type-Options"); got != "nosniff" {
		t.Errorf("the refusal's X-Content-Type-Options is %q, want nosniff", got)
	}
	// The held connection is still served.
	if res, err = held.Get(url); err != nil || res.StatusCode != 200 {
		t.Fatalf("the connection within the limit, asked again: %v %v", res, err)
	}
	res.Body.Close()
}
