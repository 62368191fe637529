package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/pvscope/pvscope/engine/uci"
)

// uciEngine speaks UCI on standard input and output until quit, so pvscope
// runs in a chess GUI or a match runner.
func uciEngine(args []string, in io.Reader, out io.Writer) error {
	fs := flag.NewFlagSet("uci", flag.ContinueOnError)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q: options are set with setoption", fs.Arg(0))
	}
	return uci.Serve(context.Background(), in, out)
}
