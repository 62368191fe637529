package server

import (
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// The tree view's labels as a test reads them (TestBrowserPresentationLabels): what it drew last,
// once it owes no drawing.

// labelInfo is what the tree view drew last: font sizes in screen pixels and labels shown/hidden.
type labelInfo struct {
	Value, Window, Move float64
	Shown, Hidden       int
	Rects               [][4]int
}

// labelsDrawn waits for the tree view to be drawn with nothing owed: the step drawn whole
// (settled), no frame pending and every move's name written (the view draws the names it had no
// time for in the next frames). Labels are read after it (view.labels).
func (p *page) labelsDrawn() {
	p.t.Helper()
	p.run(chromedp.Evaluate(`(async () => {
	  const P = window.pvscope, until = Date.now() + 60000;
	  await P.settled();
	  for (;;) {
	    await new Promise((r) => requestAnimationFrame(r));
	    const v = P.view;
	    if (!v.frame && !v.sanOwed) return true;
	    if (Date.now() > until) throw new Error("the tree view still owes a drawing after 60 s");
	  }
	})()`, nil, func(e *runtime.EvaluateParams) *runtime.EvaluateParams { return e.WithAwaitPromise(true) }))
}
