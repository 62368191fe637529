package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/server"
	"github.com/pvscope/pvscope/server/assets"
	"github.com/pvscope/pvscope/server/engines"
)

// serve runs the page's HTTP server until interrupted.
func serve(args []string) error {
	addr, lim, engines, err := serveFlags(args)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	memLimit := setMemoryLimit(lim)
	handler := server.New(ctx, lim)
	handler.AddEngines(engines)
	srv := handler.HTTPServer()
	printURLs(os.Stdout, ln.Addr().(*net.TCPAddr), server.InterfaceAddrs(false))
	printShare(os.Stdout, lim)
	fmt.Fprintf(os.Stdout, "pvscope: the Go runtime's memory limit is %s (-max-memory and a fifth, unless GOMEMLIMIT is set)\n", sizeText(memLimit))
	return serveUntilDone(ctx, srv, handler.Listener(ln))
}

// serveUntilDone serves on ln until the server fails or ctx ends (Ctrl-C),
// then gives open requests five seconds to finish.
func serveUntilDone(ctx context.Context, srv *http.Server, ln net.Listener) error {
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
	name, command, err := engines.ParseEngineFlag(v)
	if err != nil {
		return err
	}
	if _, dup := e[name]; dup {
		return fmt.Errorf("-engine %s is given twice", name)
	}
	e[name] = command
	return nil
}

// serveFlags reads serve's command line: the address, the server's limits
// and the engines offered to pages.
func serveFlags(args []string) (string, server.Limits, engineFlag, error) {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	lim := server.DefaultLimits()
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on (loopback by default: anyone who can reach it can run searches; 0.0.0.0:8080 serves the local network)")
	fs.IntVar(&lim.MaxDepth, "max-depth", lim.MaxDepth, "deepest search a page may ask for")
	fs.Int64Var(&lim.MaxNodes, "max-nodes", lim.MaxNodes, "nodes per search (and per generated tree) before it stops")
	fs.IntVar(&lim.MaxSearches, "max-searches", lim.MaxSearches, "searches running at once")
	fs.IntVar(&lim.MaxQueue, "max-queue", lim.MaxQueue, "a fixed cap on the searches waiting for a free slot (0: as many as memory and -max-wait allow; each page is told its place)")
	fs.DurationVar(&lim.MaxWait, "max-wait", lim.MaxWait, "the longest a search is asked to wait in line: one expected to wait longer (from recent searches' times) is refused, told the wait")
	fs.IntVar(&lim.MaxConns, "max-conns", lim.MaxConns, "websocket connections open at once")
	fs.IntVar(&lim.MaxHTTPConns, "max-http-conns", lim.MaxHTTPConns, "TCP connections open at once, websockets among them (one past it is answered with a sentence and closed)")
	fs.IntVar(&lim.RoomsPerAddress, "rooms-per-address", lim.RoomsPerAddress, "rooms one network address may hold open (a room its presenter left with no one following is closed when another needs its place)")
	fs.IntVar(&lim.RoomRate, "room-rate", lim.RoomRate, "room joins, and separately poll answers, one network address may make per minute (a class behind one NAT shares one address)")
	engines := engineFlag{}
	fs.Var(engines, "engine", "offer a UCI engine to pages as NAME=PATH (repeatable; PATH may carry arguments)")
	fs.Var((*byteSize)(&lim.MaxMemory), "max-memory", "memory budget for kept recordings, tables and trees (e.g. 512MB, 2GB)")
	fs.Func("host", "a host name the server answers to besides loopback and this machine's addresses (repeatable)", func(v string) error {
		if v == "" || strings.ContainsAny(v, "/ ") {
			return fmt.Errorf("-host %q is not a host name", v)
		}
		lim.Hosts = append(lim.Hosts, v)
		return nil
	})
	fs.Func("embed-origins", "sites whose pages may frame this one (/?embed=1), comma-separated: https://course.example.edu,https://lms.example.org", func(v string) error {
		o, err := assets.ParseEmbedOrigins(v)
		lim.EmbedOrigins = append(lim.EmbedOrigins, o...)
		if err == nil && len(lim.EmbedOrigins) > assets.MaxEmbedOrigins {
			err = fmt.Errorf("-embed-origins names %d sites in all: at most %d", len(lim.EmbedOrigins), assets.MaxEmbedOrigins)
		}
		return err
	})
	if err := parseFlags(fs, args); err != nil {
		return "", lim, nil, err
	}
	if fs.NArg() > 0 {
		return "", lim, nil, fmt.Errorf("unexpected argument %q (flags are written -name=value)", fs.Arg(0))
	}
	if lim.MaxDepth < 1 || lim.MaxNodes < 1 || lim.MaxSearches < 1 || lim.MaxConns < 1 || lim.MaxHTTPConns < 1 || lim.MaxQueue < 0 {
		return "", lim, nil, errors.New("-max-depth, -max-nodes, -max-searches, -max-conns and -max-http-conns must be at least 1, -max-queue at least 0")
	}
	if lim.RoomsPerAddress < 1 || lim.RoomRate < 1 {
		return "", lim, nil, errors.New("-rooms-per-address and -room-rate must be at least 1")
	}
	if lim.MaxWait < time.Second {
		return "", lim, nil, errors.New("-max-wait must be at least 1s")
	}
	if lim.MaxMemory < 16<<20 {
		return "", lim, nil, errors.New("-max-memory must be at least 16MB")
	}
	return *addr, lim, engines, nil
}

