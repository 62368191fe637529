package engine

import "github.com/pvscope/pvscope/tracer/msg"

// Setup is what to search: exactly one of a chess position (FEN), a
// teaching tree in parentheses (Tree), or a generated tree (Random, as
// "b=3,d=4,seed=7,order=best"). All empty means the chess start position.
type Setup struct {
	FEN    string
	Tree   string
	Random string
}

// Load builds the position a setup names, with the default options for its
// kind (chess or tree), ready for the caller's settings on top.
func (s Setup) Load() (Position, Options, error) {
	given := 0
	for _, v := range []string{s.FEN, s.Tree, s.Random} {
		if v != "" {
			given++
		}
	}
	if given > 1 {
		return nil, Options{}, msg.New("go-engine.setupSeveral", "give one of a FEN, a tree or a random tree, not several")
	}
	switch {
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

// ApplySettings sets named options in order, stopping at the first error.
func (o *Options) ApplySettings(settings [][2]string) error {
	for _, kv := range settings {
		if err := o.Set(kv[0], kv[1]); err != nil {
			return err
		}
	}
	return nil
}
