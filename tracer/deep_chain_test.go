package tracer

import (
	"bytes"
	"testing"
)

// A chain deeper than an int16's plies keeps its whole line (issue 44's
// outside probe: the derived ply wrapped at 65,535 and a chain of 70,000 ended
// its root line there, without a sentence). The chain's root line is the
// moves m2 ... m70000 (node 1 is the root, node i the only child of i-1):
// 69,999 moves, counted by hand from chainTrace.
func TestDeepChainKeepsItsWholeLine(t *testing.T) {
	const n = 70000
	var rootPV []string
	lastPly := -1
	deriveAll(t, chainTrace(n), func(e Event) {
		switch {
		case e.Kind == Enter && e.Node == n:
			lastPly = int(e.Ply)
		case e.Kind == PVUpdate && e.Node == 1:
			rootPV = e.PV
		}
	})
	if lastPly != n-1 {
		t.Errorf("node %d entered at ply %d; want %d", n, lastPly, n-1)
	}
	if len(rootPV) != n-1 {
		t.Fatalf("root line of %d moves; want %d", len(rootPV), n-1)
	}
	if rootPV[0] != "m2" || rootPV[n-2] != "m70000" {
		t.Errorf("root line runs %s ... %s; want m2 ... m70000", rootPV[0], rootPV[n-2])
	}
}

// The diagnosis (pvscope check's "(k of n moves, derived)") sees the same
// whole line, and a recording gives the deep plies back.
func TestDeepChainDiagnosisAndRecording(t *testing.T) {
	const n = 70000
	a, err := Analyse(bytes.NewReader(chainTrace(n)), Pipeline{Check: true})
	if err != nil {
		t.Fatal(err)
	}
	its := a.Diagnosis.Iterations
	if len(its) == 0 || len(its[len(its)-1].PV) != n-1 {
		var got int
		if len(its) > 0 {
			got = len(its[len(its)-1].PV)
		}
		t.Fatalf("diagnosis: %d iterations, last line %d moves; want %d", len(its), got, n-1)
	}
	var r Recording
	r.Emit(Event{Seq: 1, Kind: Enter, Node: 1, Ply: 40000})
	r.Emit(Event{Seq: 2, Kind: Enter, Node: 2, Ply: 69999})
	r.Emit(Event{Seq: 3, Kind: Enter, Node: 3, Ply: 7})
	for i, want := range []int64{40000, 69999, 7} {
		if got := int64(r.At(i).Ply); got != want {
			t.Errorf("recording event %d: ply %d; want %d", i, got, want)
		}
	}
}

// A ply past an int16 is held aside, and what the recording says it holds
// counts it: 48 bytes a map entry, against none for a ply that fits.
func TestRecordingChargesItsFarPlies(t *testing.T) {
	var near, far Recording
	for i := range 1000 {
		near.Emit(Event{Seq: int64(i + 1), Kind: Enter, Node: int32(i + 1), Ply: int32(i)})
		far.Emit(Event{Seq: int64(i + 1), Kind: Enter, Node: int32(i + 1), Ply: int32(40000 + i)})
	}
	if d := far.Bytes() - near.Bytes(); d < 1000*48 {
		t.Errorf("1,000 plies past an int16 add %d bytes to the recording's count; want 48,000 or more", d)
	}
	if got := far.At(999).Ply; got != 40999 {
		t.Errorf("event 999's ply %d; want 40999", got)
	}
}
