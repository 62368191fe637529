package server

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// The longest link within the page's own limits, read from the page
// (static/js/urlparams.js's PARAM_LIMITS): every limited parameter at its
// limit, each character "€" (three UTF-8 bytes, written %E2%82%AC), the rest
// of the length in one more parameter, so the link is n bytes in all.
func longestLink(t *testing.T, n int) string {
	t.Helper()
	src, err := os.ReadFile("../static/js/urlparams.js")
	if err != nil {
		t.Fatal(err)
	}
	block := regexp.MustCompile(`(?s)PARAM_LIMITS = \{(.*?)\};`).FindSubmatch(src)
	if block == nil {
		t.Fatal("urlparams.js has no PARAM_LIMITS")
	}
	var parts []string
	for _, m := range regexp.MustCompile(`"?([\w-]+)"?: (\d+)`).FindAllSubmatch(block[1], -1) {
		max, _ := strconv.Atoi(string(m[2]))
		parts = append(parts, string(m[1])+"="+strings.Repeat("%E2%82%AC", max))
	}
	sort.Strings(parts)
	link := "/?" + strings.Join(parts, "&") + "&algo="
	if len(link) > n {
		t.Fatalf("the page's limits make a link of %d bytes, more than %d", len(link), n)
	}
	return link + strings.Repeat("a", n-len(link))
}

// English groups of three digits, by hand.
func commas(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// A link with every parameter of the page at its limit is read (before, Go's
// 64 KiB header limit answered "431 Request Header Fields Too Large" from
// 64 KiB on); one byte longer, and up to the longest URL Chromium sends, the
// answer is 414 and a page with the sentence, in the page's language.
func TestLinkWithinThePagesLimitsFitsAndALongerOneIsASentence(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	s := New(ctx, DefaultLimits())
	hs := httptest.NewUnstartedServer(s)
	hs.Config = s.HTTPServer()
	hs.Start()
	t.Cleanup(func() { cancel(); hs.Close() })
	get := func(target, lang string) (int, string) {
		t.Helper()
		req, _ := http.NewRequest("GET", hs.URL+target, nil)
		if lang != "" {
			req.Header.Set("Accept-Language", lang)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(io.LimitReader(res.Body, 1<<20))
		return res.StatusCode, string(b)
	}
	at := longestLink(t, maxLinkBytes)
	if code, body := get(at, ""); code != http.StatusOK || !strings.Contains(body, `data-testid="start-button"`) {
		t.Errorf("a link of %d bytes, every parameter at its limit: %d, want the page (200)", len(at), code)
	}
	for _, c := range []struct {
		n          int
		lang, want string
	}{
		{maxLinkBytes + 1, "", "This link is " + commas(maxLinkBytes+1) + " bytes long, longer than the " + commas(maxLinkBytes) + " bytes a link to pvscope can be"},
		{maxLinkBytes + 1, "fr-FR,fr;q=0.9", "Ce lien fait "},
		{2 << 20, "", "This link is " + commas(2<<20) + " bytes long"},
	} {
		code, body := get(longestLink(t, c.n), c.lang)
		if code != http.StatusRequestURITooLong || !strings.Contains(body, c.want) || len(body) > 4096 {
			t.Errorf("a link of %d bytes (%s): %d, %d bytes %.300q; want 414 and %q", c.n, c.lang, code, len(body), body, c.want)
		}
	}
	if _, body := get(longestLink(t, maxLinkBytes+1), "fr"); !strings.Contains(body, "octets, plus que les "+strings.ReplaceAll(commas(maxLinkBytes), ",", "\u202f")) || !strings.Contains(body, `lang="fr"`) {
		t.Errorf("in French: %.400q", body)
	}
}
