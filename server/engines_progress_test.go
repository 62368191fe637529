package server

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/notnil/chess"
)

// progressAnswer is one line of an inspection's application/x-ndjson answer.
type progressAnswer struct {
	Progress *struct {
		Depth   int      `json:"depth"`
		MultiPV int      `json:"multipv"`
		Score   *int     `json:"score"`
		Mate    *int     `json:"mate"`
		Nodes   int64    `json:"nodes"`
		PV      []string `json:"pv"`
		SAN     []string `json:"san"`
	} `json:"progress"`
	Report *struct {
		Depth      int `json:"depth"`
		Iterations []struct {
			Depth   int      `json:"depth"`
			MultiPV int      `json:"multipv"`
			PV      []string `json:"pv"`
		} `json:"iterations"`
	} `json:"report"`
	Error string `json:"error"`
}

// postProgress posts an inspection with "progress": true and returns the
// response (its body is the stream).
func postProgress(t *testing.T, ctx context.Context, url, body string) *http.Response {
	t.Helper()
	req, _ := http.NewRequestWithContext(ctx, "POST", url+"/engines/inspect", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// legalFrom replays UCI moves from fen with notnil/chess.
func legalFrom(fen string, pv []string) error {
	f, err := chess.FEN(fen)
	if err != nil {
		return err
	}
	g := chess.NewGame(f)
	for _, name := range pv {
		m, err := chess.UCINotation{}.Decode(g.Position(), name)
		if err == nil {
			err = g.Move(m)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// TestInspectProgressOverHTTP: asked for progress, the server streams a
// line per info line as stockfish sends it, then the report; every line is
// legal by notnil/chess, the progress depths climb to the depth asked for,
// and the report's last line is legal too.
func TestInspectProgressOverHTTP(t *testing.T) {
	needEngine(t, "/usr/games/stockfish")
	s, hs := testServer(t, DefaultLimits())
	s.AddEngines(map[string]string{"fish": "/usr/games/stockfish"})
	const fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	res := postProgress(t, context.Background(), hs.URL, `{"engine":"fish","fen":"`+fen+`","depth":8,"multipv":2,"progress":true}`)
	defer res.Body.Close()
	if ct := res.Header.Get("Content-Type"); res.StatusCode != 200 || ct != "application/x-ndjson" {
		t.Fatalf("status %d, Content-Type %q", res.StatusCode, ct)
	}
	var progress, reports int
	deepest := 0
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var a progressAnswer
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			t.Fatalf("not a JSON line: %q", sc.Text())
		}
		switch {
		case a.Progress != nil:
			if reports > 0 {
				t.Fatalf("a progress line after the report: %s", sc.Text())
			}
			progress++
			p := a.Progress
			if p.Depth < deepest {
				t.Errorf("progress went back from depth %d to %d", deepest, p.Depth)
			}
			deepest = p.Depth
			if (p.Score == nil) == (p.Mate == nil) || p.Nodes <= 0 || len(p.PV) == 0 || len(p.SAN) != len(p.PV) {
				t.Errorf("progress line without a score, nodes or its PV in SAN: %s", sc.Text())
			}
			if err := legalFrom(fen, p.PV); err != nil {
				t.Errorf("progress line %s: %v", sc.Text(), err)
			}
		case a.Report != nil:
			reports++
			its := a.Report.Iterations
			if len(its) != progress || len(its) == 0 {
				t.Fatalf("the report has %d lines, %d came as progress", len(its), progress)
			}
			last := its[len(its)-1]
			if last.Depth != 8 {
				t.Errorf("the report's last line is at depth %d, want 8", last.Depth)
			}
			if err := legalFrom(fen, last.PV); err != nil {
				t.Errorf("the report's last line %v: %v", last.PV, err)
			}
		default:
			t.Fatalf("neither progress nor report: %s", sc.Text())
		}
	}
	// Stockfish sends a line per iteration and MultiPV line: at least 2 x 8.
	if reports != 1 || progress < 16 || deepest != 8 {
		t.Errorf("%d progress lines up to depth %d and %d reports; want 16 or more up to 8, then one report", progress, deepest, reports)
	}
	if s.Searches() != 0 {
		t.Errorf("%d search slots still held", s.Searches())
	}
}

// TestInspectProgressErrors: a request the server refuses before the engine
// starts is answered in one JSON object as without progress; an engine that
// fails is the stream's last line, a sentence naming it.
func TestInspectProgressErrors(t *testing.T) {
	s, hs := testServer(t, DefaultLimits())
	s.AddEngines(map[string]string{"crashy": script(t, "echo hello\nexit 3\n")})
	res := postProgress(t, context.Background(), hs.URL, `{"engine":"nope","depth":3,"progress":true}`)
	var a progressAnswer
	json.NewDecoder(res.Body).Decode(&a)
	res.Body.Close()
	if res.StatusCode != 404 || !strings.Contains(a.Error, `No engine is called "nope" here; choose crashy.`) {
		t.Errorf("unknown engine: %d %q", res.StatusCode, a.Error)
	}
	res = postProgress(t, context.Background(), hs.URL, `{"engine":"crashy","depth":3,"progress":true}`)
	a = progressAnswer{}
	json.NewDecoder(res.Body).Decode(&a)
	res.Body.Close()
	// It exits before or while the server sends uci.
	if res.Header.Get("Content-Type") != "application/x-ndjson" || !strings.HasPrefix(a.Error, `Engine "crashy" exited `) ||
		!strings.Contains(a.Error, "(exit status 3)") {
		t.Errorf("crashing engine: %q %q", res.Header.Get("Content-Type"), a.Error)
	}
}

// childrenNamed lists this process's children whose command name is name
// (from /proc: a zombie not yet reaped still counts).
func childrenNamed(name string) []int {
	var pids []int
	dirs, _ := filepath.Glob("/proc/[0-9]*/stat")
	me := strconv.Itoa(os.Getpid())
	for _, f := range dirs {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		s := string(b)
		open, shut := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
		if open < 0 || shut < open {
			continue
		}
		fields := strings.Fields(s[shut+1:]) // state, ppid, ...
		if len(fields) > 1 && s[open+1:shut] == name && fields[1] == me {
			pid, _ := strconv.Atoi(strings.Fields(s)[0])
			pids = append(pids, pid)
		}
	}
	return pids
}

// waitNoChildren waits (a hang guard, not a timing assertion) until this
// process has no child called name and the server holds no slot.
func waitNoChildren(t *testing.T, s *Server, name string) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if len(childrenNamed(name)) == 0 && s.Searches() == 0 {
			return
		}
	}
	t.Errorf("%s processes %v still there, %d slots held, after the page went away", name, childrenNamed(name), s.Searches())
}

// TestStoppedProgressReapsStockfish: the page's Stop aborts its fetch; the
// request's context then ends the inspection and stockfish is reaped (no
// child of ours left, not even a zombie) and its slot given back.
func TestStoppedProgressReapsStockfish(t *testing.T) {
	needEngine(t, "/usr/games/stockfish")
	if len(childrenNamed("stockfish")) > 0 {
		t.Fatal("a stockfish of this test process is running before the test")
	}
	s, hs := testServer(t, DefaultLimits())
	s.AddEngines(map[string]string{"fish": "/usr/games/stockfish"})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	res := postProgress(t, ctx, hs.URL, `{"engine":"fish","depth":30,"progress":true}`)
	sc := bufio.NewScanner(res.Body)
	if !sc.Scan() || !strings.HasPrefix(sc.Text(), `{"progress":`) {
		t.Fatalf("first line %q", sc.Text())
	}
	if n := len(childrenNamed("stockfish")); n != 1 {
		t.Fatalf("%d stockfish children while it searches, want 1", n)
	}
	cancel()
	res.Body.Close()
	waitNoChildren(t, s, "stockfish")
}

// TestNoEnginesOffered: a server started without -engine answers the page's
// question with an empty list, not a 404 the browser would log.
func TestNoEnginesOffered(t *testing.T) {
	_, hs := testServer(t, DefaultLimits())
	res, err := http.Get(hs.URL + "/engines")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var got struct{ Engines []string }
	if err := json.NewDecoder(res.Body).Decode(&got); res.StatusCode != 200 || err != nil || got.Engines == nil || len(got.Engines) != 0 {
		t.Errorf("GET /engines: %d %v %#v", res.StatusCode, err, got)
	}
}
