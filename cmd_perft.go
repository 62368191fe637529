package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/engine/games"
)

// perft prints the number of legal move sequences of a depth; for a game of
// engine/games, the count at every depth up to it, one "depth count" a line.
func perft(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fen := fs.String("fen", engine.StartFEN, "position in FEN")
	game := fs.String("game", "", "a game other than chess: tictactoe, connect4 or othello")
	position := fs.String("position", "", "the game's position in its notation (default: its start)")
	depth := fs.Int("depth", 0, "depth in plies (1 to 8; a game 1 to 9), required")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q (flags are written --name=value)", fs.Arg(0))
	}
	if !flagGiven(fs, "depth") {
		return errors.New("the --depth flag is missing: give a depth in plies, 1 to 8 (pvscope perft --fen FEN --depth N)")
	}
	if *game != "" && *game != "chess" {
		return perftGame(*game, *position, *depth, flagGiven(fs, "fen"), out)
	}
	if *position != "" {
		return errors.New("--position is a game's position: give --game too, or --fen for chess")
	}
	if *depth < 1 || *depth > 8 {
		return fmt.Errorf("depth %d is out of range: choose 1 to 8", *depth)
	}
	pos, err := engine.NewChessPosition(*fen)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(out, engine.Perft(pos, *depth))
	return err
}

// maxGamePerft bounds a game's perft: tic-tac-toe's whole tree, Othello's
// 3,005,288 and Connect Four's 40 million sequences at 9 take seconds.
const maxGamePerft = 9

// perftGame prints a game's counts at depths 1 to depth.
func perftGame(name, position string, depth int, fenGiven bool, out io.Writer) error {
	g, err := games.Lookup(name)
	if err != nil {
		return err
	}
	if fenGiven {
		return fmt.Errorf("--fen is chess's: give %s's position with --position", g.Name)
	}
	if depth < 1 || depth > maxGamePerft {
		return fmt.Errorf("depth %d is out of range: choose 1 to %d", depth, maxGamePerft)
	}
	b, err := g.Parse(position)
	if err != nil {
		return err
	}
	for d := 1; d <= depth; d++ {
		if _, err := fmt.Fprintf(out, "%d %d\n", d, games.Perft(b, d)); err != nil {
			return err
		}
	}
	return nil
}
