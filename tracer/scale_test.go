package tracer

import (
	"slices"
	"testing"
)

func TestScaleOf(t *testing.T) {
	for _, c := range []struct {
		meta map[string]string
		want Scale
		err  bool
	}{
		{nil, Scale{32000, 30000, 256}, false},
		{map[string]string{"mate": "50000", "mateBand": "500", "infinity": "60000"}, Scale{60000, 50000, 500}, false},
		{map[string]string{"mate": "31000"}, Scale{32000, 31000, 256}, false},
		{map[string]string{"mate": "47968"}, Scale{47969, 47968, 256}, false}, // infinity just above the mate
		{map[string]string{"mate": "mate"}, DefaultScale, true},
		{map[string]string{"infinity": "-5"}, DefaultScale, true},
		{map[string]string{"mate": "100", "mateBand": "200"}, DefaultScale, true},
	} {
		got, err := ScaleOf(c.meta)
		if got != c.want || (err != nil) != c.err {
			t.Errorf("ScaleOf(%v) = %+v, %v; want %+v, error %v", c.meta, got, err, c.want, c.err)
		}
	}
}

// The README: "a score beyond ±(30000 - 256) is a mate (30000 - plies to
// mate)"; an engine's meta.mate and meta.mateBand move those numbers.
func TestScaleIsMate(t *testing.T) {
	s := Scale{Infinity: 60000, Mate: 50000, MateBand: 500}
	for _, c := range []struct {
		scale Scale
		score int32
		plies int
		ok    bool
	}{
		{DefaultScale, 29999, 1, true},
		{DefaultScale, -29998, -2, true},
		{DefaultScale, 29745, 255, true},
		{DefaultScale, 29744, 0, false}, // 30000 - 256: not beyond it
		{DefaultScale, 32000, 0, false}, // infinity
		{DefaultScale, 1200, 0, false},
		{s, 49999, 1, true},
		{s, -49990, -10, true},
		{s, 49501, 499, true},
		{s, 49500, 0, false},
		{s, 60000, 0, false},
		{s, 50001, 0, false},
	} {
		plies, ok := c.scale.IsMate(c.score)
		if plies != c.plies || ok != c.ok {
			t.Errorf("%+v.IsMate(%d) = %d, %v; want %d, %v", c.scale, c.score, plies, ok, c.plies, c.ok)
		}
	}
	if !s.MatedAt(-49997, 3) || s.MatedAt(49997, 3) || s.MatedAt(-49997, 2) || !DefaultScale.MatedAt(-30000, 0) || DefaultScale.MatedAt(30000, 0) {
		t.Error("MatedAt: want only the mated side's score at its own ply")
	}
	if !s.IsInfinite(60000) || !s.IsInfinite(-60000) || s.IsInfinite(59999) {
		t.Error("IsInfinite: want the engine's infinity and beyond only")
	}
}

// The derived mate end follows the same band as the README: with meta.mate
// 31000, a childless node scoring -(31000 - 200) is mated, one scoring
// -(31000 - 300) is not (the old rule, mate - 1000, said it was).
func TestDeriveMateUsesTheBand(t *testing.T) {
	for _, c := range []struct {
		score int32
		want  End
	}{{-30800, Mate}, {-30700, Searched}} {
		events := []Event{
			{Kind: Enter, Node: 1, Depth: 2, Alpha: -32000, Beta: 32000},
			{Kind: Enter, Node: 2, Parent: 1, Move: "f7f8", Depth: 1, Alpha: -32000, Beta: 32000},
			{Kind: Exit, Node: 2, Score: c.score},
			{Kind: Exit, Node: 1, Score: -c.score},
		}
		got := Derive(Header{Meta: map[string]string{"mate": "31000"}}, events)
		i := slices.IndexFunc(got, func(e Event) bool { return e.Kind == Exit && e.Node == 2 })
		if got[i].End != c.want {
			t.Errorf("a leaf scoring %d ends %q, want %q", c.score, got[i].End, c.want)
		}
	}
}
