package server

import "github.com/pvscope/pvscope/templates"

// namedPositions are the chess positions offered by name. The WAC positions
// are mates in 2 from Reinfeld's Win at Chess (ids as in the suite; see
// engine/testdata/tactics/wac_shallow20.epd); Kiwipete is Peter McKenzie's
// perft position from the Chess Programming Wiki.
var namedPositions = []templates.Named{
	{ID: "start", Label: "Start position", Value: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
	{ID: "kiwipete", Label: "Kiwipete (perft position 2)", Value: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
	{ID: "WAC.001", Label: "WAC.001: mate in 2 (Qg6)", Value: "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1"},
	{ID: "WAC.004", Label: "WAC.004: mate in 2 (Qxh7+)", Value: "r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1"},
	{ID: "WAC.005", Label: "WAC.005: mate in 2 (Qc4+)", Value: "5k2/6pp/p1qN4/1p1p4/3P4/2PKP2Q/PP3r2/3R4 b - - 0 1"},
	{ID: "WAC.012", Label: "WAC.012: mate in 2 (Qxf3+)", Value: "4k1r1/2p3r1/1pR1p3/3pP2p/3P2qP/P4N2/1PQ4P/5R1K b - - 0 1"},
}

// namedTrees are the teaching trees, from engine/testdata/trees/textbook_trees.json.
var namedTrees = []templates.Named{
	{ID: "aima-fig5-2", Label: "Russell & Norvig Fig. 5.2 (value 3)", Value: "((3 12 8) (2 4 6) (14 5 2))"},
	{ID: "wikipedia", Label: "Wikipedia alpha-beta figure (value 6)",
		Value: "((((5 6) (7 4 5)) ((3))) (((6) (6 9)) ((7))) (((5)) ((9 8) (6))))"},
	{ID: "propp", Label: "Propp's Chinook notes (value 4; 7 and 8 stand for the unread H and I)", Value: "((4 5 6) (1 7 8))"},
}
