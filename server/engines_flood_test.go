package server

import (
	"context"
	"io"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// Four inspections at once of an engine that prints valid info lines
// without end (the 10 -> 865 MB, each reply 25.8 MB): each reply
// stays under 8 MB and the heap, sampled throughout, grows by less than
// 200 MB.
func TestFloodingEngineIsBounded(t *testing.T) {
	s, hs := testServer(t, DefaultLimits())
	line := "info depth 5 seldepth 9 multipv 1 score cp 10 nodes 1000 time 5 pv e2e4 e7e5 g1f3 b8c6 f1b5 a7a6"
	s.AddEngines(map[string]string{"flood": script(t, `while read l; do case $l in uci) echo uciok;; isready) echo readyok;; go*) exec yes "`+line+`";; esac; done
`)})
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base, peak := ms.HeapAlloc, ms.HeapAlloc
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		for {
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			peak = max(peak, m.HeapAlloc)
		}
	}()
	var wg sync.WaitGroup
	sizes := make([]int, 4)
	codes := make([]int, 4)
	for i := range sizes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req, _ := http.NewRequestWithContext(context.Background(), "POST", hs.URL+"/engines/inspect", strings.NewReader(`{"engine":"flood","depth":5}`))
			req.Header.Set("Content-Type", "application/json")
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Error(err)
				return
			}
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			sizes[i], codes[i] = len(b), res.StatusCode
		}()
	}
	wg.Wait()
	close(stop)
	<-sampled
	for i, n := range sizes {
		if n == 0 || n > 8<<20 {
			t.Errorf("reply %d: %d bytes (status %d), want a report under 8 MB", i, n, codes[i])
		}
	}
	if grew := int64(peak) - int64(base); grew > 200<<20 {
		t.Errorf("the heap grew by %d MB during four flooded inspections, want under 200", grew>>20)
	}
	t.Logf("replies %v bytes (status %v); heap peak %d MB over a base of %d MB", sizes, codes, (peak-base)>>20, base>>20)
}
