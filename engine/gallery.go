package engine

import (
	"sort"

	"github.com/pvscope/pvscope/tracer"
)

// GalleryEntry is a position where a PV collector's line is cut short, with
// the settings that provoke it: the short-PV laboratory's exhibits. Each was
// found by pvscope's own search over the suites in ../shared/testdata
// (TestFindGallery), and TestGalleryReproduces checks that it still does.
type GalleryEntry struct {
	Name    string            // what it shows, for the page's list
	Source  string            // the suite position: "BK.24 (tactics/bratko_kopec_24.epd)"
	FEN     string            //
	Options map[string]string // the settings, by option name (depth included)
	Method  tracer.Method     // the collector whose line is cut
	Reason  tracer.Reason     // and why
	Note    string            // what to look at, in a sentence or two
}

// Gallery lists one exhibit per reason that the suites provoke, the first
// being the classic short PV.
var Gallery = []GalleryEntry{
	{
		Name:    "An exact hit ends the PV (tt-exact-cut-at-pv)",
		Source:  "BK.24 (tactics/bratko_kopec_24.epd)",
		FEN:     "r2qnrnk/p2b2b1/1p1p2pp/2pPpp2/1PP1P3/PRNBB3/3QNPPP/5RK1 w - -",
		Options: map[string]string{"depth": "5", "tt-pv-cuts": "true", "pv-graft": "false"},
		Method:  tracer.Triangular, Reason: tracer.TTExactCutAtPV,
		Note: "With exact table hits allowed to end PV nodes and grafting off, the triangular and stack lines stop " +
			"where an exact entry answered a PV node. The table walk and the PV hash table read on past it; turn " +
			"pv-graft on and the triangular line is whole again.",
	},
}

// Load builds the entry's position and options: the chess defaults with the
// entry's settings on top.
func (g GalleryEntry) Load() (Position, Options, error) {
	pos, opt, err := Setup{FEN: g.FEN}.Load()
	if err != nil {
		return nil, Options{}, err
	}
	names := make([]string, 0, len(g.Options))
	for name := range g.Options {
		names = append(names, name)
	}
	sort.Strings(names) // a fixed order, whatever the map's
	for _, name := range names {
		if err := opt.Set(name, g.Options[name]); err != nil {
			return nil, Options{}, err
		}
	}
	return pos, opt, opt.Validate()
}
