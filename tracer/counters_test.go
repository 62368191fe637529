package tracer

import (
	"maps"
	"testing"
)

func TestCounters(t *testing.T) {
	var c Counters
	for _, e := range validTrace() {
		c.Emit(e)
	}
	c.Emit(Event{Seq: 99, Kind: kindEnd + 3})
	want := map[string]int64{
		"search-start": 1, "search-end": 1, "iteration-start": 1, "iteration-end": 1,
		"enter": 5, "exit": 5, "tt-probe": 2, "tt-hit": 1, "tt-cutoff": 1, "tt-store": 1,
		"pv-update": 2, "probe": 2, "fail-high": 1, "fail-low": 1, "re-search": 1, "root-pv": 1,
		"unknown": 1,
	}
	if got := c.Map(); !maps.Equal(got, want) {
		t.Errorf("Map() = %v\nwant %v", got, want)
	}
	if got := c.Count(Enter); got != 5 {
		t.Errorf("Count(Enter) = %d, want 5", got)
	}
	if got := c.Count(Cutoff); got != 0 {
		t.Errorf("Count(Cutoff) = %d, want 0", got)
	}
	if got := c.Count(kindEnd + 3); got != 0 {
		t.Errorf("Count(unknown kind) = %d, want 0", got)
	}
	if got, want := c.Total(), int64(len(validTrace())+1); got != want {
		t.Errorf("Total() = %d, want %d", got, want)
	}
}

func TestCountersEmitAllocs(t *testing.T) {
	var c Counters
	e := validTrace()[4]
	if n := testing.AllocsPerRun(100, func() { c.Emit(e) }); n != 0 {
		t.Errorf("Emit allocates %v times, want 0", n)
	}
}

func BenchmarkCountersEmit(b *testing.B) {
	events := validTrace()
	var c Counters
	b.ReportAllocs()
	for i := range b.N {
		c.Emit(events[i%len(events)])
	}
}
