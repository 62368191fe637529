package server

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"golang.org/x/net/html"
)

// request sends GET / with the given Host header to the test server.
func requestHost(t *testing.T, hs *httptest.Server, host, path string) *http.Response {
	t.Helper()
	req, err := http.NewRequest("GET", hs.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Host = host
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	res.Body = io.NopCloser(strings.NewReader(string(body)))
	return res
}

// A page on another site that points its DNS name at this machine (DNS
// rebinding) makes the browser send that name as Host: refused, with a
// sentence. Loopback names and addresses, -host names and the machine's own
// addresses are served.
func TestForeignHostIsRefused(t *testing.T) {
	lim := DefaultLimits()
	lim.Hosts = []string{"Teacher.Example"}
	_, hs := testServer(t, lim)
	for _, host := range []string{"evil.example", "evil.example:8080", "attacker.localhost.example", "203.0.113.9:8080"} {
		for _, path := range []string{"/", "/ws", "/static/js/app.js"} {
			res := requestHost(t, hs, host, path)
			body, _ := io.ReadAll(res.Body)
			if res.StatusCode != http.StatusMisdirectedRequest || !strings.Contains(string(body), "-host") {
				t.Errorf("Host %q %s: %d %.100q, want 421 and a sentence naming -host", host, path, res.StatusCode, body)
			}
			// The refusal carries the headers every answer has.
			for h, want := range map[string]string{"Content-Security-Policy": "frame-ancestors 'none'",
				"X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY", "Referrer-Policy": "no-referrer"} {
				if got := res.Header.Get(h); !strings.Contains(got, want) {
					t.Errorf("Host %q %s: %s %q, want %q", host, path, h, got, want)
				}
			}
		}
	}
	allowed := []string{"localhost", "localhost:8080", "LOCALHOST.", "127.0.0.1:80", "[::1]:8080", "class.localhost",
		"teacher.example", "teacher.example:8080"}
	for _, ip := range InterfaceAddrs(false) {
		allowed = append(allowed, net.JoinHostPort(ip.String(), "8080"))
	}
	for _, host := range allowed {
		if res := requestHost(t, hs, host, "/"); res.StatusCode != http.StatusOK {
			t.Errorf("Host %q: %d, want 200", host, res.StatusCode)
		}
	}
	// The websocket refuses a foreign Host too, even with a matching Origin.
	url := "ws" + strings.TrimPrefix(hs.URL, "http") + "/ws"
	_, res, err := websocket.DefaultDialer.Dial(url, http.Header{"Host": {"evil.example"}, "Origin": {"http://evil.example"}})
	if err == nil || res == nil || res.StatusCode != http.StatusMisdirectedRequest {
		t.Fatalf("upgrade with a foreign Host: %v (%v), want 421", err, res)
	}
}

// The page runs only its own scripts: the policy forbids inline script, and
// the page has none (no <script> with code, no on* handler attributes) but its
// import map, which the policy names by its hash, so it still works (the
// browser tests run it under this policy).
func TestSecurityHeadersAndNoInlineScript(t *testing.T) {
	_, hs := testServer(t, DefaultLimits())
	for _, path := range []string{"/", "/static/js/app.js"} {
		res := get(t, hs.URL+path)
		csp := res.Header.Get("Content-Security-Policy")
		for _, want := range []string{"script-src 'self'", "frame-ancestors 'none'", "object-src 'none'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("%s: Content-Security-Policy %q lacks %q", path, csp, want)
			}
		}
		if strings.Contains(csp, "unsafe-inline'; ") && strings.Contains(csp, "script-src 'self' 'unsafe-inline'") {
			t.Errorf("%s: the policy allows inline script: %q", path, csp)
		}
		if res.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: X-Content-Type-Options = %q", path, res.Header.Get("X-Content-Type-Options"))
		}
	}
	pageRes := get(t, hs.URL+"/")
	pageCSP := pageRes.Header.Get("Content-Security-Policy")
	doc, err := html.Parse(pageRes.Body)
	if err != nil {
		t.Fatal(err)
	}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			for _, a := range n.Attr {
				if strings.HasPrefix(strings.ToLower(a.Key), "on") {
					t.Errorf("<%s %s=%q>: an inline handler the policy would block", n.Data, a.Key, a.Val)
				}
				if (a.Key == "href" || a.Key == "src") && strings.HasPrefix(strings.ToLower(a.Val), "javascript:") {
					t.Errorf("<%s %s=%q>: a javascript: URL", n.Data, a.Key, a.Val)
				}
			}
			if n.Data == "script" && attr(n, "src") == "" && attr(n, "type") != "application/json" {
				// The one inline script allowed is the import map, named by its hash in script-src.
				var text string
				if n.FirstChild != nil {
					text = n.FirstChild.Data
				}
				sum := sha256.Sum256([]byte(text))
				hash := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
				if attr(n, "type") != "importmap" || !strings.Contains(pageCSP, "script-src 'self' "+hash) {
					t.Errorf("an inline <script type=%q>: the policy %q would block it", attr(n, "type"), pageCSP)
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
}

// A keep-alive connection left idle is closed by the server (IdleTimeout), so
// idle sockets cannot pile up.
func TestIdleKeepAliveIsClosed(t *testing.T) {
	lim := DefaultLimits()
	lim.IdleTimeout = 100 * time.Millisecond
	ctx, cancel := context.WithCancel(context.Background())
	s := New(ctx, lim)
	hs := httptest.NewUnstartedServer(s)
	hs.Config = s.HTTPServer()
	hs.Start()
	t.Cleanup(func() { cancel(); hs.Close() })
	c, err := net.Dial("tcp", hs.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	io.WriteString(c, "GET /static/css/ HTTP/1.1\r\nHost: localhost\r\n\r\n")
	r := bufio.NewReader(c)
	res, err := http.ReadResponse(r, nil)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	// Now idle: the server must close it. A minute is a hang, not slowness.
	c.SetReadDeadline(time.Now().Add(time.Minute))
	if _, err := r.ReadByte(); err != io.EOF {
		t.Fatalf("an idle keep-alive connection: read gave %v, want EOF (closed by the server)", err)
	}
}

// Past MaxConns, an upgrade is refused with a sentence; closing one lets the next in.
func TestConnectionCap(t *testing.T) {
	lim := DefaultLimits()
	lim.MaxConns = 3
	s, hs := testServer(t, lim)
	var open []*client
	for range 3 {
		open = append(open, dial(t, hs))
	}
	url := "ws" + strings.TrimPrefix(hs.URL, "http") + "/ws"
	_, res, err := websocket.DefaultDialer.Dial(url, nil)
	if err == nil || res == nil || res.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("a fourth connection: %v (%v), want 503", err, res)
	}
	body, _ := io.ReadAll(res.Body)
	if !strings.Contains(string(body), "3 connections") {
		t.Fatalf("refusal says %q", body)
	}
	open[0].ws.Close()
	for s.Connections() > 2 {
		time.Sleep(5 * time.Millisecond)
	}
	dial(t, hs)
}
