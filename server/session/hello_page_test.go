package session

import (
	"encoding/json"
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/pvscope/pvscope/tracer"
)

var updatePage = flag.Bool("update-page", false, "rewrite static/js/model/hello.js from tracer's tables")

// pageHello is where the page keeps the hello's tables for what no server
// greeted (trace files read in node tests, the page before its first hello).
const pageHello = "../../static/js/model/hello.js"

// tracerNames lists an enumeration's names from 0 up to the first value the
// tracer has no name for (it prints those as "type(7)").
func tracerNames(name func(int) string) []string {
	var out []string
	for i := 0; !strings.Contains(name(i), "("); i++ {
		out = append(out, name(i))
	}
	return out
}

// pageHelloText is the file the page should hold: the protocol number and
// tracer's tables, read from tracer itself (not from NewHello).
func pageHelloText() string {
	kinds := []string{""}
	for _, k := range tracer.Kinds() {
		kinds = append(kinds, k.String())
	}
	tables := []struct {
		name  string
		names []string
	}{
		{"kinds", kinds},
		{"nodeTypes", tracerNames(func(i int) string { return tracer.NodeType(i).String() })},
		{"bounds", tracerNames(func(i int) string { return tracer.Bound(i).String() })},
		{"ends", tracerNames(func(i int) string { return tracer.End(i).String() })},
		{"methods", tracerNames(func(i int) string { return tracer.Method(i).String() })},
		{"reasons", tracerNames(func(i int) string { return tracer.Reason(i).String() })},
	}
	var b strings.Builder
	b.WriteString(`// hello.js: the protocol number and the name tables a server's hello frame says (tracer's kinds,
// node types, bounds, ends, PV methods and cut reasons, in tracer's order), for what no server
// greeted: a trace read in the node tests, the page before its first hello. The transport
// (transport.js) checks a hello's protocol against PROTOCOL.
// Generated from tracer by go test ./server/session -run TestPageHelloIsTracers -update-page;
// that test fails when this file and tracer differ. Do not edit by hand.
`)
	b.WriteString("export const PROTOCOL = " + itoa(Protocol) + ";\n\n")
	b.WriteString("export const HELLO = {\n  type: \"hello\",\n  protocol: PROTOCOL,\n")
	for _, t := range tables {
		j, _ := json.Marshal(t.names)
		b.WriteString("  " + t.name + ": " + strings.ReplaceAll(string(j), `","`, `", "`) + ",\n")
	}
	b.WriteString("};\n")
	return b.String()
}

func itoa(n int) string { j, _ := json.Marshal(n); return string(j) }

// The page's copy of the hello's tables is tracer's: a kind added to tracer
// and not to the page fails here (issue 40: traceformat.js was a hand copy
// nothing checked). go test -run TestPageHelloIsTracers -update-page rewrites it.
func TestPageHelloIsTracers(t *testing.T) {
	want := pageHelloText()
	if *updatePage {
		if err := os.WriteFile(pageHello, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(pageHello)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("%s differs from tracer's tables; run go test ./server/session -run TestPageHelloIsTracers -update-page\nhave:\n%s\nwant:\n%s", pageHello, got, want)
	}
	// And the hello a server sends says the same tables.
	h, _ := json.Marshal(NewHello(Limits{}, 0))
	for _, name := range []string{"kinds", "nodeTypes", "bounds", "ends", "methods", "reasons"} {
		var m map[string]json.RawMessage
		json.Unmarshal(h, &m)
		if !strings.Contains(strings.ReplaceAll(want, `", "`, `","`), name+": "+string(m[name])) {
			t.Errorf("the hello's %s, %s, is not the page's", name, m[name])
		}
	}
}
