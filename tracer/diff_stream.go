package tracer

import (
	"errors"
	"io"
	"sync"
)

// One side of a diff as the walk reads it: the side's file goes through the
// trace pipeline (pipeline.go) on a goroutine of its own, its shape
// (diff_side.go) sent in batches, so the two sides decode in parallel; a
// side that cannot be read on stops both.

// failure is the first side whose file could not be read on. It is shared by
// both sides, so that the walk, waiting for one side, hears at once that the
// other failed.
type failure struct {
	once sync.Once
	ch   chan struct{} // closed when side is set
	side *sideStream
}

func (f *failure) set(s *sideStream, err error) {
	f.once.Do(func() {
		s.err, f.side = err, s
		close(f.ch)
	})
}

// sideStream is a side as the walk reads it: items in batches from the
// goroutine that reads the file.
type sideStream struct {
	name   string // "A" or "B"
	header Header
	ch     <-chan []diffItem
	batch  []diffItem
	i      int
	done   bool
	err    error            // set by the reader (through fail) when the file fails
	iters  *[]IterationSide // set by the reader before the channel closes
	pool   chan []diffItem
	fail   *failure
}

const diffBatch = 512

// openSide reads the header now and the rest on a goroutine, which stops
// when stop closes.
func openSide(name string, r io.Reader, stop <-chan struct{}, fail *failure) (*sideStream, error) {
	var (
		a       Analysis
		shape   *sideShaper
		stopped bool
	)
	p := Pipeline{
		Event: func(e Event, line int) { shape.add(&e, line) },
		Next: func() error {
			select {
			case <-stop: // the diff is over (the other side failed): read no further
				return errDiffStopped
			default:
			}
			if stopped {
				return errDiffStopped
			}
			return nil
		},
	}
	if err := a.Open(r, p); err != nil {
		return nil, err
	}
	ch := make(chan []diffItem, 4)
	s := &sideStream{name: name, header: a.Header, ch: ch, pool: make(chan []diffItem, 8), fail: fail}
	var iters []IterationSide
	s.iters = &iters
	go func() {
		defer close(ch)
		batch := s.newBatch()
		send := func() {
			if stopped || len(batch) == 0 {
				return
			}
			select {
			case ch <- batch:
				batch = s.newBatch()
			case <-stop:
				stopped = true
			}
		}
		shape = newSideShaper(func(it diffItem) {
			batch = append(batch, it)
			if len(batch) == cap(batch) {
				send()
			}
		})
		if err := a.Run(); err != nil {
			if err != errDiffStopped {
				// What was read stays unsent: the walk stops at the error
				// and reports it, whatever came before.
				fail.set(s, err)
			}
			return
		}
		shape.finish(a.FileLine())
		iters = shape.iters
		send()
	}()
	return s, nil
}

// errDiffStopped stops a side's reading when the diff is over.
var errDiffStopped = errors.New("tracer: the diff is over")

func (s *sideStream) newBatch() []diffItem {
	select {
	case b := <-s.pool:
		return b[:0]
	default:
		return make([]diffItem, 0, diffBatch)
	}
}

// peek returns the next item without taking it; an item of kind itemEOF at
// the end, itemErr when either file could not be read on (see fail).
func (s *sideStream) peek() *diffItem {
	select {
	case <-s.fail.ch:
		return &diffItem{kind: itemErr}
	default:
	}
	for s.i >= len(s.batch) {
		if s.done {
			return &diffItem{kind: itemEOF}
		}
		if s.batch != nil {
			select {
			case s.pool <- s.batch:
			default:
			}
		}
		var b []diffItem
		var ok bool
		select {
		case b, ok = <-s.ch:
		case <-s.fail.ch:
			return &diffItem{kind: itemErr}
		}
		if !ok {
			s.done, s.batch = true, nil
			return &diffItem{kind: itemEOF}
		}
		s.batch, s.i = b, 0
	}
	return &s.batch[s.i]
}

func (s *sideStream) next() diffItem {
	it := *s.peek()
	if it.kind != itemEOF && it.kind != itemErr {
		s.i++
	}
	return it
}

// skipSubtree takes the enter that is next and everything up to its exit,
// and returns the enter's fields with the exit's.
func (s *sideStream) skipSubtree() DiffNode {
	n := s.next().node
	for depth := 1; depth > 0; {
		it := s.next()
		switch it.kind {
		case itemEnter:
			depth++
		case itemExit:
			depth--
			if depth == 0 {
				n.Exit = it.node.Exit
			}
		case itemEOF, itemErr:
			return n // the file ended or failed inside the subtree: no exit
		}
	}
	return n
}
