// SPDX-License-Identifier: MIT-0 (see gotrace.go)

package gotrace

import "fmt"

// TTHit: the table holds an entry for the node at ply, with its bound
// ("exact", "lower" or "upper"; another word stops the trace with an error),
// the depth it was stored for, its score and its move ("" leaves it out).
// Written just before the node uses the entry, so an ExitEnd(ply, score,
// "tt-cutoff") that follows is judged by the entry's depth (rule tt-depth).
func (t *Tracer) TTHit(ply int, bound string, depth, score int, move string) {
	if t == nil || !t.on || ply < 0 || ply >= len(t.at) {
		return
	}
	if bound != "exact" && bound != "lower" && bound != "upper" {
		t.stop(fmt.Errorf("tt-hit: bound %q is not exact, lower or upper", bound))
		return
	}
	b := append(t.line[:0], `{"kind":"tt-hit"`...)
	b = t.appendInt(b, "node", t.at[ply].id, 32)
	b = appendField(b, "bound", bound)
	b = t.appendInt(b, "depth", depth, 16)
	b = t.appendInt(b, "score", score, 32)
	if move != "" {
		b = appendField(b, "move", move)
	}
	t.write(append(b, "}\n"...))
}
