package server

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/pvscope/pvscope/server/session"
	"github.com/pvscope/pvscope/tracer"
)

// A search of a node's own position reaches the page: its purpose as an id
// into the whys' table ("sub"), the move it excludes as a move id
// ("excluded"); a batch with none carries neither column.
func TestEncodeSubSearchColumns(t *testing.T) {
	enc := session.NewBatchEncoder()
	var plain map[string]any
	lmr := []tracer.Event{{Kind: tracer.Enter, Node: 2, Parent: 1, Move: "a", Reduced: 1, Why: tracer.WhyLMR}}
	if err := json.Unmarshal(enc.Encode(1, 0, lmr), &plain); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"sub", "excluded"} {
		if _, ok := plain[f]; ok {
			t.Errorf("a batch with no sub-search carries %q", f)
		}
	}
	var f struct {
		Sub, Excluded []int
		Whys, Moves   []string
	}
	events := []tracer.Event{
		{Kind: tracer.Enter, Node: 3, Parent: 1, Sub: "singular", Excluded: "e2e4"},
		{Kind: tracer.Enter, Node: 4, Parent: 3, Move: "d2d4"},
		{Kind: tracer.Exit, Node: 4},
		{Kind: tracer.Exit, Node: 3},
		{Kind: tracer.Enter, Node: 5, Parent: 1, Sub: tracer.SubIID},
	}
	if err := json.Unmarshal(enc.Encode(1, 1, events), &f); err != nil {
		t.Fatal(err)
	}
	// "lmr" took why id 1 and "a" move id 1 in the first frame.
	want := struct {
		Sub, Excluded []int
		Whys, Moves   []string
	}{Sub: []int{2, 0, 0, 0, 3}, Excluded: []int{2, 0, 0, 0, 0}, Whys: []string{"singular", "iid"}, Moves: []string{"e2e4", "d2d4"}}
	if !reflect.DeepEqual(f, want) {
		t.Errorf("frame\n got %+v\nwant %+v", f, want)
	}
}
