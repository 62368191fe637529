package session

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/pvscope/pvscope/tracer"
)

// decodedFrame is the part of an events frame that carries lines (docs/protocol.md).
type decodedFrame struct {
	Moves []string
	Lines []int
	PV    [][2]int
}

// decodeLines reads frames as a page does: the lines each event carries, by event index.
func decodeLines(t *testing.T, frames [][]byte) (map[int][]string, int) {
	t.Helper()
	moves, table, out := []string{""}, [][2]int{{}}, map[int][]string{}
	from := 0
	for _, b := range frames {
		var f decodedFrame
		if err := json.Unmarshal(b, &f); err != nil {
			t.Fatalf("%v: %.200s", err, b)
		}
		moves = append(moves, f.Moves...)
		for i := 0; i+1 < len(f.Lines); i += 2 {
			if f.Lines[i+1] >= len(table) {
				t.Fatalf("line %d's tail %d comes after it", len(table), f.Lines[i+1])
			}
			table = append(table, [2]int{f.Lines[i], f.Lines[i+1]})
		}
		for _, p := range f.PV {
			line := []string{}
			for id := p[1]; id > 0; id = table[id][1] {
				line = append(line, moves[table[id][0]])
			}
			out[from+p[0]] = line
		}
		from += 1000
	}
	return out, len(table) - 1
}

// A chain's lines, each its child's with one move before it, go out as one
// pair a line: n lines of 1..n moves cost n pairs, not n²/2 move ids (issue
// 44), and the page reads back every line whole. Before protocol 3 the frame
// had no "lines" and every pv carried its moves.
func TestEncodeSendsLinesByReference(t *testing.T) {
	const n = 3000
	buf := make([]string, n) // shared as tracer/line.go shares a chain's lines
	for i := range buf {
		buf[i] = fmt.Sprintf("m%d", i)
	}
	var events []tracer.Event
	for i := n - 1; i >= 0; i-- {
		events = append(events, tracer.Event{Kind: tracer.PVUpdate, Node: int32(i + 1), PV: buf[i:]})
	}
	enc := NewBatchEncoder()
	var frames [][]byte
	size := 0
	for from := 0; from < n; from += 1000 {
		f := slices.Clone(enc.Encode(1, from, events[from:from+1000]))
		size += len(f)
		frames = append(frames, f)
	}
	got, pairs := decodeLines(t, frames)
	if pairs != n {
		t.Errorf("%d line pairs sent for a chain of %d lines; want %d", pairs, n, n)
	}
	for i, e := range events {
		if !slices.Equal(got[i], e.PV) {
			t.Fatalf("event %d: line of %d moves read back, want %d", i, len(got[i]), len(e.PV))
		}
	}
	if size > 200*n {
		t.Errorf("frames of %d bytes for %d lines; a line should cost tens of bytes", size, n)
	}
}

// Lines that share no memory (a trace file's own lines, an engine's copies)
// read back the same, equal lines share one id, and an empty line is id 0.
func TestEncodeLinesWithoutSharedMemory(t *testing.T) {
	lines := [][]string{{"e2e4", "e7e5"}, {"d2d4"}, {"e2e4", "e7e5"}, {}, {"g1f3", "e2e4", "e7e5"}, {"e7e5"}}
	var events []tracer.Event
	for _, l := range lines {
		events = append(events, tracer.Event{Kind: tracer.RootPV, PV: slices.Clone(l)})
	}
	events = append(events, tracer.Event{Kind: tracer.Enter, Node: 1}) // no line at all
	f := NewBatchEncoder().Encode(1, 0, events)
	got, pairs := decodeLines(t, [][]byte{f})
	for i, l := range lines {
		if !slices.Equal(got[i], l) {
			t.Errorf("event %d: read back %q, want %q", i, got[i], l)
		}
	}
	if _, ok := got[len(lines)]; ok {
		t.Errorf("the enter without a line reads back a line")
	}
	// e7e5; e2e4 e7e5; d2d4; g1f3 e2e4 e7e5: four distinct lines ("e7e5" alone is the tail).
	if pairs != 4 {
		t.Errorf("%d pairs, want 4 (equal lines and shared tails sent once)", pairs)
	}
}
