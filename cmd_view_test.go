package main

import (
	"bufio"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// pvscope view says how many rules a trace breaks and opens it all the same;
// a file with no node in it is refused.
func TestViewOpensATraceThatBreaksRules(t *testing.T) {
	lines := slices.Clone(minimalTrace)
	// The root's exit says 1, below the 3 its move a gave it.
	lines[len(lines)-1] = `{"kind":"exit","node":1,"score":1}`
	cmd := exec.Command(os.Args[0], "-test.run=^$", "--", "view", writeLines(t, lines), "-addr", "127.0.0.1:0")
	cmd.Env = append(os.Environ(), "PVSCOPE_RUN_MAIN=1")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(line, "has 1 violation of 1 rule (the first, line 13: best-score:") || !strings.Contains(line, "opens all the same") {
		t.Fatalf("view printed %q, want the count of violations and that it opens", line)
	}

	headerOnly := minimalTrace[:1]
	if _, stderr, code := run(t, "view", writeLines(t, headerOnly)); code != 2 || !strings.Contains(stderr, "enters no node") {
		t.Fatalf("a trace with no node: exit %d, %q; want 2 and why", code, stderr)
	}
}
