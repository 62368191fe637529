package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/notnil/chess"
)

// selfEngine is this test binary run as "pvscope uci".
func selfEngine(t *testing.T) string {
	if strings.ContainsAny(os.Args[0], " \t") {
		t.Fatalf("the test binary's path %q has a space; --engine splits on spaces", os.Args[0])
	}
	return os.Args[0] + " -test.run=^$ -- uci"
}

// TestInspectItself: pvscope inspect --engine "pvscope uci" --json prints one
// object with a line per depth, each PV legal by notnil/chess.
func TestInspectItself(t *testing.T) {
	out, stderr, code := run(t, "inspect", "--engine", selfEngine(t), "--depth", "3", "--moves", "e2e4", "e7e5", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s%s", code, stderr, out)
	}
	var r struct {
		Engine     string
		Iterations []struct {
			Depth int
			PV    []string
			End   string
		}
		Warnings []string
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("not one JSON object: %v\n%s", err, out)
	}
	if r.Engine != "pvscope" || len(r.Iterations) != 3 || len(r.Warnings) > 0 {
		t.Fatalf("got %s", out)
	}
	for i, it := range r.Iterations {
		g := chess.NewGame()
		for _, name := range append([]string{"e2e4", "e7e5"}, it.PV...) {
			m, err := chess.UCINotation{}.Decode(g.Position(), name)
			if err == nil {
				err = g.Move(m)
			}
			if err != nil {
				t.Fatalf("depth %d: %s illegal: %v", it.Depth, name, err)
			}
		}
		if it.Depth != i+1 || it.End == "" {
			t.Errorf("line %d: %+v", i, it)
		}
	}
}

func TestInspectWithoutEngine(t *testing.T) {
	_, stderr, code := run(t, "inspect", "--depth", "3")
	if code != 2 || !strings.Contains(stderr, "--engine is missing") {
		t.Errorf("exit %d: %s", code, stderr)
	}
}

// TestUCICommand: pvscope uci answers the handshake on its standard streams.
func TestUCICommand(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^$", "--", "uci")
	cmd.Env = append(os.Environ(), "PVSCOPE_RUN_MAIN=1")
	cmd.Stdin = strings.NewReader("uci\nisready\nposition startpos moves e2e4\ngo depth 2\nisready\n")
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"id name pvscope\n", "uciok\n", "readyok\n", "bestmove "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in %s", want, out.String())
		}
	}
}

// TestInspectVerifyText: the text report states the verify depth and the
// tolerance, and each end's difference; bad values are refused.
func TestInspectVerifyText(t *testing.T) {
	out, stderr, code := run(t, "inspect", "--engine", selfEngine(t), "--depth", "2", "--multipv", "2", "--verify", "--verify-depth", "1", "--tolerance", "70")
	if code != 0 {
		t.Fatalf("exit %d: %s%s", code, stderr, out)
	}
	for _, want := range []string{"each end searched to depth 1 or the line's depth minus its length, whichever is more; tolerance 70 centipawns",
		"verify line 1 (", "verify line 2 ("} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	for _, c := range []struct{ flag, value, want string }{
		{"--verify-depth", "0", "verify depth 0 is out of range: choose 1 to 40"},
		{"--verify-depth", "41", "verify depth 41 is out of range"},
		{"--tolerance", "0", "tolerance 0 is out of range: choose 1 to 100000 centipawns"},
		{"--tolerance", "100001", "tolerance 100001 is out of range"},
	} {
		_, stderr, code := run(t, "inspect", "--engine", selfEngine(t), "--depth", "2", "--verify", c.flag, c.value)
		if code == 0 || !strings.Contains(stderr, c.want) {
			t.Errorf("%s %s: exit %d, %q; want it to say %q", c.flag, c.value, code, stderr, c.want)
		}
	}
}

// TestInspectProgressLine: on a terminal the search's depth and then each
// end's verification are shown on one line, wiped before the report.
func TestInspectProgressLine(t *testing.T) {
	t.Setenv("PVSCOPE_RUN_MAIN", "1") // the engine is this binary's main
	var out, progress bytes.Buffer
	err := inspect([]string{"--engine", selfEngine(t), "--depth", "2", "--verify", "--verify-depth", "1"}, &out, &progress)
	if err != nil {
		t.Fatal(err)
	}
	p := progress.String()
	for _, want := range []string{"\rdepth 1/2, line 1, ", "\rdepth 2/2, line 1, ", "\rverify: searching the end of line 1 (1 of 1) to depth 1\x1b[K"} {
		if !strings.Contains(p, want) {
			t.Errorf("no %q in the progress %q", want, p)
		}
	}
	if !strings.HasSuffix(p, "\r\x1b[K") || strings.Contains(out.String(), "\r") {
		t.Errorf("the progress line is not wiped, or leaks into the report: %q / %q", p, out.String())
	}
}
