package engine

import (
	"fmt"
	"slices"
	"testing"

	"github.com/pvscope/pvscope/tracer"
)

// Every gallery entry still shows what it is there to show: its settings cut
// its method's line for its reason, and the lines are legal and accounted for
// (checkLines).
func TestGalleryReproduces(t *testing.T) {
	if len(Gallery) == 0 {
		t.Fatal("the gallery is empty")
	}
	for _, g := range Gallery {
		t.Run(g.Source, func(t *testing.T) {
			if raceEnabled && testing.Short() && raceHeavyGallery[g.ID] {
				t.Skip("over 25 s under the race detector: the full pass reproduces it")
			}
			t.Parallel()
			pos, opt, err := g.Load()
			if err != nil {
				t.Fatal(err)
			}
			res, events := recordedSearch(t, pos, opt, true)
			checkLines(t, g.FEN, res, events, opt)
			if !hasCut(res, g.Method, g.Reason) {
				t.Fatalf("%s: no %v cut for %v in %+v", g.Name, g.Method, g.Reason, res.Truncations())
			}
		})
	}
}

// raceHeavyGallery: the entries whose search took 27-72 s each under -race
// -short on this two-core machine (the others 0.5-7 s); the race pass leaves
// them to the full pass (raceTrim).
var raceHeavyGallery = map[string]bool{"bk24": true, "bk11": true, "wac009": true, "bk18": true}

func hasCut(res Result, m tracer.Method, r tracer.Reason) bool {
	return slices.ContainsFunc(res.Truncations(), func(c Truncation) bool { return c.Method == m && c.Reason == r })
}

// pvCutPositions are the suite positions where an exact table hit at a PV
// node cuts the triangular line (TestFindGallery found them), with the depth.
var pvCutPositions = []struct {
	id, fen string
	depth   int
}{
	{"ECM.1398", "3qrbk1/1r3p2/p1bp1Pp1/1p2p1Pp/4P2R/1P2BB1Q/P1P4P/R6K w - -", 4},
	{"BK.24", "r2qnrnk/p2b2b1/1p1p2pp/2pPpp2/1PP1P3/PRNBB3/3QNPPP/5RK1 w - -", 5}, // 63 s under -race: the full pass only (raceTrim)
}

// With exact table cuts at PV nodes on and grafting off, the triangular and
// stack lines of the named positions are cut with tt-exact-cut-at-pv; turning
// grafting on makes them whole (as long as the depth), and the PV hash
// table's own line is whole either way (issue 4).
func TestGraftingRestoresLinesCutByExactHits(t *testing.T) {
	for _, p := range raceTrim(pvCutPositions, 1) {
		for _, graft := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/graft=%v", p.id, graft), func(t *testing.T) {
				opt := ChessDefaults()
				opt.Depth, opt.TTPVCuts, opt.PVGraft = p.depth, true, graft
				res, events := recordedSearch(t, newPositions(t, []string{p.fen})[0], opt, true)
				checkLines(t, p.fen, res, events, opt)
				for _, m := range []tracer.Method{tracer.Triangular, tracer.Stack} {
					l, _ := res.ByMethod(m)
					switch {
					case !graft && (l.Cut == nil || l.Cut.Reason != tracer.TTExactCutAtPV):
						t.Errorf("%v line %v, cut %+v: want it cut by an exact hit", m, names(l.PV), l.Cut)
					case graft && len(l.PV) < p.depth:
						t.Errorf("%v line %v, cut %+v: grafting should make it %d moves long", m, names(l.PV), l.Cut, p.depth)
					}
				}
				if l, _ := res.ByMethod(tracer.PVHash); len(l.PV) < p.depth {
					t.Errorf("pvhash line %v, cut %+v: want it whole", names(l.PV), l.Cut)
				}
			})
		}
	}
}

// A table of 16 entries that always replaces loses the entries the walk needs:
// the tt line of these positions is cut with tt-entry-overwritten, while the
// lines collected during the search stay whole (issue 4).
func TestTinyTableOverwritesTheWalk(t *testing.T) {
	for _, id := range []string{"BK.01", "BK.02", "start"} {
		fen := StartFEN
		if id != "start" {
			fen = bkFENs(t, 2)[id[4]-'1']
		}
		opt := ChessDefaults()
		opt.Depth, opt.TTSize, opt.TTReplace = 4, 16, AlwaysReplace
		res, events := recordedSearch(t, newPositions(t, []string{fen})[0], opt, true)
		checkLines(t, fen, res, events, opt)
		if !hasCut(res, tracer.TTWalk, tracer.TTEntryOverwritten) {
			t.Errorf("%s: cuts %+v, want the tt walk's overwritten", id, res.Truncations())
		}
		if l, _ := res.ByMethod(tracer.Triangular); l.Cut != nil && !slices.Contains(finalReasons, l.Cut.Reason) {
			t.Errorf("%s: triangular line cut %+v", id, l.Cut)
		}
	}
}
