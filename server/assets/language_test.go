package assets

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestPageWordsPicksTheLanguage(t *testing.T) {
	cases := []struct {
		url, cookie, accept, want string
	}{
		{"/", "", "", "en"},
		{"/?lang=fr", "", "", "fr"},
		{"/?lang=FR-ca", "", "", "fr"},
		{"/?lang=xx", "", "fr-FR,fr;q=0.9", "fr"}, // an unknown ?lang= is passed over
		{"/", "fr", "en", "fr"},                   // the menu's choice beats the browser's
		{"/?lang=en", "fr", "", "en"},
		{"/", "", "de-DE,de;q=0.9,fr;q=0.8", "fr"},
		{"/", "", "de", "en"},
		{"/", "<script>", "", "en"},
		{"/", "", "fr;q=0, en", "en"},             // q=0 says "not French"
		{"/", "", "en;q=0.5, fr;q=0.9", "fr"},     // by weight, not by place
		{"/", "", "de, fr;q=0.8, en;q=0.9", "en"}, // German has no catalog: the next weight
	}
	for _, c := range cases {
		r := httptest.NewRequest("GET", c.url, nil)
		if c.cookie != "" {
			r.AddCookie(&http.Cookie{Name: langCookie, Value: c.cookie})
		}
		if c.accept != "" {
			r.Header.Set("Accept-Language", c.accept)
		}
		if got := PageWords(r).Lang; got != c.want {
			t.Errorf("%s cookie %q accept %q: %s, want %s", c.url, c.cookie, c.accept, got, c.want)
		}
	}
}
