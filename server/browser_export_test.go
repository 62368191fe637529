package server

import (
	"bytes"
	"encoding/base64"
	"encoding/xml"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// exportBlob runs window.pvscope.export(kind, opts) for a Blob and returns its bytes.
func (p *page) exportBlob(kind, opts string) []byte {
	p.t.Helper()
	var b64 string
	p.await(`(async () => {
		const b = await window.pvscope.export("`+kind+`", `+opts+`);
		const buf = new Uint8Array(await b.arrayBuffer());
		let s = ""; for (let i = 0; i < buf.length; i += 8192) s += String.fromCharCode(...buf.subarray(i, i + 8192));
		return btoa(s);
	})()`, &b64)
	data, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		p.t.Fatal(err)
	}
	return data
}

func (p *page) exportText(kind, opts string) string {
	p.t.Helper()
	var s string
	p.await(`window.pvscope.export("`+kind+`", `+opts+`)`, &s)
	return s
}

// svgValues reads the value texts of an exported SVG, split into searched
// nodes and pruned stubs.
func svgValues(t *testing.T, svg string) (searched, pruned []string, width, height int) {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader(svg))
	kind := ""
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		attr := map[string]string{}
		for _, a := range se.Attr {
			attr[a.Name.Local] = a.Value
		}
		switch {
		case se.Name.Local == "svg":
			width, _ = strconv.Atoi(attr["width"])
			height, _ = strconv.Atoi(attr["height"])
		case strings.HasPrefix(attr["class"], "node "):
			kind = strings.Fields(attr["class"])[1]
		case se.Name.Local == "text" && attr["class"] == "value":
			var s string
			if err := dec.DecodeElement(&s, &se); err != nil {
				t.Fatal(err)
			}
			if kind == "pruned" {
				pruned = append(pruned, s)
			} else {
				searched = append(searched, s)
			}
		}
	}
	return
}

// The Russell & Norvig tree ((3 12 8) (2 4 6) (14 5 2)) under alpha-beta, at
// the last step, exported: the SVG holds every value AIMA's Figure 5.5 (f)
// shows (the leaves read 3 12 8 2 14 5 2, B = 3, C ≤ 2, D = 2, the root 3)
// and the two leaves it crosses out (4, 6) as pruned stubs; the PNG is the
// SVG's size times 1, 2 and 4; the LaTeX compiles with pdflatex to one page;
// the video is WebM.
func TestBrowserExportRussellNorvig(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.open("/?tree=((3+12+8)+(2+4+6)+(14+5+2))&algo=alphabeta&depth=2")
	p.startAndWait()
	p.pause()
	p.run(chromedp.Evaluate(`window.pvscope.seek(window.pvscope.snapshot().eventCount)`, nil))

	svg := p.exportText("svg", "{}")
	searched, pruned, w, h := svgValues(t, svg)
	want := []string{"3", "3", "≤2", "2", "3", "12", "8", "2", "14", "5", "2"} // AIMA Fig. 5.5 (f): the root, B, C, D, and the leaves read
	slices.Sort(searched)
	slices.Sort(want)
	if !slices.Equal(searched, want) {
		t.Errorf("SVG values %q, the figure shows %q", searched, want)
	}
	slices.Sort(pruned)
	if !slices.Equal(pruned, []string{"4", "6"}) {
		t.Errorf("SVG pruned leaves %q, want 4 and 6 (C2, C3)", pruned)
	}
	for _, s := range []string{">MAX<", ">MIN<", "(3, ∞)"} {
		if !strings.Contains(svg, s) {
			t.Errorf("SVG lacks %q", s)
		}
	}

	for _, scale := range []int{1, 2, 4} {
		data := p.exportBlob("png", `{scale: `+strconv.Itoa(scale)+`}`)
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("PNG at %dx: %v", scale, err)
		}
		if b := img.Bounds(); b.Dx() != w*scale || b.Dy() != h*scale {
			t.Errorf("PNG at %dx is %dx%d, want %dx%d", scale, b.Dx(), b.Dy(), w*scale, h*scale)
		}
	}

	webm := p.exportBlob("webm", `{from: 0, to: 12, fps: 20}`)
	if len(webm) < 100 || !bytes.HasPrefix(webm, []byte{0x1A, 0x45, 0xDF, 0xA3}) {
		t.Errorf("video: %d bytes starting % x, want WebM (EBML magic 1A 45 DF A3)", len(webm), webm[:min(4, len(webm))])
	}
	if s := p.snapshot(); s.EventIndex != s.EventCount {
		t.Errorf("after recording the page shows step %d, want the step it was at (%d)", s.EventIndex, s.EventCount)
	}

	dir := t.TempDir()
	if dir := os.Getenv("PVSCOPE_SHOTS"); dir != "" {
		os.WriteFile(filepath.Join(dir, "export-aima.svg"), []byte(svg), 0o644)
		os.WriteFile(filepath.Join(dir, "export-aima@2x.png"), p.exportBlob("png", `{scale: 2}`), 0o644)
		os.WriteFile(filepath.Join(dir, "export-aima.webm"), webm, 0o644)
	}
	tex := p.exportText("tikz", "{}")
	bare := p.exportText("tikz", "{bare: true}")
	if strings.Contains(bare, `\documentclass`) || !strings.Contains(bare, `\begin{forest}`) {
		t.Errorf("the slide's LaTeX is not the bare forest environment:\n%s", bare)
	}
	if shots := os.Getenv("PVSCOPE_SHOTS"); shots != "" {
		os.WriteFile(filepath.Join(shots, "export-aima.tex"), []byte(tex), 0o644)
	}
	t.Run("pdflatex", func(t *testing.T) {
		pdf := compileLaTeX(t, dir, "aima", tex)
		// The bare environment in a document of our own, as a slide would hold it: it compiles too.
		compileLaTeX(t, dir, "slide", "\\documentclass{article}\n\\usepackage{forest}\n\\usetikzlibrary{shapes.geometric}\n\\begin{document}\n"+bare+"\\end{document}\n")
		if shots := os.Getenv("PVSCOPE_SHOTS"); shots != "" {
			if out, err := exec.Command("pdftoppm", "-png", "-r", "150", "-singlefile", pdf, filepath.Join(shots, "export-aima-tex")).CombinedOutput(); err != nil {
				t.Errorf("pdftoppm: %v\n%s", err, out)
			}
		}
	})
}

