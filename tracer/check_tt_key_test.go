package tracer

import (
	"strings"
	"testing"
)

// posGame is a PositionGame whose positions are written by hand: the FEN
// and whether a legal capture en passant exists, by line.
type posGame struct {
	fakeGame
	at map[string]string // line joined by spaces -> FEN, then "|capture" when one exists
}

func (g posGame) Position(line []string) (string, bool) {
	fen, capture := strings.CutSuffix(g.at[strings.Join(line, " ")], "|capture")
	return fen, capture
}

// keyTrace is a root whose children, by moves a and b, probe the table
// with keys ka and kb.
func keyTrace(ka, kb uint64) []Event {
	var es []Event
	add := func(e Event) { e.Seq = int64(len(es) + 1); es = append(es, e) }
	add(Event{Kind: Enter, Node: 1, Alpha: -100, Beta: 100, Depth: 2})
	for i, m := range []string{"a", "b"} {
		n := int32(i + 2)
		add(Event{Kind: Enter, Node: n, Parent: 1, Move: m, Alpha: -100, Beta: 100, Depth: 1})
		add(Event{Kind: TTProbe, Node: n, Key: []uint64{ka, kb}[i], HasKey: true})
		add(Event{Kind: Exit, Node: n, Score: 0, End: Eval})
	}
	add(Event{Kind: Exit, Node: 1, Score: 0})
	return es
}

// TestTTKeyConventions: tt-key judges one key on the legal position (the en
// passant square only when it can be taken) and one position on the full
// one (the square after every double push), so an en passant square nobody
// can take may be in the key (the FEN's convention) or out of it; one that
// can be taken must be in it, and one full position must have one key.
func TestTTKeyConventions(t *testing.T) {
	const (
		pushed = "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1" // e2e4 at once
		walked = "4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1"  // e2e3, e3e4
	)
	for _, c := range []struct {
		name   string
		a, b   string
		ka, kb uint64
		want   string
	}{
		{"not takeable, two keys (FEN)", pushed, walked, 1, 2, ""},
		{"not takeable, one key (legal)", pushed, walked, 1, 1, ""},
		{"takeable, two keys", pushed + "|capture", walked, 1, 2, ""},
		{"takeable, one key", pushed + "|capture", walked, 1, 1, "differing in en passant square (e3, -)"},
		{"one full position, two keys", pushed, pushed, 1, 2, "castling rights and en passant square (e3) agree, so the key depends on the path"},
		{"the side left out", walked, strings.Replace(walked, " b ", " w ", 1), 1, 1, "differing in side to move:"},
	} {
		g := posGame{at: map[string]string{"": walked, "a": c.a, "b": c.b}}
		r := runRules(Header{}, g, keyTrace(c.ka, c.kb))
		var got []string
		for _, v := range r.violations {
			if v.Rule == "tt-key" {
				got = append(got, v.Problem)
			}
		}
		if c.want == "" && len(got) != 0 || c.want != "" && (len(got) != 1 || !strings.Contains(got[0], c.want)) {
			t.Errorf("%s: tt-key %q, want %q", c.name, got, c.want)
		}
	}
}
