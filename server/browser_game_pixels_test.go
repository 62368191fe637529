package server

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net/url"
	"testing"

	cdpage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// Issue 43: "a board drawn for each game (pixels checked against the
// position)". The board's cells carry their pieces in data-piece (other tests
// read those); here the screen itself is read: a screenshot of the page, and
// at the middle of each cell the colours that are there, each pixel counted as
// the nearest colour of the game's palette. The expected pieces are the
// positions the test plays by its own rules (tttBoard, c4Board) or writes by
// hand (Othello).

// gamePalette is each game's colours as drawn (games.js LOOKS), the piece
// letter each stands for ("." the empty cell's), and "" for a colour that is
// no piece (lines, the move markers).
var gamePalette = map[string]map[string]color.RGBA{
	"tictactoe": {".": {0xf7, 0xf7, 0xf2, 255}, "x": {0x1f, 0x5f, 0xbf, 255}, "o": {0xc0, 0x39, 0x2b, 255}, "": {0xff, 0x8f, 0x00, 255}},
	"connect4":  {".": {0xee, 0xf2, 0xf8, 255}, "r": {0xd6, 0x27, 0x28, 255}, "y": {0xf2, 0xc2, 0x00, 255}, "": {0x1f, 0x4f, 0xa8, 255}},
	"othello":   {".": {0x2e, 0x7d, 0x32, 255}, "b": {0x11, 0x11, 0x11, 255}, "w": {0xfa, 0xfa, 0xfa, 255}, "": {0xff, 0x8f, 0x00, 255}},
}

// nearest is the palette's letter nearest to c.
func nearest(pal map[string]color.RGBA, c color.Color) string {
	r, g, b, _ := c.RGBA()
	best, bestD := "", int64(1)<<62
	for letter, p := range pal {
		dr, dg, db := int64(r>>8)-int64(p.R), int64(g>>8)-int64(p.G), int64(b>>8)-int64(p.B)
		if d := dr*dr + dg*dg + db*db; d < bestD {
			best, bestD = letter, d
		}
	}
	return best
}

// readCell says which piece the pixels of box show: tic-tac-toe's marks are
// strokes (a cell is x or o when its colour covers a twentieth of the box),
// Connect Four's and Othello's discs fill the box (the most pixels win).
func readCell(game string, img image.Image, box image.Rectangle) string {
	pal := gamePalette[game]
	count := map[string]int{}
	n := 0
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			count[nearest(pal, img.At(x, y))]++
			n++
		}
	}
	if game == "tictactoe" {
		x, o := count["x"]*20 > n, count["o"]*20 > n
		switch {
		case x && o:
			return "x and o"
		case x:
			return "x"
		case o:
			return "o"
		}
		return "."
	}
	best, most := "", -1
	for letter, c := range count {
		if letter != "" && c > most {
			best, most = letter, c
		}
	}
	return best
}

// screenCells reads every cell of the drawn board from a screenshot.
func (p *page) screenCells(game string) map[string]string {
	p.t.Helper()
	p.run(chromedp.Evaluate(`document.querySelector('[data-testid="game-board"]').scrollIntoView({block: "center"}); 0`, nil))
	var cells []struct {
		Name string  `json:"name"`
		X    float64 `json:"x"`
		Y    float64 `json:"y"`
		W    float64 `json:"w"`
	}
	// Each cell's square: the first rect of its group, in CSS pixels of the viewport.
	p.eval(`[...document.querySelectorAll('[data-testid="game-board"] [data-testid="game-cell"]')].map((g) => {
		const r = g.querySelector("rect").getBoundingClientRect();
		return {name: g.dataset.cell, x: r.x + r.width / 2, y: r.y + r.height / 2, w: r.width};
	})`, &cells)
	var dpr float64
	p.eval(`window.devicePixelRatio`, &dpr)
	var shot []byte
	p.run(chromedp.ActionFunc(func(ctx context.Context) error {
		var err error
		shot, err = cdpage.CaptureScreenshot().WithFormat(cdpage.CaptureScreenshotFormatPng).Do(ctx)
		return err
	}))
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		p.t.Fatal(err)
	}
	// The middle of a cell: a third of its side for a disc, 70% for a mark
	// (tic-tac-toe's x reaches 34% of the side from the middle, its o 36%; the
	// last move's ring starts at 42%, outside the box).
	frac := 0.33
	if game == "tictactoe" {
		frac = 0.70
	}
	out := map[string]string{}
	for _, c := range cells {
		h := c.W * frac / 2
		box := image.Rect(int((c.X-h)*dpr), int((c.Y-h)*dpr), int((c.X+h)*dpr), int((c.Y+h)*dpr)).Intersect(img.Bounds())
		if box.Empty() {
			p.t.Fatalf("cell %s (at %.0f,%.0f) is off the screen", c.Name, c.X, c.Y)
		}
		out[c.Name] = readCell(game, img, box)
	}
	return out
}

func TestBrowserGameBoardPixels(t *testing.T) {
	othello := map[string]string{}
	for _, f := range "abcdefgh" {
		for r := 1; r <= 8; r++ {
			othello[fmt.Sprintf("%c%d", f, r)] = "."
		}
	}
	// From the start (d4 e5 white, d5 e4 black), black's f5 turns e5 and white's d6 turns
	// d5: white d4 d5 d6, black e4 e5 f5 (as TestBrowserGameOthelloDrawnFromAPosition has it).
	for _, s := range []string{"d4", "d5", "d6"} {
		othello[s] = "w"
	}
	for _, s := range []string{"e4", "e5", "f5"} {
		othello[s] = "b"
	}
	for _, c := range []struct {
		game, position string
		want           map[string]string
	}{
		{"tictactoe", "b2 a1 c3 a3", tttBoard(t, []string{"b2", "a1", "c3", "a3"})},
		{"connect4", "4453", c4Board(t, []string{"4", "4", "5", "3"})},
		{"othello", "f5 d6", othello},
	} {
		t.Run(c.game, func(t *testing.T) {
			p := newPage(t, 1366, 768)
			p.open("/?" + url.Values{"game": {c.game}, "position": {c.position}}.Encode())
			p.waitFor(`!!document.querySelector('[data-testid="game-board"]')`)
			got := p.screenCells(c.game)
			if len(got) != len(c.want) {
				t.Fatalf("%d cells on the screen; want %d", len(got), len(c.want))
			}
			for cell, want := range c.want {
				if got[cell] != want {
					t.Errorf("%s %q: the screen shows %q at %s; want %q", c.game, c.position, got[cell], cell, want)
				}
			}
		})
	}
}
