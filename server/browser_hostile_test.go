package server

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"sort"
	"time"

	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"
	"context"
)

// longPVTrace is a chess trace whose one root node reports a root PV of n
// legal moves: both knights go out and back (Nf3 Nf6 Ng1 Ng8 ...).
func longPVTrace(n int) string {
	cycle := []string{"g1f3", "g8f6", "f3g1", "f6g8"}
	pv := make([]string, n)
	for i := range pv {
		pv[i] = cycle[i%4]
	}
	line, _ := json.Marshal(pv)
	var b strings.Builder
	b.WriteString(`{"format":"pvscope-trace","version":1,"meta":{"algo":"pvs","fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}}` + "\n")
	fmt.Fprintf(&b, `{"seq":1,"kind":"search-start","depth":1}
{"seq":2,"kind":"enter","node":1,"ply":0,"depth":1,"alpha":-32000,"beta":32000}
{"seq":3,"kind":"exit","node":1,"score":0}
{"seq":4,"kind":"root-pv","depth":1,"score":0,"pv":%s}
{"seq":5,"kind":"search-end","depth":1,"score":0,"pv":%s}
`, line, line)
	return b.String()
}

func TestBrowserExploreLongPV(t *testing.T) {
	p := newPage(t, 1366, 768)
	errs := consoleErrors(p)
	p.open("/")
	p.run(profiler.Enable(), profiler.SetSamplingInterval(1000), profiler.Start())
	t0 := time.Now()
	p.open("/?trace=" + upload(t, p.url, longPVTrace(20000)))
	p.waitFor(`(() => { const s = window.pvscope.snapshot(); return s.eventCount > 0 && !s.streaming; })()`)
	t.Logf("opened in %v", time.Since(t0))
	var prof *profiler.Profile
	p.run(chromedp.ActionFunc(func(ctx context.Context) error { var err error; prof, err = profiler.Stop().Do(ctx); return err }))
	self := map[string]float64{}
	idx := map[int64]*profiler.ProfileNode{}
	for _, n := range prof.Nodes { idx[n.ID] = n }
	cnt := map[int64]int{}
	for _, s := range prof.Samples { cnt[s]++ }
	for id, c := range cnt { n := idx[id]; self[fmt.Sprintf("%s %s:%d", n.CallFrame.FunctionName, n.CallFrame.URL, n.CallFrame.LineNumber)] += float64(c) }
	type kv struct{ k string; v float64 }
	var all []kv
	for k, v := range self { all = append(all, kv{k, v}) }
	sort.Slice(all, func(i, j int) bool { return all[i].v > all[j].v })
	for i := 0; i < 25 && i < len(all); i++ { t.Logf("%6.0f %s", all[i].v, all[i].k) }
	t1 := time.Now()
	s := p.snapshot()
	t.Logf("snapshot %v: %d events, pv %d, errors %v", time.Since(t1), s.EventCount, len(s.PV), errs())
	p.screenshot("/tmp/ps/long.png")
}
