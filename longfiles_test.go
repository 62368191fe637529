package main

import (
	"bytes"
	"os"
	"path"
	"regexp"
	"strings"
	"testing"
)

// A hand-written file is rarely past 400 lines (/work/shared/STYLE.md's one concept per file,
// issue 40): one that is says why in its header, in a sentence that begins "Over 400 lines
// because", within its first 40 lines. Generated files, vendored code and test data are not
// hand-written here.

const (
	mostLines   = 400
	headerLines = 40
)

var sayWhy = regexp.MustCompile(`Over 400 lines because \S`)

// handWritten says whether p is source or style written in this repository.
func handWritten(p string) bool {
	switch path.Ext(p) {
	case ".go", ".js", ".mjs", ".css", ".h", ".c", ".py", ".sh", ".templ":
	default:
		return false
	}
	return !notOurs(p) && !strings.Contains(p, "/fixtures/")
}

func TestLongFilesSayWhy(t *testing.T) {
	long := 0
	for _, f := range repoFiles(t) {
		if !handWritten(f) {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		lines := bytes.Count(b, []byte("\n"))
		if lines <= mostLines {
			continue
		}
		long++
		header := strings.Join(strings.SplitN(string(b), "\n", headerLines+1)[:min(headerLines, lines)], "\n")
		if !sayWhy.MatchString(header) {
			t.Errorf("%s has %d lines and its header does not say why (a sentence beginning \"Over 400 lines because\" in its first %d lines)", f, lines, headerLines)
		}
	}
	if long == 0 {
		t.Log("no hand-written file is over 400 lines")
	}
}
