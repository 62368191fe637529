package server

import (
	"testing"

	"github.com/pvscope/pvscope/tracer/msg/msgtest"
)

// The server's keyed sentences and the page's catalogs (go-server) say the same.
func TestMsgCatalog(t *testing.T) {
	problems, err := msgtest.CheckCatalog(".", "go-server")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
}
