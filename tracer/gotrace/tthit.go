// SPDX-License-Identifier: MIT-0 (see gotrace.go)

package gotrace

import (
	"fmt"
	"strconv"
)

// TTHit: the table holds an entry for the node at ply, with its bound
// ("exact", "lower" or "upper"; another word stops the trace with an error),
// the depth it was stored for, its score and its move ("" leaves it out).
// Written just before the node uses the entry, so an ExitEnd(ply, score,
// "tt-cutoff") that follows is judged by the entry's depth (rule tt-depth).
func (t *Tracer) TTHit(ply int, bound string, depth, score int, move string) {
	t.tt("tt-hit", ply, false, 0, bound, depth, score, 0, move)
}

// TTMate, before SearchStart, says how the table holds a mate score
// (meta.ttMate): "node", counted from the node that stored it (the engine
// adds the ply on a store and takes it away on a probe), or "root", as the
// search scores it; "" leaves it out.
func (t *Tracer) TTMate(scheme string) {
	if t != nil {
		t.ttMate = scheme
	}
}

// TTProbe: the node at ply looks its key up (the engine's own, its Zobrist
// hash), hit or miss.
func (t *Tracer) TTProbe(ply int, key uint64) {
	t.tt("tt-probe", ply, true, key, "", 0, 0, 0, "")
}

// TTHitKey is TTHit with the key the entry was found under and raw, the
// integer the entry holds (score is the node's, after the engine's mate
// adjustment).
func (t *Tracer) TTHitKey(ply int, key uint64, bound string, depth, score, raw int, move string) {
	t.tt("tt-hit", ply, true, key, bound, depth, score, raw, move)
}

// TTStore: the node at ply files its entry under key: score as the node
// returned it, raw as the table keeps it.
func (t *Tracer) TTStore(ply int, key uint64, bound string, depth, score, raw int, move string) {
	t.tt("tt-store", ply, true, key, bound, depth, score, raw, move)
}

// tt writes the C kit's bytes: kind, node, key, bound, depth, score, raw, move.
func (t *Tracer) tt(kind string, ply int, keyed bool, key uint64, bound string, depth, score, raw int, move string) {
	if t == nil || !t.on || ply < 0 || ply >= len(t.at) {
		return
	}
	probe := kind == "tt-probe"
	if !probe && bound != "exact" && bound != "lower" && bound != "upper" {
		t.stop(fmt.Errorf("%s: bound %q is not exact, lower or upper", kind, bound))
		return
	}
	b := append(append(append(t.line[:0], `{"kind":"`...), kind...), '"')
	b = t.appendInt(b, "node", t.at[ply].id, 32)
	if keyed {
		b = append(b, `,"key":"`...)
		b = append(strconv.AppendUint(b, key, 16), '"')
	}
	if !probe {
		b = appendField(b, "bound", bound)
		b = t.appendInt(b, "depth", depth, 16)
		b = t.appendInt(b, "score", score, 32)
		if keyed {
			b = t.appendInt(b, "raw", raw, 32)
		}
		if move != "" {
			b = appendField(b, "move", move)
		}
	}
	t.write(append(b, "}\n"...))
}
