package main

import (
	"flag"
	"os"
	"regexp"
	"strings"
	"testing"
)

// The README and `pvscope help COMMAND` say the same thing about flags: the
// README's command reference holds each command's help, between markers, and
// this test fails when the two disagree. `go test -run TestREADMECommandHelp
// -update-readme .` writes the help into the README again.
var updateREADME = flag.Bool("update-readme", false, "write each command's help into README.md")

// helpBlock finds one command's block: the marker line, a fenced help text, the end marker.
func helpBlock(name string) *regexp.Regexp {
	return regexp.MustCompile("(?s)<!-- help:" + regexp.QuoteMeta(name) + " -->\n```text\n(.*?)```\n<!-- /help -->")
}

func TestREADMECommandHelp(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(readme)
	for _, c := range commands {
		out, stderr, code := run(t, "help", c.name)
		if code != 0 {
			t.Fatalf("pvscope help %s: exit %d: %s", c.name, code, stderr)
		}
		re := helpBlock(c.name)
		m := re.FindStringSubmatchIndex(text)
		if m == nil {
			t.Errorf("README.md has no help block for %q: add\n<!-- help:%s -->\n```text\n```\n<!-- /help -->\nand run go test -run TestREADMECommandHelp -update-readme .", c.name, c.name)
			continue
		}
		if got := text[m[2]:m[3]]; got != out {
			if *updateREADME {
				text = text[:m[2]] + out + text[m[3]:]
				continue
			}
			t.Errorf("README.md's help of %q differs from `pvscope help %s` (go test -run TestREADMECommandHelp -update-readme . writes it):\nREADME:\n%s\nhelp:\n%s", c.name, c.name, got, out)
		}
	}
	if *updateREADME && text != string(readme) {
		if err := os.WriteFile("README.md", []byte(text), 0o644); err != nil {
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

// Every link in the README goes somewhere: a #section names a heading, and a
// relative path names a file in the repository.
func TestREADMELinksResolve(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(readme)
	// Code blocks hold no links (and may hold lines starting with #).
	prose := regexp.MustCompile("(?s)```.*?```").ReplaceAllString(text, "")
	anchors := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^#{1,6} (.+)$`).FindAllStringSubmatch(prose, -1) {
		slug := githubSlug(m[1])
		for n := 1; anchors[slug]; n++ { // GitHub numbers repeated headings
			slug = githubSlug(m[1]) + "-" + string(rune('0'+n))
		}
		anchors[slug] = true
	}
	links := regexp.MustCompile(`\]\(([^)\s]+)\)`).FindAllStringSubmatch(prose, -1)
	if len(links) == 0 {
		t.Fatal("README.md has no links: the contents list is missing")
	}
	for _, m := range links {
		target := m[1]
		switch {
		case strings.HasPrefix(target, "#"):
			if !anchors[target[1:]] {
				t.Errorf("README link %q names no heading", target)
			}
		case strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") || strings.HasPrefix(target, "/"):
			// outside the repository, or a page of the running server (/?lesson=pvs): not checked here
		default:
			path, _, _ := strings.Cut(target, "#")
			if _, err := os.Stat(path); err != nil {
				t.Errorf("README link %q names no file in the repository", target)
			}
		}
	}
}
