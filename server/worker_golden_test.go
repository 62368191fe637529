package server

import (
	"encoding/json"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// nodeHarness runs the worker's wasm under node as the page's worker script
// does (pvscopePost out, pvscopeCommand in), sends each command of argv[4]
// (a JSON array) after hello and after each search's end, and prints every
// frame on a line of its own.
const nodeHarness = `
const fs = require("fs");
require(process.argv[2]);
const commands = JSON.parse(process.argv[4]);
let searchesLeft = commands.filter((c) => c.type === "start").length;
// Node exits, with 0, when its loop holds nothing: if that comes before the
// last search's end, say so, with what the Go program was waiting on.
process.on("exit", (code) => {
  if (searchesLeft > 0 && code === 0) {
    process.stderr.write("node's loop emptied before the last done: Go exited " + go.exited +
      ", " + go._scheduledTimeouts.size + " Go timeouts pending\n");
    process.exitCode = 3;
  }
});
function next() {
  const c = commands.shift();
  if (c) setTimeout(() => globalThis.pvscopeCommand(JSON.stringify(c)), 0);
}
globalThis.pvscopePost = (s) => {
  process.stdout.write(s + "\n");
  const f = JSON.parse(s);
  if (f.type === "hello") next();
  if (f.type === "done" || (f.type === "error" && f.id)) {
    // Exit once what was written has reached the pipe: an exit at once may cut it.
    if (--searchesLeft === 0) return void process.stdout.write("", () => process.exit(0));
    next();
  }
};
const go = new Go();
WebAssembly.instantiate(fs.readFileSync(process.argv[3]), go.importObject).then((r) => go.run(r.instance));
`

// workerFrames runs commands through the wasm worker under node.
func workerFrames(t *testing.T, commands ...map[string]any) [][]byte {
	t.Helper()
	wasm := needWorkerWasm(t)
	harness := filepath.Join(t.TempDir(), "harness.js")
	if err := os.WriteFile(harness, []byte(nodeHarness), 0o644); err != nil {
		t.Fatal(err)
	}
	cmds, _ := json.Marshal(commands)
	out, err := exec.Command("node", harness, wasmExecJS(t), wasm, string(cmds)).Output()
	if err != nil {
		var stderr []byte
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = ee.Stderr
		}
		t.Fatalf("node running the worker: %v: %s (after %d bytes of frames)", err, stderr, len(out))
	}
	var frames [][]byte
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		frames = append(frames, []byte(l))
	}
	return frames
}

// serverFrames sends commands over the websocket of a pvscope server with
// the default limits, each after the previous search's end.
func serverFrames(t *testing.T, commands ...map[string]any) [][]byte {
	t.Helper()
	_, hs := testServer(t, DefaultLimits())
	c := dial(t, hs)
	hello, _ := json.Marshal(c.hello)
	frames := [][]byte{hello}
	for _, cmd := range commands {
		c.send(cmd)
		for {
			m, b := c.next()
			frames = append(frames, b)
			if m["type"] == "done" || m["type"] == "error" {
				break
			}
		}
	}
	return frames
}

// searchStream is a search's frames with what the transport decides left
// out: where batches split, status frames, the elapsed times. Events frames
// are merged into one, column by column (a move's id is its first use, so
// it does not depend on the batches).
type searchStream struct {
	Hello   map[string]any
	Other   []map[string]any // started, notices, errors, done: in order
	Columns map[string][]any
	Events  int
}

func streamOf(t *testing.T, frames [][]byte) searchStream {
	t.Helper()
	s := searchStream{Columns: map[string][]any{}}
	for _, b := range frames {
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatalf("frame is not JSON: %v: %.200s", err, b)
		}
		switch m["type"] {
		case "hello":
			s.Hello = m
		case "status":
		case "events":
			from, count := int(m["from"].(float64)), int(m["count"].(float64))
			if from != s.Events {
				t.Fatalf("a batch from %d after %d events", from, s.Events)
			}
			for k, v := range m {
				switch k {
				case "type", "id", "from", "count":
				case "moves", "whys":
					s.Columns[k] = append(s.Columns[k], v.([]any)...)
				case "pv", "cuts", "derived", "keys": // sparse: [index, ...] or index, within the batch
					for _, x := range v.([]any) {
						if row, ok := x.([]any); ok {
							row[0] = row[0].(float64) + float64(from)
							x = row
						} else {
							x = x.(float64) + float64(from)
						}
						s.Columns[k] = append(s.Columns[k], x)
					}
				default:
					if _, ok := s.Columns[k]; !ok { // first seen now: zeros before
						for range from {
							s.Columns[k] = append(s.Columns[k], 0.0)
						}
					}
					s.Columns[k] = append(s.Columns[k], v.([]any)...)
				}
			}
			// A column a batch leaves out (reduced, extended, why: only
			// when one of its events has one) is zeros for its events.
			for k := range s.Columns {
				if _, ok := m[k]; !ok && k != "moves" && k != "whys" && k != "pv" && k != "cuts" && k != "derived" && k != "keys" {
					for range count {
						s.Columns[k] = append(s.Columns[k], 0.0)
					}
				}
			}
			s.Events += count
		default:
			if m["type"] == "done" {
				delete(m["result"].(map[string]any), "elapsedMs")
			}
			s.Other = append(s.Other, m)
		}
	}
	return s
}

