package engine

import "testing"

// The parsers take text a person typed (the page will pass it straight
// through), so no input may panic; whatever parses must also be usable.

func FuzzParseTree(f *testing.F) {
	for _, s := range []string{"((3 12 8) (2 4 6) (14 5 2))", "((5 (3 9)) 4 (8 (2 6)))", "7", "(-1 +2)", "((", ")", "(1 ())"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		tr, err := ParseTree(text)
		if err != nil {
			return
		}
		again, err := ParseTree(tr.String())
		if err != nil || again.String() != tr.String() {
			t.Fatalf("%q parsed as %s, which reads back as %v (%v)", text, tr, again, err)
		}
		if tr.Height() <= 8 && tr.Leaves() <= 1000 {
			opt := TreeDefaults(tr)
			checkedSearch(t, NewTreePosition(tr), opt)
		}
	})
}

func FuzzNewChessPosition(f *testing.F) {
	for _, s := range []string{StartFEN, "8/8/8/4k3/8/8/8/R3K3 w - - 99 80", "4k3/8/8/8/8/8/8/4K2R w K e3 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1", "8/8/8/8/8/8/8/8 w - -"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := NewChessPosition(fen)
		if err != nil {
			return
		}
		Perft(p, 2)
	})
}

func FuzzParseTreeSpec(f *testing.F) {
	for _, s := range []string{"b=3,d=4,seed=7,order=best", "b=2,d=1", "b=64,d=3,order=worst", "d=2,b=2,seed=18446744073709551615"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		spec, err := ParseTreeSpec(text)
		if err != nil {
			return
		}
		if spec.B > 8 || spec.D > 6 {
			return // valid but slow to build in a fuzz loop
		}
		if _, err := Generate(spec); err != nil {
			t.Fatalf("%q parsed but does not generate: %v", text, err)
		}
	})
}
