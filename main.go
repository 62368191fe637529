// Command pvscope is a step-through visualiser of game-tree search.
//
//	pvscope [serve]          serve the page (default)
//	pvscope search [flags]   run one search and print the result
//	pvscope trace [flags]    run one search and write its JSONL trace
//	pvscope check FILE       check a trace (pvscope's or another engine's)
//	pvscope diff A B         where two searches of one position part
//	pvscope why TRACE [MOVE] what became of a move (each move) at a node, iteration by iteration
//	pvscope view FILE        serve the page with a trace file open
//	pvscope perft [flags]    count the leaves of the legal move tree
//	pvscope inspect [flags]  check a UCI engine's PVs
//	pvscope uci              speak UCI on standard input and output
//	pvscope site DIR         write a static site whose searches run in the browser
//	pvscope help [command]   list the commands, or one command's flags
//
// main.go only wires the command line to the commands; each command lives in
// its own cmd_*.go file; textout.go keeps a trace's text from steering the terminal.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

// command is one subcommand: its name, a line for the list, how it is
// called, and its body.
type command struct {
	name, usage, summary string
	run                  func(args []string) error
}

// commands are listed by "pvscope help" in this order.
var commands = []command{
	{"serve", "[-addr 127.0.0.1:8080]", "serve the page (the default command)", serve},
	{"search", "[--json] INPUT [OPTIONS]", "run one search, print the result", func(a []string) error { return search(a, os.Stdout) }},
	{"trace", "[-o FILE] INPUT [OPTIONS]", "write the search's JSONL trace", func(a []string) error { return trace(a, os.Stdout) }},
	{"check", "FILE [--json] [--max N]", "check a trace's invariants and its PVs", func(a []string) error { return checkCmd(a, os.Stdout) }},
	{"diff", "A B [--json] [--max N]", "where two searches of one position part", func(a []string) error { return diffCmd(a, os.Stdout) }},
	{"why", "TRACE [MOVE] [--at PATH] [--json]", "what became of a move at a node, iteration by iteration", func(a []string) error { return whyCmd(a, os.Stdout) }},
	{"view", "FILE [FILE2] [-addr ADDR]", "serve the page with a trace file open (two: diffed side by side)", view},
	{"perft", "[--fen F | --game G] --depth N", "count legal move sequences", func(a []string) error { return perft(a, os.Stdout) }},
	{"inspect", "--engine CMD [--fen F] [--depth N]", "check a UCI engine's PVs", func(a []string) error { return inspect(a, os.Stdout, terminal(os.Stderr)) }},
	{"uci", "", "speak UCI on standard input and output", func(a []string) error { return uciEngine(a, os.Stdin, os.Stdout) }},
	{"site", "DIR [-force]", "write a static site whose searches run in the browser", func(a []string) error { return site(a, os.Stdout) }},
}

func findCommand(name string) (command, bool) {
	for _, c := range commands {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

func main() {
	os.Exit(runMain(os.Args[1:], os.Stdout, os.Stderr))
}

// runMain runs the command line and returns the exit code: 0 done, 2 a bad
// command line or a failure, unless the command chose another code.
func runMain(args []string, stdout, stderr io.Writer) int {
	name, named := "serve", false
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		name, args, named = args[0], args[1:], true
	}
	if name == "help" || !named && len(args) > 0 && isHelpFlag(args[0]) {
		return help(args, stdout, stderr)
	}
	c, ok := findCommand(name)
	if !ok {
		fmt.Fprintf(stderr, "pvscope: unknown command %q: choose %s (pvscope help lists them)\n", name, commandNames())
		return 2
	}
	err := c.run(args)
	if err == nil || errors.Is(err, flag.ErrHelp) {
		return 0
	}
	var coded exitCode
	if errors.As(err, &coded) {
		if coded.err != nil {
			fmt.Fprintf(inertWriter{stderr}, "pvscope %s: %v\n", name, coded.err)
		}
		return coded.code
	}
	fmt.Fprintf(inertWriter{stderr}, "pvscope %s: %v\n", name, err) // an error may quote the trace
	return 2
}

// exitCode lets a command exit with a code of its own (check: 1 for
// violations), printing err first when there is one.
type exitCode struct {
	code int
	err  error
}

func (e exitCode) Error() string { return fmt.Sprintf("exit %d: %v", e.code, e.err) }

func isHelpFlag(arg string) bool {
	return arg == "-h" || arg == "-help" || arg == "--help"
}

func commandNames() string {
	names := make([]string, len(commands))
	for i, c := range commands {
		names[i] = c.name
	}
	return strings.Join(names, ", ")
}

func usage() string {
	var b strings.Builder
	b.WriteString("pvscope: a step-through visualiser of game-tree search\n\nusage: pvscope [command] [flags]\n\ncommands:\n")
	for _, c := range commands {
		fmt.Fprintf(&b, "  %-8s %-28s %s\n", c.name, c.usage, c.summary)
	}
	b.WriteString(`
INPUT is one of --fen FEN, --tree "((3 12 8) (2 4 6) (14 5 2))",
--random b=3,d=4,seed=7,order=best (the start position when none is given).
"pvscope help COMMAND" (or "pvscope COMMAND -h") lists a command's flags.
`)
	return b.String()
}

// help prints the command list, or one command's flags.
func help(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || isHelpFlag(args[0]) {
		fmt.Fprint(stdout, usage())
		return 0
	}
	c, ok := findCommand(args[0])
	if !ok {
		fmt.Fprintf(stderr, "pvscope help: unknown command %q: choose %s\n", args[0], commandNames())
		return 2
	}
	fmt.Fprintf(stdout, "pvscope %s %s\n  %s\n\n", c.name, c.usage, c.summary)
	if err := c.run([]string{"-h"}); err != nil && !errors.Is(err, flag.ErrHelp) {
		fmt.Fprintf(stderr, "pvscope help %s: %v\n", c.name, err)
		return 2
	}
	return 0
}

// parseFlags parses args and keeps a bad flag to one line: the error says
// where to look, and -h prints the flags to standard output.
func parseFlags(fs *flag.FlagSet, args []string) error {
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		fs.SetOutput(os.Stdout)
		fmt.Printf("usage of pvscope %s:\n", fs.Name())
		fs.PrintDefaults()
		return err
	}
	if err != nil {
		return fmt.Errorf("%v (pvscope %s -h lists the flags)", err, fs.Name())
	}
	return nil
}

// parseFlagsAndFiles parses args where file names may stand before, between
// or after the flags (pvscope check FILE --json), and returns the names.
func parseFlagsAndFiles(fs *flag.FlagSet, args []string) ([]string, error) {
	var files []string
	for {
		if err := parseFlags(fs, args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return files, nil
		}
		files, args = append(files, fs.Arg(0)), fs.Args()[1:]
	}
}

// flagGiven reports whether the flag was set on the command line.
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}
