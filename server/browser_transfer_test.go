package server

import (
	"context"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// A class of 200 opens the link (issue 28, item 13): what one browser
// transfers on a first load of the main page and on a reload in the same tab,
// summed from Chromium's own network events (encodedDataLength: bytes on the
// wire, headers included). Goals from the issue: at most 300 KB first, at most
// 20 KB on a reload.

// transfers sums, per load, the bytes Chromium received for each request.
type transfers struct {
	mu    sync.Mutex
	url   map[network.RequestID]string
	bytes map[network.RequestID]float64
}

func (tr *transfers) listen(ctx context.Context) {
	chromedp.ListenTarget(ctx, func(ev any) {
		tr.mu.Lock()
		defer tr.mu.Unlock()
		switch e := ev.(type) {
		case *network.EventRequestWillBeSent:
			tr.url[e.RequestID] = e.Request.URL
		case *network.EventLoadingFinished:
			tr.bytes[e.RequestID] += e.EncodedDataLength
		}
	})
}

// take returns the total and the requests since the last take, largest first.
func (tr *transfers) take() (total float64, lines []string) {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	type req struct {
		url string
		n   float64
	}
	var reqs []req
	for id, u := range tr.url {
		n := tr.bytes[id]
		total += n
		reqs = append(reqs, req{u, n})
	}
	sort.Slice(reqs, func(i, j int) bool { return reqs[i].n > reqs[j].n })
	for _, r := range reqs {
		lines = append(lines, strings.TrimPrefix(r.url, "http://")+" "+itoa(int(r.n)))
	}
	tr.url = map[network.RequestID]string{}
	tr.bytes = map[network.RequestID]float64{}
	return total, lines
}

func TestBrowserPageTransfer(t *testing.T) {
	p := newPage(t, 1366, 768)
	tr := &transfers{url: map[network.RequestID]string{}, bytes: map[network.RequestID]float64{}}
	tr.listen(p.ctx)
	p.run(network.Enable())
	settle := func() {
		// The page is loaded when its app is ready and the network is quiet.
		p.waitFor(`window.pvscope && typeof window.pvscope.snapshot === 'function' && document.readyState === 'complete'`)
		p.run(chromedp.Sleep(1500 * time.Millisecond))
	}
	p.open("/")
	settle()
	first, firstReqs := tr.take()
	p.run(chromedp.Reload())
	settle()
	reload, reloadReqs := tr.take()
	t.Logf("first load: %d bytes in %d requests; reload: %d bytes in %d requests", int(first), len(firstReqs), int(reload), len(reloadReqs))
	t.Logf("first load: %s", strings.Join(firstReqs, ", "))
	t.Logf("reload: %s", strings.Join(reloadReqs, ", "))
	// 300 KB is 300,000 bytes: the quiz, the rooms, the Export menu, the worksheets, the
	// exercises, the comparison, the code panel, "Why not …?", the engine panel and the tree
	// editor load when used, not with the page (docs/measurements.md).
	if first > 300_000 {
		t.Errorf("a first load transferred %d bytes, want at most 300,000 (issue 28's goal: 300 KB)", int(first))
	}
	if reload > 20_000 {
		t.Errorf("a reload transferred %d bytes, want at most 20 KB", int(reload))
	}
}
