package tracer

import (
	"slices"
	"testing"
)

// A minimal trace of a game other than chess leaves out a finished node's
// end: a node mated where it stands (the score -(mate - 1) one ply down) has
// lost its game, and is derived "loss", not chess's "mate". In tic-tac-toe
// after a1 b1 a2 b2, x's a3 completes the a-file: o, to move, has lost.
func TestDeriveGameLoss(t *testing.T) {
	events := []Event{
		{Kind: Enter, Node: 1, Depth: 2, Alpha: -32000, Beta: 32000},
		{Kind: Enter, Node: 2, Parent: 1, Move: "a3", Depth: 1, Alpha: -32000, Beta: 32000},
		{Kind: Exit, Node: 2, Score: -31999},
		{Kind: Exit, Node: 1, Score: 31999},
	}
	got := Derive(Header{Meta: map[string]string{"mate": "32000", "game": "tictactoe", "position": "a1 b1 a2 b2"}}, events)
	i := slices.IndexFunc(got, func(e Event) bool { return e.Kind == Exit && e.Node == 2 })
	if got[i].End != Lost || got[i].End.String() != "loss" {
		t.Fatalf("the lost leaf ends %q, want loss", got[i].End)
	}
}
