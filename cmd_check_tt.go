package main

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/pvscope/pvscope/tracer"
)

// The table's part of pvscope check: each keyed hit's link to the store it
// read, the table's traffic by depth and bound, and the rules' counts.

// maxReportedLinks bounds the links --json lists (all are counted).
const maxReportedLinks = tracer.MaxTTLinkPaths

// checkTT is the table's report.
type checkTT struct {
	tracer.TTSummary
	// LinkCount is every keyed hit linked to a store; Links lists the first
	// maxReportedLinks of them.
	LinkCount int64           `json:"linkCount"`
	Links     []tracer.TTLink `json:"links"`
}

// watchTT sets chk to fill rep's table report.
func watchTT(chk *tracer.Checker, rep *checkReport) {
	rep.TT.Links = []tracer.TTLink{}
	if rep.RuleCounts == nil {
		rep.RuleCounts = map[string]int{}
	}
	chk.OnTTLink = func(l tracer.TTLink) {
		rep.TT.LinkCount++
		if len(rep.TT.Links) < maxReportedLinks {
			rep.TT.Links = append(rep.TT.Links, l)
		}
	}
}

// countRule counts a violation's or warning's rule.
func countRule(rep *checkReport, rule string) {
	if rep.RuleCounts == nil {
		rep.RuleCounts = map[string]int{}
	}
	rep.RuleCounts[rule]++
}

// printTT prints the table's summary: nothing for a trace without table traffic.
func printTT(w io.Writer, rep *checkReport) {
	t := rep.TT
	if t.Probes+t.Hits+t.Stores+t.Cuts > 0 {
		fmt.Fprintf(w, "table: %d probes, %d hits (hit rate %.1f%%), %d cuts, %d stores; %d hits keyed, %d linked to their store\n",
			t.Probes, t.Hits, 100*t.HitRate, t.Cuts, t.Stores, t.Keyed, t.Linked)
		for _, r := range t.ByDepth {
			fmt.Fprintf(w, "  depth %d: stores %s; hits %s; cuts %s\n", r.Depth, boundCounts(r.Stores), boundCounts(r.Hits), boundCounts(r.Cuts))
		}
	}
	if len(rep.RuleCounts) > 0 {
		rules := make([]string, 0, len(rep.RuleCounts))
		for r := range rep.RuleCounts {
			rules = append(rules, r)
		}
		sort.Strings(rules)
		parts := make([]string, len(rules))
		for i, r := range rules {
			parts[i] = fmt.Sprintf("%s %d", r, rep.RuleCounts[r])
		}
		fmt.Fprintf(w, "by rule: %s\n", strings.Join(parts, ", "))
	}
}

func boundCounts(b tracer.TTBoundCount) string {
	s := fmt.Sprintf("%d exact, %d lower, %d upper", b.Exact, b.Lower, b.Upper)
	if b.None > 0 {
		s += fmt.Sprintf(", %d without bound", b.None)
	}
	return s
}
