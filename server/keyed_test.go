package server

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/pvscope/pvscope/server/session"
	"github.com/pvscope/pvscope/tracer/msg"
)

// A refused setup's error frame carries the sentence's key and parameters
// beside its English: the limits and the input are the test's own.
func TestErrorFrameCarriesKeyAndArgs(t *testing.T) {
	lim := DefaultLimits()
	lim.MaxDepth = 7
	_, hs := testServer(t, lim)
	c := dial(t, hs)
	cases := []struct {
		options map[string]string
		field   string
		message string
		key     string
		args    map[string]any
	}{
		{map[string]string{"depth": "9"}, "depth", "depth 9 is more than this server allows (7).",
			"go-server.depthLimit", map[string]any{"depth": 9.0, "limit": 7.0}},
		{map[string]string{"dpeth": "3"}, "dpeth", `Unknown option "dpeth".`,
			"go-server.unknownOption", map[string]any{"name": "dpeth"}},
	}
	for i, tc := range cases {
		c.send(map[string]any{"type": "start", "id": i + 1, "options": tc.options})
		f := c.expect("error")
		if f["field"] != tc.field || f["message"] != tc.message || f["key"] != tc.key || !reflect.DeepEqual(f["args"], tc.args) {
			t.Errorf("options %v: got field %v, message %q, key %v, args %v; want %s, %q, %s, %v",
				tc.options, f["field"], f["message"], f["key"], f["args"], tc.field, tc.message, tc.key, tc.args)
		}
	}
}

// The page's search waiting in line is told its place with its key too.
func TestQueuedFrameCarriesKeyAndArgs(t *testing.T) {
	lim := DefaultLimits()
	lim.MaxSearches = 2
	s, hs := testServer(t, lim)
	for range 2 { // the test holds both slots
		release, err := s.slots.Acquire(context.Background(), func(int) {})
		if err != nil {
			t.Fatal(err)
		}
		defer release()
	}
	c := dial(t, hs)
	c.send(map[string]any{"type": "start", "id": 1, "options": map[string]string{"depth": "2"}})
	f := c.expect("queued")
	// The wait is the slots' time held so far (at least so much), or none yet.
	msg, _ := f["message"].(string)
	if !strings.HasPrefix(msg, "1st in line") || !strings.HasSuffix(msg, "(the server runs 2 searches at once).") ||
		(f["key"] != "go-server.queued" && f["key"] != "go-server.queuedAtLeast") {
		t.Fatalf("queued frame %v", f)
	}
	args, _ := f["args"].(map[string]any)
	for name, want := range map[string]any{"place": 1.0, "th": "st", "running": 2.0, "searchWord": "searches"} {
		if args[name] != want {
			t.Errorf("args[%s] = %v, want %v (args %v)", name, args[name], want, args)
		}
	}
	if w, _ := args["wait"].(string); !strings.Contains(msg, w+" to wait") && f["key"] != "go-server.queued" {
		t.Errorf("the wait %q is not the message's: %q", w, msg)
	}
	c.send(map[string]any{"type": "stop"})
	c.expect("error") // stopped while waiting
}

// An error from below the server (the engine's, in a wrapping) gives the
// frame its first keyed sentence; an input it repeats is cut as the message
// cuts a quoted input, and never grows the frame past the message's bounds.
func TestWithKeyFindsTheFirstKeyedErrorAndCutsItsInput(t *testing.T) {
	long := strings.Repeat("é", 5000) // 10,000 bytes
	inner := msg.New("go-engine.test", "a FEN has 6 fields, not {n}: \"{fen}\"", "n", 7, "fen", long)
	err := fmt.Errorf("setup: %w", inner)
	f := session.Error{Type: "error", Field: "fen", Message: session.Sentence(err.Error())}.WithKey(err)
	if f.Key != "go-engine.test" {
		t.Fatalf("key %q", f.Key)
	}
	if f.Args["n"] != 7 {
		t.Errorf("n = %v", f.Args["n"])
	}
	fen, _ := f.Args["fen"].(string)
	// session.MaxQuoted (60) bytes at a character's start: 30 é, then the ellipsis.
	if want := strings.Repeat("é", 30) + "…"; fen != want {
		t.Errorf("fen cut to %d bytes (%d characters), want %q", len(fen), utf8.RuneCountInString(fen), want)
	}
	b, _ := json.Marshal(f)
	if len(b) > 3*session.MaxMessage {
		t.Errorf("the frame is %d bytes", len(b))
	}
	// A parameter the message does not quote is bounded by the message's length.
	f = session.Error{}.WithKey(msg.New("go-engine.test2", "{reason}", "reason", long))
	if r := f.Args["reason"].(string); len(r) > session.MaxMessage+len("…") {
		t.Errorf("an unquoted parameter is %d bytes", len(r))
	}
	// No keyed sentence: no key, no args.
	if f := (session.Error{}).WithKey(fmt.Errorf("plain")); f.Key != "" || f.Args != nil {
		t.Errorf("unkeyed: %+v", f)
	}
}

// A search the node limit stops says so in its done frame, keyed: the
// engine's words for the limit the page asked for.
func TestDoneFrameKeysTheNodeLimit(t *testing.T) {
	_, hs := testServer(t, DefaultLimits())
	c := dial(t, hs)
	c.send(map[string]any{"type": "start", "id": 1, "options": map[string]string{"depth": "6", "max-nodes": "500"}})
	f := c.expect("started")
	for f["type"] != "done" {
		f, _ = c.next()
	}
	if f["stopped"] != "the node limit of 500 reached" || f["stoppedKey"] != "go-server.stoppedNodeLimit" ||
		!reflect.DeepEqual(f["stoppedArgs"], map[string]any{"n": 500.0}) {
		t.Errorf("done frame: stopped %v, key %v, args %v", f["stopped"], f["stoppedKey"], f["stoppedArgs"])
	}
}
