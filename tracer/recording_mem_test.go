package tracer

import (
	"runtime"
	"testing"
)

// markedEvents records n events, every other one an enter that says it was
// reduced (LMR's mark, as a modern search writes on most of its enters).
func markedEvents(n int) *Recording {
	r := NewRecording()
	moves := []string{"e2e4", "d2d4", "g1f3", "c2c4"}
	for i := range n {
		e := Event{Seq: int64(i + 1), Kind: Exit, Node: int32(i/2 + 1), Score: int32(i % 50)}
		if i%2 == 0 {
			e = Event{Seq: int64(i + 1), Kind: Enter, Node: int32(i/2 + 1), Parent: int32(i / 4), Move: moves[i%4],
				Depth: 3, Alpha: -20, Beta: -19, Reduced: int16(1 + i%3), Why: WhyLateMove}
		}
		r.Emit(e)
	}
	return r
}

// heapPerEvent is the live heap a recording of n such events holds, per event.
func heapPerEvent(n int) float64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	r := markedEvents(n)
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(r)
	return float64(int64(after.HeapAlloc)-int64(before.HeapAlloc)) / float64(n)
}

// The server charges 56 bytes per recorded event (server/session/plan.go's
// EventBytes): a recording where half the events carry modern search's marks
// must fit in it, as one without marks does.
func TestRecordingMarksFitTheCharge(t *testing.T) {
	const serverCharge = 56
	if got := heapPerEvent(1 << 20); got > serverCharge {
		t.Errorf("a recording with half its events marked holds %.1f B/event, more than the %d the server charges", got, serverCharge)
	}
}

// BenchmarkRecordingMarked reports the live bytes per event of 1M events,
// half of them marked.
func BenchmarkRecordingMarked(b *testing.B) {
	var per float64
	for range b.N {
		per = heapPerEvent(1 << 20)
	}
	b.ReportMetric(per, "B/event")
}

// The marks column follows its chunk: the first chunk as it grows, a chunk
// whose first marked event comes late, the chunks after.
func TestRecordingMarksAcrossChunks(t *testing.T) {
	r := NewRecording()
	n := 3*chunkSize + 100
	for i := range n {
		e := Event{Seq: int64(i + 1), Kind: Exit, Node: int32(i + 1)}
		// Marked: every third event from the 100th, none in the second chunk's first half.
		if i >= 100 && i%3 == 0 && (i < chunkSize || i >= chunkSize+chunkSize/2) {
			e = Event{Seq: int64(i + 1), Kind: Enter, Node: int32(i + 1), Reduced: int16(i % 7), Extended: 1, Why: WhyLateMove}
		}
		r.Emit(e)
	}
	for i := range n {
		e := r.At(i)
		marked := i >= 100 && i%3 == 0 && (i < chunkSize || i >= chunkSize+chunkSize/2)
		if marked != (e.Why == WhyLateMove) || (marked && (e.Reduced != int16(i%7) || e.Extended != 1)) {
			t.Fatalf("event %d: %+v, marked %v", i, e, marked)
		}
	}
}
