package assets

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strings"
	"testing"
	"testing/fstest"
)

// A module in a folder by concern (js/tree/layout.js), or two folders down, is
// read, hashed and given its hashed URL in the import map like a module at the
// top of js/; a folder's README.md, which the page never loads, is not served.
// The hashes are computed here with crypto/sha256 from the bytes given.
func TestNestedModulesAreHashedAndImportMapped(t *testing.T) {
	files := map[string]string{
		"js/app.js":             `import { layout } from "./tree/layout.js";`,
		"js/tree/layout.js":     `import { Trace } from "../model/model.js"; export const layout = 1;`,
		"js/model/model.js":     `export class Trace {}`,
		"js/teaching/x/deep.js": `export const deep = 2;`,
		"js/tree/README.md":     "# tree: the search tree",
	}
	fsys := fstest.MapFS{}
	for name, body := range files {
		fsys[name] = &fstest.MapFile{Data: []byte(body)}
	}
	for _, css := range pageStyles { // the stylesheet bundle reads them
		fsys[css] = &fstest.MapFile{Data: []byte("/* " + css + " */")}
	}
	served := func(name string) bool { return !strings.HasSuffix(name, "README.md") }
	tab := readAssets(fsys, served)
	var im struct{ Imports map[string]string }
	if err := json.Unmarshal([]byte(tab.importMap), &im); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"js/app.js", "js/tree/layout.js", "js/model/model.js", "js/teaching/x/deep.js"} {
		sum := sha256.Sum256([]byte(files[name]))
		hash := hex.EncodeToString(sum[:8])
		a := tab.files[name]
		if a == nil || a.hash != hash {
			t.Errorf("%s: asset %v, want the hash %s", name, a, hash)
		}
		if got, want := im.Imports["/static/"+name], "/static/"+name+"?v="+hash; got != want {
			t.Errorf("import map: /static/%s -> %q, want %q", name, got, want)
		}
	}
	if len(im.Imports) != 4 {
		t.Errorf("import map has %d modules, want the 4 given: %v", len(im.Imports), im.Imports)
	}
	if tab.files["js/tree/README.md"] != nil {
		t.Error("js/tree/README.md is served")
	}
}
