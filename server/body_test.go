package server

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// stalledUpload opens a connection and sends POST /trace headers promising
// a body of size bytes, then only the first `sent` of them. It returns once
// the server answered "100 Continue", the proof its handler started reading.
func stalledUpload(t *testing.T, hs *httptest.Server, size, sent int) (net.Conn, *bufio.Reader) {
	t.Helper()
	c, err := net.Dial("tcp", hs.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	fmt.Fprintf(c, "POST /trace HTTP/1.1\r\nHost: %s\r\nContent-Type: application/jsonl\r\nExpect: 100-continue\r\nContent-Length: %d\r\n\r\n",
		hs.Listener.Addr(), size)
	c.SetReadDeadline(time.Now().Add(time.Minute)) // a hang guard, not a timing assertion
	br := bufio.NewReader(c)
	line, err := br.ReadString('\n')
	if err != nil || !strings.Contains(line, "100 Continue") {
		t.Fatalf("want 100 Continue, got %q %v", line, err)
	}
	br.ReadString('\n') // the blank line after it
	io.WriteString(c, `{"format":"pvscope-trace","version":1}`[:sent])
	return c, br
}

// Four connections that send an upload's headers (Content-Length 1000) and
// no body hold no search slot: a search asked for after them is served.
func TestBodilessUploadsLeaveSearchesServed(t *testing.T) {
	lim := DefaultLimits() // four slots
	s, hs := testServer(t, lim)
	for i := 0; i < lim.MaxSearches; i++ {
		stalledUpload(t, hs, 1000, 0)
	}
	if running := s.Searches(); running != 0 {
		t.Errorf("%d slots held by uploads that sent no body", running)
	}
	c := dial(t, hs)
	c.send(map[string]any{"type": "start", "setup": map[string]string{"tree": aima}})
	got := c.collect() // next() fails after a minute without a frame
	if got.done == nil || len(got.events) == 0 {
		t.Fatalf("the search was not served: %v", got.done)
	}
}

// A body that stops coming is cut off after BodyWait with a sentence (408),
// and the slot it took (its first chunk had come) is given back.
func TestStalledBodyIsCutOff(t *testing.T) {
	lim := DefaultLimits()
	lim.BodyWait = 300 * time.Millisecond
	s, hs := testServer(t, lim)
	for _, sent := range []int{0, 10} {
		_, br := stalledUpload(t, hs, 1000, sent)
		res, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatalf("%d bytes sent: %v", sent, err)
		}
		var got struct{ Error, Key string }
		json.NewDecoder(res.Body).Decode(&got)
		res.Body.Close()
		if res.StatusCode != http.StatusRequestTimeout || got.Key != "go-server.slowBody" || !strings.Contains(got.Error, "stopped coming") {
			t.Errorf("%d bytes sent of 1000: %d %q %q, want 408 and the slow-body sentence", sent, res.StatusCode, got.Key, got.Error)
		}
	}
	if running := s.Searches(); running != 0 {
		t.Errorf("%d slots still held after the bodies were cut off", running)
	}
}

// A body trickling a byte at a time, each within BodyWait, is still cut off
// once its average falls below the minimum rate: the reads together may wait
// BodyWait plus a second per bodyMinRate bytes.
func TestTricklingBodyIsCutOff(t *testing.T) {
	r, w := io.Pipe()
	defer w.Close()
	rec := httptest.NewRecorder() // no read deadline here: the rate alone cuts it off
	b := newBodyReader(rec, r, 50*time.Millisecond)
	go func() {
		for {
			time.Sleep(20 * time.Millisecond) // under BodyWait each, far under the rate
			if _, err := w.Write([]byte("x")); err != nil {
				return
			}
		}
	}()
	n, err := io.Copy(io.Discard, b)
	if _, ok := slowBody(err); !ok {
		t.Fatalf("read %d bytes, err %v: want the slow-body sentence", n, err)
	}
	r.Close()
}
