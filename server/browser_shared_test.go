package server

import (
	"context"
	"fmt"
	"os"
	"sync"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// One Chromium per test binary. Starting Chromium with a fresh profile took
// about 2 s a test (CI ran some 180 of them); each test now gets a window of
// its own in a browser context of its own (Target.createBrowserContext: its
// own cookies, localStorage, sessionStorage, cache and renderer process,
// disposed at the test's end) of the test's size, in one browser started on
// first use and closed by TestMain. A test that measures the browser's
// processes (rendererRSS) asks for a Chromium of its own (newPrivatePage).

// chromiumOptions are the flags of every Chromium the tests start.
func chromiumOptions(profile string, width, height int) []chromedp.ExecAllocatorOption {
	return append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromiumPath()),
		chromedp.NoSandbox, // CI runs as root
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("enable-precise-memory-info", true),
		chromedp.Flag("js-flags", "--expose-gc"), // window.gc, for the memory benchmark
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(width, height),
	)
}

// shared is the one Chromium, started by sharedBrowser.
var shared struct {
	sync.Mutex
	ctx  context.Context // its first tab, never closed until the end
	stop func()
}

// sharedBrowser is the context of the shared Chromium's first tab, starting
// Chromium on first use (and again if it died).
func sharedBrowser() (context.Context, error) {
	shared.Lock()
	defer shared.Unlock()
	if shared.ctx != nil && shared.ctx.Err() == nil {
		return shared.ctx, nil
	}
	if shared.stop != nil {
		shared.stop()
	}
	profile, err := os.MkdirTemp("", "pvscope-chromium-")
	if err != nil {
		return nil, err
	}
	actx, acancel := chromedp.NewExecAllocator(context.Background(), chromiumOptions(profile, 1366, 768)...)
	bctx, bcancel := chromedp.NewContext(actx)
	stop := func() {
		bcancel()
		acancel()
		os.RemoveAll(profile)
	}
	if err := chromedp.Run(bctx); err != nil {
		stop()
		shared.ctx, shared.stop = nil, nil
		return nil, err
	}
	shared.ctx, shared.stop = bctx, stop
	return bctx, nil
}

// closeSharedBrowser ends the shared Chromium (TestMain, after the tests).
func closeSharedBrowser() {
	shared.Lock()
	defer shared.Unlock()
	if shared.stop != nil {
		shared.stop()
	}
	shared.ctx, shared.stop = nil, nil
}

// newWindow opens a window of width×height (outer size, as --window-size
// gave a browser of its own) in a new browser context of the shared Chromium.
// The returned context drives its tab; close shuts the window and disposes of
// the browser context with its storage.
func newWindow(width, height int) (ctx context.Context, close func(), err error) {
	bctx, err := sharedBrowser()
	if err != nil {
		return nil, nil, fmt.Errorf("starting Chromium: %w", err)
	}
	var bcid cdp.BrowserContextID
	var tid target.ID
	err = chromedp.Run(bctx, chromedp.ActionFunc(func(ctx context.Context) (err error) {
		browser := cdp.WithExecutor(ctx, chromedp.FromContext(ctx).Browser)
		if bcid, err = target.CreateBrowserContext().Do(browser); err != nil {
			return err
		}
		tid, err = target.CreateTarget("about:blank").WithBrowserContextID(bcid).
			WithNewWindow(true).WithWidth(int64(width)).WithHeight(int64(height)).Do(browser)
		return err
	}))
	dispose := func() {
		if bcid != "" {
			chromedp.Run(bctx, chromedp.ActionFunc(func(ctx context.Context) error {
				return target.DisposeBrowserContext(bcid).Do(cdp.WithExecutor(ctx, chromedp.FromContext(ctx).Browser))
			}))
		}
	}
	if err != nil {
		dispose()
		return nil, nil, fmt.Errorf("opening a window: %w", err)
	}
	tctx, tcancel := chromedp.NewContext(bctx, chromedp.WithTargetID(tid))
	close = func() {
		tcancel()
		dispose()
	}
	// Browser tests run two at a time (browser_parallel_test.go) and the
	// newest window takes the focus: each page is told it has it, as the only
	// window had (document.hasFocus, focus and blur, the keyboard's target).
	if err := chromedp.Run(tctx, emulation.SetFocusEmulationEnabled(true)); err != nil {
		close()
		return nil, nil, fmt.Errorf("attaching to the window: %w", err)
	}
	return tctx, close, nil
}
