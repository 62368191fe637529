package server

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// printPDF prints the page as Chromium's print to PDF does, with the page's own @page size.
func (p *page) printPDF() []byte {
	p.t.Helper()
	var pdf []byte
	p.run(chromedp.ActionFunc(func(ctx context.Context) error {
		var err error
		pdf, _, err = cdppage.PrintToPDF().WithPreferCSSPageSize(true).WithPrintBackground(true).Do(ctx)
		return err
	}))
	return pdf
}

// pdfPages counts a PDF's pages with pdfinfo (poppler-utils) and returns its text.
func pdfPages(t *testing.T, pdf []byte) (int, string) {
	t.Helper()
	if _, err := exec.LookPath("pdfinfo"); err != nil {
		if os.Getenv("PVSCOPE_REQUIRE_BROWSER") == "1" {
			t.Fatal("no pdfinfo to count the PDF's pages: install Debian's poppler-utils")
		}
		t.Skip("no pdfinfo (Debian's poppler-utils): the printed PDF's pages are not counted")
	}
	f := filepath.Join(t.TempDir(), "sheet.pdf")
	if err := os.WriteFile(f, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdfinfo", f).Output()
	if err != nil {
		t.Fatalf("pdfinfo (poppler-utils): %v", err)
	}
	m := regexp.MustCompile(`(?m)^Pages:\s+(\d+)`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("pdfinfo: %s", out)
	}
	n := 0
	for _, c := range m[1] {
		n = n*10 + int(c-'0')
	}
	text, _ := exec.Command("pdftotext", "-layout", f, "-").Output()
	return n, string(text)
}

// A worksheet of 6 seeded trees, printed with Chromium's print to PDF on A4 and on Letter:
// three trees a page make 2 pages, then 2 pages of keys; the sheet names its seed.
func TestBrowserWorksheetPrintsTwoPagesAndKey(t *testing.T) {
	p := newPage(t, 1366, 768)
	for _, paper := range []string{"a4", "letter"} {
		p.run(chromedp.Navigate(p.url + "/?exercise=prune&sheet=1&random=b=2,d=4,seed=7&trees=6&paper=" + paper))
		p.waitFor(`window.pvscope && window.pvscope.snapshot().sheet && window.pvscope.snapshot().sheet.pages > 0`)
		var pages int
		p.run(chromedp.Evaluate(`window.pvscope.snapshot().sheet.pages`, &pages))
		if pages != 4 {
			t.Errorf("%s: the sheet has %d page sections, want 2 + 2", paper, pages)
		}
		if paper == "a4" && os.Getenv("PVSCOPE_SHOTS") != "" {
			var shot []byte
			p.run(chromedp.CaptureScreenshot(&shot)) // the viewport: the preview as a teacher sees it
			os.WriteFile(filepath.Join(os.Getenv("PVSCOPE_SHOTS"), "sheet-preview-1366x768.png"), shot, 0o644)
		}
		pdf := p.printPDF()
		n, text := pdfPages(t, pdf)
		if n != 4 {
			t.Errorf("%s: printed to %d pages, want 2 pages of trees and 2 of keys", paper, n)
		}
		for _, want := range []string{"pvscope worksheet · prune · seed 7", "Answer key · prune · seed 7", "seed=12", "The root's value:"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: the printed sheet lacks %q", paper, want)
			}
		}
		if dir := os.Getenv("PVSCOPE_SHOTS"); dir != "" {
			f := filepath.Join(dir, "sheet-"+paper+".pdf")
			os.WriteFile(f, pdf, 0o644)
			exec.Command("pdftoppm", "-png", "-r", "60", f, filepath.Join(dir, "sheet-"+paper)).Run()
		}
	}
	// The exercise panel's "Print sheet" opens the same kind of sheet.
	p.open("/?exercise=count&random=b=2,d=3,seed=3")
	p.waitFor(`document.querySelector('[data-testid="sheet-print"]') !== null`)
	p.click("sheet-print")
	p.waitFor(`(() => { const s = window.pvscope.snapshot().sheet; return s && s.kind === "count" && s.seed === 3 && s.pages === 4 })()`)
}

// Issue 28, item 7: worksheets and exercises use small leaves (0 to 20) unless the setup names
// another tree, and a worksheet of b=3, d=3 (27 leaves, the widest the issue measured at 4-5 pt)
// prints every leaf value at 10 pt or more on A4 and on Letter. A CSS pixel is 0.75 pt; the
// preview page has the printed page's content width, so its sizes are the print's.
func TestBrowserWorksheetLeavesPrintAtTenPoints(t *testing.T) {
	p := newPage(t, 1366, 768)
	leafSizes := `[...document.querySelectorAll(".sheet-figure svg")].flatMap((svg) => {
		const k = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
		return [...svg.querySelectorAll("text.leaf-value")].map((x) => ({ pt: Number(x.getAttribute("font-size")) * k * 0.75, v: Number(x.textContent) }));
	})`
	type leaf struct {
		Pt float64 `json:"pt"`
		V  float64 `json:"v"`
	}
	for _, c := range []struct{ query, paper string }{
		{"random=b=3,d=3,seed=5,values=0..20&", "a4"}, {"random=b=3,d=3,seed=5,values=0..20&", "letter"},
		{"", "a4"}, // the worksheet's own default tree
	} {
		p.run(chromedp.Navigate(p.url + "/?" + c.query + "exercise=prune&sheet=1&trees=3&paper=" + c.paper))
		p.waitFor(`window.pvscope && window.pvscope.snapshot().sheet && window.pvscope.snapshot().sheet.pages > 0`)
		var leaves []leaf
		p.run(chromedp.Evaluate(leafSizes, &leaves))
		if len(leaves) == 0 {
			t.Fatalf("%s %s: no leaf values on the sheet", c.query, c.paper)
		}
		smallest := leaves[0].Pt
		for _, l := range leaves {
			smallest = min(smallest, l.Pt)
			if l.V < 0 || l.V > 20 {
				t.Errorf("%s %s: a leaf of %v, outside 0..20", c.query, c.paper, l.V)
			}
		}
		if smallest < 10 {
			t.Errorf("%s %s: the smallest leaf value prints at %.1f pt, want 10 or more", c.query, c.paper, smallest)
		}
		t.Logf("%s %s: %d leaves, smallest %.1f pt", c.query, c.paper, len(leaves), smallest)
	}
	// An exercise opened with no tree in the setup draws its leaves from 0..20.
	p.open("/?exercise=values")
	p.waitFor(`document.querySelector(".ex-figure text.leaf-value") !== null`)
	var values []float64
	p.run(chromedp.Evaluate(`[...document.querySelectorAll(".ex-figure text.leaf-value")].map((x) => Number(x.textContent))`, &values))
	for _, v := range values {
		if v < 0 || v > 20 {
			t.Errorf("the default exercise has a leaf of %v, outside 0..20", v)
		}
	}
}