// compileLaTeX runs pdflatex on tex and checks the PDF has one page; it
// returns the PDF's path. Without pdflatex and forest (with the packages
// forest loads) it skips, unless PVSCOPE_REQUIRE_TEX=1 (CI), which fails.
func compileLaTeX(t *testing.T, dir, name, tex string) string {
	t.Helper()
	missing := ""
	if _, err := exec.LookPath("pdflatex"); err != nil {
		missing = "pdflatex (Debian's texlive-latex-base)"
	} else {
		// forest.sty is in texlive-pictures; what it loads (elocalloc, environ, trimspaces,
		// inlinedef) is in texlive-latex-extra.
		for _, sty := range []string{"forest.sty", "elocalloc.sty", "environ.sty", "trimspaces.sty", "inlinedef.sty"} {
			if out, _ := exec.Command("kpsewhich", sty).Output(); len(bytes.TrimSpace(out)) == 0 {
				missing += " " + sty
			}
		}
		if missing != "" {
			missing = "LaTeX packages" + missing + " (Debian's texlive-pictures and texlive-latex-extra)"
		}
	}
	if missing != "" {
		if os.Getenv("PVSCOPE_REQUIRE_TEX") == "1" {
			t.Fatalf("PVSCOPE_REQUIRE_TEX=1 but this machine lacks %s", missing)
		}
		t.Skipf("this machine lacks %s: the LaTeX export is not compiled (PVSCOPE_REQUIRE_TEX=1 fails instead)", missing)
	}
	src := filepath.Join(dir, name+".tex")
	if err := os.WriteFile(src, []byte(tex), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("pdflatex", "-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape", name+".tex")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("pdflatex %s: %v\n%s\n--- the LaTeX:\n%s", name, err, tail(string(out), 3000), tex)
	}
	pdf := filepath.Join(dir, name+".pdf")
	out, err := exec.Command("pdfinfo", pdf).Output()
	if err != nil {
		t.Fatalf("pdfinfo: %v", err)
	}
	m := regexp.MustCompile(`(?m)^Pages:\s+(\d+)`).FindSubmatch(out)
	if m == nil || string(m[1]) != "1" {
		t.Errorf("%s.pdf: pdfinfo says %q, want one page", name, out)
	}
	return pdf
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}