// printURLs says where the page is. A server listening on every address
// (0.0.0.0 or [::]) prints localhost and each address the machine has on
// its networks: the URLs students can type.
func printURLs(w io.Writer, at *net.TCPAddr, lan []net.IP) {
	port := strconv.Itoa(at.Port)
	if !at.IP.IsUnspecified() {
		fmt.Fprintf(w, "pvscope: serving http://%s/ (Ctrl-C to stop)\n", net.JoinHostPort(at.IP.String(), port))
		return
	}
	fmt.Fprintf(w, "pvscope: serving http://localhost:%s/ on this machine (Ctrl-C to stop)\n", port)
	v4only := at.IP.To4() != nil
	for _, ip := range lan {
		if ip.IsLinkLocalUnicast() || v4only && ip.To4() == nil {
			continue // fe80:: addresses need a zone a browser cannot take
		}
		fmt.Fprintf(w, "pvscope: on the network: http://%s/\n", net.JoinHostPort(ip.String(), port))
	}
}

// printShare says what each search may have of the memory budget, and the
// largest table that allows (tt-size left unset is sized to it when the
// default does not fit).
func printShare(w io.Writer, lim server.Limits) {
	share, entries, table := server.SearchShare(lim)
	fmt.Fprintf(w, "pvscope: each search may have %s of memory (-max-memory %s over -max-searches %d): "+
		"a transposition table of up to %d entries (%s)", sizeText(share), sizeText(lim.MaxMemory), lim.MaxSearches, entries, sizeText(table))
	if def := engine.ChessDefaults().TTSize; entries < def {
		fmt.Fprintf(w, ", smaller than the default %d: a search that leaves tt-size unset gets this size", def)
	}
	wait := lim.MaxWait.String()
	if lim.MaxWait%time.Minute == 0 {
		wait = fmt.Sprintf("%d min", lim.MaxWait/time.Minute)
	}
	cap := ""
	if lim.MaxQueue > 0 {
		cap = fmt.Sprintf(" or %d already wait (-max-queue)", lim.MaxQueue)
	}
	fmt.Fprintf(w, "\npvscope: searches beyond %d wait in line, each told its place, unless the expected wait is over %s (-max-wait)%s\n",
		lim.MaxSearches, wait, cap)
}

// sizeText writes a byte count for people: 256 MB, 1 GB, 512 KB.
func sizeText(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GB", n>>30)
	case n >= 1<<20:
		return fmt.Sprintf("%.0f MB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%.0f KB", float64(n)/(1<<10))
}

// byteSize is a flag holding a number of bytes, written 1073741824, 512MB or 2GB.
type byteSize int64

func (b *byteSize) String() string {
	switch n := int64(*b); {
	case n >= 1<<30 && n%(1<<30) == 0:
		return strconv.FormatInt(n>>30, 10) + "GB"
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.FormatInt(n>>20, 10) + "MB"
	default:
		return strconv.FormatInt(n, 10)
	}
}

func (b *byteSize) Set(v string) error {
	unit := int64(1)
	num := strings.ToUpper(strings.TrimSpace(v))
	for _, u := range []struct {
		suffix string
		size   int64
	}{{"GB", 1 << 30}, {"MB", 1 << 20}, {"KB", 1 << 10}, {"B", 1}} {
		if s, ok := strings.CutSuffix(num, u.suffix); ok {
			num, unit = strings.TrimSpace(s), u.size
			break
		}
	}
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n < 0 || n > (1<<62)/unit {
		return fmt.Errorf("%q is not a size (write 512MB or 2GB)", v)
	}
	*b = byteSize(n * unit)
	return nil
}
