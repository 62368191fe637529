package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"
)

// uploadChain is issue 32's 1 MB upload: a chain of n nested nodes, each the
// only child of the one before, every score inside every window, so that
// each derived pv-update is the whole line below it.
func uploadChain(n int) []byte {
	var b bytes.Buffer
	b.WriteString(`{"format":"pvscope-trace","version":1,"meta":{"engine":"hostile"}}` + "\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, `{"kind":"enter","node":%d,"parent":%d,"move":"m%d","alpha":-1000,"beta":1000,"depth":%d}`+"\n", i, i-1, i, min(n-i, 30000))
	}
	for i := n; i >= 1; i-- {
		fmt.Fprintf(&b, `{"kind":"exit","node":%d,"score":%d}`+"\n", i, 1-2*(i%2))
	}
	return b.Bytes()
}

// postTrace uploads body while a goroutine samples the live heap every
// millisecond; it returns the answer, the peak growth over the request, and
// the growth still live after it (the opened trace).
func postTrace(t *testing.T, url string, body []byte) (status int, answer struct{ Token, Error string }, peak, kept uint64) {
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	base, top := ms.HeapAlloc, ms.HeapAlloc
	done, over := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(over)
		var s runtime.MemStats
		for {
			select {
			case <-done:
				return
			case <-time.After(time.Millisecond):
				runtime.ReadMemStats(&s)
				top = max(top, s.HeapAlloc)
			}
		}
	}()
	res, err := http.Post(url+"/trace", "application/jsonl", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	json.NewDecoder(res.Body).Decode(&answer)
	res.Body.Close()
	close(done)
	<-over
	runtime.GC()
	runtime.ReadMemStats(&ms)
	// What an earlier test left running may be collected meanwhile: the heap can end below
	// base, which is nothing kept (not an unsigned wrap to 16 million GB).
	grown := func(v uint64) uint64 { return max(v, base) - base }
	return res.StatusCode, answer, grown(top), grown(ms.HeapAlloc)
}

// The 1 MB chain that took the server from 13 MB to 1 GB (issue 32, item 1)
// opens on default flags, charged to the budget: the heap it keeps is at most
// what it was charged (and 16 MB at most), and reading it peaks below 64 MB.
func TestTraceUploadChainKeptWithinBudget(t *testing.T) {
	s := New(context.Background(), DefaultLimits())
	hs := httptest.NewServer(s)
	defer hs.Close()
	body := uploadChain(8000)
	status, answer, peak, kept := postTrace(t, hs.URL, body)
	t.Logf("%d KB chain: status %d, heap peak growth %d KB, kept %d KB, charged %d KB", len(body)>>10, status, peak>>10, kept>>10, s.MemoryUsed()>>10)
	if status != http.StatusOK || answer.Token == "" {
		t.Fatalf("status %d, answer %+v; want the trace opened", status, answer)
	}
	if used := uint64(s.MemoryUsed()); kept > used+1<<20 || kept > 16<<20 {
		t.Errorf("the opened trace keeps %d KB of heap, charged %d KB to the budget", kept>>10, used>>10)
	}
	if peak > 64<<20 {
		t.Errorf("reading the %d KB chain grew the heap %d MB", len(body)>>10, peak>>20)
	}
}

// A trace larger than the whole budget is refused with the budget's sentence
// for it (413: no wait makes room; 503 and "try again" are for a budget full
// now, TestTraceAccountSaysWhetherWaitingHelps), and what reading charged is
// given back.
func TestTraceUploadRefusedOverBudget(t *testing.T) {
	lim := DefaultLimits()
	lim.MaxMemory = 4 << 20
	s := New(context.Background(), lim)
	hs := httptest.NewServer(s)
	defer hs.Close()
	body := uploadChain(40000) // 5.4 MB of file
	status, answer, peak, _ := postTrace(t, hs.URL, body)
	t.Logf("%d KB chain on a 4 MB budget: status %d, heap peak growth %d KB, %q", len(body)>>10, status, peak>>10, answer.Error)
	if status != http.StatusRequestEntityTooLarge || answer.Token != "" || !strings.Contains(answer.Error, "the server's whole budget (-max-memory, 4 MB)") {
		t.Errorf("status %d, answer %+v; want 413 and the whole budget's sentence", status, answer)
	}
	if used := s.MemoryUsed(); used != 0 {
		t.Errorf("the refused trace still holds %d bytes of the budget", used)
	}
}
