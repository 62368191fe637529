package tracer

import (
	"unicode/utf8"

	"github.com/pvscope/pvscope/tracer/msg"
)

// MaxWordBytes is the longest free text a trace may write in "why" (the
// technique that reduced, extended or pruned: "futility", "lmr") and
// "subsearch" (what a sub-search of the parent's own position is for:
// "singular", "probcut"): an engine's own word fits, a paragraph does not.
// Like a move name (jsonl_movelen.go), the reader keeps each and the page is
// sent it, so an unbounded one costs what the trace's size does not show
// (issue 44).
const MaxWordBytes = 64

// MaxMetaBytes is the longest name or value of the header's "meta" (an
// engine's name, a position, its options): the reader keeps them all and the
// page shows them.
const MaxMetaBytes = 4096

// maxQuotedBytes is how much of a refused value a sentence quotes.
const maxQuotedBytes = 64

// checkWords refuses line n when its "why" or "subsearch" is longer than
// MaxWordBytes, with a sentence naming the line, the field and the limit.
func checkWords(j *jsonEvent, n int) error {
	for _, f := range [...]struct{ name, v string }{{"why", j.Why}, {"subsearch", j.Sub}} {
		if len(f.v) > MaxWordBytes {
			return msg.New("go-tracer.lineWordTooLong", `tracer: trace line {line}: "{field}": {bytes} bytes of text; a "{field}" may have at most {max}`,
				"line", n, "field", f.name, "bytes", len(f.v), "max", MaxWordBytes)
		}
	}
	return nil
}

// checkMeta refuses a header whose "meta" has a name or a value longer than
// MaxMetaBytes.
func checkMeta(meta map[string]string) error {
	for k, v := range meta {
		if len(k) > MaxMetaBytes || len(v) > MaxMetaBytes {
			return msg.New("go-tracer.headerMetaTooLong", `tracer: trace line 1: "meta": "{name}" has {bytes} bytes; a name or value of "meta" may have at most {max}`,
				"name", clipQuoted(k), "bytes", max(len(k), len(v)), "max", MaxMetaBytes)
		}
	}
	return nil
}

// clipQuoted is quoted(s) of s's first maxQuotedBytes bytes (whole
// characters), with "..." when there was more: a sentence quoting a value
// stays short whatever the value.
func clipQuoted(s string) string {
	if len(s) <= maxQuotedBytes {
		return quoted(s)
	}
	cut := maxQuotedBytes
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return quoted(s[:cut]) + "..."
}
