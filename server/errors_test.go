package server

import (
	"fmt"
	"strings"
	"testing"
)

// Every refused start names the field the user got wrong, spelt as the user
// wrote it, in a sentence.
func TestErrorsNameTheirFieldAsWritten(t *testing.T) {
	_, hs := testServer(t, DefaultLimits())
	c := dial(t, hs)
	for _, tc := range []struct {
		options map[string]string
		field   string
	}{
		{map[string]string{"depth": "-3"}, "depth"},
		{map[string]string{"tt-size": "0"}, "tt-size"},
		{map[string]string{"multipv": "999"}, "multipv"},
		{map[string]string{"aspiration": "true", "aspiration-window": "0"}, "aspiration-window"},
		{map[string]string{"aspiration": "true", "algo": "minimax"}, "aspiration"},
		{map[string]string{"max-nodes": "-5"}, "max-nodes"},
	} {
		c.send(map[string]any{"type": "start", "options": tc.options})
		m := c.expect("error")
		msg, _ := m["message"].(string)
		if m["field"] != tc.field || !strings.HasPrefix(msg, tc.field) || !strings.HasSuffix(msg, ".") {
			t.Errorf("%v: field %v, message %q; want field %q and a sentence opening with %q as written", tc.options, m["field"], msg, tc.field, tc.field)
		}
	}
}

// A 60 KB FEN (or tree, or option value) is not sent back whole in the error.
func TestLongInputIsNotEchoed(t *testing.T) {
	_, hs := testServer(t, DefaultLimits())
	c := dial(t, hs)
	long := strings.Repeat("rnbqkbnr/", 60<<10/9)
	for _, cmd := range []map[string]any{
		{"type": "start", "setup": map[string]string{"fen": long + " w - - 0 1"}},
		{"type": "start", "setup": map[string]string{"random": "b=3,d=2,seed=" + long}},
		{"type": "start", "options": map[string]string{"depth": long}},
	} {
		c.send(cmd)
		m := c.expect("error")
		msg, _ := m["message"].(string)
		if len(msg) > 1000 || !strings.Contains(msg, "characters") || m["field"] == "" {
			t.Errorf("a %d-byte input: field %v, a %d-byte message %.200q; want it short, saying how long the input was", len(long), m["field"], len(msg), msg)
		}
	}
}

// A burst of malformed messages is answered (each one counted, coalesced into
// fewer frames when they come faster than they are written), and the page
// keeps its connection and can search afterwards.
func TestBurstOfBadMessagesKeepsTheClient(t *testing.T) {
	_, hs := testServer(t, DefaultLimits())
	c := dial(t, hs)
	const burst = 200
	for i := range burst {
		c.send(fmt.Sprintf(`{"type":"start","options":{"depth":"x%d"}}`, i))
	}
	c.send(map[string]any{"type": "start", "id": 7, "setup": map[string]string{"tree": aima}})
	answered := 0
	for {
		m, b := c.next()
		if m["type"] == "started" {
			break
		}
		if m["type"] != "error" || m["field"] != "depth" {
			t.Fatalf("during the burst: %.300s", b)
		}
		answered++
		if n, ok := m["count"].(float64); ok {
			answered += int(n) - 1
		}
	}
	if answered != burst {
		t.Fatalf("%d bad messages answered, want %d", answered, burst)
	}
	for {
		m, _ := c.next()
		if m["type"] == "done" {
			if m["result"].(map[string]any)["score"] != 3.0 {
				t.Fatalf("after the burst, the search gives %v", m)
			}
			return
		}
	}
}
