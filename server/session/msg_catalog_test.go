package session

import (
	"testing"

	"github.com/pvscope/pvscope/tracer/msg/msgtest"
)

// The session's keyed sentences are the server's (go-server): the page's
// catalogs say them the same.
func TestMsgCatalog(t *testing.T) {
	problems, err := msgtest.CheckCatalog(".", "go-server")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
}
