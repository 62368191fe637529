package uci

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"regexp"
	"testing"
	"time"

	"github.com/pvscope/pvscope/tracer/msg"
	"github.com/pvscope/pvscope/tracer/msg/msgtest"
)

// TestCatalog: every keyed sentence of the package is in the English catalog
// with the very template the code says, and in every other language.
func TestCatalog(t *testing.T) {
	problems, err := msgtest.CheckCatalog(".", "go-uci")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
}

// TestKeyedEngineFailures: what the server's inspector shows when an engine
// fails (it cannot start, crashes, stays silent, ignores stop, the page
// cancels) or the inspection is out of bounds is keyed, through the wrapping
// Inspect returns, with every parameter the French sentence names; the
// English is the old text, written out by hand.
func TestKeyedEngineFailures(t *testing.T) {
	b, err := os.ReadFile("../../static/js/i18n/fr/go-uci.json")
	if err != nil {
		t.Fatal(err)
	}
	var fr map[string]string
	if err := json.Unmarshal(b, &fr); err != nil {
		t.Fatal(err)
	}
	param := regexp.MustCompile(`\{\s*([A-Za-z]\w*)\s*[,}]`)
	lim := Limits{Handshake: 500 * time.Millisecond, Search: 500 * time.Millisecond, Grace: 200 * time.Millisecond}
	inspect := func(mode string, cancelAfter time.Duration) error {
		command, _ := fakeCommand(t, mode)
		ctx := context.Background()
		if cancelAfter > 0 {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, cancelAfter)
			defer cancel()
		}
		l := lim
		if cancelAfter > 0 {
			l.Search = time.Hour
		}
		_, err := Inspect(ctx, Inspection{Engine: command, Label: "fake", Depth: 3, Limits: l})
		return err
	}
	_, infoErr := ParseInfo("info depth three")
	for _, c := range []struct {
		err     error
		key     string
		english string // "" where it holds the system's words
		args    map[string]any
	}{
		{Inspection{Depth: 41}.Check(), "go-uci.depthRange", "depth 41 is out of range: choose 1 to 40", map[string]any{"n": 41, "max": 40}},
		{Inspection{Depth: 3, Moves: []string{"e2e4", "e2e4"}}.Check(), "go-uci.illegalMove",
			`move 2 of --moves: "e2e4" is not a legal move in rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1`,
			map[string]any{"n": 2, "move": "e2e4"}},
		{Inspection{Depth: 3, FEN: "8/8 w"}.Check(), "go-engine.fenFields", "", map[string]any{"n": 2}},
		{infoErr, "go-uci.infoNotNumber", `depth "three" is not a whole number`, map[string]any{"field": "depth", "value": "three"}},
		{inspect("crash", 0), "go-uci.exitedWaitingStatusStderr",
			`engine "fake" exited before it sent uciok (exit status 3); it wrote on standard error: "fake: segmentation fault (pretend)"`,
			map[string]any{"engine": "fake", "waitingFor": "uciok", "status": "exit status 3"}},
		{inspect("silent", 0), "go-uci.noAnswer", `engine "fake" sent no uciok within 500ms: it hangs or is not a UCI engine`,
			map[string]any{"limit": "500ms"}},
		{inspect("hang", 0), "go-uci.noAnswerAfterStop",
			`engine "fake" sent no bestmove within 500ms: it hangs or is not a UCI engine, and after stop engine "fake" sent no bestmove within 200ms: it hangs or is not a UCI engine`,
			map[string]any{"limit": "500ms", "grace": "200ms"}},
		{inspect("hang", 300*time.Millisecond), "go-uci.cancelledAfterStop",
			`the inspection was cancelled, and after stop engine "fake" sent no bestmove within 200ms: it hangs or is not a UCI engine`,
			map[string]any{"grace": "200ms"}},
		{func() error {
			_, err := Inspect(context.Background(), Inspection{Engine: "/nonexistent/engine", Depth: 3})
			return err
		}(),
			"go-uci.cannotStart", "", map[string]any{"engine": "/nonexistent/engine"}},
	} {
		for _, err := range []error{c.err, fmt.Errorf("inspect: %w", c.err)} {
			if m, ok := msg.Keyed(err); !ok || m.Key != c.key {
				t.Errorf("%v: keyed %v, want key %s", err, m, c.key)
			}
		}
		m, ok := msg.Keyed(c.err)
		if !ok {
			continue
		}
		if c.english != "" && c.err.Error() != c.english {
			t.Errorf("%s: English\n%s\nwant\n%s", c.key, c.err.Error(), c.english)
		}
		for name, want := range c.args {
			if got := m.Args[name]; fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%s: %s = %v, want %v", c.key, name, got, want)
			}
		}
		if c.key[:len("go-uci.")] != "go-uci." {
			continue // another package's sentence, checked there
		}
		text, listed := fr[c.key[len("go-uci."):]]
		if !listed {
			t.Errorf("%s: no French message", c.key)
		}
		for _, g := range param.FindAllStringSubmatch(text, -1) {
			if _, ok := m.Args[g[1]]; !ok {
				t.Errorf("%s: the French sentence needs {%s}, the error has %v", c.key, g[1], m.Args)
			}
		}
	}
}

