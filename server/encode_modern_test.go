package server

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/pvscope/pvscope/server/session"
	"github.com/pvscope/pvscope/tracer"
)

// The modern-search fields reach the page: reduced and extended as columns,
// why as ids into a table of words that later frames extend, and the prune
// kind by its number in hello's kinds. A textbook batch carries none of them.
func TestEncodeModernColumns(t *testing.T) {
	enc := session.NewBatchEncoder()
	var plain map[string]any
	if err := json.Unmarshal(enc.Encode(1, 0, []tracer.Event{{Kind: tracer.Enter, Node: 1}}), &plain); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"reduced", "extended", "why", "whys"} {
		if _, ok := plain[f]; ok {
			t.Errorf("a textbook batch carries %q", f)
		}
	}
	type frame struct {
		Kind, Reduced, Extended, Why []int
		Whys, Moves                  []string
	}
	events := []tracer.Event{
		{Kind: tracer.Enter, Node: 2, Parent: 1, Move: tracer.NullMove, Reduced: 2, Why: tracer.WhyNullMove},
		{Kind: tracer.Exit, Node: 2},
		{Kind: tracer.Prune, Node: 1, Move: "a7a5", Why: tracer.WhyFutility},
		{Kind: tracer.Enter, Node: 3, Parent: 1, Move: "e7e5", Extended: 1, Why: tracer.WhyCheck},
		{Kind: tracer.Prune, Node: 1, Move: "h7h6", Why: tracer.WhyFutility},
	}
	var f frame
	if err := json.Unmarshal(enc.Encode(1, 1, events), &f); err != nil {
		t.Fatal(err)
	}
	want := frame{
		Kind:    []int{int(tracer.Enter), int(tracer.Exit), int(tracer.Prune), int(tracer.Enter), int(tracer.Prune)},
		Reduced: []int{2, 0, 0, 0, 0}, Extended: []int{0, 0, 0, 1, 0},
		Why:  []int{1, 0, 2, 3, 2},
		Whys: []string{"null-move", "futility", "check"}, Moves: []string{"0000", "a7a5", "e7e5", "h7h6"},
	}
	if !reflect.DeepEqual(f, want) {
		t.Errorf("frame\n got %+v\nwant %+v", f, want)
	}
	// The next frame names only new words; known ones keep their ids.
	f = frame{}
	next := []tracer.Event{{Kind: tracer.Enter, Node: 4, Parent: 1, Move: "d7d5", Reduced: 1, Why: "engine-word"},
		{Kind: tracer.Prune, Node: 4, Move: "b7b5", Why: tracer.WhyFutility}}
	if err := json.Unmarshal(enc.Encode(1, 6, next), &f); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(f.Whys, []string{"engine-word"}) || !reflect.DeepEqual(f.Why, []int{4, 2}) {
		t.Errorf("second frame: whys %v why %v, want [engine-word] [4 2]", f.Whys, f.Why)
	}
	// hello names the kind by the number the frames use.
	h := newHello(Limits{})
	if h.Kinds[tracer.Prune] != "prune" {
		t.Errorf("hello kinds[%d] = %q, want prune", tracer.Prune, h.Kinds[tracer.Prune])
	}
}

// A move or a why from another engine's trace may hold any character; the
// frame stays JSON the page can parse (strconv's Go quoting wrote \x01).
func TestEncodeStringsAreJSON(t *testing.T) {
	odd := []string{"\x01", "a\x7fb", `q"\`, "é♞", "\u2028"}
	var events []tracer.Event
	for i, s := range odd {
		events = append(events, tracer.Event{Kind: tracer.Enter, Node: int32(i + 2), Parent: 1, Move: s, Reduced: 1, Why: s})
	}
	frame := session.NewBatchEncoder().Encode(1, 0, events)
	var f struct{ Moves, Whys []string }
	if err := json.Unmarshal(frame, &f); err != nil {
		t.Fatalf("the frame is not JSON: %v\n%s", err, frame)
	}
	if !reflect.DeepEqual(f.Moves, odd) || !reflect.DeepEqual(f.Whys, odd) {
		t.Errorf("moves %q whys %q, want both %q", f.Moves, f.Whys, odd)
	}
}
