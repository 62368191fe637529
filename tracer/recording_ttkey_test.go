package tracer

import "testing"

// A recording gives back the table's keys as they were emitted (issue 41):
// key 0 is a key, an event without one has none, all 64 bits survive, and a
// chunk without keyed events stays without a key column.
func TestRecordingKeepsTTKeys(t *testing.T) {
	r := NewRecording()
	want := map[int]uint64{}
	n := chunkSize + 100 // the second chunk holds keys, the first only at its end
	for i := 0; i < n; i++ {
		e := Event{Seq: int64(i + 1), Kind: TTProbe, Node: 1}
		switch {
		case i == 3:
			e.Key, e.HasKey = 0, true
		case i == 5:
			e.Key, e.HasKey = 1<<64-1, true
		case i >= chunkSize && i%7 == 0:
			e.Key, e.HasKey = uint64(i)*0x9e3779b97f4a7c15, true
		}
		if e.HasKey {
			want[i] = e.Key
		}
		r.Emit(e)
	}
	for i := 0; i < n; i++ {
		e := r.At(i)
		k, ok := want[i]
		if e.HasKey != ok || e.Key != k {
			t.Fatalf("event %d: key %x (given %v); want %x (given %v)", i, e.Key, e.HasKey, k, ok)
		}
	}
	plain := NewRecording()
	plain.Emit(Event{Seq: 1, Kind: TTProbe})
	if plain.chunks[0].keys != nil {
		t.Errorf("a recording without keys made a key column")
	}
}
