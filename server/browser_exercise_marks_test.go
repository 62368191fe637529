package server

import (
	"fmt"
	"net/url"
	"testing"
)

// markBoxes measures the figure's mark labels: each one's path, whether it leaves the figure,
// and which pairs of labels, or label and node, overlap.
const markBoxes = `(() => {
	const svg = document.querySelector(".ex-figure svg"), f = svg.getBoundingClientRect();
	const labels = [...svg.querySelectorAll(".ex-mark-path")].map((e) => ({ text: e.textContent, r: e.getBoundingClientRect() }));
	const shapes = [...svg.querySelectorAll("rect, polygon")].filter((e) => e.closest("g, svg") && !e.closest("text")).map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0);
	const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
	const out = { Count: labels.length, Outside: [], Overlap: [] };
	labels.forEach((l, i) => {
		if (l.r.left < f.left - 0.5 || l.r.right > f.right + 0.5 || l.r.top < f.top - 0.5 || l.r.bottom > f.bottom + 0.5) out.Outside.push(l.text);
		for (const m of labels.slice(i + 1)) if (meet(l.r, m.r)) out.Overlap.push(l.text + " / " + m.text);
		if (shapes.some((s) => meet(l.r, s))) out.Overlap.push(l.text + " / a node");
	});
	return out;
})()`

// Issue 39, item 8: a graded answer's mistakes are ringed on the figure and named by their
// paths; no name leaves the figure ("root" was cut at its top, ".0.0" for 0.0.0 at its left) or
// overlaps another name or a node ("1.2.1" over "1.2.2"). A pruning answer that crosses out every
// leaf of a 27-leaf tree and gives a wrong root value marks every leaf alpha-beta reads and the
// root; a values answer with every value wrong marks every inner node. Two figures: a random
// tree's (three-digit leaves, drawn small) and one of one- and two-digit leaves (drawn large,
// the leaves 32 units apart, where the names overlapped).
func TestBrowserExerciseMarksClearOfEachOther(t *testing.T) {
	figures := map[string]url.Values{
		"random": {"random": {"b=3,d=3,seed=5"}},
		"small":  {"tree": {"(((3 12 8) (2 4 6) (14 5 2)) ((1 9 7) (5 3 8) (2 6 4)) ((8 1 3) (7 5 9) (4 2 6)))"}},
	}
	for _, size := range [][2]int{{1366, 768}, {390, 844}} {
		for _, kind := range []string{"prune", "values"} {
			for name := range figures {
				t.Run(fmt.Sprintf("%s-%s-%dx%d", kind, name, size[0], size[1]), func(t *testing.T) {
					p := newPage(t, size[0], size[1])
					q := url.Values{"exercise": {kind}}
					for k, v := range figures[name] {
						q[k] = v
					}
					p.open("/?" + q.Encode())
					p.waitFor(fmt.Sprintf(`(() => { const e = window.pvscope.snapshot().exercise; return e && e.kind === %q })()`, kind))
					if kind == "prune" {
						p.eval(`(() => { const leaves = [...document.querySelectorAll(".ex-figure .ex-leaf")].map((e) => e.dataset.path);
						window.pvscope.answerExercise({ unread: leaves, root: 999 }); })()`, nil)
					} else {
						p.eval(`(() => { const key = window.pvscope.snapshot().exercise.key, x = {};
						for (const p of Object.keys(key)) x[p] = { value: 999, bound: "exact" };
						window.pvscope.answerExercise(x); })()`, nil)
					}
					var got struct {
						Count            int
						Outside, Overlap []string
					}
					p.eval(markBoxes, &got)
					t.Logf("%d marks", got.Count)
					if got.Count < 5 {
						t.Fatalf("only %d mistakes marked: the check needs more", got.Count)
					}
					if len(got.Outside) > 0 || len(got.Overlap) > 0 {
						t.Errorf("marks leaving the figure %q, overlapping %q", got.Outside, got.Overlap)
					}
					p.shot(fmt.Sprintf("exercise-marks-%s-%s-%dx%d.png", kind, name, size[0], size[1]))
				})
			}
		}
	}
}
