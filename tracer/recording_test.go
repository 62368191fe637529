package tracer

import (
	"math"
	"math/rand/v2"
	"reflect"
	"runtime"
	"testing"
	"unsafe"
)

func TestRecordSize(t *testing.T) {
	if got := unsafe.Sizeof(record{}); got != 48 {
		t.Errorf("record is %d bytes, want 48", got)
	}
}

// A record keeps Method and Reason in 3 bits and 6, and the expected and
// actual node types and the bound in 2 bits each: every value must fit.
func TestMethodAndReasonFitTheirBits(t *testing.T) {
	if methodEnd > 8 || reasonEnd > 64 {
		t.Fatalf("%d methods and %d reasons do not fit the record's 3 and 6 bits", methodEnd, reasonEnd)
	}
	if n := len(nodeTypeNames); n > 4 {
		t.Fatalf("%d node types do not fit the record's 2 bits", n)
	}
	if n := len(boundNames); n > 4 {
		t.Fatalf("%d bounds do not fit the record's 2 bits", n)
	}
}

func TestRecordingRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	moves := uciMoves(300)
	var r Recording
	var want []Event
	// Enough events to fill several chunks, with the odd jump in Seq.
	seq := int64(1)
	for i := range 3*chunkSize + 17 {
		switch i {
		case 100:
			seq += math.MaxUint32 // too far from the chunk's base: stored aside
		case 5000:
			seq = math.MaxInt64 - 2
		case 5001:
			seq = math.MinInt64 // a recording stores whatever it is given
		}
		e := randomEvent(rng, seq, moves)
		seq++
		r.Emit(e)
		if len(e.PV) == 0 {
			e.PV = nil
		} else {
			e.PV = append([]string(nil), e.PV...)
		}
		want = append(want, e)
	}
	if r.Len() != len(want) {
		t.Fatalf("Len = %d, want %d", r.Len(), len(want))
	}
	for i, w := range want {
		if got := r.At(i); !reflect.DeepEqual(got, w) {
			t.Fatalf("At(%d) = %+v\nwant %+v", i, got, w)
		}
	}
	if got := r.Events(); !reflect.DeepEqual(got, want) {
		t.Fatal("Events() differs from the events emitted")
	}
}

func TestRecordingCopiesPV(t *testing.T) {
	var r Recording
	pv := []string{"e2e4", "e7e5"}
	r.Emit(Event{Seq: 1, Kind: PVUpdate, PV: pv})
	pv[0] = "d2d4"
	got := r.At(0).PV
	if got[0] != "e2e4" {
		t.Errorf("the recording kept the caller's PV slice: %v", got)
	}
	_ = append(got, "g1f3")
	r.Emit(Event{Seq: 2, Kind: PVUpdate, PV: []string{"a2a3"}})
	if got := r.At(0).PV; len(got) != 2 || got[1] != "e7e5" {
		t.Errorf("an append to a returned PV changed the recording: %v", got)
	}
}

func TestRecordingAtOutOfRange(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("At(1) on a recording of one event did not panic")
		}
	}()
	var r Recording
	r.Emit(Event{Seq: 1, Kind: SearchStart})
	r.At(1)
}

// realisticEvent is event i of a synthetic chess trace: mostly node entries
// and exits, probes and table lookups, and every 64th a PV update with a line
// of 1 to 8 moves.
func realisticEvent(i int, moves []string, lines [][]string) Event {
	e := Event{Seq: int64(i + 1), Node: int32(i/2 + 1), Parent: int32(i / 4), Ply: int32(i % 12),
		Depth: int16(6 - i%12), Index: int16(i % 30), Alpha: int32(i%200 - 100), Beta: int32(i%200 - 99)}
	switch i % 8 {
	case 0, 4:
		e.Kind, e.Move, e.Expect = Enter, moves[(i/4)%len(moves)], Cut
	case 1, 5:
		e.Kind, e.Score, e.Actual = Exit, int32(-i%300), All
	case 2:
		e.Kind, e.Move = Probe, moves[(i*11)%len(moves)]
	case 3:
		e.Kind = TTProbe
	case 6:
		e.Kind, e.Bound, e.Move = TTStore, Upper, moves[(i*13)%len(moves)]
	case 7:
		e.Kind = FailLow
	}
	if i%64 == 63 {
		e.Kind, e.PV = PVUpdate, lines[(i/64)%len(lines)]
	}
	return e
}

func TestRecordingBytesPerEvent(t *testing.T) {
	const n = 100_000
	moves := uciMoves(400)
	lines := make([][]string, 50)
	for i := range lines {
		for j := range 1 + i%8 {
			lines[i] = append(lines[i], moves[(i*31+j*17)%len(moves)])
		}
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	r := &Recording{}
	for i := range n {
		r.Emit(realisticEvent(i, moves, lines))
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(r)
	runtime.KeepAlive(moves)
	runtime.KeepAlive(lines)

	perEvent := float64(int64(after.HeapAlloc)-int64(before.HeapAlloc)) / n
	t.Logf("%.1f bytes per recorded event (%d events, %d distinct moves)", perEvent, n, len(r.moves)-1)
	if perEvent > 64 {
		t.Errorf("recording uses %.1f bytes per event, want at most 64", perEvent)
	}
}

func BenchmarkRecordingEmit(b *testing.B) {
	moves := uciMoves(400)
	lines := [][]string{{"e2e4", "e7e5", "g1f3"}}
	events := make([]Event, 1024)
	for i := range events {
		events[i] = realisticEvent(i, moves, lines)
	}
	r := &Recording{}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		r.Emit(events[i&1023])
	}
}
