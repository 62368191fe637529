package main

import (
	"context"
	"flag"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/pvscope/pvscope/server"
)

// view serves the page with a trace file open: it reads the file (a bad one
// is refused here, naming the line), then prints the URL that plays it.
func view(args []string) error {
	fs := flag.NewFlagSet("view", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	var files []string
	for {
		if err := parseFlags(fs, args); err != nil {
			return err
		}
		if fs.NArg() == 0 {
			break
		}
		files, args = append(files, fs.Arg(0)), fs.Args()[1:]
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
	srv := &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}
	fmt.Printf("pvscope: %s is open at http://%s/?trace=%s (Ctrl-C to stop)\n", files[0], ln.Addr(), url.QueryEscape(token))
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		return srv.Shutdown(shut)
	}
}
