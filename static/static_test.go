package static

import (
	"io/fs"
	"os"
	"strings"
	"testing"
	"testing/fstest"
)

// A module in a folder by concern is served like one at the top of js/; the
// folders' notes and the node tests are not.
func TestServedInFolders(t *testing.T) {
	fsys := fstest.MapFS{
		"js/app.js":            {Data: []byte("import './tree/view.js';")},
		"js/tree/view.js":      {Data: []byte("export {};")},
		"js/tree/README.md":    {Data: []byte("# tree")},
		"js/README.md":         {Data: []byte("# js")},
		"js/i18n/README.md":    {Data: []byte("# i18n")},
		"js/i18n/en/view.json": {Data: []byte("{}")},
		"js/test/helpers.js":   {Data: []byte("")},
		"lessons/intro.md":     {Data: []byte("# Intro")},
	}
	want := map[string]bool{
		"js/app.js": true, "js/tree/view.js": true, "js/i18n/en/view.json": true, "lessons/intro.md": true,
		"js/tree/README.md": false, "js/README.md": false, "js/i18n/README.md": false, "js/test/helpers.js": false,
		"js/tree": false, "js/missing.js": false,
	}
	for name, w := range want {
		if got := served(fsys, name); got != w {
			t.Errorf("served(%s) = %v, want %v", name, got, w)
		}
	}
}

// Every module on disk under js/ (but its tests) is embedded and served: the
// embed patterns reach every folder the modules are in.
func TestEveryModuleOnDiskIsEmbedded(t *testing.T) {
	n := 0
	err := fs.WalkDir(os.DirFS("."), "js", func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && name == "js/test" {
			return fs.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(name, ".js") {
			n++
			if !Served(name) {
				t.Errorf("%s is a module on disk but not embedded and served (static.go's go:embed line)", name)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 10 {
		t.Fatalf("found %d modules under js/: the walk no longer finds them", n)
	}
}
