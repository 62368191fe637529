package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"os/signal"
	"syscall"

	"github.com/pvscope/pvscope/server"
)

// view serves the page with a trace file open: it reads the file (one that
// cannot be read is refused here, naming the line; one that breaks rules is
// opened all the same, after saying how many), then prints the URL that plays it.
// With two files, the URL opens them side by side as a search diff (?diff=).
func view(args []string) error {
	fs := flag.NewFlagSet("view", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	files, err := parseFlagsAndFiles(fs, args)
	if err != nil {
		return err
	}
	if len(files) != 1 && len(files) != 2 {
		return fmt.Errorf("want one trace file, or two to diff, got %d (pvscope view FILE [FILE2] [-addr A])", len(files))
	}
	for _, file := range files {
		if err := viewCheck(file, os.Stdout); err != nil {
			return err
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	s := server.New(ctx, server.DefaultLimits())
	var tokens []string
	for _, file := range files {
		token, err := s.OpenTraceFile(file)
		if err != nil {
			return exitCode{2, fmt.Errorf("%s: %v", file, err)}
		}
		tokens = append(tokens, url.QueryEscape(token))
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	if len(tokens) == 2 {
		fmt.Printf("pvscope: %s (A) and %s (B) are open side by side at http://%s/?diff=trace:%s,trace:%s (Ctrl-C to stop)\n",
			files[0], files[1], ln.Addr(), tokens[0], tokens[1])
	} else {
		fmt.Printf("pvscope: %s is open at http://%s/?trace=%s (Ctrl-C to stop)\n", files[0], ln.Addr(), tokens[0])
	}
	return serveUntilDone(ctx, s.HTTPServer(), s.Listener(ln))
}

// viewCheck reads the trace as check does: a file that cannot be read, or
// that enters no node, is refused (exit 2, with the line); violations and
// warnings are counted in a sentence and the trace is still shown, since a
// debugger that refuses a wrong search cannot help find what is wrong.
func viewCheck(path string, out io.Writer) error {
	f, err := os.Open(path)
	if err != nil {
		return exitCode{2, err}
	}
	defer f.Close()
	rep, err := checkTrace(f, 1)
	if err != nil {
		return exitCode{2, fmt.Errorf("%s: %v", path, err)}
	}
	if rep.Counts.Nodes == 0 {
		return exitCode{2, fmt.Errorf("%s: it enters no node, so there is no search to show", path)}
	}
	if rep.ViolationCount > 0 {
		v := rep.Violations[0]
		fmt.Fprintf(out, "pvscope: %s has %s of %s (the first, line %d: %s: %s); it opens all the same, and `pvscope check %s` lists them\n",
			path, plural(rep.ViolationCount, "violation", "violations"), plural(rep.ViolationRules, "rule", "rules"), v.Line, v.Rule, v.Message, path)
	}
	if rep.WarningCount > 0 {
		fmt.Fprintf(out, "pvscope: %s has %s (`pvscope check %s` lists them)\n", path, plural(rep.WarningCount, "warning", "warnings"), path)
	}
	return nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
