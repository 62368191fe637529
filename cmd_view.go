package main

import (
	"context"
	"flag"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/signal"
	"syscall"

	"github.com/pvscope/pvscope/server"
)

// view serves the page with a trace file open: it reads the file (a bad one
// is refused here, naming the line), then prints the URL that plays it. With
// two files, the URL opens them side by side as a search diff (?diff=).
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
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	s := server.New(ctx, server.DefaultLimits())
	var tokens []string
	for _, file := range files {
		token, err := s.OpenTraceFile(file)
		if err != nil {
			return fmt.Errorf("%s: %v", file, err)
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
	return serveUntilDone(ctx, s.HTTPServer(), ln)
}
