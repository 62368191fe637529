package engine

import (
	"fmt"
	"strings"

	"github.com/pvscope/pvscope/engine/games"

	"github.com/pvscope/pvscope/tracer/msg"
)

// Setup is what to search: exactly one of a chess position (FEN), a
// teaching tree in parentheses (Tree), a generated tree (Random, as
// "b=3,d=4,seed=7,order=best"), or a game of engine/games (Game, with
// Position in its notation, "" its start). All empty means the chess start
// position.
type Setup struct {
	FEN      string
	Tree     string
	Random   string
	Game     string
	Position string
}

// Load builds the position a setup names, with the default options for its
// kind (chess or tree), ready for the caller's settings on top.
func (s Setup) Load() (Position, Options, error) {
	given := 0
	for _, v := range []string{s.FEN, s.Tree, s.Random, s.Game} {
		if v != "" && v != "chess" { // chess with its FEN is one position
			given++
		}
	}
	if given > 1 {
		return nil, Options{}, msg.New("go-engine.setupSeveral", "give one of a FEN, a tree or a random tree, not several")
	}
	switch {
	case s.Game != "" && s.Game != "chess":
		g, err := games.Lookup(s.Game)
		if err != nil {
			return nil, Options{}, err
		}
		b, err := g.Parse(s.Position)
		if err != nil {
			return nil, Options{}, err
		}
		return NewGamePosition(b), GameDefaults(), nil
	case s.Position != "":
		return nil, Options{}, fmt.Errorf("a position %q needs a game: give one of %s", s.Position, strings.Join(games.Names(), ", "))
	case s.Tree != "":
		t, err := ParseTree(s.Tree)
		if err != nil {
			return nil, Options{}, err
		}
		return NewTreePosition(t), TreeDefaults(t), nil
	case s.Random != "":
		spec, err := ParseTreeSpec(s.Random)
		if err != nil {
			return nil, Options{}, err
		}
		t, err := Generate(spec)
		if err != nil {
			return nil, Options{}, err
		}
		return NewTreePosition(t), TreeDefaults(t), nil
	}
	fen := s.FEN
	if fen == "" {
		fen = StartFEN
	}
	p, err := NewChessPosition(fen)
	if err != nil {
		return nil, Options{}, err
	}
	return p, ChessDefaults(), nil
}

// HeaderPosition loads the position a trace header's meta names (its fen,
// tree or random, or its game and that game's position) as the page and pvscope check both take it: nil and no
// error when it names none (another engine's trace: moves are names only).
// The error is wrapped, not keyed: a page in another language says the
// position's own sentence.
func HeaderPosition(meta map[string]string) (Position, error) {
	s := Setup{FEN: meta["fen"], Tree: meta["tree"], Random: meta["random"], Game: meta["game"], Position: meta["position"]}
	if s == (Setup{}) {
		return nil, nil
	}
	pos, _, err := s.Load()
	if err != nil {
		return nil, fmt.Errorf("the trace header's position: %w", err)
	}
	return pos, nil
}

// ApplySettings sets named options in order, stopping at the first error.
func (o *Options) ApplySettings(settings [][2]string) error {
	for _, kv := range settings {
		if err := o.Set(kv[0], kv[1]); err != nil {
			return err
		}
	}
	return nil
}