// TestCancelledHandshakeStillWrapsContext: the keyed sentence of a
// cancelled handshake keeps context.Canceled behind it.
func TestCancelledHandshakeStillWrapsContext(t *testing.T) {
	command, _ := fakeCommand(t, "silent")
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	_, err := Start(ctx, command, Limits{Handshake: time.Hour, Grace: 200 * time.Millisecond})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("error %v does not wrap the context's", err)
	}
	if m, ok := msg.Keyed(err); !ok || m.Key != "go-uci.stoppedWaiting" {
		t.Errorf("error %v: keyed %v", err, m)
	}
}

// TestBadInfoWarningsAreKeyed: each way an info line is refused gives a
// keyed warning whose English is the report's old sentence, and an engine
// that sends such a line (the liar) gets it in its report, keyed.
func TestBadInfoWarningsAreKeyed(t *testing.T) {
	for _, c := range []struct{ line, key, english string }{
		{"info depth", "go-uci.badInfoNoValue", `the engine sent an info line we cannot read: "info depth": depth has no value`},
		{`info nodes 1"2`, "go-uci.badInfoNotNumber", `the engine sent an info line we cannot read: "info nodes 1\"2": nodes "1\"2" is not a whole number`},
		{"info colour red", "go-uci.badInfoUnknownField", `the engine sent an info line we cannot read: "info colour red": unknown field "colour"`},
		{"info score wdl 1", "go-uci.badInfoScore", `the engine sent an info line we cannot read: "info score wdl 1": score wants cp N or mate N`},
		{"info score mate x", "go-uci.badInfoScoreNotNumber", `the engine sent an info line we cannot read: "info score mate x": score mate "x" is not a whole number`},
	} {
		_, err := ParseInfo(c.line)
		m := badInfoWarning(badInfo{c.line, err})
		if m == nil || m.Key != c.key || m.Error() != c.english {
			t.Errorf("%q: %+v, want %s: %s", c.line, m, c.key, c.english)
		}
	}
	command, _ := fakeCommand(t, "liar")
	r, err := Inspect(context.Background(), Inspection{Engine: command, Depth: 3, MultiPV: 3, Limits: quick})
	if err != nil {
		t.Fatal(err)
	}
	want := `the engine sent an info line we cannot read: "info depth three score cp 1 pv e2e4": depth "three" is not a whole number`
	found := false
	for i, w := range r.Warnings {
		if w == want {
			found = true
			if i >= len(r.WarningSentences) || r.WarningSentences[i] == nil || r.WarningSentences[i].Key != "go-uci.badInfoNotNumber" ||
				r.WarningSentences[i].Args["field"] != "depth" || r.WarningSentences[i].Args["value"] != "three" {
				t.Errorf("warning %q is not keyed: %+v", w, r.WarningSentences)
			}
		}
	}
	if !found {
		t.Errorf("warnings %q lack %q", r.Warnings, want)
	}
}
