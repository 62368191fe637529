package server

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
)

// A trace file or an engine's inspection refused a place in line is told the
// line's own sentence (the cap it hit and the wait), not a fixed "line is full".
func TestSlotRefusalsSayTheLinesSentence(t *testing.T) {
	s, hs := testServer(t, Limits{MaxSearches: 1, MaxQueue: 1})
	s.AddEngines(map[string]string{"fake": "/bin/false"})
	// One search holds the slot and one waits: the line (capped at 1) is full.
	release, err := s.slots.Acquire(context.Background(), func(int) {})
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go s.slots.Acquire(ctx, func(int) {})
	for deadline := time.Now().Add(10 * time.Second); ; {
		if _, n := s.slots.Counts(); n == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the second search never joined the line")
		}
		time.Sleep(time.Millisecond)
	}
	for _, req := range []struct{ path, ctype, body string }{
		{"/trace", "application/octet-stream", `{"format":"pvscope-trace","version":1}` + "\n"},
		{"/engines/inspect", "application/json", `{"engine":"fake","depth":1}`},
	} {
		resp, err := http.Post(hs.URL+req.path, req.ctype, strings.NewReader(req.body))
		if err != nil {
			t.Fatal(err)
		}
		var got struct{ Error string }
		json.NewDecoder(resp.Body).Decode(&got)
		resp.Body.Close()
		if resp.StatusCode != http.StatusServiceUnavailable {
			t.Errorf("%s: status %d, want 503 (%q)", req.path, resp.StatusCode, got.Error)
		}
		for _, want := range []string{"1 more is waiting", "-max-queue 1"} {
			if !strings.Contains(got.Error, want) {
				t.Errorf("%s: %q does not say %q", req.path, got.Error, want)
			}
		}
	}
}
