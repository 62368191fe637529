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
// is refused here, naming the line), then prints the URL that plays it.
func view(args []string) error {
	fs := flag.NewFlagSet("view", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	files, err := parseFlagsAndFiles(fs, args)
	if err != nil {
		return err
	}
	if len(files) != 1 {
		return fmt.Errorf("want one trace file, got %d (pvscope view FILE [-addr A])", len(files))
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	s := server.New(ctx, server.DefaultLimits())
	token, err := s.OpenTraceFile(files[0])
	if err != nil {
		return fmt.Errorf("%s: %v", files[0], err)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	fmt.Printf("pvscope: %s is open at http://%s/?trace=%s (Ctrl-C to stop)\n", files[0], ln.Addr(), url.QueryEscape(token))
	return serveUntilDone(ctx, s.HTTPServer(), ln)
}
