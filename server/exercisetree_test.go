package server

import (
	"encoding/json"
	"io"
	"net/url"
	"strings"
	"testing"

	"github.com/pvscope/pvscope/engine"
)

// GET /tree gives the tree a search of random=... searches (the same
// generator, the same seed), and refuses trees too big to draw with a sentence.
func TestExerciseTreeIsTheSearchedTree(t *testing.T) {
	_, hs := testServer(t, DefaultLimits())
	for _, spec := range []string{"b=3,d=3,seed=7", "b=2,d=4,seed=1,order=worst", "b=3,d=2,seed=12345"} {
		res := get(t, hs.URL+"/tree?random="+url.QueryEscape(spec))
		var got struct {
			Random string `json:"random"`
			Tree   any    `json:"tree"`
		}
		if err := json.NewDecoder(res.Body).Decode(&got); err != nil || res.StatusCode != 200 {
			t.Fatalf("%s: %d %v", spec, res.StatusCode, err)
		}
		s, _ := engine.ParseTreeSpec(spec)
		want, _ := engine.Generate(s)
		if refText(got.Tree) != want.String() {
			t.Errorf("%s: served %s, the search's tree is %s", spec, refText(got.Tree), want.String())
		}
	}
	for spec, want := range map[string]string{
		"b=5,d=4,seed=1": "more than the 400",
		"b=3":            "",
		"b=x,d=2":        "",
	} {
		res := get(t, hs.URL+"/tree?random="+url.QueryEscape(spec))
		body, _ := io.ReadAll(res.Body)
		var e struct{ Error string }
		json.Unmarshal(body, &e)
		if res.StatusCode != 400 || e.Error == "" || !strings.HasSuffix(e.Error, ".") || !strings.Contains(e.Error, want) {
			t.Errorf("%s: %d %s, want 400 and a sentence containing %q", spec, res.StatusCode, body, want)
		}
	}
}
