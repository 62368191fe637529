package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/pvscope/pvscope/tracer"
)

// docs/trace-format.md and docs/trace-checker.md are a specification engine authors cite: these
// tests run their examples and refusals through the reader and `pvscope check`.

// ruleExample is a trace in docs/trace-checker.md that breaks one rule: a marker, a fenced trace,
// and the sentence `pvscope check` says of it.
var ruleExample = regexp.MustCompile("(?s)<!-- check: (violation|warning) ([a-z-]+) -->\n```json\n(.*?)```\n\n`pvscope check`: ([a-z-]+): ([^\n]*)\n")

// The trace format's checker rules each come with a trace that breaks it (issue 31: a specification
// engine authors can cite). Each example is run through `pvscope check --json`: the rule its
// heading names is reported, as a violation or a warning as the document says, with the sentence
// the document quotes; and every rule the document lists has its example.
func TestTraceFormatRuleExamples(t *testing.T) {
	doc, err := os.ReadFile("docs/trace-checker.md")
	if err != nil {
		t.Fatal(err)
	}
	examples := ruleExample.FindAllStringSubmatch(string(doc), -1)
	seen := map[string]bool{}
	dir := t.TempDir()
	for i, m := range examples {
		kind, rule, trace, quoted, sentence := m[1], m[2], m[3], m[4], m[5]
		seen[kind+" "+rule] = true
		if quoted != rule {
			t.Errorf("the example of %s quotes rule %s", rule, quoted)
		}
		file := filepath.Join(dir, fmt.Sprintf("%02d-%s.jsonl", i, rule))
		if err := os.WriteFile(file, []byte(trace), 0o644); err != nil {
			t.Fatal(err)
		}
		out, stderr, code := run(t, "check", "--json", file)
		var rep struct {
			Violations, Warnings, WriterMistakes []struct{ Rule, Message string }
		}
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatalf("%s: pvscope check --json: %v (exit %d, %s)", rule, err, code, stderr)
		}
		found, wantCode := append(rep.WriterMistakes, rep.Violations...), 1 // the writer's mistakes exit 1 too
		if kind == "warning" {
			found, wantCode = rep.Warnings, 0
		}
		if code != wantCode {
			t.Errorf("%s example: exit %d, want %d", rule, code, wantCode)
		}
		said := []string{}
		for _, f := range found {
			if f.Rule == rule {
				said = append(said, strings.ReplaceAll(f.Message, "|", `\|`))
			}
		}
		if !slices.Contains(said, sentence) {
			t.Errorf("the %s example of %s: pvscope check says %q, the document %q", kind, rule, said, sentence)
		}
	}
	// The rules tracer.Check names (tracer/check*.go), written out here from the checker's
	// documentation, each with its example: 18 kinds of violation, tt-depth and a mistake of the
	// trace's writer (issue 38), and 5 of warning.
	for _, want := range []string{
		"violation seq", "violation search-order", "violation nesting", "violation innermost",
		"violation iteration", "violation probe-window", "violation re-search",
		"violation pv-update-window", "violation actual-type", "violation best-score",
		"violation move-value", "violation aspiration", "violation null-move-twice",
		"violation null-in-check", "violation subsearch", "violation engine-pv", "violation best-move", "violation pv-report",
		"violation tt-depth", "violation writer-exit",
		"violation tt-mate-ply", "violation tt-bound", "violation tt-move", "violation tt-key", "warning tt-draw",
		"warning repeat", "warning re-search", "warning engine-pv", "warning meta", "warning unaccounted",
	} {
		if !seen[want] {
			t.Errorf("docs/trace-checker.md has no example of the %s", want)
		}
	}
}

// docSection is the text of a document from a heading line to the next heading of its level.
func docSection(t *testing.T, doc, heading string) string {
	t.Helper()
	_, rest, ok := strings.Cut(doc, "\n"+heading+"\n")
	if !ok {
		t.Fatalf("no heading %q", heading)
	}
	level := heading[:strings.Index(heading, " ")+1]
	if i := strings.Index(rest, "\n"+level); i >= 0 {
		rest = rest[:i]
	}
	return rest
}

// refusalRow is a row of the trace format's table of refusals: what is wrong, the line, the sentence.
var refusalRow = regexp.MustCompile("(?m)^\\| [^|]+ \\| `([^`]+)` \\| `([^`]+)` \\|$")

