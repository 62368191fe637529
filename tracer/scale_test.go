package tracer

import (
	"slices"
	"strings"
	"testing"
)

// A bad key is ignored, as if not given, and named in the error (a warning):
// the other keys stand. An empty value is not given.
func TestScaleOf(t *testing.T) {
	for _, c := range []struct {
		meta map[string]string
		want Scale
		err  string // what the warning names; "" for none
	}{
		{nil, Scale{32000, 30000, 256}, ""},
		{map[string]string{"mate": "50000", "mateBand": "500", "infinity": "60000"}, Scale{60000, 50000, 500}, ""},
		{map[string]string{"mate": "31000"}, Scale{32000, 31000, 256}, ""},
		{map[string]string{"mate": "47968"}, Scale{47969, 47968, 256}, ""}, // infinity just above the mate
		{map[string]string{"mate": "mate"}, DefaultScale, `meta.mate "mate"`},
		{map[string]string{"infinity": "-5"}, DefaultScale, `meta.infinity "-5"`},
		{map[string]string{"mate": "50000", "mateBand": "mate", "infinity": "60000"}, Scale{60000, 50000, 256}, `meta.mateBand "mate"`},
		// A band wider than the mate: the band is ignored, and the default
		// 256 is still wider, so the band is the mate value.
		{map[string]string{"mate": "100", "mateBand": "200"}, Scale{32000, 100, 100}, "meta.mateBand 200"},
		// The review's case: an empty infinity is not given, so it is just above the mate.
		{map[string]string{"mate": "50000", "infinity": ""}, Scale{50001, 50000, 256}, ""},
		// An infinity below the mate is no bound of every score: ignored.
		{map[string]string{"mate": "50000", "infinity": "40000"}, Scale{50001, 50000, 256}, "meta.infinity 40000"},
		{map[string]string{"infinity": "29999"}, DefaultScale, "meta.infinity 29999"},
		// One equal to the mate is many engines' (issue 38: infinity and
		// mate both 10000), and is kept as given.
		{map[string]string{"mate": "10000", "infinity": "10000"}, Scale{10000, 10000, 256}, ""},
		{map[string]string{"infinity": "30000"}, Scale{30000, 30000, 256}, ""},
	} {
		got, err := ScaleOf(c.meta)
		if got != c.want || (err != nil) != (c.err != "") || (err != nil && !strings.Contains(err.Error(), c.err)) {
			t.Errorf("ScaleOf(%v) = %+v, %v; want %+v, error naming %q", c.meta, got, err, c.want, c.err)
		}
	}
}

// docs/trace-format.md: "a score beyond ±(30000 - 256) is a mate (30000 - plies to
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

// The derived mate end is a mate at the node's own ply, as the trace format's scale
// says: with meta.mate 31000, a childless node at ply 1 scoring -(31000 - 1)
// is mated there; one scoring -(31000 - 200) is mated 200 plies on, not
// here (the old rule called any losing mate score a mate); -(31000 - 300) is
// outside the band of 256 plies, no mate at all.
func TestDeriveMateUsesTheBand(t *testing.T) {
	for _, c := range []struct {
		score int32
		want  End
	}{{-30999, Mate}, {-30800, Searched}, {-30700, Searched}} {
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
