package tracer

import (
	"math/rand/v2"
	"testing"
)

// A deepStack holds what a plain slice used as a stack holds, through random
// pushes and truncations across its chunks' edges; a frame's pointer stays
// good while the stack grows past it; and an unwound chain lets its chunks go.
func TestDeepStackIsAStack(t *testing.T) {
	var s deepStack[int]
	var want []int
	r := rand.New(rand.NewPCG(1, 2))
	for step := range 20_000 {
		if r.IntN(3) > 0 || len(want) == 0 {
			v := step
			if p := s.Push(v); *p != v {
				t.Fatalf("step %d: Push gave a frame holding %d, want %d", step, *p, v)
			}
			want = append(want, v)
		} else {
			n := r.IntN(len(want))
			s.Truncate(n)
			want = want[:n]
		}
		if s.Len() != len(want) {
			t.Fatalf("step %d: Len %d, want %d", step, s.Len(), len(want))
		}
		if len(want) > 0 && *s.Top() != want[len(want)-1] {
			t.Fatalf("step %d: Top %d, want %d", step, *s.Top(), want[len(want)-1])
		}
	}
	for i, v := range want {
		if *s.At(i) != v {
			t.Fatalf("At(%d) = %d, want %d", i, *s.At(i), v)
		}
	}
	s.Truncate(0)
	if s.Top() != nil {
		t.Errorf("an empty stack's Top is %v, want nil", s.Top())
	}
	first := s.Push(7)
	for i := range 10 * stackChunk {
		s.Push(i)
	}
	if *first != 7 || s.At(0) != first {
		t.Errorf("the bottom frame moved or changed as the stack grew: %d", *first)
	}
	s.Truncate(1)
	if len(s.chunks) > 2 {
		t.Errorf("unwound to one frame, %d chunks kept, want at most 2", len(s.chunks))
	}
	for s.Len() < 3*stackChunk {
		s.Grow()
	}
	if g := s.Grow(); *g != 0 { // index 3*stackChunk was 3*stackChunk-1, in a chunk let go
		t.Errorf("Grow in a chunk made anew: %d, want the zero value", *g)
	}
	if g := s.At(stackChunk + 1); *g != stackChunk {
		t.Errorf("Grow in a chunk kept: %d, want the frame left there, %d", *g, stackChunk)
	}
}
