package engine

import (
	"context"
	"fmt"
	"os"
	"sync"
	"testing"
)

// TestFindGallery searches the suites in testdata/ for positions
// where a collector's line is cut, under the settings that provoke each
// reason, and prints them. It is how the gallery (gallery.go) was found; it
// takes minutes, so it runs only with PVSCOPE_FIND_GALLERY=1:
//
//	PVSCOPE_FIND_GALLERY=1 go test -run FindGallery -v -timeout 60m ./engine
func TestFindGallery(t *testing.T) {
	if os.Getenv("PVSCOPE_FIND_GALLERY") == "" {
		t.Skip("set PVSCOPE_FIND_GALLERY=1 to search the suites for gallery positions (minutes)")
	}
	type setting struct {
		name string
		set  func(*Options)
	}
	settings := []setting{
		{"default", func(o *Options) {}},
		{"tt-pv-cuts, no graft", func(o *Options) { o.TTPVCuts, o.PVGraft = true, false }},
		{"tiny always-replace table", func(o *Options) { o.TTSize, o.TTReplace = 64, AlwaysReplace }},
		{"tiny depth-preferred table", func(o *Options) { o.TTSize = 64 }},
		{"modern", func(o *Options) { o.SetModern(true) }},
		{"iir", func(o *Options) { o.IIR = true }},
		{"lmr", func(o *Options) { o.LMR = true }},
		{"futility and late-move pruning", func(o *Options) { o.Futility, o.LateMovePruning = true, true }},
	}
	if os.Getenv("PVSCOPE_FIND_GALLERY") == "modern" {
		settings = settings[len(settings)-4:]
	}
	suites := []string{"tactics/bratko_kopec_24.epd", "tactics/wac_original_300.epd", "tactics/ecm_gcp_183.epd", "mates/matetrack_mate1to5_pv.epd"}
	depths := []int{4, 5}
	if os.Getenv("PVSCOPE_FIND_GALLERY") == "quick" {
		depths = []int{4}
	}
	type job struct {
		id, fen string
		depth   int
		s       setting
	}
	jobs := make(chan job)
	var mu sync.Mutex
	seen := map[string]int{}
	var wg sync.WaitGroup
	for range 1 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				pos, err := NewChessPosition(j.fen)
				if err != nil {
					continue
				}
				opt := ChessDefaults()
				opt.Depth = j.depth
				j.s.set(&opt)
				res, err := Search(context.Background(), pos, opt, nil)
				if err != nil {
					continue
				}
				for _, c := range res.Truncations() {
					key := fmt.Sprintf("%v/%v/%s", c.Method, c.Reason, j.s.name)
					mu.Lock()
					seen[key]++
					if seen[key] <= 3 {
						l, _ := res.ByMethod(c.Method)
						t.Logf("%-22s %-11s %-14s depth %d ply %d  %-9s %s  %v", c.Reason, c.Method, j.s.name, j.depth, c.Ply, j.id, j.fen, names(l.PV))
					}
					mu.Unlock()
				}
			}
		}()
	}
	for _, suite := range suites {
		for i, l := range readEPD(t, suite) {
			id := l.ops["id"]
			if id == "" {
				id = fmt.Sprintf("%s#%d", suite, i+1)
			}
			for _, d := range depths {
				for _, s := range settings {
					jobs <- job{id, l.fen, d, s}
				}
			}
		}
	}
	close(jobs)
	wg.Wait()
	for k, n := range seen {
		t.Logf("%5d  %s", n, k)
	}
}
