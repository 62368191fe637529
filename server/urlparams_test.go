package server

import (
	"net/url"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The server's limits of the address are the page's (static/js/urlparams.js).
func TestURLParamLimitsMatchThePage(t *testing.T) {
	src, err := os.ReadFile("../static/js/urlparams.js")
	if err != nil {
		t.Fatal(err)
	}
	block := regexp.MustCompile(`(?s)PARAM_LIMITS = \{(.*?)\};`).FindSubmatch(src)
	if block == nil {
		t.Fatal("urlparams.js has no PARAM_LIMITS")
	}
	page := map[string]int{}
	for _, m := range regexp.MustCompile(`"?([\w-]+)"?: (\d+)`).FindAllSubmatch(block[1], -1) {
		page[string(m[1])], _ = strconv.Atoi(string(m[2]))
	}
	if len(page) != len(urlParamLimits) {
		t.Errorf("the page has %d limits %v, the server %d %v", len(page), page, len(urlParamLimits), urlParamLimits)
	}
	for k, v := range urlParamLimits {
		if page[k] != v {
			t.Errorf("%s: the server's limit %d, the page's %d", k, v, page[k])
		}
	}
	if !strings.Contains(string(src), "MAX_TREE_NESTING = "+strconv.Itoa(maxTreeNesting)+";") {
		t.Errorf("the page's MAX_TREE_NESTING is not the server's %d", maxTreeNesting)
	}
}

// A tree nested past 255 levels is not put back in the setup form (the page
// said why and took it out of the address): issue 44's 4,000 levels, which
// the form handed to the page's scripts. At 255 it stays.
func TestPageFormLeavesOutARefusedTree(t *testing.T) {
	for _, c := range []struct {
		levels int
		kept   bool
	}{{255, true}, {256, false}, {4000, false}} {
		tree := strings.Repeat("(", c.levels) + "1 2" + strings.Repeat(")", c.levels)
		p := pageFor(url.Values{"tree": {tree}, "algo": {"alphabeta"}}, DefaultLimits())
		if (p.Form.Tree == tree) != c.kept || p.Form.Algo != "alphabeta" {
			t.Errorf("a tree nested %d deep: form tree of %d characters, algo %q; kept should be %v", c.levels, len(p.Form.Tree), p.Form.Algo, c.kept)
		}
	}
	if p := pageFor(url.Values{"fen": {strings.Repeat("8/", 101)}}, DefaultLimits()); p.Form.FEN != "" {
		t.Errorf("a fen of 202 characters was put in the form")
	}
}
