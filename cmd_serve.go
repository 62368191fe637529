package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/pvscope/pvscope/server"
)

// serve runs the page's HTTP server until interrupted.
func serve(args []string) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	lim := server.DefaultLimits()
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on (loopback by default: anyone who can reach it can run searches)")
	fs.IntVar(&lim.MaxDepth, "max-depth", lim.MaxDepth, "deepest search a page may ask for")
	fs.Int64Var(&lim.MaxNodes, "max-nodes", lim.MaxNodes, "nodes per search before it stops")
	fs.IntVar(&lim.MaxSearches, "max-searches", lim.MaxSearches, "searches running at once")
	engines := engineFlag{}
	fs.Var(engines, "engine", "offer a UCI engine to pages as NAME=PATH (repeatable; PATH may carry arguments)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q (flags are written -name=value)", fs.Arg(0))
	}
	if lim.MaxDepth < 1 || lim.MaxNodes < 1 || lim.MaxSearches < 1 {
		return errors.New("-max-depth, -max-nodes and -max-searches must be at least 1")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	handler := server.New(ctx, lim)
	handler.AddEngines(engines)
	srv := &http.Server{Handler: handler, ReadHeaderTimeout: 10 * time.Second}
	fmt.Printf("pvscope: serving http://%s/ (Ctrl-C to stop)\n", ln.Addr())
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

// engineFlag collects -engine NAME=PATH flags.
type engineFlag map[string]string

func (e engineFlag) String() string { return "" }
func (e engineFlag) Set(v string) error {
	name, command, err := server.ParseEngineFlag(v)
	if err != nil {
		return err
	}
	if _, dup := e[name]; dup {
		return fmt.Errorf("-engine %s is given twice", name)
	}
	e[name] = command
	return nil
}
