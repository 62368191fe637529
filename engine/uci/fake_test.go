package uci

import (
	"bufio"
	"context"
	"fmt"
	"math/rand"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestMain lets this test binary be an engine for the client's tests: with
// PVSCOPE_FAKE_ENGINE set it behaves as that engine on its standard input
// and output instead of running tests.
func TestMain(m *testing.M) {
	if mode := os.Getenv("PVSCOPE_FAKE_ENGINE"); mode != "" {
		if f := os.Getenv("PVSCOPE_FAKE_PIDFILE"); f != "" {
			os.WriteFile(f, []byte(strconv.Itoa(os.Getpid())), 0o644)
		}
		fakeEngine(mode)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// fakeEngine is one misbehaving (or, as "pvscope", well-behaved) engine.
func fakeEngine(mode string) {
	if mode == "pvscope" {
		Serve(context.Background(), os.Stdin, os.Stdout)
		return
	}
	if mode == "flood" { // one endless line
		b := []byte(strings.Repeat("x", 4096))
		for {
			if _, err := os.Stdout.Write(b); err != nil {
				return
			}
		}
	}
	if mode == "garbage" {
		r := rand.New(rand.NewSource(1))
		b := make([]byte, 200)
		for {
			r.Read(b)
			b[len(b)-1] = '\n'
			if _, err := os.Stdout.Write(b); err != nil {
				return
			}
		}
	}
	// The rest ignore the polite signal; only a kill ends them.
	signal.Ignore(syscall.SIGTERM, syscall.SIGINT)
	in := bufio.NewScanner(os.Stdin)
	say := func(format string, args ...any) { fmt.Printf(format+"\n", args...) }
	for in.Scan() {
		switch w := strings.Fields(in.Text()); {
		case len(w) == 0:
		case mode == "silent":
			// Reads, never answers.
		case w[0] == "uci":
			say("id name fake %s", mode)
			if mode == "crash" {
				fmt.Fprintln(os.Stderr, "fake: segmentation fault (pretend)")
				os.Exit(3)
			}
			say("option name MultiPV type spin default 1 min 1 max 8")
			say("uciok")
		case w[0] == "isready":
			say("readyok")
		case w[0] == "go" && mode == "crash-in-search":
			say("info depth 1 score cp 10 pv e2e4")
			fmt.Fprintln(os.Stderr, "fake: assertion failed in search")
			os.Exit(4)
		case w[0] == "go" && mode == "info-flood":
			// Valid lines with a score, without end, deaf to stop.
			b := []byte(strings.Repeat("info depth 5 seldepth 9 multipv 1 score cp 10 nodes 1000 time 5 pv e2e4 e7e5 g1f3 b8c6 f1b5 a7a6\n", 64))
			for {
				if _, err := os.Stdout.Write(b); err != nil {
					os.Exit(0)
				}
			}
		case w[0] == "go" && mode == "hang":
			say("info depth 1 score cp 10 pv e2e4")
			sleepForever() // ignores stop, quit and the end of its input
		case w[0] == "go" && mode == "liar":
			// Planted defects, from the start position, MultiPV 3:
			// depth 1 is clean; depth 2 lists e2e4 twice, scores line 3
			// above line 2, and has an illegal move; depth 3 lacks line 3.
			say("info depth 1 multipv 1 score cp 30 nodes 20 time 1 pv e2e4")
			say("info depth 1 multipv 2 score cp 20 nodes 20 time 1 pv d2d4")
			say("info depth 1 multipv 3 score cp 10 nodes 20 time 1 pv g1f3")
			say("info depth 2 multipv 1 score cp 30 nodes 90 time 2 pv e2e4 e7e5")
			say("info depth 2 multipv 2 score cp 5 nodes 90 time 2 pv e2e4 d7d5")
			say("info depth 2 multipv 3 score cp 25 nodes 90 time 2 pv g1f3 e7e4")
			say("info depth 3 multipv 1 score mate 2 lowerbound nodes 300 time 3 pv e2e4")
			say("info depth 3 multipv 1 score cp 35 nodes 400 time 4 pv e2e4 e7e5 g1f3")
			say("info depth 3 multipv 2 score cp 15 nodes 400 time 4 pv d2d4 d7d5 c2c4")
			say("info depth three score cp 1 pv e2e4")
			say("info string liar has spoken")
			say("bestmove d2d4")
		case w[0] == "go":
			say("bestmove e2e4")
		case w[0] == "quit" && mode != "hang":
			return
		}
	}
	if mode == "hang" {
		sleepForever()
	}
}

func sleepForever() {
	for {
		time.Sleep(time.Hour)
	}
}

// fakeCommand is the command line that runs this binary as a fake engine.
func fakeCommand(t *testing.T, mode string) (command, pidFile string) {
	t.Helper()
	pidFile = t.TempDir() + "/pid"
	t.Setenv("PVSCOPE_FAKE_ENGINE", mode)
	t.Setenv("PVSCOPE_FAKE_PIDFILE", pidFile)
	if strings.ContainsAny(os.Args[0], " \t") {
		t.Fatalf("the test binary's path %q has a space; --engine splits on spaces", os.Args[0])
	}
	return os.Args[0] + " -test.run=^$", pidFile
}

// assertReaped checks that the fake engine's process is gone: not running,
// not a zombie waiting for us.
func assertReaped(t *testing.T, pidFile string) {
	t.Helper()
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatalf("the fake engine wrote no pid: %v", err)
	}
	pid, _ := strconv.Atoi(string(b))
	if err := syscall.Kill(pid, 0); err != syscall.ESRCH {
		t.Errorf("engine process %d still exists after Inspect returned (kill 0: %v)", pid, err)
	}
}

// quick limits keep the misbehaving engines' tests short.
var quick = Limits{Handshake: 2 * time.Second, Search: 2 * time.Second, Grace: 300 * time.Millisecond, MaxNoise: 100}

// TestMisbehavingEngines: an engine that crashes, hangs, stays silent or
// prints garbage gives a sentence that says so, and its process is reaped,
// even one that ignores stop, quit and SIGTERM.
func TestMisbehavingEngines(t *testing.T) {
	for _, c := range []struct{ mode, want string }{
		{"crash", `exited before it sent uciok (exit status 3); it wrote on standard error: "fake: segmentation fault (pretend)"`},
		{"crash-in-search", "exited before it sent bestmove (exit status 4)"},
		{"hang", "sent no bestmove within 2s"},
		{"silent", "sent no uciok within 2s: it hangs or is not a UCI engine"},
		{"garbage", "lines that are not UCI"},
		{"flood", "printed more than 1 MiB before it sent uciok: stopped it"},
	} {
		t.Run(c.mode, func(t *testing.T) {
			command, pidFile := fakeCommand(t, c.mode)
			lim := quick
			lim.MaxOutput = 1 << 20
			_, err := Inspect(context.Background(), Inspection{Engine: command, Depth: 3, Limits: lim})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want it to say %q", err, c.want)
			}
			if err != nil && (len(err.Error()) > 600 || strings.ContainsAny(err.Error(), "\x00\n")) {
				t.Errorf("the sentence is not bounded or printable: %q", err)
			}
			assertReaped(t, pidFile)
		})
	}
}

// TestCancelledInspection: cancelling the context stops the search and
// reaps an engine that never answers.
func TestCancelledInspection(t *testing.T) {
	command, pidFile := fakeCommand(t, "hang")
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		time.Sleep(300 * time.Millisecond)
		cancel()
	}()
	lim := quick
	lim.Search = time.Hour
	_, err := Inspect(ctx, Inspection{Engine: command, Depth: 3, Limits: lim})
	if err == nil || !strings.Contains(err.Error(), "cancelled") {
		t.Errorf("error %v, want it to say the inspection was cancelled", err)
	}
	assertReaped(t, pidFile)
}

// TestMissingEngine: a program that does not exist is a sentence.
func TestMissingEngine(t *testing.T) {
	_, err := Inspect(context.Background(), Inspection{Engine: "/nonexistent/engine", Depth: 3})
	if err == nil || !strings.Contains(err.Error(), `cannot start engine "/nonexistent/engine"`) {
		t.Errorf("error %v", err)
	}
}
