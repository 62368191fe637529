package engine

import (
	"slices"

	"github.com/pvscope/pvscope/tracer"
)

// MoveWalker is tracer.MoveLister over a trace header's position: it follows
// a line from the root move by move, so a walk down a trace's tree costs one
// Make a node, not a replay from the root. Below a null move, a sub-search or
// a move that cannot be played it does not know the moves (Moves is nil). It
// holds its own position: one goroutine at a time.
type MoveWalker struct {
	pos Position
	// steps says what each Down did: true a move made, false nothing (an
	// unknown stretch).
	steps   []bool
	unknown int // how many of steps are unknown
}

// NewMoveWalker returns the walker of the position the header's meta names
// (fen, tree or random); nil and no error when it names none.
func NewMoveWalker(meta map[string]string) (*MoveWalker, error) {
	pos, err := HeaderPosition(meta)
	if err != nil || pos == nil {
		return nil, err
	}
	return &MoveWalker{pos: pos}, nil
}

// Down implements tracer.MoveLister: "" (a sub-search of the same position)
// and the null move leave the walker in an unknown stretch, as does a move
// that is not legal (reported false).
func (w *MoveWalker) Down(move string) bool {
	if w.unknown > 0 || move == "" || move == tracer.NullMove {
		w.steps = append(w.steps, false)
		w.unknown++
		return w.unknown == 1 && move != "" // a null move is played, just not followed
	}
	for _, m := range w.pos.Moves() {
		if w.pos.MoveName(m) == move {
			w.pos.Make(m)
			w.steps = append(w.steps, true)
			return true
		}
	}
	w.steps = append(w.steps, false)
	w.unknown++
	return false
}

// Up implements tracer.MoveLister.
func (w *MoveWalker) Up() {
	if len(w.steps) == 0 {
		return
	}
	made := w.steps[len(w.steps)-1]
	w.steps = w.steps[:len(w.steps)-1]
	if made {
		w.pos.Unmake()
	} else {
		w.unknown--
	}
}

// Moves implements tracer.MoveLister.
func (w *MoveWalker) Moves() []string {
	if w.unknown > 0 {
		return nil
	}
	ms := w.pos.Moves()
	out := make([]string, 0, len(ms))
	for _, m := range ms {
		out = append(out, w.pos.MoveName(m))
	}
	slices.Sort(out)
	return out
}
