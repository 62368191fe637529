package tracer

import "github.com/pvscope/pvscope/tracer/msg"

// tt-mate-ply: a mate score read from the table is right at the node that
// reads it. The rule relies on the scale's mates (meta.mate, meta.mateBand:
// a score s with mate - band < |s| <= mate is a mate whose mated position is
// mate - |s| plies from the root) and on the link (check_tt_link.go): a hit
// at ply q that read a store made at ply p must read the stored score moved
// by the plies between them, stored - (q - p) for a winning mate, stored +
// (q - p) for a losing one, so that the mate lies where it did. With raw
// given on both, it also says which side lacked the adjustment, per
// meta.ttMate: under "node" the store holds raw = score + p (winning; score
// - p losing) and the probe reads score = raw - q (raw + q); a raw read that
// differs from the raw stored is an entry changed in the table (truncated,
// clamped), judged whether the scores are mates or not. Under "root" entries hold the score unchanged, which is right
// only where the plies agree.

// ttMatePly judges the keyed hit e at ply q against its store en.
func (c *Checker) ttMatePly(e *Event, en *ttEntry, q int16) {
	s := c.scale()
	_, storedMate := s.IsMate(en.score)
	_, readMate := s.IsMate(e.Score)
	changed := e.HasRaw && en.hasRaw && e.Raw != en.raw
	if !storedMate && !readMate && !changed {
		return
	}
	p := en.ply
	d := int32(q) - int32(p)
	want := en.score - d
	switch {
	case !storedMate:
		want = en.score // a score that is no mate is held as it is: read as a mate, it changed
	case en.score < 0:
		want = en.score + d
	}
	if e.Score == want && !changed {
		return
	}
	why := c.mateWhy(e, en, q)
	c.extra(e.Seq, e.Node, "tt-mate-ply", msg.New("go-tracer.ttMatePly", "node {node} at ply {ply} reads the score {read} from the table entry stored by node {store} at ply {storePly} as {stored} (seq {storeSeq}): moved from ply {storePly} to ply {ply} it is {want}; {why}",
		"node", e.Node, "ply", q, "read", e.Score, "store", en.node, "storePly", p, "stored", en.score, "storeSeq", en.seq, "want", want, "why", why))
}

// mateWhy says which side lacked the adjustment, from raw and the scheme.
func (c *Checker) mateWhy(e *Event, en *ttEntry, q int16) string {
	if e.HasRaw && en.hasRaw && e.Raw != en.raw {
		return msg.New("go-tracer.ttMateChanged", "the entry held {stored} when stored and {read} when read: it changed in the table (truncated or clamped)", "stored", en.raw, "read", e.Raw).Text
	}
	switch c.ttc.mate {
	case TTMateRoot:
		return msg.New("go-tracer.ttMateRoot", "under meta.ttMate root the entry holds the score unchanged, which is right only at the ply it was stored at").Text
	case TTMateNode:
	default:
		return msg.New("go-tracer.ttMateUnknownScheme", "the table's mate scheme is unknown (meta.ttMate), so which side lacks the adjustment is not said").Text
	}
	storeOK, probeOK := true, true
	if en.hasRaw {
		storeOK = en.raw == toNode(en.score, en.ply)
	}
	if e.HasRaw {
		probeOK = e.Score == fromNode(e.Raw, q)
	}
	switch {
	case !storeOK && !probeOK:
		return msg.New("go-tracer.ttMateBoth", "neither the store nor the probe adjusted it for the ply (meta.ttMate node)").Text
	case !storeOK:
		return msg.New("go-tracer.ttMateStore", "the store did not adjust it for its ply: it held {raw}, not {want} (meta.ttMate node: score + ply for a winning mate, score - ply for a losing one)", "raw", en.raw, "want", toNode(en.score, en.ply)).Text
	case !probeOK:
		return msg.New("go-tracer.ttMateProbe", "the probe did not adjust it for its ply: it read {raw} as {read}, not {want} (meta.ttMate node: raw - ply for a winning mate, raw + ply for a losing one)", "raw", e.Raw, "read", e.Score, "want", fromNode(e.Raw, q)).Text
	}
	return msg.New("go-tracer.ttMateNoRaw", "the trace gives no raw entry to say whether the store or the probe lacked the adjustment").Text
}

// toNode is what an entry holds under meta.ttMate node for a score at ply;
// fromNode what a probe at ply reads from it. Used on mate scores only.
func toNode(score int32, ply int16) int32 {
	if score < 0 {
		return score - int32(ply)
	}
	return score + int32(ply)
}

func fromNode(raw int32, ply int16) int32 {
	if raw < 0 {
		return raw + int32(ply)
	}
	return raw - int32(ply)
}
