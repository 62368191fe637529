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
