// SPDX-License-Identifier: MIT-0 (see gotrace.go)

package gotrace

// SubSearch announces that the node at ply searches its own position next,
// for purpose ("iid", "razor", "probcut", or the engine's word): the next
// Enter at ply is that search, a child of the node with no move, and its Exit
// gives the node back its moves. Its score is not a move's value.
func (t *Tracer) SubSearch(ply int, purpose string) {
	if t != nil && t.on && ply >= 0 {
		t.pendingSub, t.pendingSubPly, t.pendingExclude = purpose, ply, ""
	}
}

// Singular announces the singular-extension verification: the node at ply
// searches its own position next with excluded (its table move) left out.
func (t *Tracer) Singular(ply int, excluded string) {
	if t != nil && t.on && ply >= 0 {
		t.pendingSub, t.pendingSubPly, t.pendingExclude = "singular", ply, excluded
	}
}
