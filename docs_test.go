package main

import (
	"bufio"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The README is what pvscope is, how to run and test it, and a map; the reference is in docs/.
// These tests keep both true: the command help in docs/cli.md is the commands' own, every link
// resolves, the map names every document, and the README's test command is the one CI runs.

// `pvscope help COMMAND` and docs/cli.md say the same thing about flags: the document holds each
// command's help between markers, and TestDocsCommandHelp fails when the two disagree.
// `go test -run TestDocsCommandHelp -update-docs .` writes the help into docs/cli.md again.
var updateDocs = flag.Bool("update-docs", false, "write each command's help into docs/cli.md")

const cliDoc = "docs/cli.md"

// helpBlock finds one command's block: the marker line, a fenced help text, the end marker.
func helpBlock(name string) *regexp.Regexp {
	return regexp.MustCompile("(?s)<!-- help:" + regexp.QuoteMeta(name) + " -->\n```text\n(.*?)```\n<!-- /help -->")
}

func TestDocsCommandHelp(t *testing.T) {
	doc, err := os.ReadFile(cliDoc)
	if err != nil {
		t.Fatal(err)
	}
	text := string(doc)
	for _, c := range commands {
		out, stderr, code := run(t, "help", c.name)
		if code != 0 {
			t.Fatalf("pvscope help %s: exit %d: %s", c.name, code, stderr)
		}
		re := helpBlock(c.name)
		m := re.FindStringSubmatchIndex(text)
		if m == nil {
			t.Errorf("%s has no help block for %q: add\n<!-- help:%s -->\n```text\n```\n<!-- /help -->\nand run go test -run TestDocsCommandHelp -update-docs .", cliDoc, c.name, c.name)
			continue
		}
		if got := text[m[2]:m[3]]; got != out {
			if *updateDocs {
				text = text[:m[2]] + out + text[m[3]:]
				continue
			}
			t.Errorf("%s's help of %q differs from `pvscope help %s` (go test -run TestDocsCommandHelp -update-docs . writes it):\n%s:\n%s\nhelp:\n%s", cliDoc, c.name, c.name, cliDoc, got, out)
		}
	}
	if *updateDocs && text != string(doc) {
		if err := os.WriteFile(cliDoc, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// githubSlug is the anchor GitHub gives a heading: lower case, spaces to
// hyphens, punctuation other than hyphens and underscores dropped.
func githubSlug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127 && isLetter(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

func isLetter(r rune) bool { return strings.ToUpper(string(r)) != strings.ToLower(string(r)) }

func TestGithubSlug(t *testing.T) {
	// Anchors as github-slugger, the rule GitHub follows, makes them (worked by hand).
	for heading, want := range map[string]string{
		"The page":                       "the-page",
		"Websocket protocol (version 2)": "websocket-protocol-version-2",
		"UCI: pvscope as an engine, and the inspector": "uci-pvscope-as-an-engine-and-the-inspector",
		"Your own engine's trace, and `pvscope check`": "your-own-engines-trace-and-pvscope-check",
		"Search diff": "search-diff",
	} {
		if got := githubSlug(heading); got != want {
			t.Errorf("githubSlug(%q) = %q, want %q", heading, got, want)
		}
	}
}

// docFiles is the README and every document under docs/.
func docFiles(t *testing.T) []string {
	files, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(files)
	return append([]string{"README.md"}, files...)
}

var fencedCode = regexp.MustCompile("(?s)```.*?```")

// prose is a document without its fenced code, which holds no links (and may hold lines starting with #).
func prose(t *testing.T, file string) string {
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return fencedCode.ReplaceAllString(string(b), "")
}

// anchors are the #fragments a document's headings give, numbered as GitHub numbers repeats.
func anchors(text string) map[string]bool {
	out := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^#{1,6} (.+)$`).FindAllStringSubmatch(text, -1) {
		slug := githubSlug(m[1])
		for n := 1; out[slug]; n++ {
			slug = githubSlug(m[1]) + "-" + string(rune('0'+n))
		}
		out[slug] = true
	}
	return out
}

var mdLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// links are a document's link targets, in order.
func links(text string) []string {
	var out []string
	for _, m := range mdLink.FindAllStringSubmatch(text, -1) {
		out = append(out, m[1])
	}
	return out
}

// Every link in the README and in docs/ goes somewhere: a #section names a heading of its
// document, a relative path names a file in the repository (from the linking document's
// folder), and path.md#section a heading of that document.
func TestDocsLinksResolve(t *testing.T) {
	texts := map[string]string{}
	for _, f := range docFiles(t) {
		texts[f] = prose(t, f)
	}
	for _, f := range docFiles(t) {
		own := anchors(texts[f])
		found := links(texts[f])
		if len(found) == 0 {
			t.Errorf("%s has no links: every document links back to the README at least", f)
		}
		for _, target := range found {
			switch {
			case strings.HasPrefix(target, "#"):
				if !own[target[1:]] {
					t.Errorf("%s: link %q names no heading of it", f, target)
				}
			case strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") || strings.HasPrefix(target, "/"):
				// outside the repository, or a page of the running server (/?lesson=pvs): not checked here
			default:
				path, frag, _ := strings.Cut(target, "#")
				path = filepath.Clean(filepath.Join(filepath.Dir(f), path))
				if _, err := os.Stat(path); err != nil {
					t.Errorf("%s: link %q names no file in the repository", f, target)
					continue
				}
				if frag == "" {
					continue
				}
				text, ok := texts[path]
				if !ok {
					text = prose(t, path)
				}
				if !anchors(text)[frag] {
					t.Errorf("%s: link %q names no heading of %s", f, target, path)
				}
			}
		}
	}
}

// The README's map names every document in docs/, so none is found only by accident.
func TestDocsMapped(t *testing.T) {
	named := map[string]bool{}
	for _, target := range links(prose(t, "README.md")) {
		path, _, _ := strings.Cut(target, "#")
		named[filepath.Clean(path)] = true
	}
	for _, f := range docFiles(t)[1:] {
		if !named[f] {
			t.Errorf("README.md does not link %s: add it to the map of documents", f)
		}
	}
}

// A newcomer finds from the README, in two clicks, the trace format, how to add a language, how to
// add an exercise kind, and where an event is born, travels and is drawn (issue 31): the README
// links each place directly (TestDocsLinksResolve checks that the headings exist).
func TestREADMEReachesInTwoClicks(t *testing.T) {
	readme := links(prose(t, "README.md"))
	for _, want := range []string{
		"docs/trace-format.md",
		"docs/contributing.md#add-a-language",
		"docs/contributing.md#add-an-exercise-kind",
		"docs/contributing.md#where-an-event-is-born-travels-and-is-drawn",
	} {
		if !slices.Contains(readme, want) {
			t.Errorf("README.md does not link %s", want)
		}
	}
}

// The README's first lines are the two commands, serve and test, and CI runs that test
// command: .ci/run's last line is it, word for word.
func TestREADMETestCommand(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	var serve, test string
	for l := range strings.Lines(string(readme)) {
		cmd, comment, ok := strings.Cut(strings.TrimSpace(l), "   # ")
		if !ok || !strings.HasPrefix(l, "    ") {
			continue
		}
		switch {
		case serve == "":
			serve = strings.TrimSpace(cmd)
		case test == "":
			test = strings.TrimSpace(cmd)
			if !strings.Contains(comment, "CI runs exactly this") {
				t.Errorf("the README's second command %q does not say CI runs it", test)
			}
		}
	}
	if serve != "go run ." {
		t.Errorf("the README's first command is %q, want go run .", serve)
	}
	ci, err := os.Open(".ci/run")
	if err != nil {
		t.Fatal(err)
	}
	defer ci.Close()
	last := ""
	for s := bufio.NewScanner(ci); s.Scan(); {
		if l := strings.TrimSpace(s.Text()); l != "" {
			last = l
		}
	}
	if test == "" || test != last {
		t.Errorf("the README's test command %q is not .ci/run's last line %q", test, last)
	}
}
