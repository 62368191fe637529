package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/pvscope/pvscope/engine"
)

// perft prints the number of legal move sequences of a depth.
func perft(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fen := fs.String("fen", engine.StartFEN, "position in FEN")
	depth := fs.Int("depth", 0, "depth in plies (1 to 8), required")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q (flags are written --name=value)", fs.Arg(0))
	}
	if !flagGiven(fs, "depth") {
		return errors.New("the --depth flag is missing: give a depth in plies, 1 to 8 (pvscope perft --fen FEN --depth N)")
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