// The trace format's refusals are what the reader says (issue 31: a specification engine authors can
// cite, with the sentence they will get). Each row's line is run through `pvscope check`: a header
// row's as line 1 of a file, an event row's (its sentence names line 2) after a good header; it exits
// 2 with the sentence the document quotes. The file's own limits (empty, a line too long, nesting too
// deep) are tried at their edges, the numbers the document gives, and their sentences are the ones
// the document quotes.
func TestTraceFormatRefusals(t *testing.T) {
	raw, err := os.ReadFile("docs/trace-format.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(raw)
	flat := strings.Join(strings.Fields(doc), " ") // the prose's sentences, unwrapped
	const header = `{"format":"pvscope-trace","version":1}`
	dir := t.TempDir()
	check := func(name, content string) (stderr string, code int) {
		t.Helper()
		file := filepath.Join(dir, name+".jsonl")
		if err := os.WriteFile(file, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		_, stderr, code = run(t, "check", file)
		return stderr, code
	}
	rows := refusalRow.FindAllStringSubmatch(docSection(t, doc, "## What the reader refuses"), -1)
	if len(rows) < 17 {
		t.Fatalf("docs/trace-format.md's table of refusals has %d rows, want 17 or more", len(rows))
	}
	for i, m := range rows {
		line, said := m[1], m[2]
		content := line + "\n" + `{"kind":"enter","node":1,"parent":0}` + "\n"
		if strings.Contains(said, "trace line 2") {
			content = header + "\n" + line + "\n"
		}
		stderr, code := check(fmt.Sprintf("row%02d", i), content)
		if code != 2 || !strings.Contains(stderr, said) {
			t.Errorf("the line %s: pvscope check exits %d saying %q; the document says %q", line, code, stderr, said)
		}
	}
	// The file's limits, at the numbers the document gives.
	limit := func(name, content string, wantRead bool) {
		t.Helper()
		stderr, code := check(name, content)
		switch {
		case wantRead && code == 2:
			t.Errorf("%s: refused, the document says it is read: %s", name, stderr)
		case !wantRead && code != 2:
			t.Errorf("%s: read (exit %d), the document says it is refused", name, code)
		case !wantRead:
			_, sentence, _ := strings.Cut(strings.TrimSpace(stderr), ".jsonl: ")
			if !strings.Contains(flat, sentence) {
				t.Errorf("%s: pvscope check says %q, which docs/trace-format.md does not quote", name, sentence)
			}
		}
	}
	limit("empty", "", false)
	limit("blank", "\n  \n\n", false)
	event := func(n int, tail string) string { // an exit of n bytes with tail inside it
		head := `{"kind":"exit","node":1,"score":3,"x":`
		return head + tail + strings.Repeat(" ", n-len(head)-len(tail)-1) + "}"
	}
	for _, c := range []struct {
		bytes int
		read  bool
	}{{16777215, true}, {16777216, false}} {
		limit(fmt.Sprintf("line%d", c.bytes), header+"\n"+event(c.bytes, "0")+"\n", c.read)
	}
	for _, c := range []struct {
		levels int
		read   bool
	}{{10000, true}, {10001, false}} {
		nest := strings.Repeat("[", c.levels-1) + strings.Repeat("]", c.levels-1) // and the object itself
		limit(fmt.Sprintf("nest%d", c.levels), header+"\n"+event(len(nest)+60, nest)+"\n", c.read)
	}
}

// Every example in the trace format's text is read by the reader: the indented lines of its
// examples (a header, then events), and each field's example in the table of fields, as a field
// of an event.
func TestTraceFormatExamplesRead(t *testing.T) {
	raw, err := os.ReadFile("docs/trace-format.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(raw)
	read := func(what, file string) {
		t.Helper()
		if _, _, err := tracer.ReadAll(strings.NewReader(file)); err != nil {
			t.Errorf("%s: the reader refuses it: %v", what, err)
		}
	}
	var block []string
	blocks := 0
	for l := range strings.Lines(doc + "\n") {
		if strings.HasPrefix(l, "    {") {
			block = append(block, strings.TrimSpace(l))
			continue
		}
		if len(block) > 0 {
			blocks++
			read("the example beginning "+block[0], strings.Join(block, "\n")+"\n")
			block = nil
		}
	}
	if blocks == 0 {
		t.Error("docs/trace-format.md has no example trace (indented lines of JSON)")
	}
	fields := 0
	for _, m := range regexp.MustCompile("(?m)^\\| `([a-z]+)`[^\\n]*\\| `(\"[^`]+)` \\|$").FindAllStringSubmatch(docSection(t, doc, "## Fields"), -1) {
		fields++
		read("the example of "+m[1], `{"format":"pvscope-trace","version":1}`+"\n"+`{"kind":"enter",`+m[2]+"}\n")
	}
	if fields < 20 {
		t.Errorf("docs/trace-format.md's table of fields gives %d examples, want one a field (20 or more)", fields)
	}
}