// pageWords is the server's frames as the static site's worker says them: a
// limit's sentence names the page, not a server (session.Limits.Page), under
// its own key.
func pageWords(frames []map[string]any) []map[string]any {
	var out []map[string]any
	for _, f := range frames {
		if k, _ := f["key"].(string); k == "go-server.depthLimit" {
			g := maps.Clone(f)
			g["key"] = k + "Page"
			g["message"] = strings.Replace(g["message"].(string), "this server", "this page", 1)
			f = g
		}
		out = append(out, f)
	}
	return out
}

// The worker answers a start with the frames the server sends for it: the
// same search session, two transports (issue 30's golden comparison), in the
// page's words for a limit (pageWords).
func TestWorkerFramesEqualTheServers(t *testing.T) {
	for _, c := range []struct {
		name  string
		start map[string]any
	}{
		{"R&N figure 5.5 under alpha-beta", map[string]any{"type": "start", "id": 1,
			"setup": map[string]any{"tree": "((3 12 8) (2 4 6) (14 5 2))"}, "options": map[string]any{"algo": "alphabeta", "depth": "2"}}},
		{"chess at depth 4, modern", map[string]any{"type": "start", "id": 2,
			"setup": map[string]any{"fen": kiwipete}, "options": map[string]any{"depth": "4", "modern": "true"}}},
		{"a depth past the limit", map[string]any{"type": "start", "id": 3,
			"setup": map[string]any{"fen": kiwipete}, "options": map[string]any{"depth": "13"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			worker := streamOf(t, workerFrames(t, c.start))
			server := streamOf(t, serverFrames(t, c.start))
			if !reflect.DeepEqual(worker.Hello, server.Hello) {
				t.Errorf("hello: worker %v, server %v", worker.Hello, server.Hello)
			}
			if want := pageWords(server.Other); !reflect.DeepEqual(worker.Other, want) {
				t.Errorf("frames: worker %v\nserver %v (in the page's words: %v)", worker.Other, server.Other, want)
			}
			if worker.Events != server.Events || !reflect.DeepEqual(worker.Columns, server.Columns) {
				t.Errorf("events: worker %d, server %d", worker.Events, server.Events)
				for k, w := range worker.Columns {
					if !reflect.DeepEqual(w, server.Columns[k]) {
						t.Errorf("column %s differs: worker %d values, server %d", k, len(w), len(server.Columns[k]))
					}
				}
			}
			if c.start["id"] == 1 {
				checkRN(t, worker)
			}
		})
	}
}

// checkRN checks the worker's R&N search against the book (Russell and
// Norvig, figure 5.5): the root's value is 3, and one pruning: the second MIN
// node is cut after its first leaf, 2, so its leaves 4 and 6 are never
// entered (11 of the tree's 13 nodes are), and that is the one cutoff that
// leaves moves unsearched (the third MIN node's cutoff is at its last leaf).
func checkRN(t *testing.T, s searchStream) {
	t.Helper()
	done := s.Other[len(s.Other)-1]
	if got := done["result"].(map[string]any)["score"]; got != 3.0 {
		t.Errorf("root value %v, want 3", got)
	}
	kinds := s.Hello["kinds"].([]any)
	prunings, entered := 0, 0
	for i, k := range s.Columns["kind"] {
		switch kinds[int(k.(float64))] {
		case "cutoff":
			if s.Columns["index"][i].(float64) < 2 {
				prunings++
			}
		case "enter":
			entered++
		}
	}
	if prunings != 1 || entered != 11 {
		t.Errorf("%d prunings and %d nodes entered, want 1 and 11", prunings, entered)
	}
}
