package tracer

// A line of moves the Deriver builds: a node's line is its move before its
// child's, so every ancestor of a deep node would copy the line below it, and
// a chain of n nodes would hold n²/2 moves. Lines are kept instead at the end
// of a shared buffer, filled from the back: a parent's line is its child's
// with one move written in the free slot before it, the same memory. A chain
// of n nodes holds about 2n moves whatever its depth.

// pvLine is the moves buf.s[start:]; the zero pvLine is empty.
type pvLine struct {
	buf   *lineBuf
	start int
}

// lineBuf holds lines that share their tails. Slots below low are free.
type lineBuf struct {
	s   []string
	low int
}

// lineOfMoves wraps moves a trace wrote: a line to build on, never written into.
func lineOfMoves(moves []string) pvLine {
	if len(moves) == 0 {
		return pvLine{}
	}
	return pvLine{buf: &lineBuf{s: moves}}
}

// moves is the line as a slice that shares the buffer: nobody may change it.
func (l pvLine) moves() []string {
	if l.buf == nil {
		return nil
	}
	s := l.buf.s[l.start:]
	return s[:len(s):len(s)]
}

func (l pvLine) len() int {
	if l.buf == nil {
		return 0
	}
	return len(l.buf.s) - l.start
}

// isNil: no line at all (a node whose line nothing decided), as a nil slice.
func (l pvLine) isNil() bool { return l.buf == nil }

// prepend is move followed by l. It writes into l's buffer when the slot
// before l is free, shares it when that slot already holds move (two lines
// made of the same child's), and else copies l into a buffer twice as long,
// so a chain's lines cost amortised one slot a move.
func (l pvLine) prepend(move string, bytes *int64) pvLine {
	if b := l.buf; b != nil && l.start > 0 {
		switch {
		case l.start == b.low:
			b.low--
			b.s[b.low] = move
			return pvLine{b, b.low}
		case b.s[l.start-1] == move:
			return pvLine{b, l.start - 1}
		}
	}
	n := l.len()
	size := max(2*(n+1), 4)
	b := &lineBuf{s: make([]string, size), low: size - n - 1}
	copy(b.s[b.low+1:], l.moves())
	b.s[b.low] = move
	*bytes += int64(size)*16 + 48
	return pvLine{b, b.low}
}
