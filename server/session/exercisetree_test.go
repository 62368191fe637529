package session

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/pvscope/pvscope/engine"
)

// The tree command (the static site's worker) answers with the generator's
// tree for the seed, under the command's id, as the server's GET /tree does;
// a tree too big to draw is refused on the random field with its key.
func TestTreeCommand(t *testing.T) {
	var frames []map[string]any
	s := &Session{Limits: Limits{MaxDepth: 12, MaxNodes: 1_000_000, MaxSearches: 4, MaxMemory: 1 << 30},
		Out: func(b []byte) {
			var f map[string]any
			json.Unmarshal(b, &f)
			frames = append(frames, f)
		}}
	s.Handle([]byte(`{"type":"tree","id":7,"setup":{"random":"b=2,d=3,seed=9,values=0..20"}}`))
	s.Handle([]byte(`{"type":"tree","id":8,"setup":{"random":"b=4,d=5,seed=1"}}`)) // 1,365 nodes
	if len(frames) != 2 {
		t.Fatalf("%d frames, want 2: %v", len(frames), frames)
	}
	spec, _ := engine.ParseTreeSpec("b=2,d=3,seed=9,values=0..20")
	gen, err := engine.Generate(spec)
	if err != nil {
		t.Fatal(err)
	}
	// The generator's text, (a b) as [a,b]: 8 leaves from 0 to 20.
	var want any
	json.Unmarshal([]byte(strings.NewReplacer("(", "[", ")", "]", " ", ",").Replace(gen.String())), &want)
	if f := frames[0]; f["type"] != "tree" || f["id"] != 7.0 || !reflect.DeepEqual(f["tree"], want) || !strings.Contains(f["random"].(string), "seed=9") {
		t.Errorf("tree frame %v, want type tree, id 7, the generator's %v", f, want)
	}
	if f := frames[1]; f["type"] != "error" || f["id"] != 8.0 || f["field"] != "random" || f["key"] != "go-server.exerciseTooBig" {
		t.Errorf("b=4,d=5 answered %v, want the exerciseTooBig error on random", f)
	}
}
