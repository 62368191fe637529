package main

import (
	"strings"
	"testing"
)

// -embed-origins takes a comma-separated list (and may be repeated); a
// path or anything that is not an origin is refused with a sentence.
func TestServeFlagsEmbedOrigins(t *testing.T) {
	_, lim, _, err := serveFlags([]string{"-embed-origins", "https://course.example.edu,http://localhost:3000", "-embed-origins", "https://lms.example.org"})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(lim.EmbedOrigins, " "); got != "https://course.example.edu http://localhost:3000 https://lms.example.org" {
		t.Errorf("EmbedOrigins = %q", got)
	}
	if _, lim, _, _ = serveFlags(nil); len(lim.EmbedOrigins) != 0 {
		t.Errorf("by default EmbedOrigins = %q, want none", lim.EmbedOrigins)
	}
	if _, _, _, err := serveFlags([]string{"-embed-origins", "https://course.example.edu/alpha-beta"}); err == nil || !strings.Contains(err.Error(), "not a site's origin") {
		t.Errorf("a URL with a path: %v", err)
	}
}
