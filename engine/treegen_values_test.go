package engine

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// values=LO..HI draws every leaf from that range (issue 28: exam papers use small numbers,
// and the default -999..999 prints unreadably small on a worksheet or a phone).
func TestRandomTreeValues(t *testing.T) {
	spec, err := ParseTreeSpec("b=3,d=3,seed=42,values=0..20")
	if err != nil {
		t.Fatal(err)
	}
	if got := spec.String(); got != "b=3,d=3,seed=42,order=random,values=0..20" {
		t.Errorf("spec prints as %q", got)
	}
	tr, err := Generate(spec)
	if err != nil {
		t.Fatal(err)
	}
	leaves := regexp.MustCompile(`-?\d+`).FindAllString(tr.String(), -1)
	if len(leaves) != 27 {
		t.Fatalf("%d leaves in %s, want 27", len(leaves), tr)
	}
	seen := map[int]bool{}
	for _, l := range leaves {
		v, _ := strconv.Atoi(l)
		if v < 0 || v > 20 {
			t.Errorf("leaf %d outside 0..20 in %s", v, tr)
		}
		seen[v] = true
	}
	if len(seen) < 8 {
		t.Errorf("27 leaves drawn from 0..20 took only %d values: %s", len(seen), tr)
	}
	// A spec without values prints as before and draws from -999..999 (some leaf past ±20).
	plain, _ := ParseTreeSpec("b=3,d=3,seed=42")
	if got := plain.String(); got != "b=3,d=3,seed=42,order=random" {
		t.Errorf("plain spec prints as %q", got)
	}
	wide, _ := Generate(plain)
	big := false
	for _, l := range regexp.MustCompile(`-?\d+`).FindAllString(wide.String(), -1) {
		v, _ := strconv.Atoi(l)
		if v < -999 || v > 999 {
			t.Errorf("default leaf %d outside -999..999", v)
		}
		big = big || v > 20 || v < 0
	}
	if !big {
		t.Errorf("default tree %s has no leaf outside 0..20", wide)
	}
	for _, bad := range []string{"values=20..0", "values=5..5", "values=a..b", "values=0..99999", "values=3"} {
		_, err := ParseTreeSpec("b=2,d=2," + bad)
		if err == nil || !strings.Contains(err.Error(), "wants LO..HI") {
			t.Errorf("%s: %v, want the LO..HI sentence", bad, err)
		}
	}
}
