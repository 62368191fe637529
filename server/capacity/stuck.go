package capacity

import (
	"sync/atomic"
	"time"

	"github.com/pvscope/pvscope/tracer/msg"
)

// StuckWatch notices a page that has stopped reading: a frame that waits
// StuckWait to be written while other pages wait for a search slot stops the
// page's search, so the slot goes to the next in line. A slow page nobody
// waits behind keeps its search; the page keeps its connection either way
// (WriteWait drops it).
type StuckWatch struct {
	wait    time.Duration    // StuckWait; 0 watches nothing
	slots   *Slots           // whose line says whether anyone waits
	stop    func(*msg.Error) // stops the page's search, if it has one
	timer   *time.Timer
	writing atomic.Bool
}

// NewStuckWatch watches a page's writes: stop stops its search with the sentence.
func NewStuckWatch(wait time.Duration, slots *Slots, stop func(*msg.Error)) *StuckWatch {
	w := &StuckWatch{wait: wait, slots: slots, stop: stop}
	w.timer = time.AfterFunc(time.Hour, w.fire)
	w.timer.Stop()
	return w
}

// Begin and End bracket one frame's write.
func (w *StuckWatch) Begin() {
	if d := w.wait; d > 0 {
		w.writing.Store(true)
		w.timer.Reset(d)
	}
}

func (w *StuckWatch) End() {
	w.writing.Store(false)
	w.timer.Stop()
}

func (w *StuckWatch) fire() {
	if !w.writing.Load() {
		return // the write ended as the timer fired
	}
	if _, waiting := w.slots.Counts(); waiting == 0 {
		w.timer.Reset(w.wait) // nobody needs the slot yet: look again later
		return
	}
	w.stop(msg.New("go-server.stoppedStuck", "your page stopped reading for {wait} while others waited, so the search stopped to let them search",
		"wait", w.wait.String()))
}
