package engine

import (
	"sort"

	"github.com/pvscope/pvscope/tracer"
)

// GalleryEntry is a position where a PV collector's line is cut short, with
// the settings that provoke it: the short-PV laboratory's exhibits. Each was
// found by pvscope's own search over the suites in testdata/
// (TestFindGallery), and TestGalleryReproduces checks that it still does.
type GalleryEntry struct {
	ID      string            // short and stable: the page's catalogs name its words by it (gallery.bk24.name)
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
		ID:      "bk24",
		Name:    "An exact hit ends the PV (tt-exact-cut-at-pv)",
		Source:  "BK.24 (tactics/bratko_kopec_24.epd)",
		FEN:     "r2qnrnk/p2b2b1/1p1p2pp/2pPpp2/1PP1P3/PRNBB3/3QNPPP/5RK1 w - -",
		Options: map[string]string{"depth": "5", "tt-pv-cuts": "true", "pv-graft": "false"},
		Method:  tracer.Triangular, Reason: tracer.TTExactCutAtPV,
		Note: "With exact table hits allowed to end PV nodes and grafting off, the triangular and stack lines stop " +
			"where an exact entry answered a PV node. The table walk and the PV hash table read on past it; turn " +
			"pv-graft on and the triangular line is whole again.",
	},
	{
		ID:      "ecm1398",
		Name:    "Another exact hit at a PV node (tt-exact-cut-at-pv)",
		Source:  "ECM.1398 (tactics/ecm_gcp_183.epd)",
		FEN:     "3qrbk1/1r3p2/p1bp1Pp1/1p2p1Pp/4P2R/1P2BB1Q/P1P4P/R6K w - -",
		Options: map[string]string{"depth": "4", "tt-pv-cuts": "true", "pv-graft": "false"},
		Method:  tracer.Triangular, Reason: tracer.TTExactCutAtPV,
		Note: "The same trap at depth 4: the fourth position of the line is answered from the table, so " +
			"the triangular and stack lines stop after three moves.",
	},
	{
		ID:      "bk02",
		Name:    "A tiny table loses the walk's entries (tt-entry-overwritten)",
		Source:  "BK.02 (tactics/bratko_kopec_24.epd)",
		FEN:     "3r1k2/4npp1/1ppr3p/p6P/P2PPPP1/1NR5/5K2/2R5 w - -",
		Options: map[string]string{"depth": "4", "tt-size": "64", "tt-replace": "always"},
		Method:  tracer.TTWalk, Reason: tracer.TTEntryOverwritten,
		Note: "A 64-entry table that always replaces: by the end of the iteration another position holds the " +
			"slot of the PV's second position, so the walk of the table stops after one move. The lines " +
			"collected during the search are whole.",
	},
	{
		ID:      "wac051",
		Name:    "Even a large table loses one (tt-entry-overwritten)",
		Source:  "WAC.051 (tactics/wac_original_300.epd)",
		FEN:     "r1bq1r2/pp4k1/4p2p/3pPp1Q/3N1R1P/2PB4/6P1/6K1 w - -",
		Options: map[string]string{"depth": "4"},
		Method:  tracer.TTWalk, Reason: tracer.TTEntryOverwritten,
		Note: "The default settings, 262,144 entries: one of the 8,004 nodes lands in the slot of the PV's " +
			"fourth position and, searched as deep, replaces it. The walk stops after three moves; with " +
			"tt-size=4194304 it goes the whole way.",
	},
	{
		ID:      "bk08",
		Name:    "Depth-preferred replacement refuses a PV entry (tt-entry-missing)",
		Source:  "BK.08 (tactics/bratko_kopec_24.epd)",
		FEN:     "4b3/p3kp2/6p1/3pP2p/2pP1P2/4K1P1/P3N2P/8 w - -",
		Options: map[string]string{"depth": "4", "tt-size": "64", "tt-replace": "depth"},
		Method:  tracer.TTWalk, Reason: tracer.TTEntryMissing,
		Note: "A 64-entry table that keeps the deeper entry: a PV node near the horizon could not store its " +
			"exact score over a deeper one, so the walk finds nothing there.",
	},
	{
		ID:      "matetrack93",
		Name:    "The walk finds a bound, not a score (tt-entry-not-exact)",
		Source:  "matetrack_mate1to5_pv.epd line 93 (mates/)",
		FEN:     "8/8/4P3/3p4/2p3p1/1pP1kPPp/1P5P/R3K2R w KQ -",
		Options: map[string]string{"depth": "4", "tt-size": "64", "tt-replace": "depth"},
		Method:  tracer.TTWalk, Reason: tracer.TTEntryNotExact,
		Note: "The PV's fourth position was searched again later with a null window, and its entry now " +
			"holds that search's bound: the walk cannot tell a PV move from a refutation, so it stops.",
	},
	{
		ID:      "matetrack30",
		Name:    "A stalemate ends the line (stalemate)",
		Source:  "matetrack_mate1to5_pv.epd line 30 (mates/)",
		FEN:     "3K4/pp3B2/qrk5/bp2B3/1p1P4/1P6/5P2/8 w - -",
		Options: map[string]string{"depth": "4"},
		Method:  tracer.Triangular, Reason: tracer.ReasonStalemate,
		Note: "A mate in 3, too deep for depth 4. Far behind in material, White takes the draw it can see: " +
			"Ke7 leaves Black without a move, and every line ends there, after one move.",
	},
	{
		ID:      "wac001",
		Name:    "A mate ends the line (mate)",
		Source:  "WAC.001 (tactics/wac_original_300.epd)",
		FEN:     "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - -",
		Options: map[string]string{"depth": "4"},
		Method:  tracer.Triangular, Reason: tracer.ReasonMate,
		Note: "A mate in 2: every line is three moves long at depth 4 and ends where Black is mated. Short, and right.",
	},
	{
		ID:      "wac009",
		Name:    "A repetition ends the line (repetition)",
		Source:  "WAC.009 (tactics/wac_original_300.epd)",
		FEN:     "3q1rk1/p4pp1/2pb3p/3p4/6Pr/1PNQ4/P1PB1PP1/4RRK1 b - -",
		Options: map[string]string{"depth": "5"},
		Method:  tracer.Triangular, Reason: tracer.ReasonRepetition,
		Note: "Bh2+ Kh1 Bd6 Kg1 brings the root position back: the search scores the repetition as a draw " +
			"and the line ends there, one move short of the depth.",
	},
	{
		ID:      "bk01",
		Name:    "A node limit stops the search (search-stopped)",
		Source:  "BK.01 (tactics/bratko_kopec_24.epd)",
		FEN:     "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - -",
		Options: map[string]string{"depth": "6", "max-nodes": "3000"},
		Method:  tracer.Triangular, Reason: tracer.SearchStopped,
		Note: "The search stops after 3,000 nodes, inside the fourth iteration: each method's line for that " +
			"iteration is cut at the node the search was in. The result is the last completed iteration's.",
	},
	{
		ID:      "bk11",
		Name:    "IIR shortens the PV by a ply (iir-at-pv)",
		Source:  "BK.11 (tactics/bratko_kopec_24.epd)",
		FEN:     "2r1nrk1/p2q1ppp/bp1p4/n1pPp3/P1P1P3/2PBB1N1/4QPPP/R4RK1 w - -",
		Options: map[string]string{"depth": "6", "modern": "true", "tt-size": "256"},
		Method:  tracer.Triangular, Reason: tracer.IIRAtPV,
		Note: "With modern=true and a 256-entry table the line is five moves at depth 6: a PV node on it found no move " +
			"in the small table, so internal iterative reduction searched it a ply shallower and the line reached " +
			"the horizon a ply early. Turn iir off, or give the table its default size, and it is whole.",
	},
	{
		ID:      "bk18",
		Name:    "IIR on a Black line (iir-at-pv)",
		Source:  "BK.18 (tactics/bratko_kopec_24.epd)",
		FEN:     "r1bq1rk1/pp2ppbp/2np2p1/2n5/P3PP2/N1P2N2/1PB3PP/R1B1QRK1 b - -",
		Options: map[string]string{"depth": "6", "modern": "true", "tt-size": "256"},
		Method:  tracer.Triangular, Reason: tracer.IIRAtPV,
		Note: "The same with Black to move: the depth-6 line Qb6 Qe3 Qa6 Nb5 Na4 is a move short, " +
			"cut where IIR searched a PV node without a table move a ply shallower.",
	},
	{
		ID:      "bk06",
		Name:    "IIR with a tiny table (iir-at-pv)",
		Source:  "BK.06 (tactics/bratko_kopec_24.epd)",
		FEN:     "2r3k1/pppR1pp1/4p3/4P1P1/5P2/1P4K1/P1P5/8 w - -",
		Options: map[string]string{"depth": "6", "modern": "true", "tt-size": "64"},
		Method:  tracer.Triangular, Reason: tracer.IIRAtPV,
		Note: "A rook ending with a 64-entry table: the line Rd4 Kf8 Rb4 Rb8 Kf3 is five moves at depth 6, " +
			"cut where IIR searched a PV node the tiny table kept no move for a ply shallower. Turn iir off and " +
			"the line is whole (the table walk then stops where the table lost an entry).",
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
