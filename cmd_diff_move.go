package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/pvscope/pvscope/tracer"
)

// diffMove is pvscope diff A B --move MOVE [--at PATH]: where the move's fate
// first differs between the two searches, with both sentences. Exit 0 the
// same in every iteration both searched, 1 they part, 2 unreadable.
func diffMove(stdout io.Writer, ra, rb io.Reader, nameA, nameB, move, at string, asJSON bool) error {
	q, err := whyQuery(move, at, false)
	if err != nil {
		return err
	}
	a, err := whyFile(ra, q)
	if err != nil {
		return exitCode{2, fmt.Errorf("%s cannot be read: %v", nameA, err)}
	}
	b, err := whyFile(rb, q)
	if err != nil {
		return exitCode{2, fmt.Errorf("%s cannot be read: %v", nameB, err)}
	}
	part := tracer.WhyDiff(a, b)
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(struct {
			A     string             `json:"a"`
			B     string             `json:"b"`
			Same  bool               `json:"same"`
			Parts *tracer.WhyParting `json:"parts,omitempty"`
			WhyA  *tracer.WhyAnswer  `json:"whyA"`
			WhyB  *tracer.WhyAnswer  `json:"whyB"`
		}{nameA, nameB, part == nil, part, a, b}); err != nil {
			return err
		}
	} else {
		w := inertWriter{stdout}
		fmt.Fprintf(w, "A: %s\nB: %s\n", nameA, nameB)
		for _, s := range []struct {
			name string
			a    *tracer.WhyAnswer
		}{{"A", a}, {"B", b}} {
			if s.a.Problem != "" && s.a.Sentence != "" {
				fmt.Fprintf(w, "%s: %s\n", s.name, s.a.Sentence)
			}
		}
		if part == nil {
			fmt.Fprintf(w, "the fate of %s is the same in every iteration both searched\n", move)
		} else {
			fmt.Fprintf(w, "the fate of %s first differs at depth %d:\nA: %s\nB: %s\n", move, part.Depth, part.A.Sentence, part.B.Sentence)
		}
	}
	if part != nil {
		return exitCode{1, nil}
	}
	return nil
}
