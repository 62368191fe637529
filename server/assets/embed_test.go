package assets

import (
	"strings"
	"testing"
)

// Only origins go into the header: a path, a wildcard, a quote or a
// semicolon (which would add a directive) is refused with a sentence.
func TestParseEmbedOrigins(t *testing.T) {
	for _, bad := range []string{"course.example.edu", "ftp://x.example", "https://x.example/course",
		"https://x.example?a=1", "https://*.example.edu", "https://x.example;script-src *", "https://a'b.example", "https://u@x.example"} {
		if _, err := ParseEmbedOrigins(bad); err == nil || !strings.Contains(err.Error(), "-embed-origins") {
			t.Errorf("%q: err %v, want a sentence naming -embed-origins", bad, err)
		}
	}
	got, err := ParseEmbedOrigins(" https://Course.Example.edu ,,http://localhost:3000")
	if err != nil || strings.Join(got, " ") != "https://course.example.edu http://localhost:3000" {
		t.Errorf("got %q, %v", got, err)
	}
	many := strings.Repeat("https://a.example,", MaxEmbedOrigins+1)
	if _, err := ParseEmbedOrigins(many); err == nil {
		t.Errorf("%d origins accepted, limit %d", MaxEmbedOrigins+1, MaxEmbedOrigins)
	}
}
