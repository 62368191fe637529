package assets

import (
	"regexp"
	"strings"
	"testing"
)

// Comments go, and nothing else: strings that hold "/*", a licence comment,
// a comment that separates two names, an unclosed one, empty lines.
func TestStripCSSComments(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"a { color: red; } /* why */\nb { x: 1 }", "a { color: red; } \nb { x: 1 }"},
		{"/* a whole line */\n.x { y: 0 }\n", ".x { y: 0 }\n"},
		{`.q::before { content: "/* not a comment */"; }`, `.q::before { content: "/* not a comment */"; }`},
		{`.q::before { content: 'it\'s /* here */'; } /* gone */`, `.q::before { content: 'it\'s /* here */'; } `},
		{"/*! MIT licence, Bob's */\n.a{}", "/*! MIT licence, Bob's */\n.a{}"},
		{"margin: 1px/**/2px;", "margin: 1px 2px;"},
		{"a/**/.b{}", "a .b{}"},
		{"a,/* x */b{}", "a,b{}"},
		{".a{} /* never closed", ".a{} "},
		{"/* multi\n   line */\n\n  \n.a{}", ".a{}"},
		{"", ""},
	} {
		if got := string(stripCSSComments([]byte(c.in))); got != c.want {
			t.Errorf("stripCSSComments(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// The bundle is each stylesheet with its comments out: every other line of
// each file is in css/page.css, in order, and no comment is left but the
// files' names. The lines are compared with the comments taken out by a
// plain pattern (none of these files has "/*" in a string).
func TestPageStylesLeaveOutComments(t *testing.T) {
	bundle := string(staticAssets().files[pageStylesName].body)
	comment := regexp.MustCompile(`(?s)/\*.*?\*/`)
	at := 0
	for _, name := range pageStyles {
		src := string(staticAssets().files[name].body)
		for _, line := range strings.Split(comment.ReplaceAllString(src, ""), "\n") {
			if strings.TrimSpace(line) == "" {
				continue
			}
			i := strings.Index(bundle[at:], strings.TrimSpace(line))
			if i < 0 {
				t.Fatalf("%s: the line %q is not in %s after its earlier lines", name, line, pageStylesName)
			}
			at += i
		}
	}
	left := comment.FindAllString(bundle, -1)
	if len(left) != len(pageStyles) {
		t.Errorf("%s has %d comments, want only the %d files' names: %q", pageStylesName, len(left), len(pageStyles), left)
	}
}
