package server

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/pvscope/pvscope/server/session"
	"github.com/pvscope/pvscope/tracer"
)

// The table's keys reach the page (issue 41): [index, "hex"] for each event
// that carries one, the hex as the trace format writes it (lower case, no
// leading zeros, all 64 bits); a batch with none carries no "keys".
func TestEncodeTTKeys(t *testing.T) {
	enc := session.NewBatchEncoder()
	var plain map[string]any
	if err := json.Unmarshal(enc.Encode(1, 0, []tracer.Event{{Kind: tracer.TTStore, Node: 2, Depth: 1}}), &plain); err != nil {
		t.Fatal(err)
	}
	if _, ok := plain["keys"]; ok {
		t.Errorf("a batch with no key carries \"keys\": %v", plain["keys"])
	}
	events := []tracer.Event{
		{Kind: tracer.TTProbe, Node: 2, Key: 0x9d39247e33776d41, HasKey: true},
		{Kind: tracer.Enter, Node: 3, Parent: 2, Move: "a"},
		{Kind: tracer.TTStore, Node: 3, Key: 0xff, HasKey: true},
		{Kind: tracer.TTHit, Node: 4, Key: 0, HasKey: true},         // the key 0 is a key
		{Kind: tracer.TTHit, Node: 5, Key: 1<<64 - 1, HasKey: true}, // all 64 bits
		{Kind: tracer.TTHit, Node: 6},                               // no key
	}
	var f struct{ Keys [][2]any }
	if err := json.Unmarshal(enc.Encode(1, 1, events), &f); err != nil {
		t.Fatal(err)
	}
	want := [][2]any{{0.0, "9d39247e33776d41"}, {2.0, "ff"}, {3.0, "0"}, {4.0, "ffffffffffffffff"}}
	if !reflect.DeepEqual(f.Keys, want) {
		t.Errorf("keys\n got %v\nwant %v", f.Keys, want)
	}
}
