package tracer

import (
	"testing"

	"github.com/pvscope/pvscope/tracer/msg/msgtest"
)

// Every sentence the tracer says to a person (a trace file's errors, the
// checker's violations and warnings, a scale's warning) is in the page's
// catalogs, the English the very template the code gives.
func TestMessageCatalog(t *testing.T) {
	problems, err := msgtest.CheckCatalog(".", "go-tracer")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
}
