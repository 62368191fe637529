package tracer

// deepStack is a stack of open nodes' frames kept in chunks of stackChunk.
// A chain of 100,000 nested nodes (a hostile trace, issue 44) keeps 100,000
// frames in each of the Deriver, the Diagnosis and the Checker: a slice's
// append grows by a quarter each time past a few hundred, so it allocated
// about five times its final size and held the old copies until collected,
// which in the static site's WebAssembly worker is memory never given back.
// Chunks are never copied, pointers into them stay valid as the stack grows,
// and the chunks a chain leaves behind as it unwinds are let go.
type deepStack[T any] struct {
	chunks [][]T // each stackChunk long
	n      int   // frames in use
}

const stackChunk = 64

// Len is the number of frames.
func (s *deepStack[T]) Len() int { return s.n }

// At is frame i, 0 the bottom.
func (s *deepStack[T]) At(i int) *T { return &s.chunks[i/stackChunk][i%stackChunk] }

// Top is the newest frame, nil when there is none.
func (s *deepStack[T]) Top() *T {
	if s.n == 0 {
		return nil
	}
	return s.At(s.n - 1)
}

// Push adds v on top and returns where it is kept. A frame popped earlier
// and overwritten here was kept as it was until now, so a pointer taken to it
// before Truncate stays good until the next Push.
func (s *deepStack[T]) Push(v T) *T {
	p := s.Grow()
	*p = v
	return p
}

// Grow adds a frame on top as it was left: the zero value, or a frame popped
// earlier (whose maps the Checker empties and keeps).
func (s *deepStack[T]) Grow() *T {
	if s.n/stackChunk == len(s.chunks) {
		s.chunks = append(s.chunks, make([]T, stackChunk))
	}
	s.n++
	return s.At(s.n - 1)
}

// Truncate keeps the bottom n frames. Chunks more than one past the top's
// are let go: a search moving up and down across a chunk's edge allocates
// none each time, and an unwound chain frees what it held.
func (s *deepStack[T]) Truncate(n int) {
	s.n = n
	if keep := n/stackChunk + 2; len(s.chunks) > keep {
		clear(s.chunks[keep:])
		s.chunks = s.chunks[:keep]
	}
}
